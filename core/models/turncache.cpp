#include "turncache.h"

#include <algorithm>

namespace kwb {

TurnCache::TurnCache(int maxTurns, qint64 maxBlobBytes)
    : m_turns(maxTurns)
    , m_blobs(maxBlobBytes)
{
}

void TurnCache::setStore(const Store* store)
{
    m_store = store;
    clear();
}

void TurnCache::clear()
{
    m_turns.clear();
    m_blobs.clear();
}

FileContent TurnCache::file(const QString& path, const QString& sha256)
{
    FileContent f { path, sha256, {}, {} };
    if (const QByteArray* cached = m_blobs.object(sha256)) {
        f.data = *cached;
        return f;
    }
    QString error;
    const auto data = m_store->blob(sha256, &error);
    if (!data) {
        f.error = tr("The content of %1 could not be read: %2 Run `kwb check` on the store to find damaged parts.")
                      .arg(path, error);
        return f;
    }
    f.data = *data;
    // A blob larger than the whole cache is simply not kept.
    m_blobs.insert(sha256, new QByteArray(*data), std::max<qsizetype>(1, data->size()));
    return f;
}

std::shared_ptr<const TurnContent> TurnCache::content(qint64 turnId)
{
    if (auto* cached = m_turns.object(turnId))
        return *cached;
    auto content = std::make_shared<TurnContent>();
    if (!m_store) {
        content->error = tr("No store is open.");
        return content;
    }
    QString error;
    auto turn = m_store->turn(turnId, false, &error);
    if (!turn) {
        content->error = error;
        return content; // not cached: the next visit tries again
    }
    content->turn = std::move(*turn);
    const auto& hashes = content->turn.workspace.hashes();
    for (auto it = hashes.cbegin(); it != hashes.cend(); ++it)
        content->files.append(file(it.key(), it.value()));
    auto shared = std::shared_ptr<const TurnContent>(std::move(content));
    m_turns.insert(turnId, new std::shared_ptr<const TurnContent>(shared));
    return shared;
}

} // namespace kwb
