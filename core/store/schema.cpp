#include "schema.h"

#include "storefileheader.h"

#include "model/roofline.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QStringDecoder>

#include <functional>
#include <QSqlQuery>

namespace kwb {

namespace {

// Version 1: trajectories, their turn trees, tasks and content-addressed blobs.
const char* const kVersion1[] = {
    "CREATE TABLE blobs(id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, data BLOB NOT NULL)",
    "CREATE TABLE manifest_entries(manifest TEXT NOT NULL, path TEXT NOT NULL, blob TEXT NOT NULL,"
    " PRIMARY KEY(manifest, path)) WITHOUT ROWID",
    "CREATE INDEX manifest_entries_blob ON manifest_entries(blob)",
    "CREATE TABLE tasks(id INTEGER PRIMARY KEY, name TEXT NOT NULL, level INTEGER NOT NULL DEFAULT 0,"
    " source_blob TEXT NOT NULL, UNIQUE(name, level, source_blob))",
    "CREATE TABLE trajectories(id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,"
    " task_id INTEGER NOT NULL REFERENCES tasks(id), title TEXT, source TEXT, policy TEXT, created TEXT,"
    " labels TEXT, metadata TEXT, prompt TEXT, annotations TEXT, synthetic INTEGER NOT NULL DEFAULT 0,"
    " turn_count INTEGER NOT NULL DEFAULT 0, branch_count INTEGER NOT NULL DEFAULT 0, best_reward REAL,"
    " best_speedup REAL)",
    "CREATE TABLE turns(id INTEGER PRIMARY KEY, trajectory_id INTEGER NOT NULL REFERENCES trajectories(id),"
    " parent_id INTEGER REFERENCES turns(id), uuid TEXT NOT NULL UNIQUE, seq INTEGER NOT NULL,"
    " depth INTEGER NOT NULL, created TEXT, messages TEXT NOT NULL, manifest TEXT, eval TEXT, annotations TEXT,"
    " provenance TEXT, reward REAL, speedup REAL, compile_status TEXT, verify_status TEXT)",
    "CREATE INDEX turns_trajectory ON turns(trajectory_id, seq)",
    "CREATE INDEX turns_parent ON turns(parent_id)",
};

// Version 2: full-text search over messages and code, a per-trajectory status, indexes for list sorting.
const char* const kVersion2[] = {
    "CREATE VIRTUAL TABLE turn_text USING fts5(body, content='', tokenize='unicode61')",
    "CREATE VIRTUAL TABLE blob_text USING fts5(body, content='', tokenize='unicode61')",
    "ALTER TABLE trajectories ADD COLUMN status TEXT NOT NULL DEFAULT 'not-evaluated'",
    "UPDATE trajectories SET status = COALESCE((SELECT CASE"
    "   WHEN SUM(t.verify_status = 'passed') > 0 THEN 'correct'"
    "   WHEN SUM(t.compile_status = 'passed') > 0 THEN 'incorrect'"
    "   WHEN SUM(t.compile_status IS NOT NULL AND t.compile_status <> 'not-run') > 0 THEN 'compile-error'"
    "   ELSE 'not-evaluated' END FROM turns t WHERE t.trajectory_id = trajectories.id), 'not-evaluated')",
    "CREATE INDEX trajectories_task ON trajectories(task_id)",
    "CREATE INDEX trajectories_best_reward ON trajectories(best_reward)",
    "CREATE INDEX trajectories_best_speedup ON trajectories(best_speedup)",
    "CREATE INDEX trajectories_created ON trajectories(created)",
};

// Version 3: turn_text rows keyed by Schema::turnTextRowId(trajectory, seq) instead of the turn id, so a hit
// names its trajectory without a lookup; indexes for turn lookups by manifest and for the trajectory list.
const char* const kVersion3[] = {
    "CREATE INDEX turns_manifest ON turns(manifest, trajectory_id)",
    // Covers the list's default order and its numeric filters, so filtering reads no trajectory rows.
    "CREATE INDEX trajectories_list ON trajectories(created, best_speedup, best_reward, status, synthetic, task_id)",
    "INSERT INTO turn_text(turn_text) VALUES('delete-all')", // contentless FTS5: emptied, then filled again below
};

// Version 4: each correct turn's fraction of the roofline and the trajectory's best, for the list's "% roofline".
// The fraction is a copy of what the evaluation JSON implies, like speedup; the migration computes it for turns
// whose evaluations carry a floor and a calibration.
const char* const kVersion4[] = {
    "ALTER TABLE turns ADD COLUMN roofline REAL",
    "ALTER TABLE trajectories ADD COLUMN best_roofline REAL",
    "CREATE INDEX trajectories_best_roofline ON trajectories(best_roofline)",
};

// Version 5: measurements attached to a turn after its evaluation (Nsight Compute profiles). They add to the
// turn; its evaluation is never rewritten.
const char* const kVersion5[] = {
    "CREATE TABLE turn_profiles(id INTEGER PRIMARY KEY, turn_id INTEGER NOT NULL REFERENCES turns(id),"
    " kind TEXT NOT NULL, created TEXT NOT NULL, result TEXT NOT NULL)",
    "CREATE INDEX turn_profiles_turn ON turn_profiles(turn_id, kind, id)",
};

// Version 6: an evaluation that ended in an error not the candidate's (no GPU, a lost host) makes a trajectory
// "environment-error", no longer "compile-error" or "incorrect"; the statuses are computed again (in apply()).

QString turnText(const QVariant& messages)
{
    return Schema::turnSearchText(QJsonDocument::fromJson(messages.toByteArray()).array());
}

bool run(QSqlDatabase& db, const char* sql, QString* error)
{
    QSqlQuery q(db);
    if (!q.exec(QString::fromLatin1(sql))) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

bool indexExisting(QSqlDatabase& db, const char* select, const char* insert,
    const std::function<QString(const QVariant&)>& textOf, QString* error)
{
    QSqlQuery rows(db);
    rows.setForwardOnly(true);
    QSqlQuery add(db);
    if (!rows.exec(QString::fromLatin1(select)) || !add.prepare(QString::fromLatin1(insert))) {
        *error = rows.lastError().isValid() ? rows.lastError().text() : add.lastError().text();
        return false;
    }
    while (rows.next()) {
        const QString text = textOf(rows.value(1));
        if (text.isNull())
            continue;
        add.addBindValue(rows.value(0));
        add.addBindValue(text);
        if (!add.exec()) {
            *error = add.lastError().text();
            return false;
        }
    }
    return true;
}

bool fillRoofline(QSqlDatabase& db, QString* error)
{
    QSqlQuery rows(db);
    rows.setForwardOnly(true);
    QSqlQuery update(db);
    // Only evaluations that mention both can have a point; the rest are not parsed.
    if (!rows.exec(QStringLiteral("SELECT id, eval FROM turns WHERE verify_status = 'passed'"
                                  " AND eval LIKE '%\"floor\"%' AND eval LIKE '%\"ceilings\"%'"))
        || !update.prepare(QStringLiteral("UPDATE turns SET roofline = ? WHERE id = ?"))) {
        *error = rows.lastError().isValid() ? rows.lastError().text() : update.lastError().text();
        return false;
    }
    while (rows.next()) {
        QString ignored; // an evaluation that does not parse has no point, as when it is read
        const EvalResult e = EvalResult::fromJson(QJsonDocument::fromJson(rows.value(1).toByteArray()).object(), &ignored);
        const RooflinePoint p = roofline::correctCandidate(e);
        if (!p.isValid())
            continue;
        update.addBindValue(p.fractionOfRoofline);
        update.addBindValue(rows.value(0));
        if (!update.exec()) {
            *error = update.lastError().text();
            return false;
        }
    }
    return Schema::refreshBestRoofline(db, error);
}

} // namespace

bool Schema::refreshBestRoofline(QSqlDatabase& db, QString* error)
{
    return run(db,
        "UPDATE trajectories SET best_roofline = (SELECT max(roofline) FROM turns u WHERE u.trajectory_id = trajectories.id"
        " AND u.verify_status = 'passed')",
        error);
}

QString Schema::turnSearchText(const QJsonArray& messages)
{
    QString text;
    for (const QJsonValue& v : messages) {
        const QJsonObject m = v.toObject();
        for (const char* key : { "text", "reasoning" }) {
            const QString s = m.value(QLatin1String(key)).toString();
            if (!s.isEmpty())
                text += s + QLatin1Char('\n');
        }
        for (const QJsonValue& call : m.value(QLatin1String("tool_calls")).toArray()) {
            const QJsonObject c = call.toObject();
            text += c.value(QLatin1String("name")).toString() + QLatin1Char(' ')
                + QString::fromUtf8(QJsonDocument(c.value(QLatin1String("arguments")).toObject()).toJson(
                    QJsonDocument::Compact))
                + QLatin1Char('\n');
        }
    }
    return text.isNull() ? QString(QLatin1String("")) : text;
}

QString Schema::blobSearchText(const QByteArray& data)
{
    constexpr qsizetype kMaxIndexedBytes = 1 << 20;
    if (data.size() > kMaxIndexedBytes || data.contains('\0'))
        return {};
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder(data);
    return decoder.hasError() ? QString() : text;
}

QString Schema::trajectoryStatusCase(const QString& p)
{
    // A stage "error" is the environment's or the task's: such a turn is neither incorrect nor a compile error.
    return QStringLiteral("CASE WHEN SUM(%1verify_status = 'passed') > 0 THEN 'correct'"
                          " WHEN SUM(%1compile_status = 'passed' AND COALESCE(%1verify_status, '') <> 'error') > 0 THEN 'incorrect'"
                          " WHEN SUM(%1compile_status IN ('failed', 'timed-out')) > 0 THEN 'compile-error'"
                          " WHEN SUM(%1compile_status = 'error' OR %1verify_status = 'error') > 0 THEN 'environment-error'"
                          " ELSE 'not-evaluated' END")
        .arg(p);
}

bool Schema::apply(QSqlDatabase& db, int version, QString* error)
{
    if (version == 1) {
        for (const char* sql : kVersion1) {
            if (!run(db, sql, error))
                return false;
        }
        return run(db, "PRAGMA application_id = 1264009777", error); // StoreFileHeader::kApplicationId
    }
    if (version == 2) {
        for (const char* sql : kVersion2) {
            if (!run(db, sql, error))
                return false;
        }
        // Text already in the store goes into the new indexes.
        return indexExisting(db, "SELECT id, messages FROM turns", "INSERT INTO turn_text(rowid, body) VALUES(?, ?)",
                   turnText, error)
            && indexExisting(db, "SELECT id, data FROM blobs", "INSERT INTO blob_text(rowid, body) VALUES(?, ?)",
                [](const QVariant& v) { return blobSearchText(v.toByteArray()); }, error);
    }
    if (version == 3) {
        for (const char* sql : kVersion3) {
            if (!run(db, sql, error))
                return false;
        }
        const QByteArray select = QStringLiteral("SELECT (trajectory_id << %1) | seq, messages FROM turns").arg(kTurnSeqBits).toLatin1();
        return indexExisting(db, select.constData(), "INSERT INTO turn_text(rowid, body) VALUES(?, ?)", turnText, error);
    }
    if (version == 4) {
        for (const char* sql : kVersion4) {
            if (!run(db, sql, error))
                return false;
        }
        return fillRoofline(db, error);
    }
    if (version == 5) {
        for (const char* sql : kVersion5) {
            if (!run(db, sql, error))
                return false;
        }
        return true;
    }
    if (version == 6) {
        const QByteArray sql = QStringLiteral("UPDATE trajectories SET status = COALESCE((SELECT %1 FROM turns t"
                                              " WHERE t.trajectory_id = trajectories.id), 'not-evaluated')")
                                   .arg(trajectoryStatusCase(QStringLiteral("t.")))
                                   .toUtf8();
        return run(db, sql.constData(), error);
    }
    *error = QStringLiteral("no migration to schema version %1").arg(version);
    return false;
}

bool Schema::migrate(QSqlDatabase& db, int from, int to, QString* error)
{
    static_assert(StoreFileHeader::kApplicationId == 1264009777);
    for (int v = from + 1; v <= to; ++v) {
        if (!apply(db, v, error)) {
            *error = QStringLiteral("migration to schema version %1 failed: %2").arg(v).arg(*error);
            return false;
        }
        if (!run(db, QStringLiteral("PRAGMA user_version = %1").arg(v).toLatin1().constData(), error))
            return false;
    }
    return true;
}

} // namespace kwb
