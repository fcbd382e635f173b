#pragma once

#include "model/message.h"
#include "model/provenance.h"

#include <QJsonArray>
#include <QList>
#include <QObject>

namespace kwb::agent {

// What a policy sees when it produces the next assistant message of a branch.
struct PolicyContext
{
    QList<Message> conversation; // system and user prompt, then each turn's assistant message and tool results
    QJsonArray tools; // the tools offered, in the Chat Completions "tools" form
    int turn = 0; // the index (depth) of the turn being produced
};

// A source of assistant messages: a model behind an OpenAI-compatible endpoint, a trajectory's recorded
// responses, or a script. Asynchronous: next() starts one response; exactly one of replied() or failed()
// follows, or nothing after cancel(). partial() streams text while a response is being produced; after
// retrying() the text streamed so far is void and partial() starts again from nothing.
class Policy : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~Policy() override = default;

    // How turns produced by this policy are marked (kind, agent, model, sampling parameters).
    virtual Provenance provenance() const = 0;
    virtual void next(const PolicyContext& context) = 0;
    virtual void cancel() = 0;

Q_SIGNALS:
    void partial(const QString& textDelta, const QString& reasoningDelta);
    // A try failed for a reason worth another (the endpoint busy, a cut stream); the next starts after delayMs.
    // attempt counts from 1, so the first retry is attempt 2.
    void retrying(const QString& reason, int attempt, int delayMs);
    // The complete assistant message, with tool calls, token usage and latency when known.
    void replied(const kwb::Message& assistant);
    // One sentence: what went wrong after retries (the endpoint, the network, a malformed answer).
    void failed(const QString& message);
};

// The tool result that answers a call whose arguments were not a JSON object (ToolCall::rawArguments), for the
// engine to record as the call's error. It is read by the model, so it stays in English.
inline QString invalidArgumentsResult(const ToolCall& call)
{
    constexpr qsizetype kQuoted = 400; // enough for the model to see what it wrote
    const QString raw = call.rawArguments.size() > kQuoted ? call.rawArguments.left(kQuoted) + QStringLiteral("...")
                                                           : call.rawArguments;
    return QStringLiteral("Error: you called %1 with arguments that are not a JSON object: %2").arg(call.name, raw);
}

} // namespace kwb::agent
