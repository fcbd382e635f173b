#include "conversationbuilder.h"

#include "workspaceedits.h"

namespace kwb {

ConversationBuilder::ConversationBuilder(const QString& trajectoryUuid, const Provenance& provenance)
    : m_uuid(trajectoryUuid)
    , m_provenance(provenance)
{
}

void ConversationBuilder::startTurn()
{
    Turn turn;
    turn.uuid = QStringLiteral("%1-t%2").arg(m_uuid).arg(m_turns.size());
    if (!m_turns.isEmpty()) {
        turn.parentUuid = m_turns.last().uuid;
        turn.workspace = m_turns.last().workspace;
    }
    turn.provenance = m_provenance;
    turn.messages = m_pending;
    m_pending.clear();
    m_turns.append(turn);
}

bool ConversationBuilder::add(const Message& message, QString* error)
{
    switch (message.role) {
    case Message::Role::System:
    case Message::Role::User:
        (m_turns.isEmpty() ? m_prompt : m_pending).append(message);
        return true;
    case Message::Role::Assistant:
        startTurn();
        m_turns.last().messages.append(message);
        for (const ToolCall& call : message.toolCalls)
            WorkspaceEdits::apply(call, &m_turns.last().workspace);
        return true;
    case Message::Role::Tool:
        break;
    }
    if (m_turns.isEmpty() || !m_pending.isEmpty()) {
        *error = QStringLiteral("a tool result (\"role\": \"tool\") answers no assistant message before it");
        return false;
    }
    Message result = message;
    if (result.toolName.isEmpty()) {
        if (const Message* asked = m_turns.last().assistantMessage()) {
            for (const ToolCall& call : asked->toolCalls) {
                if (call.id == result.toolCallId)
                    result.toolName = call.name;
            }
        }
    }
    m_turns.last().messages.append(result);
    return true;
}

void ConversationBuilder::finish(Trajectory* trajectory)
{
    if (!m_pending.isEmpty())
        startTurn();
    trajectory->prompt = m_prompt;
    trajectory->turns = m_turns;
}

} // namespace kwb
