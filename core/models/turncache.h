#pragma once

#include "store/store.h"

#include <QCache>
#include <QCoreApplication>

#include <memory>

namespace kwb {

// One workspace file of a turn as the window shows it: its bytes, or why they could not be read.
struct FileContent
{
    QString path;
    QString sha256;
    QByteArray data;
    QString error; // non-empty: the content is missing or unreadable
};

// A turn with its messages and files, or the sentence that says why it could not be read.
struct TurnContent
{
    Turn turn;
    QList<FileContent> files; // sorted by path
    QString error;
};

// Loads turns for display and keeps the recent ones. Blobs are cached by hash, so stepping between turns
// that share files reads each file once. A blob that is missing spoils only its own file, not the turn.
class TurnCache
{
    Q_DECLARE_TR_FUNCTIONS(kwb::TurnCache)
public:
    explicit TurnCache(int maxTurns = 64, qint64 maxBlobBytes = 64 * 1024 * 1024);

    void setStore(const Store* store); // clears the cache
    void clear();
    std::shared_ptr<const TurnContent> content(qint64 turnId);
    bool contains(qint64 turnId) const { return m_turns.contains(turnId); }

private:
    FileContent file(const QString& path, const QString& sha256);

    const Store* m_store = nullptr;
    QCache<qint64, std::shared_ptr<const TurnContent>> m_turns;
    QCache<QString, QByteArray> m_blobs; // cost: bytes
};

} // namespace kwb
