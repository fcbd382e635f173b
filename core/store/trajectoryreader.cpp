#include "trajectoryreader.h"

#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>

namespace kwb {

namespace {

const QString kTurnColumns = QStringLiteral(
    "SELECT u.id, u.uuid, p.uuid, u.created, u.messages, u.manifest, u.eval, u.annotations, u.provenance"
    " FROM turns u LEFT JOIN turns p ON p.id = u.parent_id ");

// Parses a JSON column; a column that does not parse means the file was damaged or edited by hand.
bool parseColumn(const QVariant& v, QJsonDocument* doc)
{
    if (v.isNull()) {
        *doc = QJsonDocument();
        return true;
    }
    QJsonParseError pe;
    *doc = QJsonDocument::fromJson(v.toString().toUtf8(), &pe);
    return pe.error == QJsonParseError::NoError;
}

template<typename T>
bool readList(const QJsonArray& a, QList<T>* out, QString* error)
{
    for (const QJsonValue& v : a) {
        out->append(T::fromJson(v.toObject(), error));
        if (!error->isEmpty())
            return false;
    }
    return true;
}

} // namespace

TrajectoryReader::TrajectoryReader(const Store& store)
    : m_store(store)
    , m_blob(store.database())
    , m_manifest(store.database())
{
    m_blob.prepare(QStringLiteral("SELECT data FROM blobs WHERE hash = ?"));
    m_manifest.prepare(QStringLiteral("SELECT path, blob FROM manifest_entries WHERE manifest = ?"));
}

std::optional<QByteArray> TrajectoryReader::blob(const QString& sha256, QString* error)
{
    m_blob.addBindValue(sha256);
    if (!m_blob.exec()) {
        *error = m_store.describe(QStringLiteral("reading blob %1").arg(sha256)) + QStringLiteral(" failed: ")
            + m_blob.lastError().text();
        return std::nullopt;
    }
    if (!m_blob.next()) {
        m_blob.finish();
        if (sha256 == WorkspaceSnapshot::sha256Hex({})) // empty content, which older versions did not store
            return QByteArray();
        *error = m_store.describe(QStringLiteral("blob %1").arg(sha256)) + QStringLiteral(" is missing.");
        return std::nullopt;
    }
    const QByteArray data = m_blob.value(0).toByteArray();
    m_blob.finish();
    if (WorkspaceSnapshot::sha256Hex(data) != sha256) {
        *error = m_store.describe(QStringLiteral("blob %1").arg(sha256))
            + QStringLiteral(" does not match its hash: the file is damaged.");
        return std::nullopt;
    }
    return data;
}

bool TrajectoryReader::readWorkspace(const QString& manifest, bool withContent, WorkspaceSnapshot* workspace,
    QString* error)
{
    m_manifest.addBindValue(manifest);
    if (!m_manifest.exec()) {
        *error = m_store.describe(QStringLiteral("reading a workspace")) + QStringLiteral(" failed: ")
            + m_manifest.lastError().text();
        return false;
    }
    QList<std::pair<QString, QString>> entries;
    while (m_manifest.next())
        entries.append({ m_manifest.value(0).toString(), m_manifest.value(1).toString() });
    m_manifest.finish();
    for (const auto& [path, hash] : entries) {
        if (!withContent) {
            workspace->setFileRef(path, hash);
            continue;
        }
        const auto data = blob(hash, error);
        if (!data)
            return false;
        workspace->setFile(path, *data);
    }
    if (workspace->manifestHash() != manifest) {
        *error = m_store.describe(QStringLiteral("workspace %1").arg(manifest))
            + QStringLiteral(" does not match its hash: the file is damaged.");
        return false;
    }
    return true;
}

bool TrajectoryReader::readTurn(QSqlQuery& q, bool full, bool withFiles, Turn* t, QString* error)
{
    t->storeId = q.value(0).toLongLong();
    t->uuid = q.value(1).toString();
    t->parentUuid = q.value(2).toString();
    t->created = QDateTime::fromString(q.value(3).toString(), Qt::ISODateWithMs);
    const auto damaged = [&](const char* what) {
        *error = m_store.describe(QStringLiteral("turn %1").arg(t->uuid)) + QStringLiteral(" has damaged ")
            + QLatin1String(what) + QLatin1Char('.');
        return false;
    };
    QJsonDocument doc;
    QString inner;
    if (full) {
        if (!parseColumn(q.value(4), &doc) || !readList(doc.array(), &t->messages, &inner))
            return damaged("messages");
        if (!q.value(5).isNull() && !readWorkspace(q.value(5).toString(), withFiles, &t->workspace, error))
            return false;
    }
    if (!parseColumn(q.value(6), &doc))
        return damaged("evaluation data");
    if (!doc.isNull()) {
        t->eval = EvalResult::fromJson(doc.object(), &inner);
        if (!inner.isEmpty())
            return damaged("evaluation data");
    }
    if (!parseColumn(q.value(7), &doc) || !readList(doc.array(), &t->annotations, &inner))
        return damaged("annotations");
    if (!parseColumn(q.value(8), &doc))
        return damaged("provenance");
    t->provenance = Provenance::fromJson(doc.object(), &inner);
    if (!inner.isEmpty())
        return damaged("provenance");
    return true;
}

std::optional<Turn> TrajectoryReader::turn(qint64 turnId, bool withFiles, QString* error)
{
    QSqlQuery q(m_store.database());
    q.prepare(kTurnColumns + QStringLiteral("WHERE u.id = ?"));
    q.addBindValue(turnId);
    if (!q.exec() || !q.next()) {
        *error = m_store.describe(QStringLiteral("turn %1").arg(turnId)) + QStringLiteral(" could not be read: ")
            + (q.lastError().isValid() ? q.lastError().text() : QStringLiteral("it does not exist"));
        return std::nullopt;
    }
    Turn t;
    if (!readTurn(q, true, withFiles, &t, error))
        return std::nullopt;
    return t;
}

std::optional<Trajectory> TrajectoryReader::trajectory(qint64 id, bool full, QString* error)
{
    QSqlQuery q(m_store.database());
    q.prepare(QStringLiteral("SELECT t.uuid, k.name, k.level, k.source_blob, t.title, t.source, t.policy, t.created,"
                             " t.labels, t.metadata, t.prompt, t.annotations"
                             " FROM trajectories t JOIN tasks k ON k.id = t.task_id WHERE t.id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next()) {
        *error = m_store.describe(QStringLiteral("trajectory %1").arg(id)) + QStringLiteral(" could not be read: ")
            + (q.lastError().isValid() ? q.lastError().text() : QStringLiteral("it does not exist"));
        return std::nullopt;
    }
    Trajectory t;
    t.storeId = id;
    t.uuid = q.value(0).toString();
    t.task.name = q.value(1).toString();
    t.task.level = q.value(2).toInt();
    const auto source = blob(q.value(3).toString(), error);
    if (!source)
        return std::nullopt;
    t.task.source = QString::fromUtf8(*source);
    t.title = q.value(4).toString();
    t.source = q.value(5).toString();
    t.policy = q.value(6).toString();
    t.created = QDateTime::fromString(q.value(7).toString(), Qt::ISODateWithMs);
    QJsonDocument doc;
    QString inner;
    const auto damaged = [&](const char* what) {
        *error = m_store.describe(QStringLiteral("trajectory %1").arg(t.uuid)) + QStringLiteral(" has damaged ")
            + QLatin1String(what) + QLatin1Char('.');
        return std::nullopt;
    };
    if (!parseColumn(q.value(8), &doc))
        return damaged("labels");
    for (const QJsonValue& v : doc.array())
        t.labels.append(v.toString());
    if (!parseColumn(q.value(9), &doc))
        return damaged("metadata");
    t.metadata = doc.object();
    if (!parseColumn(q.value(10), &doc) || !readList(doc.array(), &t.prompt, &inner))
        return damaged("prompt");
    if (!parseColumn(q.value(11), &doc) || !readList(doc.array(), &t.annotations, &inner))
        return damaged("annotations");

    QSqlQuery turns(m_store.database());
    turns.setForwardOnly(true);
    turns.prepare(kTurnColumns + QStringLiteral("WHERE u.trajectory_id = ? ORDER BY u.seq"));
    turns.addBindValue(id);
    if (!turns.exec()) {
        *error = m_store.describe(QStringLiteral("turns of trajectory %1").arg(t.uuid))
            + QStringLiteral(" could not be read: ") + turns.lastError().text();
        return std::nullopt;
    }
    while (turns.next()) {
        Turn turn;
        if (!readTurn(turns, full, full, &turn, error))
            return std::nullopt;
        t.turns.append(std::move(turn));
    }
    return t;
}

} // namespace kwb
