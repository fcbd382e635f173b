#include "connectiontest.h"

#include "chatcompletion.h"
#include "chatrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <algorithm>

namespace kwb::agent {

namespace {
constexpr int kLongestWaitMs = 30000; // a settings page should not wait minutes for a verdict
} // namespace

ConnectionTest::ConnectionTest(QNetworkAccessManager* network, const ChatEndpoint& endpoint, QObject* parent)
    : QObject(parent)
    , m_network(network)
    , m_endpoint(endpoint)
    , m_apiKey(endpoint.resolvedApiKey())
{ }

ConnectionTest::~ConnectionTest()
{
    if (!m_reply)
        return;
    m_reply->disconnect(this);
    m_reply->abort();
    m_reply->deleteLater();
}

void ConnectionTest::start()
{
    send(false);
}

void ConnectionTest::send(bool completion)
{
    m_completion = completion;
    QNetworkRequest request = chat::networkRequest(
        m_endpoint, completion ? QStringLiteral("chat/completions") : QStringLiteral("models"), m_apiKey);
    request.setTransferTimeout(std::clamp(m_endpoint.requestTimeoutMs, 1, kLongestWaitMs));
    if (completion) {
        const QJsonObject body {
            { QStringLiteral("model"), m_endpoint.model },
            { QStringLiteral("messages"),
                QJsonArray { QJsonObject {
                    { QStringLiteral("role"), QStringLiteral("user") },
                    { QStringLiteral("content"), QStringLiteral("Say OK.") },
                } } },
            { QStringLiteral("max_tokens"), 1 },
            { QStringLiteral("stream"), false },
        };
        m_reply = m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    } else {
        m_reply = m_network->get(request);
    }
    connect(m_reply, &QNetworkReply::finished, this, &ConnectionTest::answered);
}

void ConnectionTest::answered()
{
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    reply->deleteLater();
    const QByteArray body = reply->readAll();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0) {
        end(false,
            reply->error() == QNetworkReply::OperationCanceledError
                ? tr("The endpoint at %1 did not answer within %n second(s).", nullptr,
                    std::clamp(m_endpoint.requestTimeoutMs, 1, kLongestWaitMs) / 1000)
                      .arg(m_endpoint.displayUrl())
                : tr("Could not reach the endpoint at %1: %2.").arg(m_endpoint.displayUrl(), reply->errorString()));
        return;
    }
    if (!m_completion && (status == 404 || status == 405)) {
        send(true);
        return;
    }
    if (status < 200 || status >= 300) {
        end(false,
            chat::httpErrorSentence(status, reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray(),
                body, m_endpoint.apiKeyVariable)
                + QLatin1Char('.'));
        return;
    }
    if (m_completion)
        completionAnswered(body);
    else
        modelsAnswered(body);
}

void ConnectionTest::modelsAnswered(const QByteArray& body)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        end(false, chat::notJsonSentence(body, parseError, 0) + QLatin1Char('.'));
        return;
    }
    QStringList models;
    for (const QJsonValue& v : doc.object().value(QLatin1String("data")).toArray())
        models.append(v.toObject().value(QLatin1String("id")).toString());
    if (!models.isEmpty())
        Q_EMIT modelsListed(models);
    const QString served = models.isEmpty() ? tr("no models") : models.join(QStringLiteral(", "));
    if (m_endpoint.model.isEmpty())
        end(false,
            tr("The endpoint at %1 answers; choose a model (it serves %2).").arg(m_endpoint.displayUrl(), served));
    else if (models.contains(m_endpoint.model))
        end(true, tr("The endpoint at %1 answers and serves %2.").arg(m_endpoint.displayUrl(), m_endpoint.model));
    else
        end(false,
            tr("The endpoint at %1 answers but does not serve %2; it serves %3.")
                .arg(m_endpoint.displayUrl(), m_endpoint.model, served));
}

void ConnectionTest::completionAnswered(const QByteArray& body)
{
    Message message;
    QString error;
    if (!chat::parseCompletion(body, &message, &error)) {
        end(false, error + QLatin1Char('.'));
        return;
    }
    end(true, tr("The endpoint at %1 answers as %2.").arg(m_endpoint.displayUrl(), m_endpoint.model));
}

void ConnectionTest::end(bool ok, const QString& sentence)
{
    Q_EMIT finished(ok, chat::withoutKey(sentence, m_apiKey));
}

} // namespace kwb::agent
