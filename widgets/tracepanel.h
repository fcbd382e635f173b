#pragma once

#include "io/traceloadjob.h"
#include "trace/tracemodel.h"

#include <QByteArray>
#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;
class QTreeWidget;

namespace kwb {

class TimelineView;

// A turn's trace: the timeline, the selected event's details and the kernel summary. The JSON is parsed on a
// worker thread (TraceLoadJob) with progress; a newer trace cancels an older load, and a broken one says why.
class TracePanel : public QWidget
{
    Q_OBJECT
public:
    explicit TracePanel(QWidget* parent = nullptr);
    ~TracePanel() override;

    void showTrace(const QByteArray& json, const QString& label);
    // The trace kept in the store at `storePath` as the blob with this SHA-256, read and parsed off the UI thread.
    void showStoredTrace(const QString& storePath, const QString& sha256, const QString& label);
    // A second trace under the first (another turn's), on the same time scale, each aligned at its timed region
    // (the first range named "... call 0", else its start); shown while the Compare box is checked.
    void setComparison(const QByteArray& json, const QString& label);
    void setStoredComparison(const QString& storePath, const QString& sha256, const QString& label);
    void clearComparison();
    bool isComparing() const;
    bool isLoadingComparison() const { return m_compareJob->isRunning(); }
    TimelineView* comparisonTimeline() const { return m_compare; }
    QCheckBox* compareToggle() const { return m_compareToggle; }
    void clear(const QString& message = {});
    bool isLoading() const { return m_job->isRunning(); }
    bool exportTo(const QString& path, QString* error) const; // the JSON as it is; Perfetto opens it
    QString status() const;
    TimelineView* timeline() const { return m_timeline; }
    QTableWidget* kernelTable() const { return m_kernels; }
    QTreeWidget* detailsTree() const { return m_details; }

    // The kernel's function name as Nsight Compute's --kernel-name regex: matches that kernel and no other, e.g.
    // "(anonymous namespace)::softmax<4>(float const*, int)" -> "^softmax$".
    static QString ncuKernelRegex(const QString& kernelName);
    // Offers "Profile kernel with Nsight Compute" on kernels (timeline and summary) while enabled.
    void setProfilingEnabled(bool enabled);

Q_SIGNALS:
    void loaded(bool complete);
    void profileKernelRequested(const QString& kernelName);

private:
    using Loaded = TraceLoadJob::Loaded;
    void beginLoading(const QString& label);
    void beginComparison(const QString& label);
    void finishLoading(const std::shared_ptr<const Loaded>& result);
    void finishComparison(const std::shared_ptr<const Loaded>& result);
    void alignComparison(TimelineView* leader, TimelineView* follower);
    void showDetails(int track, int event);
    void fillKernelTable();
    void chooseExportFile();
    void offerProfiling(const QString& kernelName, const QPoint& globalPos);

    TimelineView* m_timeline;
    QTreeWidget* m_details;
    QTableWidget* m_kernels;
    QLabel* m_status;
    QPushButton* m_export;
    QTimer* m_progressTimer;
    TimelineView* m_compare;
    QCheckBox* m_compareToggle;
    TraceLoadJob* m_job; // the trace shown
    TraceLoadJob* m_compareJob; // the one compared with it
    bool m_aligning = false;
    bool m_profilingEnabled = true;
    QByteArray m_json;
    QString m_label;
    std::shared_ptr<const trace::TraceModel> m_model;
};

} // namespace kwb
