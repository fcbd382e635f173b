#pragma once

#include "runnerhost.h"

#include <QObject>
#include <QProcess>
#include <QStringList>
#include <memory>

class QTemporaryDir;

namespace kwb {

// One kwb-runner command on a GPU host over SSH, in three steps that never block the caller's thread:
//  1. upload: the runner's version is checked and the command's inputs (--task, --candidate, --tasks,
//     --candidates) go to a folder of this run's own on the host;
//  2. run: the runner runs there with --end-with-input, so that closing the connection (cancel, or a connection
//     that drops) stops everything it started;
//  3. fetch: the output folder (--run-dir or --out) comes back, a folder that went both ways (shell's --dir, the
//     agent's workspace) comes back as the run left it, and the host's folder is removed.
// Paths the runner prints are this machine's again: the host's output folder becomes the local one and the
// host's copies of the inputs become the paths they were uploaded from. The host keeps its build and baseline
// caches (the runner's own --cache-dir, --harness, --python and --ncu-path are the host's: those options are
// not passed on; the host's Python is).
class RemoteRun : public QObject
{
    Q_OBJECT
public:
    RemoteRun(const RunnerHost& host, const QStringList& arguments, QObject* parent = nullptr);
    ~RemoteRun() override; // what is still running here is killed, without signals

    // The version a runner must report to serve this workbench.
    static QString expectedVersion();

    void start();
    // Closes the connection (the host's runner then ends its tree) and removes the host's folder; failed() follows
    // with a sentence saying the run was cancelled.
    void cancel();
    // Where the output folder came back to (for commands that had none, one made under the local cache).
    QString localOutput() const { return m_localOutput; }

Q_SIGNALS:
    void progress(const QString& line);
    // The runner ran on the host and ended with EXIT-CODE after printing OUTPUT (its paths made local).
    void ran(int exitCode, const QByteArray& output);
    // It could not run there, or the connection was lost: one sentence.
    void failed(const QString& sentence);

private:
    enum class Step { Idle, Upload, Run, Fetch, Done };
    bool prepare(QString* error);
    void startUpload();
    void startRun();
    void startFetch();
    bool placeFetched(QString* error);
    void stepFinished(int exitCode, QProcess::ExitStatus status);
    void readErrors(bool flush);
    void fail(const QString& sentence);
    void removeHostFolder();
    QProcess* sshProcess(const QString& remoteCommand);
    QString localPaths(QString text) const;
    QString lastLine() const;

    RunnerHost m_host;
    QStringList m_arguments; // as the caller gave them
    QStringList m_hostArguments; // with the host's paths
    QString m_folder; // on the host, as the runner's working paths name it (relative to the home unless absolute)
    QString m_hostHome; // the login's home on the host, read in the upload step
    QList<QPair<QString, QString>> m_inputs; // local path, path under the host folder's in/
    QList<QPair<QString, QString>> m_inOut; // of those, the folders that come back (shell's --dir)
    QString m_localOutput;
    std::unique_ptr<QTemporaryDir> m_staging;
    std::unique_ptr<QTemporaryDir> m_fetched;
    Step m_step = Step::Idle;
    QProcess* m_ssh = nullptr;
    QProcess* m_tar = nullptr;
    QByteArray m_stdout;
    QByteArray m_partial;
    QString m_lastLine;
    int m_runExit = -1;
    QByteArray m_runOutput;
    bool m_cancelled = false;
};

} // namespace kwb
