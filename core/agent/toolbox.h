#pragma once

#include "env/runnerhost.h"
#include "evalreport.h"
#include "model/evalresult.h"
#include "model/toolcall.h"

#include <QJsonArray>
#include <QObject>
#include <QStringList>

#include <memory>
#include <optional>

class QTemporaryDir;

namespace kwb {
class RunnerJob;
class RunnerService;
}

namespace kwb::agent {

class ShellCommand;

// Limits of the agent's bash tool (the sandbox proper comes with the trustworthy-reward work).
struct ToolLimits
{
    int bashSeconds = 120; // wall clock; the whole process group is killed after it
    qint64 outputBytes = 64 * 1024; // of a tool's output kept for the model (head and tail, the middle cut)
};

// How the compile, verify and profile tools reach the environment: kwb-runner and its options.
struct EnvironmentSettings
{
    QString runnerPath; // empty: beside the application, else on the PATH
    QString device = QStringLiteral("cuda");
    QStringList runnerArguments; // more kwb-runner eval options (--cache-dir, --trials, --python, ...)
    RunnerHost host; // where the runner runs: this machine (runnerPath applies) or a GPU host over SSH
    // On this machine, evaluations go to a `kwb-runner serve` that lives as long as the Toolbox (warm workers,
    // started with the environment); false: a runner of its own for each call.
    bool warmWorkers = true;
};

// What one tool call gave: the text the model reads as the tool message, and for the evaluation tools the
// evaluation itself (kept with the turn) and, for profile on the GPU, the candidate's Chrome trace.
struct ToolOutcome
{
    QString output;
    bool isError = false;
    std::optional<EvalResult> eval;
    QByteArray trace;
    QByteArray disassembly; // the build's SASS and PTX (kwb-disassembly/1), when the runner read them
    // Why the environment failed the call (no GPU, the runner missing, its host lost), when it did: not the agent's
    // doing, so the run stops there rather than let the agent spend turns against a broken machine.
    QString environmentError;
};

// The tools an agent gets, in one workspace folder (a branch's own): bash (run in the folder, time and output
// limits), read_file, write_file, edit_file (exact string replace, the old string must occur once), and
// compile, verify and profile, which run the environment's stages through `kwb-runner eval` on the folder
// (compile only; compile and verify; everything with timing and, on the GPU, the trace). Paths are relative to
// the workspace; absolute paths, ".." and symbolic links that lead out are refused. The task file is outside
// the workspace and out of the file tools' reach: the prompt carries the reference. An unknown tool or
// arguments that do not fit its schema get an error outcome, never a crash. The outputs are read by the model,
// so they stay in English.
class Toolbox : public QObject
{
    Q_OBJECT
public:
    Toolbox(const QString& workspaceDirectory, const QString& taskPath, QObject* parent = nullptr);
    ~Toolbox() override;

    void setLimits(const ToolLimits& limits);
    void setEnvironment(const EnvironmentSettings& settings);

    // The tools in the Chat Completions "tools" form (type function, name, description, JSON schema).
    static QJsonArray schemas();
    static QStringList names();

    // Runs one call; finished() follows (from the event loop, also for errors). false when one is running.
    bool run(const ToolCall& call);
    void cancel(); // finished() follows with an error outcome saying it was stopped
    bool isRunning() const;

Q_SIGNALS:
    void finished(const QString& callId, const kwb::agent::ToolOutcome& outcome);

private:
    void startBash(const QString& command);
    void startEvaluation(EvalReport::Depth depth, int trials);
    void evaluationFinished(const QJsonObject& result);
    void evaluationFailed(const QString& sentence);
    int configuredTrials() const; // --trials of the settings' runner arguments, else the runner's default
    void finishLater(const ToolOutcome& outcome); // from the event loop, as run() promises
    void deliver(ToolOutcome outcome, bool clip);

    QString m_workspace;
    QString m_taskPath;
    ToolLimits m_limits;
    EnvironmentSettings m_environment;
    ShellCommand* m_shell = nullptr;
    RunnerJob* m_runner = nullptr;
    RunnerService* m_service = nullptr;
    std::unique_ptr<QTemporaryDir> m_runDirectory; // one evaluation's --run-dir, removed when it ends
    EvalReport::Depth m_depth = EvalReport::Depth::Profile;
    std::optional<ToolOutcome> m_pending; // an outcome waiting for the event loop
    QString m_callId;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace kwb::agent
