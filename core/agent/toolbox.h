#pragma once

#include "model/evalresult.h"
#include "model/toolcall.h"

#include <QJsonArray>
#include <QObject>
#include <QStringList>

#include <optional>

namespace kwb::agent {

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
};

// What one tool call gave: the text the model reads as the tool message, and for the evaluation tools the
// evaluation itself (kept with the turn) and, for profile on the GPU, the candidate's Chrome trace.
struct ToolOutcome
{
    QString output;
    bool isError = false;
    std::optional<EvalResult> eval;
    QByteArray trace;
};

// The tools an agent gets, in one workspace folder (a branch's own): bash (run in the folder, time and output
// limits), read_file, write_file, edit_file (exact string replace, the old string must occur once), and
// compile, verify and profile, which run the environment's stages through `kwb-runner eval` on the folder
// (compile only; compile and verify; everything with timing and, on the GPU, the trace). Paths are relative to
// the workspace; absolute paths and ".." are refused. The task file is outside the workspace and read-only to
// the tools. An unknown tool or arguments that do not fit its schema get an error outcome, never a crash.
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
};

} // namespace kwb::agent
