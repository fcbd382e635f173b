#include "secretredactor.h"

#include "runner/childprocess.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace kwb {

namespace {

constexpr qsizetype kShortestSecret = 8;

} // namespace

SecretRedactor::SecretRedactor(const QProcessEnvironment& environment)
{
    for (const QString& name : environment.keys()) {
        const QString value = environment.value(name);
        if (value.size() >= kShortestSecret && looksSecret(name))
            m_secrets.append({ name, value });
    }
    std::sort(m_secrets.begin(), m_secrets.end(), [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
}

bool SecretRedactor::looksSecret(const QString& name)
{
    return runner::looksSecret(name.toStdString());
}

QStringList SecretRedactor::names() const
{
    QStringList out;
    for (const auto& [name, value] : m_secrets)
        out << name;
    return out;
}

QString SecretRedactor::redact(QString text) const
{
    for (const auto& [name, value] : m_secrets) {
        if (text.contains(value))
            text.replace(value, QStringLiteral("[redacted %1]").arg(name));
    }
    return text;
}

QJsonValue SecretRedactor::redact(const QJsonValue& value) const
{
    if (m_secrets.isEmpty())
        return value;
    if (value.isString())
        return redact(value.toString());
    if (value.isObject())
        return redact(value.toObject());
    if (value.isArray())
        return redact(value.toArray());
    return value;
}

QJsonObject SecretRedactor::redact(const QJsonObject& object) const
{
    if (m_secrets.isEmpty())
        return object;
    QJsonObject out;
    for (auto it = object.begin(); it != object.end(); ++it)
        out.insert(redact(it.key()), redact(it.value()));
    return out;
}

QJsonArray SecretRedactor::redact(const QJsonArray& array) const
{
    if (m_secrets.isEmpty())
        return array;
    QJsonArray out;
    for (const QJsonValue& v : array)
        out.append(redact(v));
    return out;
}

} // namespace kwb
