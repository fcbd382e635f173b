#include "teachingpanel.h"

#include "curate/trajectorytable.h"
#include "model/kernelname.h"
#include "model/roofline.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace kwb {

namespace {

QString ms(double us)
{
    return TrajectoryTable::formatMs(us / 1000.0);
}

QString times(double x)
{
    return TrajectoryTable::formatTimes(x);
}

QLabel* wrapping(QWidget* parent, const QString& name)
{
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}

QTableWidget* table(QWidget* parent, const QString& name, const QStringList& headers)
{
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // every title whole; a narrow pane scrolls
    t->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return t;
}

void setRow(QTableWidget* t, int row, const QStringList& cells, const QString& tip = {})
{
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells.at(c));
        if (c > 0)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(tip);
        t->setItem(row, c, item);
    }
}

} // namespace

TeachingPanel::TeachingPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    m_title = wrapping(body, QStringLiteral("teachingTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    m_intro = wrapping(body, QStringLiteral("teachingIntro"));
    m_summary = table(body, QStringLiteral("teachingSummary"),
        { tr("Branch"), tr("Final kernel ms"), tr("Eager ms"), tr("torch.compile ms"), tr("× eager"), tr("× torch.compile") });
    m_paper = wrapping(body, QStringLiteral("teachingPaper"));
    m_step = wrapping(body, QStringLiteral("teachingStep"));
    QFont stepFont = m_step->font();
    stepFont.setBold(true);
    m_step->setFont(stepFont);
    m_lesson = wrapping(body, QStringLiteral("teachingLesson"));
    m_measured = wrapping(body, QStringLiteral("teachingMeasured"));
    m_resources = table(body, QStringLiteral("teachingResources"),
        { tr("Kernel"), tr("Registers"), tr("Shared memory"), tr("Spills (bytes)") });
    m_lookForTitle = new QLabel(tr("What to look for in the timeline (click to find it):"), body);
    m_lookFor = new QListWidget(body);
    m_lookFor->setObjectName(QStringLiteral("teachingLookFor"));
    m_lookFor->setWordWrap(true);
    m_lookFor->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    connect(m_lookFor, &QListWidget::itemClicked, this,
        [this](QListWidgetItem* item) { Q_EMIT lookForRequested(item->data(Qt::UserRole).toString()); });
    connect(m_lookFor, &QListWidget::itemActivated, this,
        [this](QListWidgetItem* item) { Q_EMIT lookForRequested(item->data(Qt::UserRole).toString()); });

    layout->addWidget(m_title);
    layout->addWidget(m_intro);
    layout->addWidget(m_summary);
    layout->addWidget(m_paper);
    auto* line = new QFrame(body);
    line->setFrameShape(QFrame::HLine);
    layout->addWidget(line);
    layout->addWidget(m_step);
    layout->addWidget(m_lesson);
    layout->addWidget(m_measured);
    layout->addWidget(m_resources);
    layout->addWidget(m_lookForTitle);
    layout->addWidget(m_lookFor);
    layout->addStretch(1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_previous = new QPushButton(tr("◀ Previous Lesson"), this);
    m_previous->setObjectName(QStringLiteral("previousLessonButton"));
    m_next = new QPushButton(tr("Next Lesson ▶"), this);
    m_next->setObjectName(QStringLiteral("nextLessonButton"));
    connect(m_previous, &QPushButton::clicked, this, [this] {
        if (const int t = previousLesson(); t >= 0)
            Q_EMIT turnRequested(t);
    });
    connect(m_next, &QPushButton::clicked, this, [this] {
        if (const int t = nextLesson(); t >= 0)
            Q_EMIT turnRequested(t);
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addStretch(1);
    buttons->addWidget(m_next);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll, 1);
    outer->addLayout(buttons);
    setTrajectory(nullptr);
}

const Annotation* TeachingPanel::lessonOf(const QList<Annotation>& annotations, Annotation::Scope scope)
{
    const Annotation* found = nullptr;
    for (const Annotation& a : annotations)
        if (a.kind == Annotation::Kind::Lesson && a.scope == scope)
            found = &a;
    return found;
}

namespace {

QJsonObject translationOf(const Annotation& lesson, const QString& localeName)
{
    const QJsonObject all = lesson.details.value(QLatin1String("translations")).toObject();
    if (all.contains(localeName))
        return all.value(localeName).toObject();
    return all.value(localeName.section(QLatin1Char('_'), 0, 0)).toObject();
}

} // namespace

QString TeachingPanel::lessonText(const Annotation* lesson, const QString& localeName)
{
    if (!lesson)
        return {};
    const QString text = translationOf(*lesson, localeName).value(QLatin1String("text")).toString();
    return text.isEmpty() ? lesson->value : text;
}

QString TeachingPanel::lookForNote(const Annotation& lesson, int index, const QString& localeName)
{
    const QString note = translationOf(lesson, localeName).value(QLatin1String("look_for")).toArray().at(index).toString();
    return note.isEmpty() ? lesson.details.value(QLatin1String("look_for")).toArray().at(index).toObject().value(QLatin1String("note")).toString()
                          : note;
}

int TeachingPanel::keyTurn(const Trajectory& trajectory)
{
    const QList<int> order = lessonOrder(trajectory); // the main branch first, root to leaf
    int key = order.isEmpty() ? 0 : order.first();
    double best = 0, bestStep = 1;
    for (int i = 0; i < order.size(); ++i) {
        const Turn& turn = trajectory.turns.at(order.at(i));
        if (i > 0 && turn.parentUuid != trajectory.turns.at(order.at(i - 1)).uuid)
            break; // past the main branch
        if (!turn.eval || turn.eval->verify.status != StageStatus::Passed)
            continue;
        const double speedup = turn.eval->speedupVsCompile();
        if (!(speedup > 0))
            continue;
        if (best > 0 && speedup / best > bestStep) {
            bestStep = speedup / best;
            key = order.at(i);
        }
        best = std::max(best, speedup);
    }
    return key;
}

QList<int> TeachingPanel::lessonOrder(const Trajectory& trajectory)
{
    QHash<QString, int> index;
    QHash<QString, QList<int>> children;
    for (int i = 0; i < trajectory.turns.size(); ++i) {
        index.insert(trajectory.turns.at(i).uuid, i);
        children[trajectory.turns.at(i).parentUuid].append(i);
    }
    QList<int> order;
    QSet<int> placed;
    // The main branch: from the first root, always the first child; then every other branch's own turns, in the
    // order their leaves were added.
    const auto descend = [&](int from) {
        for (int t = from; t >= 0;) {
            order.append(t);
            placed.insert(t);
            const QList<int>& next = children.value(trajectory.turns.at(t).uuid);
            t = next.isEmpty() ? -1 : next.first();
        }
    };
    const QList<int>& roots = children.value(QString());
    if (!roots.isEmpty())
        descend(roots.first());
    for (int i = 0; i < trajectory.turns.size(); ++i) {
        if (placed.contains(i) || !children.value(trajectory.turns.at(i).uuid).isEmpty())
            continue;
        QList<int> own; // from this leaf up to a turn already placed
        for (int t = i; t >= 0 && !placed.contains(t); t = index.value(trajectory.turns.at(t).parentUuid, -1))
            own.prepend(t);
        for (int t : own) {
            order.append(t);
            placed.insert(t);
        }
    }
    return order;
}

void TeachingPanel::setTrajectory(const Trajectory* trajectory)
{
    m_trajectory = trajectory;
    m_allTurns = trajectory ? lessonOrder(*trajectory) : QList<int>();
    m_order = m_allTurns;
    // Next and previous go through the turns that have a lesson, or through every turn where none has.
    if (trajectory) {
        QList<int> taught;
        for (int t : m_order)
            if (lessonOf(trajectory->turns.at(t).annotations, Annotation::Scope::Turn))
                taught.append(t);
        if (!taught.isEmpty())
            m_order = taught;
    }
    m_turn = -1;
    fillSummary();
    showTurn(-1);
}

void TeachingPanel::fillSummary()
{
    m_summary->setRowCount(0);
    m_paper->clear();
    if (!m_trajectory) {
        m_title->setText(tr("No trajectory"));
        m_intro->setText(tr("Pick a trajectory to see its lessons. Help → Open Case Studies opens the ones recorded on an H200."));
        m_summary->hide();
        m_paper->hide();
        return;
    }
    m_title->setText(m_trajectory->title.isEmpty() ? m_trajectory->task.name : m_trajectory->title);
    const Annotation* intro = lessonOf(m_trajectory->annotations, Annotation::Scope::Trajectory);
    m_intro->setText(intro ? lessonText(intro) : tr("This trajectory has no lesson; the measured figures below are its own."));
    // One row per branch, by its final turn's own evaluation; the main branch's (where the lesson order starts) first.
    QList<const Turn*> leaves = m_trajectory->leaves();
    for (int t : m_allTurns) {
        const Turn* turn = &m_trajectory->turns.at(t);
        if (leaves.removeOne(turn)) {
            leaves.prepend(turn); // the first leaf in the order ends the main branch
            break;
        }
    }
    m_summary->setRowCount(int(leaves.size()));
    for (int row = 0; row < leaves.size(); ++row) {
        const Turn* leaf = leaves.at(row);
        const Annotation* branchLesson = lessonOf(leaf->annotations, Annotation::Scope::Branch);
        const QString name = row == 0 ? tr("Main") : tr("Fork %1").arg(row);
        const EvalResult* e = leaf->eval && leaf->eval->verify.status == StageStatus::Passed ? &*leaf->eval : nullptr;
        setRow(m_summary, row,
            { name, e ? ms(e->timing.candidate.medianUs) : tr("not correct"), e ? ms(e->timing.eager.medianUs) : QStringLiteral("–"),
                e ? ms(e->timing.compiled.medianUs) : QStringLiteral("–"), e ? times(e->speedupVsEager()) : QStringLiteral("–"),
                e ? times(e->speedupVsCompile()) : QStringLiteral("–") },
            lessonText(branchLesson));
    }
    m_summary->setVisible(!leaves.isEmpty());
    if (intro) {
        const QJsonObject paper = intro->details.value(QLatin1String("paper")).toObject();
        if (paper.value(QLatin1String("speedup_vs_compile")).isDouble())
            m_paper->setText(tr("The CUDA Agent paper reports %1 over torch.compile for this pattern (%2), on its own tasks, "
                                "GPU and baseline; the table above is what this trajectory measured.")
                                 .arg(times(paper.value(QLatin1String("speedup_vs_compile")).toDouble()),
                                     paper.value(QLatin1String("case")).toString()));
    }
    m_paper->setVisible(!m_paper->text().isEmpty());
}

QString TeachingPanel::measured(const Turn& turn)
{
    if (!turn.eval)
        return tr("This turn has no evaluation.");
    const EvalResult& e = *turn.eval;
    const QString where = e.fingerprint.value(QLatin1String("gpu_name")).toString();
    const QString on = where.isEmpty() ? QString() : tr(" (measured on %1)").arg(where);
    if (const QString why = e.environmentError(); !why.isEmpty())
        return tr("This turn was not judged: the evaluation could not run on its machine (%1).").arg(why);
    if (e.compile.status != StageStatus::Passed && e.compile.status != StageStatus::NotRun) {
        for (const Diagnostic& d : e.compile.diagnostics)
            if (d.severity >= Diagnostic::Severity::Error)
                return tr("The compile failed: %1:%2: %3").arg(d.file).arg(d.line).arg(d.message);
        return tr("The compile failed.");
    }
    if (e.verify.status != StageStatus::Passed && e.verify.status != StageStatus::NotRun) {
        double worst = 0;
        for (const VerifyTrial& trial : e.verify.trials)
            if (std::isfinite(trial.maxAbsError))
                worst = std::max(worst, trial.maxAbsError);
        QString text = tr("It compiled, but verification failed");
        if (!e.verify.message.isEmpty())
            text += QStringLiteral(": ") + e.verify.message;
        if (worst > 0)
            text += tr(" (largest error %1 against a tolerance of %2)").arg(worst, 0, 'g', 3).arg(e.verify.atol, 0, 'g', 3);
        return text + on + QLatin1Char('.');
    }
    if (!e.timing.candidate.isKnown())
        return tr("Compiled and correct; not timed%1.").arg(on);
    // How close to the hardware, where the machine was calibrated: the lessons send the reader to this figure.
    const RooflinePoint p = roofline::candidate(e);
    const QString roof = !p.isValid() ? QString()
        : tr(" · %1 of the roofline, %2-bound")
              .arg(roofline::percentText(p.fractionOfRoofline),
                  p.limitedBy == RooflinePoint::Limit::Compute ? tr("compute") : tr("memory"));
    return tr("Kernel %1 ms · eager %2 ms · torch.compile %3 ms · %4 over eager · %5 over torch.compile%6.")
        .arg(ms(e.timing.candidate.medianUs), ms(e.timing.eager.medianUs), ms(e.timing.compiled.medianUs),
            times(e.speedupVsEager()), times(e.speedupVsCompile()), roof + on);
}

void TeachingPanel::showTurn(int turn)
{
    const bool valid = m_trajectory && turn >= 0 && turn < m_trajectory->turns.size();
    m_turn = valid ? turn : -1;
    m_resources->setRowCount(0);
    m_lookFor->clear();
    if (!valid) {
        m_step->clear();
        m_lesson->clear();
        m_measured->clear();
    } else {
        const Turn& t = m_trajectory->turns.at(turn);
        const Annotation* lesson = lessonOf(t.annotations, Annotation::Scope::Turn);
        const qsizetype at = m_order.indexOf(turn);
        const QString step = lesson ? lesson->details.value(QLatin1String("step")).toString() : QString();
        m_step->setText(at >= 0 ? tr("Lesson %1 of %2%3").arg(at + 1).arg(m_order.size()).arg(step.isEmpty() ? QString() : QStringLiteral(" · ") + step)
                                : tr("Turn %1 (no lesson)").arg(turn + 1));
        m_lesson->setText(lesson ? lessonText(lesson) : tr("This turn has no lesson. Curate → Lesson… writes one."));
        m_measured->setText(measured(t));
        if (t.eval) {
            const QList<KernelResources>& kernels = t.eval->compile.kernels;
            m_resources->setRowCount(int(kernels.size()));
            for (int r = 0; r < kernels.size(); ++r) {
                const KernelResources& k = kernels.at(r);
                const auto known = [](qint64 v) { return v >= 0 ? QString::number(v) : QStringLiteral("–"); };
                setRow(m_resources, r,
                    { shortKernelName(k.kernel), known(k.registers), k.sharedBytes >= 0 ? tr("%1 B").arg(k.sharedBytes) : QStringLiteral("–"),
                        known(std::max(k.spillStoreBytes, k.spillLoadBytes)) },
                    k.readableName());
            }
        }
        if (lesson) {
            const QJsonArray lookFor = lesson->details.value(QLatin1String("look_for")).toArray();
            for (int n = 0; n < lookFor.size(); ++n) {
                const QString pattern = lookFor.at(n).toObject().value(QLatin1String("kernel")).toString();
                if (pattern.isEmpty())
                    continue;
                auto* item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(pattern, lookForNote(*lesson, n)));
                item->setData(Qt::UserRole, pattern);
                m_lookFor->addItem(item);
            }
        }
    }
    m_resources->setVisible(m_resources->rowCount() > 0);
    m_lookForTitle->setVisible(m_lookFor->count() > 0);
    m_lookFor->setVisible(m_lookFor->count() > 0);
    m_previous->setEnabled(previousLesson() >= 0);
    m_next->setEnabled(nextLesson() >= 0);
}

int TeachingPanel::previousLesson() const
{
    if (m_order.isEmpty() || m_turn < 0)
        return -1;
    const qsizetype at = m_order.indexOf(m_turn);
    if (at > 0)
        return m_order.at(at - 1);
    if (at == 0)
        return -1;
    // A turn without a lesson: the last lesson before it in the full order.
    for (qsizetype i = m_allTurns.indexOf(m_turn) - 1; i >= 0; --i)
        if (m_order.contains(m_allTurns.at(i)))
            return m_allTurns.at(i);
    return -1;
}

int TeachingPanel::nextLesson() const
{
    if (m_order.isEmpty())
        return -1;
    if (m_turn < 0)
        return m_order.first();
    const qsizetype at = m_order.indexOf(m_turn);
    if (at >= 0)
        return at + 1 < m_order.size() ? m_order.at(at + 1) : -1;
    for (qsizetype i = m_allTurns.indexOf(m_turn) + 1; i < m_allTurns.size(); ++i)
        if (m_order.contains(m_allTurns.at(i)))
            return m_allTurns.at(i);
    return -1;
}

QString TeachingPanel::lessonText() const
{
    return m_lesson->text();
}

QString TeachingPanel::measuredText() const
{
    return m_measured->text();
}

QStringList TeachingPanel::lookForPatterns() const
{
    QStringList patterns;
    for (int i = 0; i < m_lookFor->count(); ++i)
        patterns.append(m_lookFor->item(i)->data(Qt::UserRole).toString());
    return patterns;
}

} // namespace kwb
