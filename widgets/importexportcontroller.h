#pragma once

#include "io/exportoptions.h"
#include "store/trajectoryfilter.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QProgressDialog;
class QWidget;

namespace kwb {

class StoreJob;

// File → Import and File → Export in the window: the store work runs as a StoreJob (a thread and a connection of
// its own) behind a progress dialog with Cancel. An import is one transaction: cancelled or failed, nothing lands.
// An export writes the trajectories in view (the list's filter) through a temporary file that replaces the target
// only when complete.
class ImportExportController : public QObject
{
    Q_OBJECT
public:
    explicit ImportExportController(QWidget* window);
    ~ImportExportController() override;

    void setStorePath(const QString& path); // empty: no store open
    bool isRunning() const;

    // Ask with dialogs, then start.
    void chooseImportFile();
    void chooseImportFolder();
    void chooseExport(const TrajectoryFilter& inView);

    // Start without asking (the dialogs end here; tests call these). False when a job is running or no store is open.
    bool startImport(const QString& input, const QString& format, const QString& tasksDir);
    bool startExport(const QString& output, const QString& format, const TrajectoryFilter& filter, const ExportOptions& options);
    void cancel();

Q_SIGNALS:
    void imported(); // the store has new trajectories: views reload
    void finished(bool ok, const QString& message);

private:
    void chooseImport(const QString& input);
    void showProgress(const QString& title);
    void done(bool ok, const QString& message, bool importing);

    QWidget* m_window;
    StoreJob* m_job;
    QPointer<QProgressDialog> m_progress;
    QString m_storePath;
};

} // namespace kwb
