#pragma once

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <utility>

// Small helpers shared by the model's fromJson functions: typed reads that report the field that was wrong.
namespace kwb::json {

// Several members of one object, named by key: the key list a type's toJson and fromJson share in shape.
template<typename V>
using Members = std::initializer_list<std::pair<QLatin1StringView, V>>;

// Collects the first error while a value is read; later errors are ignored so the message names the root cause.
class Reader
{
public:
    QString string(const QJsonObject& o, QLatin1StringView key, const QString& fallback = {});
    QString requiredString(const QJsonObject& o, QLatin1StringView key);
    double number(const QJsonObject& o, QLatin1StringView key, double fallback);
    qint64 integer(const QJsonObject& o, QLatin1StringView key, qint64 fallback);
    bool boolean(const QJsonObject& o, QLatin1StringView key, bool fallback);
    QJsonObject object(const QJsonObject& o, QLatin1StringView key);
    QJsonArray array(const QJsonObject& o, QLatin1StringView key);
    QStringList stringList(const QJsonObject& o, QLatin1StringView key);
    // An ISO 8601 date with milliseconds, as toJson writes it; invalid when absent.
    QDateTime dateTime(const QJsonObject& o, QLatin1StringView key);
    // An array of T, each read by T::fromJson(object, &error); the first entry's error fails the read.
    template<typename T>
    QList<T> items(const QJsonObject& o, QLatin1StringView key)
    {
        QList<T> list;
        QString inner;
        for (const QJsonValue& v : array(o, key)) {
            list.append(T::fromJson(v.toObject(), &inner));
            if (!inner.isEmpty())
                fail(inner);
        }
        return list;
    }

    // Several members at once into the variables given, each read as string(), number() or integer() reads it.
    void strings(const QJsonObject& o, Members<QString*> members);
    void numbers(const QJsonObject& o, Members<double*> members, double fallback);
    void integers(const QJsonObject& o, Members<qint64*> members, qint64 fallback);

    void fail(const QString& message);
    bool ok() const { return m_error.isEmpty(); }
    const QString& error() const { return m_error; }

private:
    void typeError(QLatin1StringView key, const char* expected);

    QString m_error;
};

// Numbers that may be absent: written only when set, so JSON round-trips keep "unknown" apart from 0.
void putOptional(QJsonObject& o, QLatin1StringView key, double value);
void putOptional(QJsonObject& o, QLatin1StringView key, qint64 value);
void putNonEmpty(QJsonObject& o, QLatin1StringView key, const QString& value);
void putNonEmpty(QJsonObject& o, QLatin1StringView key, const QStringList& value);
void putNonEmpty(QJsonObject& o, QLatin1StringView key, const QJsonObject& value);
// Several members at once, each written as putOptional or putNonEmpty writes it (Reader's numbers, integers and
// strings read them back).
void putNumbers(QJsonObject& o, Members<double> members);
void putIntegers(QJsonObject& o, Members<qint64> members);
void putStrings(QJsonObject& o, Members<QString> members);

QJsonArray toArray(const QStringList& list);

template<typename T>
QJsonArray toJsonArray(const QList<T>& items)
{
    QJsonArray a;
    for (const T& item : items)
        a.append(item.toJson());
    return a;
}

// Index of name in a table of enum names, or -1: enums are stored by name so files stay readable.
template<int N>
int indexOf(const char* const (&names)[N], const QString& name)
{
    for (int i = 0; i < N; ++i) {
        if (name == QLatin1String(names[i]))
            return i;
    }
    return -1;
}

} // namespace kwb::json
