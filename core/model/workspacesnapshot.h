#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QString>

namespace kwb {

// The files of a workspace after a turn: path -> sha256 of the content. Contents are optional so that
// turn headers can be loaded without their files; the store shares identical contents between turns.
class WorkspaceSnapshot
{
public:
    void setFile(const QString& path, const QByteArray& content);
    void setFileRef(const QString& path, const QString& sha256);
    void attachContent(const QString& sha256, const QByteArray& content);
    void removeFile(const QString& path);

    bool isEmpty() const { return m_hashes.isEmpty(); }
    qsizetype size() const { return m_hashes.size(); }
    QStringList paths() const { return m_hashes.keys(); }
    QString hash(const QString& path) const { return m_hashes.value(path); }
    bool hasContent(const QString& path) const { return m_contents.contains(m_hashes.value(path)); }
    QByteArray content(const QString& path) const { return m_contents.value(m_hashes.value(path)); }
    const QMap<QString, QString>& hashes() const { return m_hashes; }

    // Canonical text form ("sha256  path" per line, sorted) and its hash: the identity of the whole snapshot.
    QByteArray manifest() const;
    QString manifestHash() const;
    static bool parseManifest(const QByteArray& manifest, WorkspaceSnapshot* out, QString* error);

    // {"path": {"sha256": "...", "text": "..."}}; "base64" replaces "text" for bytes that are not UTF-8.
    QJsonObject toJson() const;
    static WorkspaceSnapshot fromJson(const QJsonObject& o, QString* error);

    static QString sha256Hex(const QByteArray& data);

    bool operator==(const WorkspaceSnapshot& other) const
    {
        return m_hashes == other.m_hashes;
    }

private:
    QMap<QString, QString> m_hashes;
    QHash<QString, QByteArray> m_contents; // by sha256
};

} // namespace kwb
