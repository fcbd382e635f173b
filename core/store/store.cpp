// The store's connection, transactions, blobs and trajectory-level writes. The named queries the other layers call
// (curation's annotations and labels, a turn's reward and place, the summary's rows, the evaluations' rewrite) are
// in storequeries.cpp; what stays here shares the connection's state and its prepared statements.
#include "store.h"

#include "schema.h"
#include "storefileheader.h"
#include "trajectoryreader.h"
#include "trajectorywriter.h"

#include "model/json.h"

#include <QAtomicInt>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

namespace kwb {

namespace {

QAtomicInt g_connectionCounter;

QString fileName(const QString& path)
{
    return QFileInfo(path).fileName();
}

// A store whose first transactions are still only in its WAL (open elsewhere, or its writer was killed) has a main
// file whose header does not name it yet. SQLite, read-only, sees the committed header without changing the file.
bool readCommittedHeader(const QString& path, StoreFileHeader* header)
{
    const QString connection = QStringLiteral("kwb-probe-%1").arg(g_connectionCounter.fetchAndAddRelaxed(1));
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA application_id")) && q.next()) {
                header->applicationId = q.value(0).toUInt();
                q.finish();
                ok = q.exec(QStringLiteral("PRAGMA user_version")) && q.next();
                if (ok)
                    header->userVersion = q.value(0).toUInt();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

} // namespace

QString Store::describe(const QString& what) const
{
    return what + QStringLiteral(" in ") + fileName(m_path);
}

std::unique_ptr<Store> Store::openConnection(const QString& path, QString* error)
{
    std::unique_ptr<Store> store(new Store);
    store->m_path = path;
    store->m_connection = QStringLiteral("kwb-store-%1").arg(g_connectionCounter.fetchAndAddRelaxed(1));
    store->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), store->m_connection);
    store->m_db.setDatabaseName(path);
    if (!store->m_db.open()) {
        *error = QStringLiteral("%1 cannot be opened: %2").arg(fileName(path), store->m_db.lastError().text());
        return nullptr;
    }
    return store;
}

std::unique_ptr<Store> Store::open(const QString& path, QString* error, OpenMode mode)
{
    QString ioError;
    StoreFileHeader header = StoreFileHeader::read(path, &ioError);
    if (header.kind == StoreFileHeader::Kind::Sqlite && header.applicationId == 0
        && QFileInfo(path + QStringLiteral("-wal")).size() > 0)
        readCommittedHeader(path, &header);
    const QString name = fileName(path);
    switch (header.kind) {
    case StoreFileHeader::Kind::NotSqlite:
        *error = ioError.isEmpty() ? QStringLiteral("%1 is not a Kernel Workbench store (it is not an SQLite database).").arg(name)
                                   : QStringLiteral("%1 cannot be read: %2.").arg(name, ioError);
        return nullptr;
    case StoreFileHeader::Kind::Truncated:
        *error = QStringLiteral("%1 is truncated: it has %2 bytes of the %3 its header announces.")
                     .arg(name)
                     .arg(header.fileSize)
                     .arg(header.expectedSize);
        return nullptr;
    case StoreFileHeader::Kind::Sqlite:
        if (!header.isKwbStore()) {
            *error = QStringLiteral("%1 is an SQLite database of another application, not a Kernel Workbench store.").arg(name);
            return nullptr;
        }
        if (int(header.userVersion) > Schema::kCurrentVersion) {
            *error = QStringLiteral("%1 was written by a newer Kernel Workbench (schema %2; this version reads up to %3); "
                                    "update the workbench to open it.")
                         .arg(name)
                         .arg(header.userVersion)
                         .arg(Schema::kCurrentVersion);
            return nullptr;
        }
        break;
    case StoreFileHeader::Kind::Missing:
        if (mode == OpenMode::MustExist) {
            *error = QStringLiteral("%1 does not exist.").arg(path);
            return nullptr;
        }
        break;
    case StoreFileHeader::Kind::Empty:
        break;
    }

    auto store = openConnection(path, error);
    if (!store)
        return nullptr;
    QString sqlError;
    QSqlQuery probe(store->m_db);
    if (!probe.exec(QStringLiteral("PRAGMA user_version")) || !probe.next()) {
        *error = QStringLiteral("%1 is damaged: %2.").arg(name, probe.lastError().text());
        return nullptr;
    }
    const int version = probe.value(0).toInt();
    probe.finish();
    // A larger page cache and memory-mapped reads keep list filtering on big stores in memory.
    if (!store->exec(QStringLiteral("PRAGMA foreign_keys = ON"), &sqlError)
        || !store->exec(QStringLiteral("PRAGMA cache_size = -131072"), &sqlError)
        || !store->exec(QStringLiteral("PRAGMA mmap_size = 1073741824"), &sqlError)
        || !store->exec(QStringLiteral("PRAGMA synchronous = NORMAL"), &sqlError)
        || (version < Schema::kCurrentVersion && !store->exec(QStringLiteral("PRAGMA journal_mode = WAL"), &sqlError))) {
        *error = QStringLiteral("%1 cannot be prepared: %2.").arg(name, sqlError);
        return nullptr;
    }
    if (version < Schema::kCurrentVersion) {
        Transaction tx(*store);
        if (!Schema::migrate(store->m_db, version, Schema::kCurrentVersion, &sqlError) || !tx.commit(&sqlError)) {
            *error = QStringLiteral("%1 could not be brought to schema %2: %3.").arg(name).arg(Schema::kCurrentVersion).arg(sqlError);
            return nullptr;
        }
    }
    store->m_schemaVersion = Schema::kCurrentVersion;
    return store;
}

std::unique_ptr<Store> Store::createAtVersion(const QString& path, int version, QString* error)
{
    if (QFileInfo::exists(path)) {
        *error = QStringLiteral("%1 already exists.").arg(fileName(path));
        return nullptr;
    }
    auto store = openConnection(path, error);
    if (!store)
        return nullptr;
    Transaction tx(*store);
    if (!Schema::migrate(store->m_db, 0, version, error) || !tx.commit(error))
        return nullptr;
    store->m_schemaVersion = version;
    return store;
}

Store::~Store()
{
    m_writer.reset();
    m_reader.reset();
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connection);
}

void Store::waitForWriters(int milliseconds)
{
    QString ignored; // a pragma that cannot fail on an open connection
    exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(milliseconds), &ignored);
    m_busyTimeoutMs = milliseconds;
}

bool Store::isWriteLocked()
{
    if (m_transactionDepth > 0)
        return false; // this connection holds it
    QString ignored;
    exec(QStringLiteral("PRAGMA busy_timeout = 0"), &ignored);
    const bool free = exec(QStringLiteral("BEGIN IMMEDIATE"), &ignored);
    if (free)
        exec(QStringLiteral("ROLLBACK"), &ignored);
    exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(m_busyTimeoutMs), &ignored);
    return !free;
}

bool Store::exec(const QString& sql, QString* error)
{
    QSqlQuery q(m_db);
    if (!q.exec(sql)) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

Store::Transaction::Transaction(Store& store)
    : m_store(store)
    , m_depth(store.m_transactionDepth)
{
    QString ignored;
    m_active = m_depth == 0 ? m_store.exec(QStringLiteral("BEGIN IMMEDIATE"), &ignored)
                            : m_store.exec(QStringLiteral("SAVEPOINT s%1").arg(m_depth), &ignored);
    if (m_active)
        ++m_store.m_transactionDepth;
}

Store::Transaction::~Transaction()
{
    if (m_active)
        rollback();
}

bool Store::Transaction::commit(QString* error)
{
    if (!m_active) {
        *error = QStringLiteral("no transaction is open (the store may be locked by another program)");
        return false;
    }
    const bool ok = m_depth == 0 ? m_store.exec(QStringLiteral("COMMIT"), error)
                                 : m_store.exec(QStringLiteral("RELEASE s%1").arg(m_depth), error);
    if (ok) {
        m_active = false;
        --m_store.m_transactionDepth;
    }
    return ok;
}

void Store::Transaction::rollback()
{
    if (!m_active)
        return;
    QString ignored;
    if (m_depth == 0) {
        m_store.exec(QStringLiteral("ROLLBACK"), &ignored);
    } else {
        m_store.exec(QStringLiteral("ROLLBACK TO s%1").arg(m_depth), &ignored);
        m_store.exec(QStringLiteral("RELEASE s%1").arg(m_depth), &ignored);
    }
    if (m_store.m_writer)
        m_store.m_writer->forgetManifests();
    m_active = false;
    --m_store.m_transactionDepth;
}

std::optional<qint64> Store::addTrajectory(const Trajectory& trajectory, QString* error)
{
    if (!m_writer)
        m_writer = std::make_unique<TrajectoryWriter>(*this);
    Transaction tx(*this);
    const auto id = m_writer->addTrajectory(trajectory, error);
    if (!id || !tx.commit(error))
        return std::nullopt;
    return id;
}

std::optional<qint64> Store::addTurn(qint64 trajectoryId, const Turn& turn, QString* error)
{
    if (!m_writer)
        m_writer = std::make_unique<TrajectoryWriter>(*this);
    Transaction tx(*this);
    const auto id = m_writer->addTurn(trajectoryId, turn, error);
    if (!id || !tx.commit(error))
        return std::nullopt;
    return id;
}

bool Store::setPrompt(qint64 trajectoryId, const QList<Message>& prompt, QString* error)
{
    const QJsonArray messages = json::toJsonArray(prompt);
    Transaction tx(*this);
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE trajectories SET prompt = ? WHERE id = ? AND (prompt IS NULL OR prompt IN ('', '[]'))"));
    q.addBindValue(QString::fromUtf8(QJsonDocument(messages).toJson(QJsonDocument::Compact)));
    q.addBindValue(trajectoryId);
    if (!q.exec()) {
        *error = describe(QStringLiteral("Setting the prompt of trajectory %1").arg(trajectoryId)) + QStringLiteral(" failed: ")
            + q.lastError().text();
        return false;
    }
    if (q.numRowsAffected() == 0) {
        *error = describe(QStringLiteral("Trajectory %1").arg(trajectoryId))
            + QStringLiteral(" already has a prompt or does not exist; a prompt is never replaced.");
        return false;
    }
    return tx.commit(error);
}

std::optional<QString> Store::addBlob(const QByteArray& data, QString* error)
{
    if (!m_writer)
        m_writer = std::make_unique<TrajectoryWriter>(*this);
    Transaction tx(*this);
    const auto hash = m_writer->addBlob(data, error);
    if (!hash || !tx.commit(error))
        return std::nullopt;
    return hash;
}

std::optional<QString> Store::attachTrace(const QString& turnUuid, const QByteArray& trace, QString* error)
{
    return attachToEval(turnUuid, trace, &EvalResult::traceBlob, error);
}

std::optional<QString> Store::attachDisassembly(const QString& turnUuid, const QByteArray& bundle, QString* error)
{
    return attachToEval(turnUuid, bundle, &EvalResult::disassemblyBlob, error);
}

std::optional<QString> Store::attachToEval(const QString& turnUuid, const QByteArray& data, QString EvalResult::*field, QString* error)
{
    Transaction tx(*this);
    QSqlQuery find(m_db);
    find.prepare(QStringLiteral("SELECT id, eval FROM turns WHERE uuid = ?"));
    find.addBindValue(turnUuid);
    if (!find.exec() || !find.next()) {
        *error = find.lastError().isValid() ? find.lastError().text() : describe(QStringLiteral("Turn %1").arg(turnUuid)) + QStringLiteral(" does not exist");
        return std::nullopt;
    }
    const qint64 turnId = find.value(0).toLongLong();
    EvalResult eval;
    if (!find.value(1).isNull()) {
        QString inner;
        eval = EvalResult::fromJson(QJsonDocument::fromJson(find.value(1).toString().toUtf8()).object(), &inner);
        if (!inner.isEmpty()) {
            *error = describe(QStringLiteral("The evaluation of turn %1").arg(turnUuid)) + QStringLiteral(" is damaged: ") + inner;
            return std::nullopt;
        }
    }
    const auto hash = addBlob(data, error);
    if (!hash)
        return std::nullopt;
    eval.*field = *hash;
    QSqlQuery update(m_db);
    update.prepare(QStringLiteral("UPDATE turns SET eval = ? WHERE id = ?"));
    update.addBindValue(QString::fromUtf8(QJsonDocument(eval.toJson()).toJson(QJsonDocument::Compact)));
    update.addBindValue(turnId);
    if (!update.exec()) {
        *error = update.lastError().text();
        return std::nullopt;
    }
    if (!tx.commit(error))
        return std::nullopt;
    return hash;
}

std::optional<qint64> Store::addNcuProfile(qint64 turnId, NcuProfile profile, const QByteArray& report, QString* error)
{
    Transaction tx(*this);
    QSqlQuery exists(m_db);
    exists.prepare(QStringLiteral("SELECT 1 FROM turns WHERE id = ?"));
    exists.addBindValue(turnId);
    if (!exists.exec() || !exists.next()) {
        *error = exists.lastError().isValid() ? exists.lastError().text() : describe(QStringLiteral("Turn %1").arg(turnId)) + QStringLiteral(" does not exist");
        return std::nullopt;
    }
    if (!report.isEmpty()) {
        const auto hash = addBlob(report, error);
        if (!hash)
            return std::nullopt;
        profile.reportBlob = *hash;
    }
    EvalResult holder; // the profile's JSON form is EvalResult's "ncu" member
    holder.ncu = profile;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO turn_profiles(turn_id, kind, created, result) VALUES(?, 'ncu', ?, ?)"));
    q.addBindValue(turnId);
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    q.addBindValue(QString::fromUtf8(QJsonDocument(holder.toJson().value(QLatin1String("ncu")).toObject()).toJson(QJsonDocument::Compact)));
    if (!q.exec()) {
        *error = q.lastError().text();
        return std::nullopt;
    }
    const qint64 id = q.lastInsertId().toLongLong();
    if (!tx.commit(error))
        return std::nullopt;
    return id;
}

std::optional<QList<NcuProfile>> Store::ncuProfiles(qint64 turnId, QString* error, bool latestOnly) const
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(latestOnly ? QStringLiteral("SELECT result FROM turn_profiles WHERE turn_id = ? AND kind = 'ncu' ORDER BY id DESC LIMIT 1")
                         : QStringLiteral("SELECT result FROM turn_profiles WHERE turn_id = ? AND kind = 'ncu' ORDER BY id"));
    q.addBindValue(turnId);
    if (!q.exec()) {
        *error = q.lastError().text();
        return std::nullopt;
    }
    QList<NcuProfile> profiles;
    while (q.next()) {
        QJsonParseError pe;
        const QJsonObject ncu = QJsonDocument::fromJson(q.value(0).toByteArray(), &pe).object();
        QString inner;
        const EvalResult e = EvalResult::fromJson(QJsonObject { { QLatin1String("ncu"), ncu } }, &inner);
        if (pe.error != QJsonParseError::NoError || !inner.isEmpty()) {
            *error = describe(QStringLiteral("An Nsight Compute profile of turn %1").arg(turnId)) + QStringLiteral(" is damaged: ")
                + (inner.isEmpty() ? pe.errorString() : inner);
            return std::nullopt;
        }
        profiles.append(e.ncu);
    }
    return profiles;
}

std::optional<QByteArray> Store::blob(const QString& sha256, QString* error) const
{
    if (!m_reader)
        m_reader = std::make_unique<TrajectoryReader>(*this);
    return m_reader->blob(sha256, error);
}

std::optional<Trajectory> Store::trajectory(qint64 id, Depth depth, QString* error) const
{
    if (!m_reader)
        m_reader = std::make_unique<TrajectoryReader>(*this);
    return m_reader->trajectory(id, depth == Depth::Full, error);
}

std::optional<Turn> Store::turn(qint64 turnId, bool withFiles, QString* error) const
{
    if (!m_reader)
        m_reader = std::make_unique<TrajectoryReader>(*this);
    return m_reader->turn(turnId, withFiles, error);
}

std::optional<StoreInfo> Store::info(QString* error) const
{
    StoreInfo info;
    info.schemaVersion = m_schemaVersion;
    info.fileBytes = QFileInfo(m_path).size();
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT (SELECT count(*) FROM trajectories), (SELECT count(*) FROM trajectories WHERE synthetic),"
                               " (SELECT count(*) FROM turns), (SELECT coalesce(sum(branch_count), 0) FROM trajectories),"
                               " (SELECT count(*) FROM blobs), (SELECT coalesce(sum(size), 0) FROM blobs)"))
        || !q.next()) {
        *error = describe(QStringLiteral("counting")) + QStringLiteral(" failed: ") + q.lastError().text();
        return std::nullopt;
    }
    info.trajectories = q.value(0).toLongLong();
    info.syntheticTrajectories = q.value(1).toLongLong();
    info.turns = q.value(2).toLongLong();
    info.branches = q.value(3).toLongLong();
    info.blobs = q.value(4).toLongLong();
    info.blobBytes = q.value(5).toLongLong();
    if (!q.exec(QStringLiteral("SELECT k.name, k.level, count(t.id) FROM tasks k LEFT JOIN trajectories t ON t.task_id = k.id"
                               " GROUP BY k.name, k.level ORDER BY k.level, k.name"))) {
        *error = describe(QStringLiteral("listing tasks")) + QStringLiteral(" failed: ") + q.lastError().text();
        return std::nullopt;
    }
    while (q.next())
        info.tasks.append({ q.value(0).toString(), q.value(1).toInt(), q.value(2).toLongLong() });
    return info;
}

std::optional<qint64> Store::trajectoryId(const QString& uuid, QString* error) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id FROM trajectories WHERE uuid = ?"));
    q.addBindValue(uuid);
    if (!q.exec()) {
        *error = q.lastError().text();
        return std::nullopt;
    }
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::optional<qint64> Store::turnId(const QString& uuid, QString* error) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id FROM turns WHERE uuid = ?"));
    q.addBindValue(uuid);
    if (!q.exec()) {
        *error = q.lastError().text();
        return std::nullopt;
    }
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::optional<QList<qint64>> Store::trajectoryIds(const TrajectoryFilter& filter, TrajectoryColumn sortBy,
    bool descending, QString* error) const
{
    QVariantList binds;
    const QString where = filter.whereClause(&binds);
    QString sql = filter.needsTasks(sortBy) ? QStringLiteral("SELECT t.id FROM trajectories t JOIN tasks k ON k.id = t.task_id")
                                            : QStringLiteral("SELECT t.id FROM trajectories t");
    if (!where.isEmpty())
        sql += QStringLiteral(" WHERE ") + where;
    sql += QStringLiteral(" ORDER BY ") + TrajectoryFilter::orderByClause(sortBy, descending);
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.prepare(sql)) {
        *error = describe(QStringLiteral("filtering")) + QStringLiteral(" failed: ") + q.lastError().text();
        return std::nullopt;
    }
    for (const QVariant& v : binds)
        q.addBindValue(v);
    if (!q.exec()) {
        // The usual cause is FTS5 query syntax typed by the user.
        *error = QStringLiteral("The filter could not be applied: %1.").arg(q.lastError().databaseText());
        return std::nullopt;
    }
    QList<qint64> ids;
    while (q.next())
        ids.append(q.value(0).toLongLong());
    return ids;
}

std::optional<QList<TrajectorySummary>> Store::summaries(const QList<qint64>& ids, QString* error) const
{
    QList<TrajectorySummary> out;
    if (ids.isEmpty())
        return out;
    QStringList idText;
    for (qint64 id : ids)
        idText.append(QString::number(id));
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT t.id, t.uuid, k.name, k.level, t.title, t.source, t.policy, t.created, t.turn_count,"
                               " t.branch_count, t.status, t.best_reward, t.best_speedup, t.labels, t.synthetic, t.best_roofline"
                               " FROM trajectories t JOIN tasks k ON k.id = t.task_id WHERE t.id IN (")
            + idText.join(QLatin1Char(',')) + QLatin1Char(')'))) {
        *error = describe(QStringLiteral("reading trajectories")) + QStringLiteral(" failed: ") + q.lastError().text();
        return std::nullopt;
    }
    QHash<qint64, TrajectorySummary> byId;
    while (q.next()) {
        TrajectorySummary s;
        s.id = q.value(0).toLongLong();
        s.uuid = q.value(1).toString();
        s.task = q.value(2).toString();
        s.level = q.value(3).toInt();
        s.title = q.value(4).toString();
        s.source = q.value(5).toString();
        s.policy = q.value(6).toString();
        s.created = QDateTime::fromString(q.value(7).toString(), Qt::ISODateWithMs);
        s.turns = q.value(8).toInt();
        s.branches = q.value(9).toInt();
        s.status = q.value(10).toString();
        s.bestReward = q.value(11).isNull() ? kUnknown : q.value(11).toDouble();
        s.bestSpeedup = q.value(12).isNull() ? kUnknown : q.value(12).toDouble();
        for (const QJsonValue& v : QJsonDocument::fromJson(q.value(13).toByteArray()).array())
            s.labels.append(v.toString());
        s.synthetic = q.value(14).toBool();
        s.bestRoofline = q.value(15).isNull() ? kUnknown : q.value(15).toDouble();
        byId.insert(s.id, s);
    }
    for (qint64 id : ids) {
        if (byId.contains(id))
            out.append(byId.value(id));
    }
    return out;
}

bool Store::verify(QString* error) const
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")) || !q.next()) {
        *error = QStringLiteral("%1 is damaged: %2.").arg(fileName(m_path), q.lastError().text());
        return false;
    }
    if (q.value(0).toString() != QLatin1String("ok")) {
        *error = QStringLiteral("%1 is damaged: %2.").arg(fileName(m_path), q.value(0).toString());
        return false;
    }
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT hash FROM blobs"))) {
        *error = describe(QStringLiteral("listing blobs")) + QStringLiteral(" failed: ") + q.lastError().text();
        return false;
    }
    while (q.next()) {
        if (!blob(q.value(0).toString(), error))
            return false;
    }
    return true;
}

} // namespace kwb
