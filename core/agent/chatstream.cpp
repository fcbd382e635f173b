#include "chatstream.h"

#include "chatcompletion.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace kwb::agent {

QList<ChatStream::Delta> ChatStream::feed(const QByteArray& bytes)
{
    QList<Delta> deltas;
    if (m_done || !m_error.isEmpty())
        return deltas;
    m_buffer += bytes;
    readLines(&deltas);
    return deltas;
}

QList<ChatStream::Delta> ChatStream::finish()
{
    QList<Delta> deltas;
    if (m_done || !m_error.isEmpty())
        return deltas;
    if (!m_buffer.isEmpty()) {
        m_buffer += '\n';
        readLines(&deltas);
    }
    if (!m_data.isEmpty())
        dispatch(&deltas);
    return deltas;
}

void ChatStream::readLines(QList<Delta>* deltas)
{
    qsizetype start = 0;
    for (qsizetype end = m_buffer.indexOf('\n'); end >= 0 && !m_done && m_error.isEmpty();
         end = m_buffer.indexOf('\n', start)) {
        QByteArray line = m_buffer.mid(start, end - start);
        const qint64 lineOffset = m_bufferOffset + start;
        start = end + 1;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.isEmpty()) {
            dispatch(deltas);
        } else if (line.startsWith("data:")) {
            const qsizetype skip = line.startsWith("data: ") ? 6 : 5;
            if (m_dataOffset < 0)
                m_dataOffset = lineOffset + skip;
            if (!m_data.isEmpty())
                m_data += '\n';
            m_data += line.mid(skip);
        } // comments (":" keep-alives), "event:", "id:" and "retry:" lines carry nothing for us
    }
    m_buffer.remove(0, start);
    m_bufferOffset += start;
}

void ChatStream::dispatch(QList<Delta>* deltas)
{
    const QByteArray data = m_data.trimmed();
    const qint64 offset = m_dataOffset;
    m_data.clear();
    m_dataOffset = -1;
    if (data.isEmpty())
        return;
    if (data == "[DONE]") {
        m_done = true;
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        m_error = chat::notJsonSentence(data, parseError, offset);
        return;
    }
    readChunk(doc.object(), deltas);
}

void ChatStream::readChunk(const QJsonObject& chunk, QList<Delta>* deltas)
{
    const bool errorEvent = chunk.contains(QLatin1String("error"))
        || chunk.value(QLatin1String("object")).toString() == QLatin1String("error"); // older vLLM
    if (errorEvent) {
        const QJsonValue nested = chunk.value(QLatin1String("error"));
        const QJsonObject error = nested.isObject() ? nested.toObject() : chunk;
        const int code = error.value(QLatin1String("code")).toInt(0);
        m_errorRetryable = code == 0 || code == 408 || code == 429 || code >= 500;
        m_error = QCoreApplication::translate("kwb::agent::ChatPolicy", "The endpoint reported an error mid-stream: %1")
                      .arg(chat::serverErrorMessage(chunk));
        return;
    }
    if (chunk.value(QLatin1String("usage")).isObject()) {
        Message usage;
        chat::takeUsage(chunk.value(QLatin1String("usage")).toObject(), &usage);
        m_promptTokens = usage.promptTokens >= 0 ? usage.promptTokens : m_promptTokens;
        m_completionTokens = usage.completionTokens >= 0 ? usage.completionTokens : m_completionTokens;
    }
    const QJsonObject delta
        = chunk.value(QLatin1String("choices")).toArray().first().toObject().value(QLatin1String("delta")).toObject();
    Delta d;
    d.text = delta.value(QLatin1String("content")).toString();
    d.reasoning = delta.value(QLatin1String("reasoning_content")).toString();
    if (d.reasoning.isEmpty())
        d.reasoning = delta.value(QLatin1String("reasoning")).toString();
    const QJsonArray calls = delta.value(QLatin1String("tool_calls")).toArray();
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const QJsonObject call = calls.at(i).toObject();
        PendingCall& pending = m_calls[call.value(QLatin1String("index")).toInt(int(i))];
        if (pending.id.isEmpty())
            pending.id = call.value(QLatin1String("id")).toString();
        const QJsonObject function = call.value(QLatin1String("function")).toObject();
        if (pending.name.isEmpty())
            pending.name = function.value(QLatin1String("name")).toString();
        const QJsonValue arguments = function.value(QLatin1String("arguments"));
        if (arguments.isObject()) // a lenient server's whole object at once
            pending.arguments = QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact));
        else
            pending.arguments += arguments.toString();
    }
    if (d.text.isEmpty() && d.reasoning.isEmpty())
        return;
    m_text += d.text;
    m_reasoning += d.reasoning;
    deltas->append(d);
}

Message ChatStream::message() const
{
    Message m;
    m.role = Message::Role::Assistant;
    m.text = m_text;
    m.reasoning = m_reasoning;
    for (const PendingCall& call : m_calls)
        m.toolCalls.append(chat::toolCall(call.id, call.name, call.arguments));
    m.promptTokens = m_promptTokens;
    m.completionTokens = m_completionTokens;
    return m;
}

} // namespace kwb::agent
