#pragma once

#include "model/message.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>

class QJsonParseError;

// The answer side of the Chat Completions wire format. Sentences here have no final period: the policy adds
// how often it tried.
namespace kwb::agent::chat {

// A tool call as the model wrote it. Arguments arrive as a JSON string (or, from lenient servers, an object);
// empty means {}. Text that is not a JSON object is kept in rawArguments with empty arguments. An empty id
// gets a generated one, so that the tool result can name its call.
ToolCall toolCall(const QString& id, const QString& name, const QJsonValue& arguments);

// prompt_tokens and completion_tokens of a "usage" object onto the message, when present.
void takeUsage(const QJsonObject& usage, Message* message);

// choices[0].message of a non-streamed completion, with usage; false and a sentence when it is not one.
bool parseCompletion(const QByteArray& body, Message* message, QString* error);

// The server's own words from an error body ({"error": {"message"}}, {"message"}, {"detail"}, short plain text),
// or empty.
QString serverErrorMessage(const QByteArray& body);
QString serverErrorMessage(const QJsonObject& body);

// "The endpoint answered HTTP 503: what it said", with the reason phrase when it said nothing, and a hint to
// the key's variable on 401.
QString httpErrorSentence(
    int status, const QByteArray& reasonPhrase, const QByteArray& body, const QString& apiKeyVariable);

// "The endpoint's answer is not JSON (ERROR at byte N)"; for HTML, a hint that the base URL is wrong.
QString notJsonSentence(const QByteArray& text, const QJsonParseError& error, qint64 offsetInAnswer);

} // namespace kwb::agent::chat
