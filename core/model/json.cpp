#include "json.h"

#include <cmath>

namespace kwb::json {

void Reader::fail(const QString& message)
{
    if (m_error.isEmpty())
        m_error = message;
}

void Reader::typeError(QLatin1StringView key, const char* expected)
{
    fail(QStringLiteral("field \"%1\" must be %2").arg(key, QLatin1String(expected)));
}

QString Reader::string(const QJsonObject& o, QLatin1StringView key, const QString& fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isString()) {
        typeError(key, "a string");
        return fallback;
    }
    return v.toString();
}

QDateTime Reader::dateTime(const QJsonObject& o, QLatin1StringView key)
{
    const QString text = string(o, key);
    if (text.isEmpty())
        return {};
    const QDateTime value = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!value.isValid())
        fail(QStringLiteral("\"%1\" is not an ISO 8601 date: %2").arg(key, text));
    return value;
}

QString Reader::requiredString(const QJsonObject& o, QLatin1StringView key)
{
    if (!o.contains(key)) {
        fail(QStringLiteral("field \"%1\" is missing").arg(key));
        return {};
    }
    return string(o, key);
}

double Reader::number(const QJsonObject& o, QLatin1StringView key, double fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isDouble()) {
        typeError(key, "a number");
        return fallback;
    }
    return v.toDouble();
}

qint64 Reader::integer(const QJsonObject& o, QLatin1StringView key, qint64 fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d)) {
        typeError(key, "an integer");
        return fallback;
    }
    return v.toInteger();
}

bool Reader::boolean(const QJsonObject& o, QLatin1StringView key, bool fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isBool()) {
        typeError(key, "true or false");
        return fallback;
    }
    return v.toBool();
}

QJsonObject Reader::object(const QJsonObject& o, QLatin1StringView key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isObject()) {
        typeError(key, "an object");
        return {};
    }
    return v.toObject();
}

QJsonArray Reader::array(const QJsonObject& o, QLatin1StringView key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isArray()) {
        typeError(key, "an array");
        return {};
    }
    return v.toArray();
}

QStringList Reader::stringList(const QJsonObject& o, QLatin1StringView key)
{
    QStringList out;
    const QJsonArray a = array(o, key);
    for (const QJsonValue& v : a) {
        if (!v.isString()) {
            typeError(key, "an array of strings");
            return {};
        }
        out.append(v.toString());
    }
    return out;
}

void Reader::strings(const QJsonObject& o, Members<QString*> members)
{
    for (const auto& [key, value] : members)
        *value = string(o, key);
}

void Reader::numbers(const QJsonObject& o, Members<double*> members, double fallback)
{
    for (const auto& [key, value] : members)
        *value = number(o, key, fallback);
}

void Reader::integers(const QJsonObject& o, Members<qint64*> members, qint64 fallback)
{
    for (const auto& [key, value] : members)
        *value = integer(o, key, fallback);
}

void putNumbers(QJsonObject& o, Members<double> members)
{
    for (const auto& [key, value] : members)
        putOptional(o, key, value);
}

void putIntegers(QJsonObject& o, Members<qint64> members)
{
    for (const auto& [key, value] : members)
        putOptional(o, key, value);
}

void putStrings(QJsonObject& o, Members<QString> members)
{
    for (const auto& [key, value] : members)
        putNonEmpty(o, key, value);
}

void putOptional(QJsonObject& o, QLatin1StringView key, double value)
{
    if (!std::isnan(value))
        o.insert(key, value);
}

void putOptional(QJsonObject& o, QLatin1StringView key, qint64 value)
{
    if (value >= 0)
        o.insert(key, value);
}

void putNonEmpty(QJsonObject& o, QLatin1StringView key, const QString& value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

void putNonEmpty(QJsonObject& o, QLatin1StringView key, const QStringList& value)
{
    if (!value.isEmpty())
        o.insert(key, toArray(value));
}

void putNonEmpty(QJsonObject& o, QLatin1StringView key, const QJsonObject& value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

QJsonArray toArray(const QStringList& list)
{
    QJsonArray a;
    for (const QString& s : list)
        a.append(s);
    return a;
}

} // namespace kwb::json
