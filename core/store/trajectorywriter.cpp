#include "trajectorywriter.h"

#include "schema.h"
#include "store.h"

#include "model/json.h"
#include "model/roofline.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlError>
#include <QUuid>

#include <cmath>

namespace kwb {

namespace {

QString compact(const QJsonObject& o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString compact(const QJsonArray& a)
{
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QVariant optionalReal(double v)
{
    return std::isnan(v) ? QVariant(QMetaType::fromType<double>()) : QVariant(v);
}

} // namespace

TrajectoryWriter::TrajectoryWriter(Store& store)
    : m_store(store)
    , m_insertBlob(store.database())
    , m_blobExists(store.database())
    , m_insertBlobText(store.database())
    , m_insertManifestEntry(store.database())
    , m_insertTurn(store.database())
    , m_insertTurnText(store.database())
    , m_refreshSummary(store.database())
{
    m_insertBlob.prepare(QStringLiteral("INSERT OR IGNORE INTO blobs(hash, size, data) VALUES(?, ?, ?)"));
    m_blobExists.prepare(QStringLiteral("SELECT 1 FROM blobs WHERE hash = ?"));
    m_insertBlobText.prepare(QStringLiteral("INSERT INTO blob_text(rowid, body) VALUES(?, ?)"));
    m_insertManifestEntry.prepare(
        QStringLiteral("INSERT OR IGNORE INTO manifest_entries(manifest, path, blob) VALUES(?, ?, ?)"));
    m_insertTurn.prepare(QStringLiteral(
        "INSERT INTO turns(trajectory_id, parent_id, uuid, seq, depth, created, messages, manifest, eval, annotations,"
        " provenance, reward, speedup, compile_status, verify_status, roofline)"
        " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    m_insertTurnText.prepare(QStringLiteral("INSERT INTO turn_text(rowid, body) VALUES(?, ?)"));
    m_refreshSummary.prepare(QStringLiteral(
        "UPDATE trajectories SET"
        " turn_count = (SELECT count(*) FROM turns WHERE trajectory_id = :id),"
        " branch_count = (SELECT count(*) FROM turns u WHERE u.trajectory_id = :id"
        "   AND NOT EXISTS (SELECT 1 FROM turns c WHERE c.parent_id = u.id)),"
        " best_reward = (SELECT max(reward) FROM turns WHERE trajectory_id = :id),"
        " best_speedup = (SELECT max(speedup) FROM turns WHERE trajectory_id = :id AND verify_status = 'passed'),"
        " best_roofline = (SELECT max(roofline) FROM turns WHERE trajectory_id = :id AND verify_status = 'passed'),"
        " status = (SELECT %1 FROM turns WHERE trajectory_id = :id)"
        " WHERE id = :id").arg(Schema::trajectoryStatusCase()));
}

bool TrajectoryWriter::fail(QSqlQuery& q, const QString& what, QString* error)
{
    *error = m_store.describe(what) + QStringLiteral(" failed: ") + q.lastError().text();
    return false;
}

bool TrajectoryWriter::putBlob(const QByteArray& data, const QString& sha256, QString* error)
{
    m_insertBlob.addBindValue(sha256);
    m_insertBlob.addBindValue(data.size());
    // A null QByteArray (an empty file as QFile reads it) binds as NULL, which OR IGNORE would silently drop.
    m_insertBlob.addBindValue(data.isNull() ? QByteArray("") : data);
    if (!m_insertBlob.exec())
        return fail(m_insertBlob, QStringLiteral("writing blob %1").arg(sha256), error);
    if (m_insertBlob.numRowsAffected() == 0)
        return true; // already stored, already indexed
    const QString text = Schema::blobSearchText(data);
    if (text.isNull())
        return true;
    m_insertBlobText.addBindValue(m_insertBlob.lastInsertId());
    m_insertBlobText.addBindValue(text);
    return m_insertBlobText.exec() || fail(m_insertBlobText, QStringLiteral("indexing blob %1").arg(sha256), error);
}

bool TrajectoryWriter::blobExists(const QString& sha256)
{
    m_blobExists.addBindValue(sha256);
    const bool found = m_blobExists.exec() && m_blobExists.next();
    m_blobExists.finish();
    return found;
}

bool TrajectoryWriter::putWorkspace(const WorkspaceSnapshot& workspace, QString* manifestHash, QString* error)
{
    if (workspace.isEmpty())
        return true;
    *manifestHash = workspace.manifestHash();
    for (const QString& path : workspace.paths()) {
        if (QString::fromUtf8(path.toUtf8()) != path) { // a lone surrogate would read back as another name
            *error = QStringLiteral("workspace file name \"%1\" is not valid Unicode").arg(path);
            return false;
        }
        const QString hash = workspace.hash(path);
        if (workspace.hasContent(path)) {
            if (!putBlob(workspace.content(path), hash, error))
                return false;
        } else if (!blobExists(hash)) {
            *error = QStringLiteral("workspace file %1 refers to content %2 that is not in the store").arg(path, hash);
            return false;
        }
    }
    if (m_knownManifests.contains(*manifestHash))
        return true;
    for (auto it = workspace.hashes().cbegin(); it != workspace.hashes().cend(); ++it) {
        m_insertManifestEntry.addBindValue(*manifestHash);
        m_insertManifestEntry.addBindValue(it.key());
        m_insertManifestEntry.addBindValue(it.value());
        if (!m_insertManifestEntry.exec())
            return fail(m_insertManifestEntry, QStringLiteral("writing a workspace manifest"), error);
    }
    m_knownManifests.insert(*manifestHash);
    return true;
}

std::optional<QString> TrajectoryWriter::addBlob(const QByteArray& data, QString* error)
{
    const QString hash = WorkspaceSnapshot::sha256Hex(data);
    if (!putBlob(data, hash, error))
        return std::nullopt;
    return hash;
}

std::optional<qint64> TrajectoryWriter::taskId(const TaskRef& task, QString* error)
{
    const QByteArray source = task.source.toUtf8();
    const QString hash = WorkspaceSnapshot::sha256Hex(source);
    if (!putBlob(source, hash, error))
        return std::nullopt;
    QSqlQuery q(m_store.database());
    q.prepare(QStringLiteral("INSERT INTO tasks(name, level, source_blob) VALUES(?, ?, ?)"
                             " ON CONFLICT(name, level, source_blob) DO UPDATE SET name = excluded.name RETURNING id"));
    q.addBindValue(task.name);
    q.addBindValue(task.level);
    q.addBindValue(hash);
    if (!q.exec() || !q.next()) {
        fail(q, QStringLiteral("writing task %1").arg(task.name), error);
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<qint64> TrajectoryWriter::insertTurn(qint64 trajectoryId, const Turn& turn, qint64 parentId, int depth,
    int seq, QString* error)
{
    if (seq >= (1 << Schema::kTurnSeqBits)) {
        *error = QStringLiteral("trajectory %1 would exceed %2 turns").arg(trajectoryId).arg((1 << Schema::kTurnSeqBits) - 1);
        return std::nullopt;
    }
    QString manifest;
    if (!putWorkspace(turn.workspace, &manifest, error))
        return std::nullopt;
    // What the agent's tools and the runner said is stored with the values of this process's secrets redacted
    // (model/secretredactor.h): the second line, behind the tools that never see them.
    const QJsonArray messages = m_redactor.redact(json::toJsonArray(turn.messages));
    m_insertTurn.addBindValue(trajectoryId);
    m_insertTurn.addBindValue(parentId > 0 ? QVariant(parentId) : QVariant(QMetaType::fromType<qint64>()));
    m_insertTurn.addBindValue(turn.uuid);
    m_insertTurn.addBindValue(seq);
    m_insertTurn.addBindValue(depth);
    m_insertTurn.addBindValue(turn.created.isValid() ? turn.created.toString(Qt::ISODateWithMs) : QString());
    m_insertTurn.addBindValue(compact(messages));
    m_insertTurn.addBindValue(manifest.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(manifest));
    m_insertTurn.addBindValue(turn.eval ? compact(m_redactor.redact(turn.eval->toJson())) : QVariant(QMetaType::fromType<QString>()));
    m_insertTurn.addBindValue(turn.annotations.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                         : QVariant(compact(m_redactor.redact(json::toJsonArray(turn.annotations)))));
    m_insertTurn.addBindValue(compact(m_redactor.redact(turn.provenance.toJson())));
    m_insertTurn.addBindValue(optionalReal(turn.reward()));
    m_insertTurn.addBindValue(optionalReal(turn.eval ? turn.eval->speedupVsCompile() : kUnknown));
    m_insertTurn.addBindValue(turn.eval ? stageStatusName(turn.eval->compile.status) : QVariant(QMetaType::fromType<QString>()));
    m_insertTurn.addBindValue(turn.eval ? stageStatusName(turn.eval->verify.status) : QVariant(QMetaType::fromType<QString>()));
    m_insertTurn.addBindValue(optionalReal(turn.eval ? roofline::correctCandidate(*turn.eval).fractionOfRoofline : kUnknown));
    if (!m_insertTurn.exec()) {
        if (m_insertTurn.lastError().nativeErrorCode() == QLatin1String("2067")) // SQLITE_CONSTRAINT_UNIQUE
            *error = QStringLiteral("turn %1 is already in %2").arg(turn.uuid, QFileInfo(m_store.path()).fileName());
        else
            fail(m_insertTurn, QStringLiteral("writing turn %1").arg(turn.uuid), error);
        return std::nullopt;
    }
    const qint64 id = m_insertTurn.lastInsertId().toLongLong();
    m_insertTurnText.addBindValue(Schema::turnTextRowId(trajectoryId, seq));
    m_insertTurnText.addBindValue(Schema::turnSearchText(messages));
    if (!m_insertTurnText.exec()) {
        fail(m_insertTurnText, QStringLiteral("indexing turn %1").arg(turn.uuid), error);
        return std::nullopt;
    }
    return id;
}

bool TrajectoryWriter::refreshSummary(qint64 trajectoryId, QString* error)
{
    m_refreshSummary.bindValue(QStringLiteral(":id"), trajectoryId);
    return m_refreshSummary.exec() || fail(m_refreshSummary, QStringLiteral("updating the trajectory summary"), error);
}

std::optional<qint64> TrajectoryWriter::addTrajectory(const Trajectory& t, QString* error)
{
    if (!t.validate(error))
        return std::nullopt;
    const auto task = taskId(t.task, error);
    if (!task)
        return std::nullopt;
    QSqlQuery q(m_store.database());
    q.prepare(QStringLiteral("INSERT INTO trajectories(uuid, task_id, title, source, policy, created, labels, metadata,"
                             " prompt, annotations, synthetic) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(t.uuid.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : t.uuid);
    q.addBindValue(*task);
    q.addBindValue(m_redactor.redact(t.title));
    q.addBindValue(t.source);
    q.addBindValue(t.policy);
    q.addBindValue(t.created.isValid() ? t.created.toString(Qt::ISODateWithMs) : QString());
    q.addBindValue(compact(json::toArray(t.labels)));
    q.addBindValue(compact(m_redactor.redact(t.metadata)));
    q.addBindValue(compact(m_redactor.redact(json::toJsonArray(t.prompt))));
    q.addBindValue(compact(m_redactor.redact(json::toJsonArray(t.annotations))));
    q.addBindValue(t.isSynthetic());
    if (!q.exec()) {
        if (q.lastError().nativeErrorCode() == QLatin1String("2067"))
            *error = QStringLiteral("trajectory %1 is already in %2").arg(t.uuid, QFileInfo(m_store.path()).fileName());
        else
            fail(q, QStringLiteral("writing trajectory %1").arg(t.uuid), error);
        return std::nullopt;
    }
    const qint64 trajectoryId = q.lastInsertId().toLongLong();
    QHash<QString, std::pair<qint64, int>> placed; // uuid -> (row id, depth)
    int seq = 0;
    for (const Turn& turn : t.turns) {
        const auto parent = placed.value(turn.parentUuid, { 0, -1 });
        const auto id = insertTurn(trajectoryId, turn, parent.first, parent.second + 1, seq++, error);
        if (!id)
            return std::nullopt;
        placed.insert(turn.uuid, { *id, parent.second + 1 });
    }
    if (!refreshSummary(trajectoryId, error))
        return std::nullopt;
    return trajectoryId;
}

std::optional<qint64> TrajectoryWriter::addTurn(qint64 trajectoryId, const Turn& turn, QString* error)
{
    QSqlQuery q(m_store.database());
    q.prepare(QStringLiteral("SELECT (SELECT count(*) FROM trajectories WHERE id = :t),"
                             " (SELECT coalesce(max(seq) + 1, 0) FROM turns WHERE trajectory_id = :t),"
                             " (SELECT id FROM turns WHERE uuid = :p AND trajectory_id = :t),"
                             " (SELECT depth FROM turns WHERE uuid = :p AND trajectory_id = :t)"));
    q.bindValue(QStringLiteral(":t"), trajectoryId);
    q.bindValue(QStringLiteral(":p"), turn.parentUuid);
    if (!q.exec() || !q.next()) {
        fail(q, QStringLiteral("finding the parent turn"), error);
        return std::nullopt;
    }
    if (q.value(0).toInt() == 0) {
        *error = m_store.describe(QStringLiteral("trajectory %1").arg(trajectoryId)) + QStringLiteral(" does not exist");
        return std::nullopt;
    }
    if (!turn.parentUuid.isEmpty() && q.value(2).isNull()) {
        *error = QStringLiteral("parent turn %1 is not part of trajectory %2").arg(turn.parentUuid).arg(trajectoryId);
        return std::nullopt;
    }
    const int depth = turn.parentUuid.isEmpty() ? 0 : q.value(3).toInt() + 1;
    const auto id = insertTurn(trajectoryId, turn, q.value(2).toLongLong(), depth, q.value(1).toInt(), error);
    if (!id || !refreshSummary(trajectoryId, error))
        return std::nullopt;
    return id;
}

} // namespace kwb
