#include "chatendpoint.h"

#include <QJsonDocument>
#include <QSettings>
#include <type_traits>

namespace kwb::agent {

namespace {

const QString kGroup = QStringLiteral("agent/endpoints");

template<typename T> void putOptional(QJsonObject& o, const QString& key, const std::optional<T>& value)
{
    if (!value)
        return;
    if constexpr (std::is_integral_v<T>)
        o.insert(key, qint64(*value)); // exact: QJsonValue keeps 64-bit integers
    else
        o.insert(key, *value);
}

template<typename T> void saveOptional(QSettings& s, const QString& key, const std::optional<T>& value)
{
    if (value)
        s.setValue(key, QVariant::fromValue(*value));
    else
        s.remove(key);
}

template<typename T> std::optional<T> loadOptional(const QSettings& s, const QString& key)
{
    const QVariant v = s.value(key);
    bool ok = false;
    T value {};
    if constexpr (std::is_same_v<T, double>)
        value = v.toDouble(&ok);
    else if constexpr (std::is_same_v<T, int>)
        value = v.toInt(&ok);
    else
        value = v.toLongLong(&ok);
    return v.isValid() && ok ? std::optional<T>(value) : std::nullopt;
}

} // namespace

QString ChatEndpoint::resolvedApiKey() const
{
    if (!apiKey.isEmpty())
        return apiKey;
    return apiKeyVariable.isEmpty() ? QString() : qEnvironmentVariable(apiKeyVariable.toLocal8Bit().constData());
}

QUrl ChatEndpoint::url(const QString& path) const
{
    QUrl u = baseUrl;
    QString base = u.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    u.setPath(base + QLatin1Char('/') + path);
    return u;
}

QString ChatEndpoint::displayUrl() const
{
    return baseUrl.toString(QUrl::RemoveUserInfo);
}

QJsonObject ChatEndpoint::samplingJson() const
{
    QJsonObject o;
    putOptional(o, QStringLiteral("temperature"), temperature);
    putOptional(o, QStringLiteral("top_p"), topP);
    putOptional(o, QStringLiteral("max_tokens"), maxTokens);
    putOptional(o, QStringLiteral("seed"), seed);
    if (!extraBody.isEmpty())
        o.insert(QStringLiteral("extra"), extraBody);
    return o;
}

QStringList ChatEndpoint::savedNames(QSettings& settings)
{
    settings.beginGroup(kGroup);
    const QStringList names = settings.childGroups();
    settings.endGroup();
    return names;
}

ChatEndpoint ChatEndpoint::load(QSettings& settings, const QString& name)
{
    ChatEndpoint e;
    e.name = name;
    settings.beginGroup(kGroup + QLatin1Char('/') + name);
    e.baseUrl = QUrl(settings.value(QStringLiteral("baseUrl"), e.baseUrl.toString()).toString());
    e.model = settings.value(QStringLiteral("model")).toString();
    e.temperature = loadOptional<double>(settings, QStringLiteral("temperature"));
    e.topP = loadOptional<double>(settings, QStringLiteral("topP"));
    e.maxTokens = loadOptional<int>(settings, QStringLiteral("maxTokens"));
    e.seed = loadOptional<qint64>(settings, QStringLiteral("seed"));
    e.extraBody = QJsonDocument::fromJson(settings.value(QStringLiteral("extraBody")).toByteArray()).object();
    e.stream = settings.value(QStringLiteral("stream"), e.stream).toBool();
    e.requestTimeoutMs = settings.value(QStringLiteral("requestTimeoutMs"), e.requestTimeoutMs).toInt();
    e.maxRetries = settings.value(QStringLiteral("maxRetries"), e.maxRetries).toInt();
    e.apiKeyVariable = settings.value(QStringLiteral("apiKeyVariable"), e.apiKeyVariable).toString();
    e.apiKey = settings.value(QStringLiteral("apiKey")).toString();
    settings.endGroup();
    return e;
}

void ChatEndpoint::save(QSettings& settings) const
{
    settings.beginGroup(kGroup + QLatin1Char('/') + name);
    settings.setValue(QStringLiteral("baseUrl"), baseUrl.toString());
    settings.setValue(QStringLiteral("model"), model);
    saveOptional(settings, QStringLiteral("temperature"), temperature);
    saveOptional(settings, QStringLiteral("topP"), topP);
    saveOptional(settings, QStringLiteral("maxTokens"), maxTokens);
    saveOptional(settings, QStringLiteral("seed"), seed);
    if (extraBody.isEmpty())
        settings.remove(QStringLiteral("extraBody"));
    else
        settings.setValue(QStringLiteral("extraBody"), QJsonDocument(extraBody).toJson(QJsonDocument::Compact));
    settings.setValue(QStringLiteral("stream"), stream);
    settings.setValue(QStringLiteral("requestTimeoutMs"), requestTimeoutMs);
    settings.setValue(QStringLiteral("maxRetries"), maxRetries);
    settings.setValue(QStringLiteral("apiKeyVariable"), apiKeyVariable);
    if (apiKey.isEmpty())
        settings.remove(QStringLiteral("apiKey"));
    else
        settings.setValue(QStringLiteral("apiKey"), apiKey);
    settings.endGroup();
}

void ChatEndpoint::remove(QSettings& settings, const QString& name)
{
    settings.remove(kGroup + QLatin1Char('/') + name);
}

} // namespace kwb::agent
