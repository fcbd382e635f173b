#include "runnerjob.h"

#include "runner/childprocess.h"

#include "processtree.h"
#include "remoterun.h"
#include "runnerservice.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStandardPaths>
#include <cstring>
#include <signal.h>
#include <unistd.h>

namespace kwb {

RunnerJob::RunnerJob(QObject* parent)
    : QObject(parent)
    , m_runnerPath(defaultRunnerPath())
{ }

RunnerJob::~RunnerJob()
{
    for (const auto& connection : std::as_const(m_serviceConnections))
        disconnect(connection);
    if (m_serviceBusy && m_service)
        m_service->cancel(); // its answer would have no one to go to
    if (m_remote)
        m_remote->disconnect(this); // its own destructor (a child of ours) ends what runs
    if (!m_process)
        return;
    m_process->disconnect(this);
    ProcessTree::kill(m_process->processId());
    m_process->waitForFinished(2000);
}

QString RunnerJob::defaultRunnerPath()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/kwb-runner");
    if (QFileInfo(beside).isExecutable())
        return beside;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("kwb-runner"));
    return onPath.isEmpty() ? QStringLiteral("kwb-runner") : onPath;
}

bool RunnerJob::start(const QStringList& arguments)
{
    if (isRunning())
        return false;
    m_stdout.clear();
    m_partialLine.clear();
    m_runnerMessage.clear();
    m_lastLine.clear();
    m_cancelled = false;
    if (m_service && m_host.isLocal() && arguments.value(0) == QLatin1String("eval") && !m_service->isBusy()) {
        m_serviceBusy = true;
        m_serviceConnections = {
            connect(m_service, &RunnerService::progress, this,
                [this](const QString& line) {
                    if (line.startsWith(QLatin1String("kwb-runner: ")))
                        m_runnerMessage = line.mid(12);
                    m_lastLine = line;
                    Q_EMIT progress(line);
                }),
            connect(m_service, &RunnerService::answered, this,
                [this](const QByteArray& line) {
                    m_stdout = line;
                    interpret(0, false);
                }),
            connect(m_service, &RunnerService::failed, this, [this](const QString& sentence) { end(nullptr, sentence); }),
        };
        m_service->request(arguments.mid(1));
        return true;
    }
    if (!m_host.isLocal()) {
        m_remote = new RemoteRun(m_host, arguments, this);
        connect(m_remote, &RemoteRun::progress, this, [this](const QString& line) {
            if (line.startsWith(QLatin1String("kwb-runner: ")))
                m_runnerMessage = line.mid(12);
            m_lastLine = line;
            Q_EMIT progress(line);
        });
        connect(m_remote, &RemoteRun::ran, this, &RunnerJob::remoteRan);
        connect(m_remote, &RemoteRun::failed, this, [this](const QString& sentence) { end(nullptr, sentence); });
        m_remote->start();
        return true;
    }
    m_process = new QProcess(this);
    m_process->setProcessEnvironment(childEnvironment());
    // A group of its own, so that a cancel reaches what the runner started and never the workbench.
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(m_process, &QProcess::readyReadStandardOutput, this,
        [this] { m_stdout += m_process->readAllStandardOutput(); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] { readProgress(false); });
    connect(m_process, &QProcess::finished, this, &RunnerJob::processFinished);
    connect(m_process, &QProcess::errorOccurred, this, &RunnerJob::processError);
    m_starting = true; // a program that is not there fails inside start(); its signal waits for the event loop
    m_process->start(m_runnerPath, arguments);
    m_starting = false;
    return true;
}

QProcessEnvironment RunnerJob::childEnvironment()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString& name : environment.keys()) {
        if (runner::looksSecret(name.toStdString()))
            environment.remove(name);
    }
    return environment;
}

void RunnerJob::cancel()
{
    if (m_serviceBusy) {
        m_cancelled = true;
        m_service->cancel(); // it fails with its own sentence
        return;
    }
    if (m_remote) {
        m_cancelled = true;
        m_remote->cancel(); // it fails with its own sentence
        return;
    }
    if (!m_process)
        return;
    m_cancelled = true;
    if (m_process->processId() > 0)
        ProcessTree::kill(m_process->processId());
    else
        m_process->kill();
}

void RunnerJob::readProgress(bool flush)
{
    m_partialLine += m_process->readAllStandardError();
    if (flush && !m_partialLine.isEmpty() && !m_partialLine.endsWith('\n'))
        m_partialLine += '\n';
    qsizetype start = 0;
    for (qsizetype end = m_partialLine.indexOf('\n'); end >= 0; end = m_partialLine.indexOf('\n', start)) {
        const QString line = QString::fromUtf8(m_partialLine.mid(start, end - start)).trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1String("kwb-runner: ")))
            m_runnerMessage = line.mid(12);
        m_lastLine = line;
        Q_EMIT progress(line);
    }
    m_partialLine.remove(0, start);
}

QString RunnerJob::lastStderrLine() const
{
    return m_runnerMessage.isEmpty() ? m_lastLine : m_runnerMessage;
}

void RunnerJob::processError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return; // the others end in finished(), which reports them
    end(nullptr,
        tr("kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.")
            .arg(m_runnerPath, m_process->errorString()));
}

void RunnerJob::processFinished(int exitCode, QProcess::ExitStatus status)
{
    m_stdout += m_process->readAllStandardOutput();
    readProgress(true);
    interpret(exitCode, status == QProcess::CrashExit);
}

void RunnerJob::remoteRan(int exitCode, const QByteArray& output)
{
    m_stdout = output;
    interpret(exitCode, false);
}

void RunnerJob::interpret(int exitCode, bool crashed)
{
    m_output = m_stdout;
    m_exitCode = crashed ? -1 : exitCode;
    if (m_cancelled) {
        end(nullptr, tr("The kwb-runner run was cancelled."));
        return;
    }
    if (crashed) {
        // On a crash QProcess's exit code is the signal's number.
        const QString signal = QString::fromLocal8Bit(strsignal(exitCode));
        const QString last = lastStderrLine();
        end(nullptr,
            last.isEmpty()
                ? tr("kwb-runner crashed with signal %1 (%2).").arg(exitCode).arg(signal)
                : tr("kwb-runner crashed with signal %1 (%2) after printing: %3").arg(exitCode).arg(signal, last));
        return;
    }
    if (m_stdout.trimmed().isEmpty()) {
        const QString last = lastStderrLine();
        if (exitCode == 0)
            end(nullptr, tr("kwb-runner printed no result."));
        else if (last.isEmpty())
            end(nullptr, tr("kwb-runner exited with status %1 and printed no result.").arg(exitCode));
        else
            end(nullptr, tr("kwb-runner exited with status %1: %2").arg(exitCode).arg(last));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(m_stdout, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        end(nullptr,
            tr("kwb-runner's output is not JSON (%1 at byte %2).")
                .arg(parseError.errorString())
                .arg(parseError.offset));
        return;
    }
    if (!document.isObject()) {
        end(nullptr, tr("kwb-runner's output is JSON but not an object."));
        return;
    }
    QJsonObject result = document.object();
    if (!m_host.isLocal() && result.value(QLatin1String("fingerprint")).isObject()) {
        // The result says which of the user's hosts it came from (the runner knows only the machine's own name).
        QJsonObject fingerprint = result.value(QLatin1String("fingerprint")).toObject();
        fingerprint.insert(QLatin1String("runner_host"), QStringLiteral("%1 (%2)").arg(m_host.displayName(), m_host.url()));
        result.insert(QLatin1String("fingerprint"), fingerprint);
    }
    if (result.contains(QLatin1String("error"))) {
        const QString sentence = result.value(QLatin1String("error")).toString();
        end(nullptr, sentence.isEmpty() ? tr("kwb-runner reported an error without saying which.") : sentence);
        return;
    }
    end(&result, {});
}

void RunnerJob::end(const QJsonObject* result, const QString& sentence)
{
    QProcess* process = m_process;
    m_process = nullptr; // a slot of ours may start the next run
    if (process) {
        process->disconnect(this);
        process->deleteLater();
    }
    m_serviceBusy = false;
    for (const auto& connection : std::as_const(m_serviceConnections))
        disconnect(connection);
    m_serviceConnections.clear();
    if (RemoteRun* remote = m_remote) {
        m_remote = nullptr;
        remote->disconnect(this);
        remote->deleteLater();
    }
    m_stdout.clear();
    if (result)
        Q_EMIT finished(*result);
    else if (m_starting)
        QMetaObject::invokeMethod(
            this, [this, sentence] { Q_EMIT failed(sentence); }, Qt::QueuedConnection);
    else
        Q_EMIT failed(sentence);
}

} // namespace kwb
