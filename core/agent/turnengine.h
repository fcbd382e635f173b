#pragma once

#include "policy.h"
#include "toolbox.h"

#include <QObject>
#include <QString>

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
class TurnEngine : public QObject
{
    Q_OBJECT
public:
    TurnEngine(Store* store, QObject* parent = nullptr);
    ~TurnEngine() override;

    void setSettings(const EngineSettings& settings);
    void setEnvironment(const EnvironmentSettings& environment);
    void setLimits(const ToolLimits& limits);

    // Continues after `fromTurnUuid` of the trajectory (empty: from the start). The policy is not owned.
    bool start(qint64 trajectoryId, const QString& fromTurnUuid, Policy* policy, QString* error);
    // A human edit after `afterTurnUuid`: changed files (path -> content; an empty QByteArray removes a file)
    // and/or a user message. Added at once as a new turn on a new branch; returns its uuid.
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
};

} // namespace kwb::agent
