#include "importexportcontroller.h"

#include "exportdialog.h"

#include "io/exportformat.h"
#include "io/importformat.h"
#include "io/storejob.h"
#include "store/store.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QProgressDialog>

namespace kwb {

ImportExportController::ImportExportController(QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_job(new StoreJob(this))
{
    connect(m_job, &StoreJob::progressed, this, [this](qint64 done, qint64 total) {
        if (!m_progress)
            return;
        // Bytes or items: scaled to the dialog's int range.
        m_progress->setMaximum(1000);
        m_progress->setValue(total > 0 ? int(1000 * std::min(done, total) / total) : 0);
    });
}

ImportExportController::~ImportExportController() = default;

void ImportExportController::setStorePath(const QString& path)
{
    m_storePath = path;
}

bool ImportExportController::isRunning() const
{
    return m_job->isRunning();
}

void ImportExportController::cancel()
{
    m_job->cancel();
}

void ImportExportController::chooseImportFile()
{
    const QString input = QFileDialog::getOpenFileName(m_window, tr("Import Trajectories"), {},
        tr("Trajectories (*.jsonl *.json);;All files (*)"));
    if (!input.isEmpty())
        chooseImport(input);
}

void ImportExportController::chooseImportFolder()
{
    const QString input = QFileDialog::getExistingDirectory(m_window, tr("Import a Folder: a KernelBench Run, a CUDA Agent Workspace, or Trajectory Files"));
    if (!input.isEmpty())
        chooseImport(input);
}

void ImportExportController::chooseImport(const QString& input)
{
    QString error;
    const QString format = ImportFormat::detect(input, &error);
    if (format.isEmpty()) {
        QMessageBox::warning(m_window, tr("Import Trajectories"), error);
        return;
    }
    QString tasks;
    if (format == QLatin1String("kernelbench")) {
        tasks = QFileDialog::getExistingDirectory(m_window, tr("The Task Folder of This Run (level1/, level2/, …)"));
        if (tasks.isEmpty())
            return;
    }
    startImport(input, format, tasks);
}

void ImportExportController::chooseExport(const TrajectoryFilter& inView)
{
    if (m_storePath.isEmpty())
        return;
    QString output, format;
    TrajectoryFilter filter;
    ExportOptions options;
    {
        ExportDialog dialog(m_storePath, inView, m_window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        output = dialog.output();
        format = dialog.format();
        filter = dialog.filter();
        options = dialog.options();
    } // the dialog's connection to the store is closed before the export opens its own
    startExport(output, format, filter, options);
}

void ImportExportController::showProgress(const QString& title)
{
    m_progress = new QProgressDialog(title, tr("Cancel"), 0, 0, m_window);
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(300);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    connect(m_progress, &QProgressDialog::canceled, m_job, &StoreJob::cancel);
}

bool ImportExportController::startImport(const QString& input, const QString& format, const QString& tasksDir)
{
    if (m_storePath.isEmpty() || m_job->isRunning())
        return false;
    const bool started = m_job->start(m_storePath, [input, format, tasksDir](Store& store, const StoreJob::Progress& progress, QString* message) {
        const auto counts = ImportFormat::run(store, input, format, ImportOptions { tasksDir }, progress, message);
        if (counts) {
            *message = tr("Imported %n trajectories", nullptr, int(counts->trajectories)) + tr(" (%n turns).", nullptr, int(counts->turns));
            if (!counts->notes.isEmpty())
                *message += QLatin1Char(' ') + tr("Skipped: %1.").arg(counts->notes.join(QStringLiteral("; ")));
        }
        return counts.has_value();
    });
    if (!started)
        return false;
    showProgress(tr("Importing %1…").arg(input));
    connect(m_job, &StoreJob::finished, this, [this](bool ok, const QString& message) { done(ok, message, true); },
        Qt::SingleShotConnection);
    return true;
}

bool ImportExportController::startExport(const QString& output, const QString& format, const TrajectoryFilter& filter,
    const ExportOptions& options)
{
    if (m_storePath.isEmpty() || m_job->isRunning())
        return false;
    const bool started = m_job->start(m_storePath, [output, format, filter, options](Store& store, const StoreJob::Progress& progress, QString* message) {
        const auto ids = ExportFormat::select(store, options, filter, message); // as kwb export chooses them
        if (!ids)
            return false;
        qint64 records = -1;
        ExportSkips skipped;
        if (!ExportFormat::writeFile(store, *ids, format, options, output, progress, message, &records, &skipped))
            return false; // the target stays as it was
        // What was written, not what was asked for: a pairs export of tied forks writes nothing and says so above.
        const QString written = format == QLatin1String("pairs") ? tr("%n preference pair(s)", nullptr, int(records))
                                                                 : tr("%n branch(es)", nullptr, int(records));
        *message = records >= 0 ? tr("Wrote %1 from %n trajectories to %2.", nullptr, int(ids->size())).arg(written, output)
                                : tr("Exported %n trajectories to %1.", nullptr, int(ids->size())).arg(output);
        if (!skipped.isEmpty())
            *message += QLatin1Char(' ') + skipped.summary();
        return true;
    });
    if (!started)
        return false;
    showProgress(tr("Exporting to %1…").arg(output));
    connect(m_job, &StoreJob::finished, this, [this](bool ok, const QString& message) { done(ok, message, false); },
        Qt::SingleShotConnection);
    return true;
}

void ImportExportController::done(bool ok, const QString& message, bool importing)
{
    if (m_progress)
        m_progress->deleteLater();
    if (ok && importing)
        Q_EMIT imported();
    Q_EMIT finished(ok, message);
}

} // namespace kwb
