#pragma once

#include "chatendpoint.h"

#include <QObject>

class QNetworkAccessManager;
class QNetworkReply;

namespace kwb::agent {

// Whether an endpoint answers and serves its model: GET {base}/models, and where the server has no /models
// (404, 405) a one-token completion. Ends with exactly one finished(); no retries. The sentence never holds
// the API key.
class ConnectionTest : public QObject
{
    Q_OBJECT
public:
    ConnectionTest(QNetworkAccessManager* network, const ChatEndpoint& endpoint, QObject* parent = nullptr);
    ~ConnectionTest() override; // a request still going is aborted, without signals

    void start();

Q_SIGNALS:
    void finished(bool ok, const QString& sentence);
    void modelsListed(const QStringList& models); // what GET /models named, before finished()

private:
    void send(bool completion);
    void answered();
    void modelsAnswered(const QByteArray& body);
    void completionAnswered(const QByteArray& body);
    void end(bool ok, const QString& sentence);

    QNetworkAccessManager* m_network;
    ChatEndpoint m_endpoint;
    QString m_apiKey;
    QNetworkReply* m_reply = nullptr;
    bool m_completion = false; // the fallback is under way
};

} // namespace kwb::agent
