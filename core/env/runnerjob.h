#pragma once

#include "runnerhost.h"

#include <QJsonObject>
#include <QObject>
#include <QProcessEnvironment>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace kwb {

class RemoteRun;
class RunnerService;

// One run of kwb-runner as a child process, never blocking the caller's thread: stderr arrives line by line
// as progress, and the run ends with exactly one of finished (the JSON object it printed) or failed (one
// sentence: not installed, crashed, not JSON, the runner's own "error", cancelled).
class RunnerJob : public QObject
{
    Q_OBJECT
public:
    explicit RunnerJob(QObject* parent = nullptr);
    ~RunnerJob() override; // a run still going is killed, without signals

    // kwb-runner beside the application (installed or built), else the one on the PATH, else the bare name.
    static QString defaultRunnerPath();
    // This process's environment without credentials (every name runner::looksSecret finds: keys, tokens,
    // secrets, passwords, credentials, personal access tokens, in any naming style): what kwb-runner sees. The
    // candidates it runs and the agent's bash get only the tool variables (runner::isToolVariable).
    static QProcessEnvironment childEnvironment();
    void setRunnerPath(const QString& path) { m_runnerPath = path; }
    QString runnerPath() const { return m_runnerPath; }
    // Where the runner runs: this machine (the default; runnerPath applies) or a GPU host over SSH (RemoteRun: the
    // inputs go there and the outputs come back, and the result's paths are this machine's).
    void setHost(const RunnerHost& host) { m_host = host; }
    const RunnerHost& host() const { return m_host; }
    // Evaluations (`eval`) on this machine go to this serve's warm workers instead of a runner of their own; the
    // service is the caller's and outlives the job. Other commands, and hosts over SSH, start a runner as before.
    void setService(RunnerService* service) { m_service = service; }

    // Starts `kwb-runner ARGUMENTS`; false (and no signal) when a run is already going.
    bool start(const QStringList& arguments);
    // Kills the runner and everything it started; the run then fails with a sentence that says it was cancelled.
    void cancel();
    bool isRunning() const { return m_process != nullptr || m_remote != nullptr || m_serviceBusy; }
    bool wasCancelled() const { return m_cancelled; }
    // Of the last run that ended: kwb-runner's exit status and what it printed on stdout (for commands whose
    // output is passed on as it is).
    int exitCode() const { return m_exitCode; }
    QByteArray output() const { return m_output; }

Q_SIGNALS:
    void progress(const QString& line);
    void finished(const QJsonObject& result);
    void failed(const QString& sentence);

private:
    void readProgress(bool flush);
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void processError(QProcess::ProcessError error);
    void interpret(int exitCode, bool crashed); // what the runner printed and how it ended
    void remoteRan(int exitCode, const QByteArray& output);
    void end(const QJsonObject* result, const QString& sentence);
    QString lastStderrLine() const; // for failure sentences

    QString m_runnerPath;
    RunnerHost m_host;
    QProcess* m_process = nullptr;
    RemoteRun* m_remote = nullptr;
    RunnerService* m_service = nullptr;
    bool m_serviceBusy = false;
    QList<QMetaObject::Connection> m_serviceConnections;
    QByteArray m_stdout;
    QByteArray m_output;
    int m_exitCode = -1;
    QByteArray m_partialLine;
    QString m_runnerMessage; // the last "kwb-runner: ..." line: its own sentence, before any usage text
    QString m_lastLine;
    bool m_cancelled = false;
    bool m_starting = false;
};

} // namespace kwb
