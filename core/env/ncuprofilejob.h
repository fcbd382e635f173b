#pragma once

#include "runnerhost.h"

#include "model/evalresult.h"
#include "model/trajectory.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QStringList>
#include <memory>

class QTemporaryDir;

namespace kwb {

class RunnerJob;

// Profiles a turn's kernels under Nsight Compute: the turn's workspace and task go to a temporary folder,
// `kwb-runner eval --ncu REGEX` runs there without baselines or trace, and its `ncu` object becomes an
// NcuProfile, with the bytes of the .ncu-rep report for the caller to keep as a blob (reportBlob is left to it).
// A profile whose status is not passed (no GPU, no ncu, no counter access) is a result too; failed() is for
// runs that give no profile: the candidate did not compile or verify, the runner failed, or a cancel.
class NcuProfileJob : public QObject
{
    Q_OBJECT
public:
    explicit NcuProfileJob(QObject* parent = nullptr);
    ~NcuProfileJob() override;

    void setRunnerPath(const QString& path);
    // This machine, or a GPU host over SSH (the report comes back with the run folder).
    void setHost(const RunnerHost& host);
    QString runnerPath() const;
    // More kwb-runner eval options (e.g. --cache-dir, --ncu-path, --python).
    void setExtraArguments(const QStringList& arguments) { m_extraArguments = arguments; }

    // Starts; false (and no signal) when a profile is already running. Problems found before the runner
    // starts (unsafe paths, no candidate, a bad pattern) arrive as failed() from the event loop.
    bool start(const Turn& turn, const TaskRef& task, const QString& kernelRegex, const QString& device = {});
    void cancel();
    bool isRunning() const;

    // The result's `ncu` object as the store keeps it; false with one sentence when it does not read.
    static bool profileFromResult(const QJsonObject& result, NcuProfile* profile, QString* error);
    // Why the candidate itself gave nothing to profile (did not compile, verify or finish timing); empty when
    // it ran correctly.
    static QString candidateFailure(const QJsonObject& result);

Q_SIGNALS:
    void progress(const QString& line);
    void finished(const kwb::NcuProfile& profile, const QByteArray& reportBytes);
    void failed(const QString& sentence);

private:
    void runnerFinished(const QJsonObject& result);
    void fail(const QString& sentence); // from the event loop, after the temporary folder is gone

    RunnerJob* m_runner;
    QStringList m_extraArguments;
    QString m_kernelRegex;
    std::unique_ptr<QTemporaryDir> m_directory;
    bool m_pendingFailure = false;
};

} // namespace kwb
