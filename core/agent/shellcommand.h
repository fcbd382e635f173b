#pragma once

#include "clippedoutput.h"
#include "env/runnerhost.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QTimer>
#include <optional>

namespace kwb {
class RemoteRun;
}

namespace kwb::agent {

// One command of the agent's bash tool: `/bin/bash -c COMMAND` in the workspace folder, in a process group of its
// own, stdout and stderr interleaved as a terminal shows them and clipped for the model. Past its time it is
// killed with everything it started; whatever it left running in the background is killed when it exits. Where
// bubblewrap runs (runner::Sandbox), the command has no network and can write only the workspace and a private /tmp.
class ShellCommand : public QObject
{
    Q_OBJECT
public:
    explicit ShellCommand(QObject* parent = nullptr);
    ~ShellCommand() override; // a command still running is killed, without signals

    // false when one is running. finished() follows, from the event loop.
    bool start(const QString& command, const QString& directory, int seconds, qint64 outputBytes);
    // On a GPU host the workspace goes there, `kwb-runner shell` runs the command in the host's sandbox with the same
    // limit, and the workspace comes back as the command left it.
    void setHost(const RunnerHost& host) { m_host = host; }
    void cancel(); // finished() follows with the output so far and a line saying it was stopped
    bool isRunning() const { return m_process != nullptr || m_remote != nullptr; }

Q_SIGNALS:
    // The output with a last line for how it ended ("[exit status 2]"); isError when the command could not run,
    // ran past its time or was stopped.
    void finished(const QString& output, bool isError);

private:
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void killTree();
    void end(const QString& lastLine, bool isError);
    void startRemote(const QString& command, const QString& directory);
    void remoteEnded(int exitCode, const QByteArray& output);
    static QString statusLine(int exitCode, bool crashed, int seconds);

    RunnerHost m_host;
    QProcess* m_process = nullptr;
    RemoteRun* m_remote = nullptr;
    QTimer m_timer;
    std::optional<ClippedOutput> m_output;
    qint64 m_pid = 0;
    int m_seconds = 0;
    bool m_timedOut = false;
    bool m_cancelled = false;
};

} // namespace kwb::agent
