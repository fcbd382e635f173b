#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QProcessEnvironment>
#include <QString>

namespace kwb {

// The second line against secrets in the store and in exports. The first is that no candidate stage or agent tool
// sees them (runner::isToolVariable's allow-list); this one replaces, in what is written, the values of this
// process's variables whose names look secret (an API key, token, password, credential or personal access token,
// in any naming style) with "[redacted NAME]". Values shorter than 8 characters are left alone: they are not
// secrets anyone could use, and would redact ordinary words.
class SecretRedactor
{
public:
    explicit SecretRedactor(const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());

    static bool looksSecret(const QString& name);

    bool isEmpty() const { return m_secrets.isEmpty(); }
    QStringList names() const;
    QString redact(QString text) const;
    // Every string in the value, keys included, redacted.
    QJsonValue redact(const QJsonValue& value) const;
    QJsonObject redact(const QJsonObject& object) const;
    QJsonArray redact(const QJsonArray& array) const;

private:
    QList<QPair<QString, QString>> m_secrets; // (name, value), longest value first
};

} // namespace kwb
