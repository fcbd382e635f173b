#include "workspacesnapshot.h"

#include <QCryptographicHash>
#include <QStringDecoder>

namespace kwb {

QString WorkspaceSnapshot::sha256Hex(const QByteArray& data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

void WorkspaceSnapshot::setFile(const QString& path, const QByteArray& content)
{
    const QString h = sha256Hex(content);
    m_hashes.insert(path, h);
    m_contents.insert(h, content);
}

void WorkspaceSnapshot::setFileRef(const QString& path, const QString& sha256)
{
    m_hashes.insert(path, sha256);
}

void WorkspaceSnapshot::attachContent(const QString& sha256, const QByteArray& content)
{
    m_contents.insert(sha256, content);
}

void WorkspaceSnapshot::removeFile(const QString& path)
{
    m_hashes.remove(path);
}

QByteArray WorkspaceSnapshot::manifest() const
{
    QByteArray out;
    for (auto it = m_hashes.cbegin(); it != m_hashes.cend(); ++it)
        out += it.value().toLatin1() + "  " + it.key().toUtf8() + '\n';
    return out;
}

QString WorkspaceSnapshot::manifestHash() const
{
    return sha256Hex(manifest());
}

static bool isSha256Hex(QStringView s)
{
    if (s.size() != 64)
        return false;
    for (QChar c : s) {
        if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
            return false;
    }
    return true;
}

bool WorkspaceSnapshot::parseManifest(const QByteArray& manifest, WorkspaceSnapshot* out, QString* error)
{
    const QList<QByteArray> lines = manifest.split('\n');
    for (const QByteArray& line : lines) {
        if (line.isEmpty())
            continue;
        const qsizetype sep = line.indexOf("  ");
        const QString h = QString::fromLatin1(line.left(sep));
        if (sep != 64 || !isSha256Hex(h)) {
            *error = QStringLiteral("workspace manifest line \"%1\" is malformed").arg(QString::fromUtf8(line));
            return false;
        }
        out->setFileRef(QString::fromUtf8(line.mid(sep + 2)), h);
    }
    return true;
}

QJsonObject WorkspaceSnapshot::toJson() const
{
    QJsonObject files;
    for (auto it = m_hashes.cbegin(); it != m_hashes.cend(); ++it) {
        QJsonObject f;
        f.insert(QLatin1String("sha256"), it.value());
        const auto content = m_contents.constFind(it.value());
        if (content != m_contents.cend()) {
            QStringDecoder decoder(QStringDecoder::Utf8);
            const QString text = decoder(*content);
            if (decoder.hasError())
                f.insert(QLatin1String("base64"), QString::fromLatin1(content->toBase64()));
            else
                f.insert(QLatin1String("text"), text);
        }
        files.insert(it.key(), f);
    }
    return files;
}

WorkspaceSnapshot WorkspaceSnapshot::fromJson(const QJsonObject& o, QString* error)
{
    WorkspaceSnapshot snapshot;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QString path = it.key();
        const QJsonObject f = it.value().toObject();
        const QString h = f.value(QLatin1String("sha256")).toString();
        if (path.isEmpty() || path.contains(QLatin1Char('\n'))) {
            *error = QStringLiteral("workspace file name \"%1\" is not a valid path").arg(path);
            return {};
        }
        if (!it.value().isObject() || !isSha256Hex(h)) {
            *error = QStringLiteral("workspace file \"%1\" has no valid \"sha256\"").arg(path);
            return {};
        }
        QByteArray content;
        bool hasContent = true;
        if (f.contains(QLatin1String("text")))
            content = f.value(QLatin1String("text")).toString().toUtf8();
        else if (f.contains(QLatin1String("base64")))
            content = QByteArray::fromBase64(f.value(QLatin1String("base64")).toString().toLatin1());
        else
            hasContent = false;
        if (hasContent && sha256Hex(content) != h) {
            *error = QStringLiteral("workspace file \"%1\" does not match its sha256 %2").arg(path, h);
            return {};
        }
        snapshot.setFileRef(path, h);
        if (hasContent)
            snapshot.attachContent(h, content);
    }
    return snapshot;
}

} // namespace kwb
