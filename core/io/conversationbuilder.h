#pragma once

#include "model/trajectory.h"

namespace kwb {

// Turns a flat chat (system, user, assistant, tool messages in order) into a trajectory's prompt and a chain of
// turns: what comes before the first assistant message is the prompt; each assistant message starts a turn that
// also holds the tool results answering it; a user message between them opens the next turn as a steer. Each
// turn's workspace is the previous one's with the file writes of its tool calls replayed.
class ConversationBuilder
{
public:
    ConversationBuilder(const QString& trajectoryUuid, const Provenance& provenance);

    bool add(const Message& message, QString* error);
    // The prompt and turns so far, the trailing user messages as a last turn of their own.
    void finish(Trajectory* trajectory);

    bool hasTurns() const { return !m_turns.isEmpty(); }
    Turn& lastTurn() { return m_turns.last(); }

private:
    void startTurn();

    QString m_uuid;
    Provenance m_provenance;
    QList<Message> m_prompt;
    QList<Message> m_pending; // user or system messages waiting for the next turn
    QList<Turn> m_turns;
};

} // namespace kwb
