#include "chatpolicy.h"

#include "chatcompletion.h"
#include "chatrequest.h"
#include "connectiontest.h"

#include <QDateTime>
#include <QHostAddress>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <algorithm>

namespace kwb::agent {

namespace {

// Retry-After in seconds or as an HTTP date; 0 when absent or unreadable.
int retryAfterMs(const QNetworkReply* reply)
{
    const QByteArray value = reply->rawHeader(QByteArrayLiteral("Retry-After")).trimmed();
    if (value.isEmpty())
        return 0;
    bool isNumber = false;
    const double seconds = value.toDouble(&isNumber);
    if (isNumber)
        return int(std::clamp(seconds, 0.0, 3600.0) * 1000);
    const QDateTime when = QDateTime::fromString(QString::fromLatin1(value), Qt::RFC2822Date);
    return when.isValid() ? int(std::clamp<qint64>(QDateTime::currentDateTimeUtc().msecsTo(when), 0, 3600000)) : 0;
}

bool isLoopback(const QUrl& url)
{
    const QString host = url.host();
    return host == QLatin1String("localhost") || QHostAddress(host).isLoopback();
}

bool retryableStatus(int status)
{
    return status == 408 || status == 429 || status >= 500;
}

} // namespace

ChatPolicy::ChatPolicy(const ChatEndpoint& endpoint, QObject* parent)
    : Policy(parent)
    , m_network(new QNetworkAccessManager(this))
{
    m_idleTimer.setSingleShot(true);
    m_retryTimer.setSingleShot(true);
    m_retryTimer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire before the server's Retry-After
    connect(&m_idleTimer, &QTimer::timeout, this, &ChatPolicy::idleTimeout);
    connect(&m_retryTimer, &QTimer::timeout, this, &ChatPolicy::startTry);
    setEndpoint(endpoint);
}

ChatPolicy::~ChatPolicy()
{
    cancel();
    // Connection tests (also those waiting for deleteLater) go before the network manager, which owns their replies.
    qDeleteAll(findChildren<ConnectionTest*>(Qt::FindDirectChildrenOnly));
}

void ChatPolicy::setEndpoint(const ChatEndpoint& endpoint)
{
    m_endpoint = endpoint;
    // A server on this machine is never reached through the proxy of http_proxy.
    m_network->setProxy(isLoopback(endpoint.baseUrl) ? QNetworkProxy(QNetworkProxy::NoProxy) : QNetworkProxy());
}

void ChatPolicy::setRetryDelays(int firstMs, int maxMs)
{
    m_firstRetryDelayMs = std::max(0, firstMs);
    m_maxRetryDelayMs = std::max(m_firstRetryDelayMs, maxMs);
}

Provenance ChatPolicy::provenance() const
{
    Provenance p;
    p.kind = Provenance::Kind::Agent;
    p.agent = QStringLiteral("openai-chat");
    p.model = m_endpoint.model;
    p.sampling = m_endpoint.samplingJson();
    return p;
}

void ChatPolicy::next(const PolicyContext& context)
{
    cancel();
    m_apiKey = m_endpoint.resolvedApiKey();
    m_requestBody = QJsonDocument(chat::requestBody(m_endpoint, context)).toJson(QJsonDocument::Compact);
    m_try = 0;
    startTry();
}

void ChatPolicy::cancel()
{
    ++m_run;
    m_retryTimer.stop();
    dropReply();
}

void ChatPolicy::dropReply()
{
    m_idleTimer.stop();
    if (!m_reply)
        return;
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
}

void ChatPolicy::startTry()
{
    ++m_try;
    m_stream = ChatStream();
    m_answer.clear();
    m_answerMode = 0;
    QNetworkRequest request = chat::networkRequest(m_endpoint, QStringLiteral("chat/completions"), m_apiKey);
    request.setRawHeader(QByteArrayLiteral("Accept"),
        m_endpoint.stream ? QByteArrayLiteral("text/event-stream") : QByteArrayLiteral("application/json"));
    m_clock.start();
    m_reply = m_network->post(request, m_requestBody);
    const auto stillWaiting = [this] { m_idleTimer.start(); };
    connect(m_reply, &QNetworkReply::readyRead, this, &ChatPolicy::readAnswer);
    connect(m_reply, &QNetworkReply::finished, this, &ChatPolicy::tryFinished);
    connect(m_reply, &QNetworkReply::uploadProgress, this, stillWaiting);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, stillWaiting);
    m_idleTimer.start(std::max(1, m_endpoint.requestTimeoutMs));
}

bool ChatPolicy::answerIsStream() const
{
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray type = m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    // A server that ignored "stream" answers with one JSON document, which is read as such.
    return status >= 200 && status < 300 && m_endpoint.stream && !type.contains("application/json");
}

void ChatPolicy::readAnswer()
{
    m_idleTimer.start();
    if (m_answerMode == 0)
        m_answerMode = answerIsStream() ? 1 : 2;
    const QByteArray bytes = m_reply->readAll();
    if (m_answerMode == 2) {
        m_answer += bytes;
        return;
    }
    const quint64 run = m_run;
    for (const ChatStream::Delta& delta : m_stream.feed(bytes)) {
        Q_EMIT partial(delta.text, delta.reasoning);
        if (run != m_run) // a receiver cancelled or started anew
            return;
    }
    if (!m_stream.error().isEmpty())
        endTry(m_stream.error(), m_stream.errorIsRetryable());
}

void ChatPolicy::tryFinished()
{
    const quint64 run = m_run;
    if (m_reply->bytesAvailable() > 0)
        readAnswer();
    if (run != m_run || !m_reply)
        return; // the last bytes ended the try, or a receiver of partial() cancelled it
    QNetworkReply* reply = m_reply;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) {
        const QString reason
            = tr("Could not reach the endpoint at %1: %2").arg(m_endpoint.displayUrl(), reply->errorString());
        endTry(reason, reply->error() != QNetworkReply::SslHandshakeFailedError);
        return;
    }
    if (status < 200 || status >= 300) {
        const QString reason = chat::httpErrorSentence(status,
            reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray(), m_answer,
            m_endpoint.apiKeyVariable);
        endTry(reason, retryableStatus(status), retryAfterMs(reply));
        return;
    }
    if (m_answerMode == 0) // no body at all
        m_answerMode = answerIsStream() ? 1 : 2;
    Message message;
    if (m_answerMode == 1) {
        for (const ChatStream::Delta& delta : m_stream.finish()) {
            Q_EMIT partial(delta.text, delta.reasoning);
            if (run != m_run)
                return;
        }
        if (!m_stream.error().isEmpty()) {
            endTry(m_stream.error(), m_stream.errorIsRetryable());
            return;
        }
        if (!m_stream.isDone()) {
            endTry(tr("The stream ended before [DONE]"), true);
            return;
        }
        message = m_stream.message();
    } else {
        QString error;
        if (reply->error() != QNetworkReply::NoError) {
            endTry(tr("The connection to %1 broke off: %2").arg(m_endpoint.displayUrl(), reply->errorString()), true);
            return;
        }
        if (!chat::parseCompletion(m_answer, &message, &error)) {
            endTry(error, false);
            return;
        }
    }
    message.latencyMs = m_clock.elapsed();
    dropReply();
    Q_EMIT replied(message);
}

void ChatPolicy::idleTimeout()
{
    if (m_reply && m_answerMode == 1 && m_stream.isDone()) {
        tryFinished(); // [DONE] arrived and the server holds the connection open: the answer is whole
        return;
    }
    const int ms = m_endpoint.requestTimeoutMs;
    endTry(ms % 1000 == 0 ? tr("The endpoint sent nothing for %n second(s)", nullptr, ms / 1000)
                          : tr("The endpoint sent nothing for %1 ms").arg(ms),
        true);
}

void ChatPolicy::endTry(const QString& reason, bool retryable, int retryAfterMs)
{
    dropReply();
    const QString sentence = chat::withoutKey(reason, m_apiKey);
    if (retryable && m_try <= m_endpoint.maxRetries) {
        const qint64 backoff = qint64(m_firstRetryDelayMs) << std::min(m_try - 1, 20);
        const int delay = int(std::min<qint64>(std::max<qint64>(backoff, retryAfterMs), m_maxRetryDelayMs));
        const quint64 run = m_run;
        Q_EMIT retrying(sentence, m_try + 1, delay);
        if (run == m_run)
            m_retryTimer.start(delay);
        return;
    }
    Q_EMIT failed(m_try > 1 ? tr("%1 (tried %n times).", nullptr, m_try).arg(sentence) : sentence + QLatin1Char('.'));
}

void ChatPolicy::testConnection()
{
    if (m_connectionTest) { // a test still going is dropped quietly; this may run inside its signal
        m_connectionTest->disconnect(this);
        m_connectionTest->deleteLater();
    }
    m_connectionTest = new ConnectionTest(m_network, m_endpoint, this);
    connect(m_connectionTest, &ConnectionTest::modelsListed, this, &ChatPolicy::modelsListed);
    connect(m_connectionTest, &ConnectionTest::finished, this, [this](bool ok, const QString& sentence) {
        m_connectionTest->deleteLater();
        Q_EMIT connectionTested(ok, sentence);
    });
    m_connectionTest->start();
}

} // namespace kwb::agent
