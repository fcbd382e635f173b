#include "tracepanel.h"

#include "io/savefile.h"
#include "model/kernelname.h"

#include "timelineview.h"
#include "trace/tracelod.h"
#include "trace/tracereader.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace kwb {

using trace::EventKind;
using trace::TraceReader;

namespace {

QString micros(double ns)
{
    return QStringLiteral("%1 µs").arg(QLocale().toString(ns / 1e3, 'f', ns < 1e4 ? 3 : 1));
}

QString kindName(EventKind k)
{
    switch (k) {
    case EventKind::Kernel: return TracePanel::tr("kernel");
    case EventKind::Memcpy: return TracePanel::tr("memcpy");
    case EventKind::Memset: return TracePanel::tr("memset");
    case EventKind::RuntimeApi: return TracePanel::tr("CUDA runtime call");
    case EventKind::DriverApi: return TracePanel::tr("CUDA driver call");
    case EventKind::Synchronization: return TracePanel::tr("synchronization");
    case EventKind::Range: return TracePanel::tr("range");
    case EventKind::CpuOp: return TracePanel::tr("CPU op");
    case EventKind::Instant: return TracePanel::tr("instant");
    case EventKind::Other: break;
    }
    return TracePanel::tr("event");
}

} // namespace

TracePanel::~TracePanel() = default; // the jobs drop their loads in flight

TracePanel::TracePanel(QWidget* parent)
    : QWidget(parent)
    , m_timeline(new TimelineView(this))
    , m_details(new QTreeWidget(this))
    , m_kernels(new QTableWidget(this))
    , m_status(new QLabel(this))
    , m_export(new QPushButton(tr("Export for Perfetto…"), this))
    , m_progressTimer(new QTimer(this))
    , m_compare(new TimelineView(this))
    , m_compareToggle(new QCheckBox(tr("Compare"), this))
    , m_job(new TraceLoadJob(this))
    , m_compareJob(new TraceLoadJob(this))
{
    setObjectName(QStringLiteral("tracePanel"));
    m_details->setObjectName(QStringLiteral("traceDetails"));
    m_details->setHeaderLabels({ tr("Field"), tr("Value") });
    m_details->setRootIsDecorated(false);
    m_kernels->setObjectName(QStringLiteral("kernelSummary"));
    m_kernels->setColumnCount(5);
    m_kernels->setHorizontalHeaderLabels({ tr("Kernel"), tr("Calls"), tr("Total"), tr("Mean"), tr("Share of GPU time") });
    m_kernels->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_kernels->verticalHeader()->hide();
    m_kernels->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_kernels->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_export->setEnabled(false);

    // The status line is elided by the width it gets, never the dock's minimum width.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_compareToggle);
    bar->addWidget(m_export);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(m_details, tr("Event"));
    tabs->addTab(m_kernels, tr("Kernels"));
    m_compare->setObjectName(QStringLiteral("comparisonTimeline"));
    m_compare->hide();
    m_compareToggle->setEnabled(false);
    auto* timelines = new QSplitter(Qt::Vertical, this);
    timelines->addWidget(m_timeline);
    timelines->addWidget(m_compare);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(timelines);
    split->addWidget(tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({ 700, 320 }); // the event's fields readable beside the timeline, not a 100-pixel strip
    m_details->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_details->header()->setStretchLastSection(true);
    split->setCollapsible(0, false); // a narrow dock squeezes the event details, never the timeline away
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_timeline, &TimelineView::eventSelected, this, &TracePanel::showDetails);
    m_timeline->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_timeline, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const TimelineView::Hit hit = m_timeline->hitTest(pos);
        if (!m_model || hit.track < 0 || hit.event < 0)
            return;
        const trace::TraceEvent& e = m_model->tracks()[size_t(hit.track)].events[size_t(hit.event)];
        if (e.kind() == trace::EventKind::Kernel) {
            m_timeline->select(hit);
            offerProfiling(QString::fromStdString(m_model->name(e)), m_timeline->mapToGlobal(pos));
        }
    });
    m_kernels->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_kernels, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const int row = m_kernels->rowAt(pos.y());
        if (row >= 0 && m_kernels->item(row, 0))
            offerProfiling(m_kernels->item(row, 0)->text(), m_kernels->viewport()->mapToGlobal(pos));
    });
    connect(m_timeline, &TimelineView::viewChanged, this, [this] { alignComparison(m_timeline, m_compare); });
    connect(m_compare, &TimelineView::viewChanged, this, [this] { alignComparison(m_compare, m_timeline); });
    connect(m_compareToggle, &QCheckBox::toggled, this, [this](bool on) {
        m_compare->setVisible(on);
        alignComparison(m_timeline, m_compare);
    });
    connect(m_export, &QPushButton::clicked, this, &TracePanel::chooseExportFile);
    connect(m_job, &TraceLoadJob::finished, this, &TracePanel::finishLoading);
    connect(m_compareJob, &TraceLoadJob::finished, this, &TracePanel::finishComparison);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_job->isRunning())
            m_status->setText(tr("Loading trace… %1 %").arg(m_job->percent()));
    });
    clear();
}

QString TracePanel::status() const
{
    return m_status->text();
}

void TracePanel::clear(const QString& message)
{
    m_job->cancel();
    m_progressTimer->stop();
    m_json.clear();
    m_model.reset();
    m_timeline->clear(message.isEmpty() ? tr("No trace for this turn.") : message);
    m_details->clear();
    m_kernels->setRowCount(0);
    m_status->setText(message.isEmpty() ? tr("No trace") : message);
    m_export->setEnabled(false);
}

void TracePanel::beginLoading(const QString& label)
{
    clear(tr("Loading trace…"));
    m_label = label;
    m_progressTimer->start();
}

void TracePanel::showTrace(const QByteArray& json, const QString& label)
{
    beginLoading(label);
    m_job->start(json, label);
}

void TracePanel::showStoredTrace(const QString& storePath, const QString& sha256, const QString& label)
{
    beginLoading(label);
    m_job->startFromStore(storePath, sha256, label);
}

void TracePanel::beginComparison(const QString& label)
{
    m_compareToggle->setText(tr("Compare with %1").arg(label));
    m_compareToggle->setEnabled(false);
    m_compare->clear(tr("Loading %1…").arg(label));
}

void TracePanel::setComparison(const QByteArray& json, const QString& label)
{
    beginComparison(label);
    m_compareJob->start(json, label);
}

void TracePanel::setStoredComparison(const QString& storePath, const QString& sha256, const QString& label)
{
    beginComparison(label);
    m_compareJob->startFromStore(storePath, sha256, label);
}

void TracePanel::finishComparison(const std::shared_ptr<const Loaded>& loaded)
{
    if (!loaded->complete) {
        m_compare->clear(loaded->error);
        m_compareToggle->setToolTip(loaded->error);
        return;
    }
    m_compareToggle->setToolTip({});
    m_compare->setTrace(loaded->model, loaded->lod);
    m_compareToggle->setEnabled(true);
    alignComparison(m_timeline, m_compare);
}

void TracePanel::clearComparison()
{
    m_compareJob->cancel();
    m_compare->clear();
    m_compareToggle->setChecked(false);
    m_compareToggle->setEnabled(false);
    m_compareToggle->setText(tr("Compare"));
}

bool TracePanel::isComparing() const
{
    return m_compareToggle->isChecked() && m_compare->model();
}

// The follower shows the same time scale as the leader, each aligned at its own timed region.
void TracePanel::alignComparison(TimelineView* leader, TimelineView* follower)
{
    if (m_aligning || !leader->model() || !follower->model())
        return;
    m_aligning = true;
    follower->setTimeScale(leader->viewStart() - leader->alignmentTime() + follower->alignmentTime(), leader->nsPerPixel());
    m_aligning = false;
}

void TracePanel::finishLoading(const std::shared_ptr<const Loaded>& result)
{
    m_progressTimer->stop();
    if (!result->complete) {
        // What was read is not shown as if it were the whole trace.
        m_timeline->clear(result->error);
        m_status->setText(result->error);
        Q_EMIT loaded(false);
        return;
    }
    m_json = result->json;
    m_model = result->model;
    m_timeline->setTrace(m_model, result->lod);
    alignComparison(m_timeline, m_compare);
    fillKernelTable();
    m_status->setText(tr("%1: %2 events on %3 tracks").arg(m_label).arg(m_model->eventCount()).arg(m_model->tracks().size()));
    m_export->setEnabled(true);
    Q_EMIT loaded(true);
}

void TracePanel::fillKernelTable()
{
    struct Sum {
        qint64 count = 0;
        double total = 0;
    };
    // Per name, and apart: the candidate's kernels (in the timed calls) and the harness's (outside them), which
    // come last, dimmed, and are left out of the shares.
    const trace::CallRanges calls(*m_model);
    std::map<std::pair<bool, uint32_t>, Sum> byName;
    double gpuTotal = 0;
    for (const trace::TraceTrack& t : m_model->tracks())
        for (const trace::TraceEvent& e : t.events)
            if (e.kind() == EventKind::Kernel) {
                const bool harness = calls.isHarnessWork(e);
                Sum& s = byName[{ harness, e.name }];
                ++s.count;
                s.total += double(e.duration);
                if (!harness)
                    gpuTotal += double(e.duration);
            }
    std::vector<std::pair<std::pair<bool, uint32_t>, Sum>> rows(byName.begin(), byName.end());
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return a.first.first != b.first.first ? !a.first.first : a.second.total > b.second.total;
    });
    m_kernels->setSortingEnabled(false);
    m_kernels->setRowCount(int(rows.size()));
    const QLocale locale;
    for (int i = 0; i < int(rows.size()); ++i) {
        const Sum& s = rows[size_t(i)].second;
        const bool harness = rows[size_t(i)].first.first;
        const auto item = [](const QString& text, double sortKey) {
            auto* it = new QTableWidgetItem(text);
            it->setData(Qt::UserRole, sortKey);
            return it;
        };
        const QString name = QString::fromStdString(m_model->names()[rows[size_t(i)].first.second]);
        auto* nameItem = new QTableWidgetItem(harness ? tr("harness · %1").arg(shortKernelName(name)) : shortKernelName(name));
        nameItem->setToolTip(harness ? tr("%1\nThe harness's own work, outside the timed calls: not in the candidate's time.").arg(demangledKernelName(name))
                                     : demangledKernelName(name)); // the whole signature
        m_kernels->setItem(i, 0, nameItem);
        m_kernels->setItem(i, 1, item(locale.toString(s.count), double(s.count)));
        m_kernels->setItem(i, 2, item(micros(s.total), s.total));
        m_kernels->setItem(i, 3, item(micros(s.total / double(s.count)), s.total / double(s.count)));
        m_kernels->setItem(i, 4, harness || gpuTotal <= 0 ? item(QStringLiteral("–"), 0)
                                                          : item(QStringLiteral("%1 %").arg(locale.toString(100.0 * s.total / gpuTotal, 'f', 1)), s.total));
        if (harness) {
            for (int c = 0; c < m_kernels->columnCount(); ++c)
                m_kernels->item(i, c)->setForeground(QColor(0x75, 0x75, 0x75));
        }
    }
}

void TracePanel::showDetails(int track, int event)
{
    m_details->clear();
    if (!m_model || track < 0 || event < 0)
        return;
    const trace::TraceEvent& e = m_model->tracks()[size_t(track)].events[size_t(event)];
    const auto add = [this](const QString& key, const QString& value) {
        auto* item = new QTreeWidgetItem({ key, value });
        item->setToolTip(1, value); // a long kernel name or argument, whole
        m_details->addTopLevelItem(item);
    };
    add(tr("name"), QString::fromStdString(m_model->name(e)));
    add(tr("kind"), kindName(e.kind()));
    if (m_timeline->isHarnessWork(track, event))
        add(tr("harness"), tr("the harness's own work, outside the timed calls (inputs, copies, cache flushes): not in the candidate's time"));
    add(tr("start"), micros(double(e.start - m_model->startTime())));
    add(tr("duration"), micros(double(e.duration)));
    add(tr("track"), QString::fromStdString(m_model->tracks()[size_t(track)].processName + " / "
                                            + m_model->tracks()[size_t(track)].threadName));
    std::string error;
    const auto fields = TraceReader::detailsInText(std::string_view(m_json.constData(), size_t(m_json.size())),
                                                   e.fileOffset(), &error);
    if (!error.empty())
        add(tr("details"), QString::fromStdString(error));
    for (const auto& [key, value] : fields)
        if (key.rfind("args.", 0) == 0)
            add(QString::fromStdString(key.substr(5)), QString::fromStdString(value));
}

bool TracePanel::exportTo(const QString& path, QString* error) const
{
    if (m_json.isEmpty()) {
        *error = tr("There is no trace to export.");
        return false;
    }
    return saveFile(path, m_json, error);
}

QString TracePanel::ncuKernelRegex(const QString& kernelName)
{
    // The function's own name: before the parameter list, without template arguments, after the last scope.
    QString name = kernelName.trimmed();
    if (name.startsWith(QLatin1String("void ")))
        name = name.mid(5);
    int depth = 0;
    QString plain;
    for (const QChar c : name) {
        if (c == QLatin1Char('(') && depth == 0 && !plain.isEmpty() && !plain.endsWith(QLatin1Char(':')))
            break; // the parameter list (not "(anonymous namespace)")
        if (c == QLatin1Char('<') || c == QLatin1Char('('))
            ++depth;
        else if ((c == QLatin1Char('>') || c == QLatin1Char(')')) && depth > 0)
            --depth;
        else if (depth == 0)
            plain += c;
    }
    const qsizetype scope = plain.lastIndexOf(QLatin1String("::"));
    if (scope >= 0)
        plain = plain.mid(scope + 2);
    plain = plain.trimmed();
    return plain.isEmpty() ? QString() : QLatin1Char('^') + QRegularExpression::escape(plain) + QLatin1Char('$');
}

void TracePanel::setProfilingEnabled(bool enabled)
{
    m_profilingEnabled = enabled;
}

void TracePanel::offerProfiling(const QString& kernelName, const QPoint& globalPos)
{
    QMenu menu(this);
    QAction* profile = menu.addAction(tr("Profile kernel with Nsight Compute"));
    profile->setObjectName(QStringLiteral("profileKernelAction"));
    profile->setEnabled(m_profilingEnabled && !ncuKernelRegex(kernelName).isEmpty());
    profile->setToolTip(tr("Runs this turn's candidate once more under ncu and shows the kernel's metrics beside the turn."));
    connect(profile, &QAction::triggered, this, [this, kernelName] { emit profileKernelRequested(kernelName); });
    menu.exec(globalPos);
}

void TracePanel::chooseExportFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Trace"), m_label + QStringLiteral(".json"),
                                                      tr("Chrome trace (*.json)"));
    QString error;
    if (!path.isEmpty() && !exportTo(path, &error))
        m_status->setText(error);
}

} // namespace kwb
