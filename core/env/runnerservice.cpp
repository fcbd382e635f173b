#include "runnerservice.h"

#include "processtree.h"
#include "runnerjob.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <unistd.h>

namespace kwb {

RunnerService::RunnerService(const QString& runnerPath, const QStringList& serveArguments, QObject* parent)
    : QObject(parent)
    , m_runnerPath(runnerPath)
    , m_serveArguments(serveArguments)
{
    startServe();
}

RunnerService::~RunnerService()
{
    stop();
}

qint64 RunnerService::processId() const
{
    return m_process ? m_process->processId() : 0;
}

void RunnerService::startServe()
{
    m_process = new QProcess(this);
    m_process->setProcessEnvironment(RunnerJob::childEnvironment());
    // A group of its own, so that a cancel reaches its pool and never the owner.
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &RunnerService::readOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, &RunnerService::readErrors);
    connect(m_process, &QProcess::finished, this, &RunnerService::serveEnded);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            serveEnded(-1, QProcess::CrashExit);
    });
    m_stdout.clear();
    m_stderr.clear();
    m_process->start(m_runnerPath, QStringList { QStringLiteral("serve") } + m_serveArguments);
}

void RunnerService::stop()
{
    if (!m_process)
        return;
    QProcess* process = m_process;
    m_process = nullptr;
    process->disconnect(this);
    if (process->processId() > 0)
        ProcessTree::kill(process->processId());
    process->waitForFinished(3000);
    process->deleteLater();
}

bool RunnerService::request(const QStringList& evalArguments)
{
    if (m_busy)
        return false;
    if (!m_process)
        startServe();
    m_busy = true;
    m_lastLine.clear();
    const QByteArray line = QJsonDocument(QJsonArray::fromStringList(evalArguments)).toJson(QJsonDocument::Compact);
    m_process->write(line + '\n');
    return true;
}

void RunnerService::readOutput()
{
    m_stdout += m_process->readAllStandardOutput();
    for (qsizetype end = m_stdout.indexOf('\n'); end >= 0; end = m_stdout.indexOf('\n')) {
        const QByteArray line = m_stdout.left(end).trimmed();
        m_stdout.remove(0, end + 1);
        if (line.isEmpty() || !m_busy)
            continue; // serve answers only what was asked
        m_busy = false;
        Q_EMIT answered(line);
    }
}

void RunnerService::readErrors()
{
    m_stderr += m_process->readAllStandardError();
    for (qsizetype end = m_stderr.indexOf('\n'); end >= 0; end = m_stderr.indexOf('\n')) {
        const QString line = QString::fromUtf8(m_stderr.left(end)).trimmed();
        m_stderr.remove(0, end + 1);
        if (line.isEmpty())
            continue;
        m_lastLine = line;
        if (m_busy)
            Q_EMIT progress(line);
    }
}

void RunnerService::serveEnded(int exitCode, QProcess::ExitStatus status)
{
    QProcess* process = m_process;
    if (!process)
        return;
    readErrors();
    const QString why = process->error() == QProcess::FailedToStart
        ? tr("kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.")
              .arg(m_runnerPath, process->errorString())
        : status == QProcess::CrashExit ? tr("kwb-runner serve crashed")
                                        : tr("kwb-runner serve exited with status %1").arg(exitCode);
    m_process = nullptr;
    process->disconnect(this);
    process->deleteLater();
    if (!m_busy)
        return; // the next request starts another
    m_busy = false;
    QString last = m_lastLine;
    if (last.startsWith(QLatin1String("kwb-runner: ")))
        last = last.mid(12);
    Q_EMIT failed(last.isEmpty() || process->error() == QProcess::FailedToStart ? why + QLatin1Char('.')
                                                                               : tr("%1 after printing: %2").arg(why, last));
}

void RunnerService::cancel()
{
    if (!m_busy)
        return;
    stop();
    m_busy = false;
    Q_EMIT failed(tr("The kwb-runner run was cancelled."));
}

} // namespace kwb
