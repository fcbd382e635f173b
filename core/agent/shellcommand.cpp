#include "shellcommand.h"

#include "env/processtree.h"
#include "env/remoterun.h"
#include "runner/childprocess.h"
#include "runner/sandbox.h"

#include <QProcessEnvironment>
#include <cstring>
#include <signal.h>
#include <unistd.h>

namespace kwb::agent {

ShellCommand::ShellCommand(QObject* parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        killTree();
    });
}

ShellCommand::~ShellCommand()
{
    if (m_remote)
        m_remote->disconnect(this); // a child of ours: its destructor closes the connection
    if (!m_process)
        return;
    m_process->disconnect(this);
    killTree();
    m_process->waitForFinished(2000);
}

bool ShellCommand::start(const QString& command, const QString& directory, int seconds, qint64 outputBytes)
{
    if (isRunning())
        return false;
    m_output.emplace(outputBytes);
    m_seconds = seconds;
    m_timedOut = false;
    m_cancelled = false;
    m_pid = 0;
    if (!m_host.isLocal()) {
        startRemote(command, directory);
        return true;
    }
    m_process = new QProcess(this);
    // Only paths, locale and CUDA, compiler and Python settings: no credential of the user's, whatever its name.
    QProcessEnvironment environment;
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    for (const QString& name : system.keys()) {
        if (runner::isToolVariable(name.toStdString()) || name == QLatin1String("TMPDIR"))
            environment.insert(name, system.value(name));
    }
    environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    // Under bubblewrap: no network, the workspace the only writable folder, a private /tmp for builds and scratch.
    QString program = QStringLiteral("/bin/bash");
    QStringList arguments = { QStringLiteral("-c"), command };
    const runner::Sandbox& sandbox = runner::Sandbox::instance();
    if (sandbox.kind() == runner::Sandbox::Kind::Bubblewrap) {
        runner::SandboxPaths paths;
        paths.writable = { directory.toStdString() };
        paths.workingDirectory = directory.toStdString();
        paths.ownPids = false; // the tool watches and kills the command's processes by their PIDs
        QStringList launcher;
        for (const std::string& part : sandbox.launcher(paths))
            launcher << QString::fromStdString(part);
        arguments = launcher.mid(1) + QStringList { program } + arguments;
        program = launcher.front();
        environment.insert(QStringLiteral("TMPDIR"), QStringLiteral("/tmp"));
        environment.insert(QStringLiteral("TORCH_EXTENSIONS_DIR"), QStringLiteral("/tmp/torch_extensions"));
    }
    m_process->setProcessEnvironment(environment);
    m_process->setWorkingDirectory(directory);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardInputFile(QProcess::nullDevice()); // a command waiting for input would only time out
    // A group of its own, so that a kill reaches what the command started and never the workbench.
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] { m_output->append(m_process->readAll()); });
    connect(m_process, &QProcess::finished, this, &ShellCommand::processFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) {
            const QString why = m_process->errorString();
            // Not from inside start(): the caller hears of the end from the event loop.
            QMetaObject::invokeMethod(
                this, [this, why] { end(QStringLiteral("[bash could not be started: %1]").arg(why), true); },
                Qt::QueuedConnection);
        }
    });
    m_process->start(program, arguments);
    m_pid = m_process->processId();
    if (m_pid > 0)
        m_timer.start(std::chrono::seconds(std::max(1, seconds)));
    return true;
}

void ShellCommand::startRemote(const QString& command, const QString& directory)
{
    m_remote = new RemoteRun(m_host,
        { QStringLiteral("shell"), QStringLiteral("--dir"), directory, QStringLiteral("--seconds"), QString::number(m_seconds),
            QStringLiteral("--"), command },
        this);
    connect(m_remote, &RemoteRun::ran, this, &ShellCommand::remoteEnded);
    connect(m_remote, &RemoteRun::failed, this, [this](const QString& sentence) {
        if (m_cancelled)
            end(QStringLiteral("[stopped by the user]"), true);
        else if (m_timedOut)
            end(statusLine(124, false, m_seconds), true);
        else
            end(QStringLiteral("[the command could not run on %1: %2]").arg(m_host.displayName(), sentence), true);
    });
    // The host enforces the limit; this one is for a host that stops answering.
    m_timer.start(std::chrono::seconds(std::max(1, m_seconds) + 60));
    m_remote->start();
}

void ShellCommand::remoteEnded(int exitCode, const QByteArray& output)
{
    m_output->append(output);
    const bool timedOut = exitCode == 124;
    end(exitCode > 128 && exitCode < 160 ? statusLine(exitCode - 128, true, m_seconds) : statusLine(exitCode, false, m_seconds),
        timedOut);
}

QString ShellCommand::statusLine(int exitCode, bool crashed, int seconds)
{
    if (!crashed && exitCode == 124)
        return QStringLiteral("[killed after %1 s: the command ran past the time limit; it and everything it started "
                              "were stopped]")
            .arg(seconds);
    if (crashed)
        return QStringLiteral("[killed by signal %1 (%2)]").arg(exitCode).arg(QString::fromLocal8Bit(strsignal(exitCode)));
    return QStringLiteral("[exit status %1]").arg(exitCode);
}

void ShellCommand::cancel()
{
    if (m_remote) {
        m_cancelled = true;
        m_remote->cancel(); // failed() follows
        return;
    }
    if (!m_process || m_pid <= 0)
        return;
    m_cancelled = true;
    killTree();
}

void ShellCommand::killTree()
{
    if (m_remote) {
        m_remote->cancel();
        return;
    }
    if (m_pid > 0)
        ProcessTree::kill(m_pid);
}

void ShellCommand::processFinished(int exitCode, QProcess::ExitStatus status)
{
    m_timer.stop();
    m_output->append(m_process->readAll());
    // bash is gone; what it left in its group (a `cmd &`, a daemon) goes too, so that nothing of this call runs
    // on into the next one or into an evaluation's timing.
    bool leftovers = false;
    if (m_pid > 0 && !m_timedOut && !m_cancelled && ::kill(pid_t(-m_pid), 0) == 0) {
        leftovers = true;
        ::kill(pid_t(-m_pid), SIGKILL);
    }
    QString last;
    if (m_timedOut)
        last = QStringLiteral("[killed after %1 s: the command ran past the time limit; it and everything it started "
                              "were stopped]")
                   .arg(m_seconds);
    else if (m_cancelled)
        last = QStringLiteral("[stopped by the user]");
    else if (status == QProcess::CrashExit)
        last = QStringLiteral("[killed by signal %1 (%2)]")
                   .arg(exitCode)
                   .arg(QString::fromLocal8Bit(strsignal(exitCode)));
    else
        last = QStringLiteral("[exit status %1]").arg(exitCode);
    if (leftovers)
        last += QStringLiteral("\n[processes the command left running in the background were stopped]");
    end(last, m_timedOut || m_cancelled);
}

void ShellCommand::end(const QString& lastLine, bool isError)
{
    if (!m_process && !m_remote)
        return;
    if (QProcess* process = m_process) {
        m_process = nullptr; // a slot of ours may start the next command
        process->disconnect(this);
        process->deleteLater();
    }
    if (RemoteRun* remote = m_remote) {
        m_remote = nullptr;
        remote->disconnect(this);
        remote->deleteLater();
    }
    m_timer.stop();
    QString text = m_output->totalBytes() > 0 ? m_output->text() : QStringLiteral("(no output)");
    if (!text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    m_output.reset();
    Q_EMIT finished(text + lastLine, isError);
}

} // namespace kwb::agent
