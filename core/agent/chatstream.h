#pragma once

#include "model/message.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

class QJsonObject;

namespace kwb::agent {

// A streamed Chat Completions answer: server-sent events ("data: {...}" lines, "data: [DONE]") in, text and
// reasoning deltas out, and at the end the assembled assistant message. Content, reasoning_content (vLLM,
// SGLang, DeepSeek) or reasoning, and tool-call fragments by index (id and name first, then pieces of the
// arguments) accumulate; usage comes from the chunk that carries it (stream_options.include_usage).
class ChatStream
{
public:
    struct Delta
    {
        QString text;
        QString reasoning;
    };

    // The next bytes of the body, split anywhere; returns what they add, one delta per chunk with content.
    QList<Delta> feed(const QByteArray& bytes);
    // The body ended: an event without its blank line is still read.
    QList<Delta> finish();

    bool isDone() const { return m_done; } // [DONE] arrived
    // Set when the stream cannot be used (a chunk that is not JSON, an error event); a sentence without period.
    const QString& error() const { return m_error; }
    bool errorIsRetryable() const { return m_errorRetryable; }
    // Whatever arrived (complete once isDone()); the caller sets the latency.
    Message message() const;

private:
    struct PendingCall
    {
        QString id;
        QString name;
        QString arguments;
    };
    void readLines(QList<Delta>* deltas);
    void dispatch(QList<Delta>* deltas);
    void readChunk(const QJsonObject& chunk, QList<Delta>* deltas);

    QByteArray m_buffer;
    qint64 m_bufferOffset = 0; // position of m_buffer[0] in the whole body, for error sentences
    QByteArray m_data; // the data lines of the event being read
    qint64 m_dataOffset = -1;
    QString m_text;
    QString m_reasoning;
    QMap<int, PendingCall> m_calls; // by the index the server gave
    qint64 m_promptTokens = -1;
    qint64 m_completionTokens = -1;
    bool m_done = false;
    QString m_error;
    bool m_errorRetryable = false;
};

} // namespace kwb::agent
