#pragma once

#include "policy.h"
#include "toolbox.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace kwb {
class Store;
}

namespace kwb::agent {

struct EngineSettings
{
    int maxTurns = 30; // turns added by one run, at most
    QString systemPrompt; // the project's own words (settings); stored with the trajectory's prompt
    QString skill; // guidance text given after the system prompt
    bool evaluateAtEnd = true; // a final evaluation (profile) of the last workspace when the agent stops
};

// Drives one branch of a stored trajectory: from a turn (a leaf continues its branch, an inner turn forks a new
// one), the policy answers, the toolbox runs the calls in the branch's own workspace folder, and each turn —
// the assistant message, its tool results, the workspace after it, its evaluation if a tool ran one — is added
// to the store as it finishes. Turns before the starting point are never re-sampled: the conversation is
// rebuilt from their recorded messages. Stops on the agent's final answer (a message without tool calls), after
// maxTurns, on stop(), or when the policy fails (the turns already added stay). Several engines may run at once.
//
// - Prompt: the trajectory's; a trajectory without one gets EngineSettings' system prompt (the workbench's own
//   when empty) with the skill, and the task message, and keeps it (Store::setPrompt) for every later branch.
// - Workspace: the starting turn's files in a fresh temporary folder, the task beside it (outside the folder).
//   After each turn the folder is read back without __pycache__, build outputs, symbolic links and files over
//   1 MB; each one left out for its size or as a link becomes a note (annotation) on the turn.
// - A turn: the assistant message (with its latency and tokens), the results of its calls in order (a call whose
//   arguments are not a JSON object is answered with invalidArgumentsResult() and not run), the workspace, and
//   the last evaluation a call ran, its trace stored as a blob (EvalResult::traceBlob). The provenance is
//   policy->provenance(), asked when the answer arrives. A final answer (no tool calls) gets, with evaluateAtEnd,
//   one profile of the final workspace as its evaluation, and no message for it.
// - stop(): the policy's request and a running tool are cancelled and the turn being built is dropped whole,
//   so a stored branch never ends in half a turn; finished() follows at once.
// - finished(ok): ok after the final answer, maxTurns and stop(); not ok when the policy failed (its sentence) or
//   a turn could not be stored.
class TurnEngine : public QObject
{
    Q_OBJECT
public:
    TurnEngine(Store* store, QObject* parent = nullptr);
    ~TurnEngine() override;

    void setSettings(const EngineSettings& settings);
    void setEnvironment(const EnvironmentSettings& environment);
    void setLimits(const ToolLimits& limits);

    // Continues after `fromTurnUuid` of the trajectory (empty: from the start, a new root). The policy is not
    // owned and must outlive the run. false and one sentence when the run cannot start; else finished() follows.
    bool start(qint64 trajectoryId, const QString& fromTurnUuid, Policy* policy, QString* error);
    // A human edit after `afterTurnUuid`: changed files (path -> content; an empty QByteArray removes a file)
    // and/or a user message. Added at once as a new turn on a new branch; returns its uuid. Nothing runs: the turn
    // has the parent's files with the edits, no evaluation, and provenance HumanEdit by `author`.
    static std::optional<QString> steer(Store& store, qint64 trajectoryId, const QString& afterTurnUuid,
        const QMap<QString, QByteArray>& files, const QString& userMessage, const QString& author, QString* error);
    void stop();
    bool isRunning() const;

Q_SIGNALS:
    void partial(const QString& textDelta, const QString& reasoningDelta);
    void toolStarted(const QString& name);
    void turnAdded(qint64 trajectoryId, const QString& turnUuid);
    // Why the run ended, one sentence ("The agent gave its final answer.", "Stopped after 30 turns.", ...).
    void finished(bool ok, const QString& sentence);

private:
    struct Run;
    void askPolicy();
    void policyReplied(const kwb::Message& assistant);
    void runNextCall();
    void runFinalEvaluation();
    void toolFinished(const QString& callId, const kwb::agent::ToolOutcome& outcome);
    void completeTurn();
    void end(bool ok, const QString& sentence);

    Store* m_store;
    EngineSettings m_settings;
    EnvironmentSettings m_environment;
    ToolLimits m_limits;
    std::unique_ptr<Run> m_run;
    quint64 m_generation = 0; // changes when a run starts or ends: code after an emit checks it before going on
};

} // namespace kwb::agent
