#pragma once

#include "model/message.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace kwb {

struct Trajectory;
struct Turn;

// Messages in the OpenAI Chat Completions layout: "content", "tool_calls" with "function": {"name", "arguments"}
// (a JSON string), "tool_call_id" on tool results. Reasoning travels as "reasoning_content", as vLLM and SGLang
// return it.
class ChatFormat
{
public:
    static QJsonObject toJson(const Message& message);
    // `error` names the field that was wrong; the message is then incomplete.
    static Message fromJson(const QJsonObject& o, QString* error);

    // The prompt followed by the messages of each turn of `branch` (root -> leaf).
    static QJsonArray conversation(const Trajectory& trajectory, const QList<const Turn*>& branch);
    static QJsonArray messages(const QList<Message>& messages);
};

} // namespace kwb
