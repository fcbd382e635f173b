#pragma once

#include "chatendpoint.h"
#include "policy.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkRequest>

// The request side of the Chat Completions wire format.
namespace kwb::agent::chat {

// kwb messages as Chat Completions messages. Reasoning is not sent back (DeepSeek's API refuses it, vLLM
// drops it). A past call whose arguments were not a JSON object goes back as "{}": vLLM parses the
// arguments of past calls and refuses the whole request when they are not JSON; the tool result that
// answered the call says what the model wrote.
QJsonArray wireMessages(const QList<Message>& messages);

// The POST body for {base}/chat/completions: model, messages, tools (when any), the endpoint's sampling
// parameters, stream (with usage in the last chunk) and the endpoint's extra fields.
QJsonObject requestBody(const ChatEndpoint& endpoint, const PolicyContext& context);

// A request for {base}/PATH with a JSON content type and, when apiKey is not empty, "Authorization: Bearer".
QNetworkRequest networkRequest(const ChatEndpoint& endpoint, const QString& path, const QString& apiKey);

// The text with every occurrence of the key replaced: for sentences built from what a server said.
QString withoutKey(QString text, const QString& apiKey);

} // namespace kwb::agent::chat
