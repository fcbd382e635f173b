#include "curationcontroller.h"

#include "annotationcommand.h"
#include "labeltrajectoriescommand.h"
#include "models/currentturn.h"
#include "models/trajectorylistmodel.h"
#include "store/store.h"
#include "trajectorypanel.h"
#include "windowsettings.h"
#include "workbenchactions.h"

#include <QAction>
#include <QActionGroup>
#include <QInputDialog>
#include <QMenu>
#include <QSet>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <utility>
#include <cmath>

namespace kwb {

namespace {

const QString kAccept = QStringLiteral("accept");
const QString kReject = QStringLiteral("reject");
const QString kStar = QStringLiteral("star");
constexpr int kRetryMs = 400;
constexpr qint64 kGiveUpMs = 30 * 60 * 1000; // as long as kwb's own commands wait for another writer

} // namespace

CurationController::CurationController(const CurrentTurn* current, WorkbenchActions* actions, TrajectoryPanel* trajectories, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_current(current)
    , m_dialogParent(dialogParent)
    , m_actions(actions)
    , m_trajectories(trajectories)
    , m_stack(new QUndoStack(this))
    , m_retry(new QTimer(this))
{
    m_retry->setInterval(kRetryMs);
    connect(m_retry, &QTimer::timeout, this, &CurationController::retryQueued);
    m_stack->setObjectName(QStringLiteral("curationUndoStack"));
    const auto label = [this](const QString& value) {
        return [this, value] { annotate(m_current->turn(), scope(), Annotation::Kind::Label, value); };
    };
    const auto asking = [this](Annotation::Kind kind) { return [this, kind] { ask(kind, m_current->turn(), scope()); }; };
    connect(actions->accept, &QAction::triggered, this, label(kAccept));
    connect(actions->reject, &QAction::triggered, this, label(kReject));
    connect(actions->star, &QAction::triggered, this, label(kStar));
    connect(actions->label, &QAction::triggered, this, asking(Annotation::Kind::Label));
    connect(actions->tag, &QAction::triggered, this, asking(Annotation::Kind::Tag));
    connect(actions->note, &QAction::triggered, this, asking(Annotation::Kind::Note));
    connect(actions->score, &QAction::triggered, this, asking(Annotation::Kind::Score));
    connect(actions->lesson, &QAction::triggered, this, asking(Annotation::Kind::Lesson));
    connect(actions->labelAllInView, &QAction::triggered, this, &CurationController::askLabelAllInView);
    connect(actions->curateScope, &QActionGroup::triggered, this, &CurationController::updateActions);
    connect(trajectories, &TrajectoryPanel::countChanged, this, &CurationController::updateActions);
    connect(current, &CurrentTurn::storeChanged, this, &CurationController::setStore);
    connect(current, &CurrentTurn::turnChanged, this, &CurationController::updateActions);

    connect(actions->undo, &QAction::triggered, this, [this] { whenWritable([this] { m_stack->undo(); }); });
    connect(actions->redo, &QAction::triggered, this, [this] { whenWritable([this] { m_stack->redo(); }); });
    connect(m_stack, &QUndoStack::canUndoChanged, actions->undo, &QAction::setEnabled);
    connect(m_stack, &QUndoStack::canRedoChanged, actions->redo, &QAction::setEnabled);
    connect(m_stack, &QUndoStack::undoTextChanged, this, [this](const QString& text) {
        m_actions->undo->setText(text.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(text));
    });
    connect(m_stack, &QUndoStack::redoTextChanged, this, [this](const QString& text) {
        m_actions->redo->setText(text.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(text));
    });
    updateActions();
}

CurationController::~CurationController() = default;

void CurationController::setStore(Store* store)
{
    m_stack->clear();
    m_queued.clear(); // edits for the store that was open
    m_retry->stop();
    m_store = store;
    m_curation = store ? std::make_unique<Curation>(*store) : nullptr;
    updateActions();
}

Annotation::Scope CurationController::scope() const
{
    if (m_actions->curateBranch->isChecked())
        return Annotation::Scope::Branch;
    if (m_actions->curateTrajectory->isChecked())
        return Annotation::Scope::Trajectory;
    return Annotation::Scope::Turn;
}

void CurationController::updateActions()
{
    const bool canAnnotate = target(m_current->turn(), scope()).has_value();
    for (QAction* a : { m_actions->accept, m_actions->reject, m_actions->star, m_actions->label, m_actions->tag,
             m_actions->note, m_actions->score, m_actions->lesson })
        a->setEnabled(canAnnotate);
    m_actions->labelAllInView->setEnabled(m_curation && m_trajectories->model()->rowCount() > 0);
}

// A branch is kept on the turn it ends at: the current leaf when the turn is on the current branch, else the end
// of the longest continuation below the turn.
std::optional<Curation::Target> CurationController::target(int turn, Annotation::Scope scope) const
{
    const Trajectory& trajectory = m_current->trajectory();
    if (!m_curation || trajectory.storeId <= 0)
        return std::nullopt;
    if (scope == Annotation::Scope::Trajectory)
        return Curation::Target { trajectory.storeId, 0, Annotation::Scope::Trajectory };
    if (turn < 0 || turn >= trajectory.turns.size())
        return std::nullopt;
    int at = turn;
    if (scope == Annotation::Scope::Branch) {
        const TurnNavigator& navigator = m_current->navigator();
        at = navigator.branch().contains(turn) ? navigator.leaf() : navigator.graph()->leafFrom(turn);
    }
    return Curation::Target { trajectory.storeId, trajectory.turns.at(at).storeId, scope };
}

bool CurationController::annotate(int turn, Annotation::Scope scope, Annotation::Kind kind, const QString& value)
{
    const auto where = target(turn, scope);
    const QString text = kind == Annotation::Kind::Note || kind == Annotation::Kind::Lesson ? value.trimmed() : value.simplified();
    if (!where || text.isEmpty())
        return false;
    if (kind == Annotation::Kind::Label) {
        QString error;
        const auto present = m_curation->annotations(*where, &error);
        if (present && std::any_of(present->cbegin(), present->cend(),
                [&](const Annotation& a) { return a.kind == Annotation::Kind::Label && a.value == text; })) {
            Q_EMIT statusMessage(tr("It has the label %1 already.").arg(text));
            return false;
        }
    }
    const Annotation annotation { kind, where->scope, text, WindowSettings::curationAuthor(), QDateTime::currentDateTimeUtc(), {} };
    QString title;
    switch (kind) {
    case Annotation::Kind::Label:
        title = tr("Label “%1”").arg(text);
        break;
    case Annotation::Kind::Tag:
        title = tr("Tag “%1”").arg(text);
        break;
    case Annotation::Kind::Note:
        title = tr("Note");
        break;
    case Annotation::Kind::Score:
        title = tr("Human Score %1").arg(text);
        break;
    case Annotation::Kind::Lesson:
        title = tr("Lesson");
        break;
    }
    const QString what = describe(turn, scope);
    QString sentence;
    switch (kind) {
    case Annotation::Kind::Label:
        sentence = text == kStar ? tr("Starred %1").arg(what)
            : text == kAccept    ? tr("Accepted %1").arg(what)
            : text == kReject    ? tr("Rejected %1").arg(what)
                                 : tr("Labelled %1 “%2”").arg(what, text);
        break;
    case Annotation::Kind::Tag:
        sentence = tr("Tagged %1 “%2”").arg(what, text);
        break;
    case Annotation::Kind::Note:
        sentence = tr("Note added to %1").arg(what);
        break;
    case Annotation::Kind::Score:
        sentence = tr("Scored %1: %2").arg(what, text);
        break;
    case Annotation::Kind::Lesson:
        sentence = tr("Lesson saved on %1").arg(what);
        break;
    }
    sentence[0] = sentence.at(0).toUpper();
    const Curation::Target at = *where;
    whenWritable([this, at, annotation, title, sentence] {
        m_lastError.clear();
        m_stack->push(new AnnotationCommand(*m_curation, at, annotation, title,
            [this](qint64 trajectoryId, const QString& error) { report(trajectoryId, error); }));
        if (m_lastError.isEmpty())
            Q_EMIT confirmed(sentence);
    });
    return m_lastError.isEmpty();
}

bool CurationController::labelAllInView(const QString& label)
{
    const QString text = label.simplified();
    const Store* store = m_current->store();
    if (!m_curation || !store || text.isEmpty())
        return false;
    const TrajectoryListModel* model = m_trajectories->model();
    TrajectoryFilter carrying;
    carrying.label = text;
    QString error;
    const auto already = store->trajectoryIds(carrying, TrajectoryColumn::Created, false, &error);
    if (!already) {
        Q_EMIT errorOccurred(tr("%1 No trajectory was labelled.").arg(error));
        return false;
    }
    const QSet<qint64> has(already->cbegin(), already->cend());
    QList<qint64> ids;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (const qint64 id = model->trajectoryId(row); !has.contains(id))
            ids.append(id);
    }
    if (ids.isEmpty()) {
        Q_EMIT statusMessage(tr("Every trajectory in view has the label %1 already.").arg(text));
        return false;
    }
    whenWritable([this, ids, text] {
        m_lastError.clear();
        m_stack->push(new LabelTrajectoriesCommand(*m_curation, ids, text, WindowSettings::curationAuthor(),
            tr("Label %n Trajectories “%1”", nullptr, int(ids.size())).arg(text), [this](const QString& e) { report(0, e); }));
        if (!m_lastError.isEmpty())
            return;
        Q_EMIT statusMessage(tr("%n trajectories labelled %1.", nullptr, int(ids.size())).arg(text));
        Q_EMIT confirmed(tr("Labelled %n trajectories “%1”", nullptr, int(ids.size())).arg(text));
    });
    return m_lastError.isEmpty();
}

QStringList CurationController::labelChoices() const
{
    QStringList choices { kAccept, kReject, kStar };
    QString error;
    for (const QString& label : m_curation ? m_curation->labels(&error).value_or(QStringList {}) : QStringList {}) {
        if (!choices.contains(label))
            choices.append(label);
    }
    return choices;
}

QString CurationController::describe(int turn, Annotation::Scope scope) const
{
    const TurnGraph* graph = m_current->navigator().graph();
    switch (scope) {
    case Annotation::Scope::Trajectory:
        return tr("this trajectory");
    case Annotation::Scope::Branch:
        return tr("the branch through turn %1").arg(graph->depth(turn) + 1);
    case Annotation::Scope::Turn:
        break;
    }
    return tr("turn %1").arg(graph->depth(turn) + 1);
}

void CurationController::ask(Annotation::Kind kind, int turn, Annotation::Scope scope)
{
    if (!target(turn, scope))
        return;
    const QString what = describe(turn, scope);
    bool ok = false;
    QString value;
    switch (kind) {
    case Annotation::Kind::Label:
        value = QInputDialog::getItem(m_dialogParent, tr("Label"), tr("Label for %1:").arg(what), labelChoices(), 0, true, &ok);
        break;
    case Annotation::Kind::Tag:
        value = QInputDialog::getText(m_dialogParent, tr("Tag"), tr("Tag for %1:").arg(what), QLineEdit::Normal, {}, &ok);
        break;
    case Annotation::Kind::Note:
        value = QInputDialog::getMultiLineText(m_dialogParent, tr("Note"), tr("Note on %1:").arg(what), {}, &ok);
        break;
    case Annotation::Kind::Lesson: {
        // The note it replaces, to edit rather than retype (Teaching Mode shows the newest one).
        QString current;
        const Trajectory& trajectory = m_current->trajectory();
        const QList<Annotation>& marks = scope == Annotation::Scope::Trajectory || turn < 0 ? trajectory.annotations
                                                                                            : trajectory.turns.at(turn).annotations;
        for (const Annotation& a : marks)
            if (a.kind == Annotation::Kind::Lesson && a.scope == scope)
                current = a.value;
        value = QInputDialog::getMultiLineText(m_dialogParent, tr("Lesson"), tr("Teaching note on %1:").arg(what), current, &ok);
        break;
    }
    case Annotation::Kind::Score: {
        const Trajectory& trajectory = m_current->trajectory();
        const auto& eval = scope == Annotation::Scope::Turn ? trajectory.turns.at(turn).eval : std::nullopt;
        const double reward = eval && std::isfinite(eval->reward) ? eval->reward : 0.0;
        const double score = QInputDialog::getDouble(m_dialogParent, tr("Human Score"),
            tr("Score for %1 (the reward it overrides is kept beside it):").arg(what), reward, -1e9, 1e9, 3, &ok);
        value = QString::number(score);
        break;
    }
    }
    if (ok)
        annotate(turn, scope, kind, value);
}

void CurationController::askLabelAllInView()
{
    const int rows = m_trajectories->model()->rowCount();
    if (!m_curation || rows == 0)
        return;
    bool ok = false;
    const QString label = QInputDialog::getItem(m_dialogParent, tr("Label All in View"),
        tr("Label for the %n trajectories in view:", nullptr, rows), labelChoices(), 0, true, &ok);
    if (ok)
        labelAllInView(label);
}

void CurationController::addMenuEntries(QMenu* menu, int turn)
{
    const Annotation::Scope s = scope();
    if (!target(turn, s))
        return;
    menu->addSeparator();
    QMenu* curate = menu->addMenu(tr("Curate %1").arg(describe(turn, s)));
    curate->setObjectName(QStringLiteral("curateSubmenu"));
    for (const auto& [action, value] : { std::pair { m_actions->accept, kAccept }, std::pair { m_actions->reject, kReject },
             std::pair { m_actions->star, kStar } })
        curate->addAction(action->text(), this, [this, turn, s, value] { annotate(turn, s, Annotation::Kind::Label, value); });
    for (const auto& [action, kind] : { std::pair { m_actions->label, Annotation::Kind::Label },
             std::pair { m_actions->tag, Annotation::Kind::Tag }, std::pair { m_actions->note, Annotation::Kind::Note },
             std::pair { m_actions->score, Annotation::Kind::Score }, std::pair { m_actions->lesson, Annotation::Kind::Lesson } })
        curate->addAction(action->text(), this, [this, turn, s, kind] { ask(kind, turn, s); });
}

void CurationController::whenWritable(const std::function<void()>& edit)
{
    m_lastError.clear();
    if (m_queued.isEmpty() && (!m_store || !m_store->isWriteLocked())) {
        edit();
        return;
    }
    m_queued.append(edit);
    if (!m_retry->isActive()) {
        m_waiting.start();
        m_retry->start();
    }
    Q_EMIT statusMessage(tr("The store is busy with an import in another window or program; the edit is made as soon as "
                            "it is done (%n waiting).",
        nullptr, int(m_queued.size())));
}

void CurationController::retryQueued()
{
    if (m_store && m_store->isWriteLocked()) {
        if (m_waiting.elapsed() < kGiveUpMs)
            return;
        m_retry->stop();
        const int lost = int(m_queued.size());
        m_queued.clear();
        Q_EMIT errorOccurred(tr("The store stayed locked by another program for 30 minutes; %n curation edit(s) were not made.", nullptr, lost));
        return;
    }
    m_retry->stop();
    const QList<std::function<void()>> edits = std::exchange(m_queued, {});
    for (const auto& edit : edits)
        edit();
}

void CurationController::report(qint64 trajectoryId, const QString& error)
{
    m_lastError = error;
    if (!error.isEmpty())
        Q_EMIT errorOccurred(tr("%1 The curation edit was not made.").arg(error));
    Q_EMIT edited(trajectoryId);
}

} // namespace kwb
