#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <optional>

class QSettings;

namespace kwb::agent {

// One OpenAI-compatible Chat Completions endpoint (vLLM, SGLang, a hosted API) and how to sample from it.
// The API key is read only to build the Authorization header: it is never part of samplingJson(), a
// Provenance, a Message or an error sentence.
struct ChatEndpoint
{
    QString name = QStringLiteral("default"); // the settings group; no '/'
    QUrl baseUrl { QStringLiteral("http://127.0.0.1:8000/v1") };
    QString model;
    // Unset: not sent, so the server's default applies (vLLM takes the model's generation_config).
    std::optional<double> temperature;
    std::optional<double> topP;
    std::optional<int> maxTokens;
    std::optional<qint64> seed;
    QJsonObject extraBody; // merged into each request as-is, e.g. top_k or chat_template_kwargs
    bool stream = true;
    int requestTimeoutMs = 300000; // no byte for this long: the try is aborted (and retried)
    int maxRetries = 3; // tries after the first
    QString apiKeyVariable = QStringLiteral("OPENAI_API_KEY"); // environment variable holding the key
    QString apiKey; // from settings (stored in plain text); wins over the variable when set

    // The key the requests carry: apiKey when set, else the variable's value, else empty (no header).
    QString resolvedApiKey() const;
    // {base}/PATH, whether or not baseUrl ends with '/'.
    QUrl url(const QString& path) const;
    // The base URL without user name or password, for sentences shown to the user.
    QString displayUrl() const;
    // Provenance.sampling: model parameters only (temperature, top_p, max_tokens, seed, extra), never the key.
    QJsonObject samplingJson() const;

    // Endpoints live in QSettings under agent/endpoints/NAME.
    static QStringList savedNames(QSettings& settings);
    static ChatEndpoint load(QSettings& settings, const QString& name);
    void save(QSettings& settings) const;
    static void remove(QSettings& settings, const QString& name);

    bool operator==(const ChatEndpoint&) const = default;
};

} // namespace kwb::agent
