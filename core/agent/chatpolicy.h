#pragma once

#include "chatendpoint.h"
#include "chatstream.h"
#include "policy.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

class QNetworkAccessManager;
class QNetworkReply;

namespace kwb::agent {

class ConnectionTest;

// A model behind an OpenAI-compatible Chat Completions endpoint (vLLM, SGLang, hosted APIs): POST
// {base}/chat/completions with the conversation, the tools and the endpoint's sampling parameters, streamed
// (server-sent events) or not.
//
// - replied(): the assistant message with text, reasoning, tool calls, token usage and latency (ms from the
//   request of the try that succeeded to its last byte).
// - A tool call whose arguments are not a JSON object is replied(), not failed(): the call keeps its name and
//   id, empty arguments and the model's text in ToolCall::rawArguments. Failing would throw away the text,
//   the reasoning, the other calls and the tokens the model spent; the engine records the turn and answers
//   the call with a tool error, as it answers a tool name it does not know (passed through here too).
// - Retries, after retrying(): HTTP 408, 429 and 5xx (waiting at least the server's Retry-After), network
//   errors, no byte for requestTimeoutMs, a stream that ends before [DONE] and error events in the stream.
//   Nothing was recorded yet, so a try is simply repeated. Other HTTP errors and answers that are not JSON
//   fail at once: trying again would give the same answer.
// - failed(): one sentence, which says how often it tried. The API key is only ever in the Authorization
//   header; a server that repeats it in an error has it replaced by "***".
class ChatPolicy : public Policy
{
    Q_OBJECT
public:
    explicit ChatPolicy(const ChatEndpoint& endpoint = {}, QObject* parent = nullptr);
    ~ChatPolicy() override; // a request still going is aborted, without signals

    const ChatEndpoint& endpoint() const { return m_endpoint; }
    // Used from the next request on.
    void setEndpoint(const ChatEndpoint& endpoint);
    // The wait before try n + 1 is firstMs * 2^(n - 1), or the server's Retry-After when longer, at most maxMs.
    void setRetryDelays(int firstMs, int maxMs);

    Provenance provenance() const override; // kind Agent, agent "openai-chat", the model, samplingJson()
    // Starts one response; one still going is cancelled first.
    void next(const PolicyContext& context) override;
    // Aborts the request or the wait before a retry; no signal follows.
    void cancel() override;
    bool isBusy() const { return m_reply || m_retryTimer.isActive(); }

    // For a settings page's "Test connection": GET {base}/models, or a one-token completion where the server
    // has no /models; ends with connectionTested(). Independent of next().
    void testConnection();

Q_SIGNALS:
    void connectionTested(bool ok, const QString& sentence);
    void modelsListed(const QStringList& models); // the models the endpoint serves, when a connection test read them

private:
    void startTry();
    void readAnswer();
    void tryFinished();
    void idleTimeout();
    void endTry(const QString& reason, bool retryable, int retryAfterMs = 0);
    void dropReply();
    bool answerIsStream() const;

    ChatEndpoint m_endpoint;
    QNetworkAccessManager* m_network;
    QNetworkReply* m_reply = nullptr;
    QPointer<ConnectionTest> m_connectionTest;
    QByteArray m_requestBody;
    QString m_apiKey; // resolved at next(), to keep it out of sentences
    ChatStream m_stream;
    QByteArray m_answer; // a whole (non-streamed or error) answer
    int m_answerMode = 0; // 0: not known yet, 1: server-sent events, 2: a whole answer
    QElapsedTimer m_clock;
    QTimer m_idleTimer;
    QTimer m_retryTimer;
    int m_try = 0;
    quint64 m_run = 0; // changes on next() and cancel(): a slot that emitted checks it before going on
    int m_firstRetryDelayMs = 1000;
    int m_maxRetryDelayMs = 60000;
};

} // namespace kwb::agent
