#pragma once

#include "model/trajectory.h"
#include "storeinfo.h"
#include "trajectoryfilter.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace kwb {

class TrajectoryReader;
class TrajectoryWriter;

// One row of the trajectory list: what can be shown and filtered without loading any turn.
struct TrajectorySummary
{
    qint64 id = 0;
    QString uuid;
    QString task;
    int level = 0;
    QString title;
    QString source;
    QString policy;
    QDateTime created;
    int turns = 0;
    int branches = 0;
    QString status;
    double bestReward = kUnknown;
    double bestSpeedup = kUnknown;
    double bestRoofline = kUnknown; // the best correct turn's fraction of the roofline
    QStringList labels;
    bool synthetic = false;
};

// A `.kwb` file: SQLite (WAL) holding trajectories as turn trees, with content-addressed blobs shared between
// turns and full-text search. Nothing is overwritten: a fork or steer adds turns. Reads are lazy.
class Store
{
public:
    enum class Depth { Headers, Full }; // Headers: turns without messages and files

    enum class OpenMode { CreateIfMissing, MustExist };

    // Opens (or creates) the store. A foreign, corrupt, truncated or newer file is refused untouched.
    static std::unique_ptr<Store> open(const QString& path, QString* error, OpenMode mode = OpenMode::CreateIfMissing);
    // Creates a new store at an older schema version; for migration tests.
    static std::unique_ptr<Store> createAtVersion(const QString& path, int version, QString* error);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const QString& path() const { return m_path; }
    int schemaVersion() const { return m_schemaVersion; }

    // Nested scopes become savepoints; what a scope did is undone unless commit() is called.
    class Transaction
    {
    public:
        explicit Transaction(Store& store);
        ~Transaction();
        bool isActive() const { return m_active; }
        bool commit(QString* error);
        void rollback();

    private:
        Store& m_store;
        int m_depth = 0;
        bool m_active = false;
    };

    std::optional<qint64> addTrajectory(const Trajectory& trajectory, QString* error);
    // Adds one turn under an existing one (or as a new root): forks, steers and continuations.
    std::optional<qint64> addTurn(qint64 trajectoryId, const Turn& turn, QString* error);
    // Gives a trajectory without a prompt the one its first agent run was given (the agent engine builds it from
    // its settings); a prompt once set is never replaced: false and a sentence then.
    bool setPrompt(qint64 trajectoryId, const QList<Message>& prompt, QString* error);
    // Content a turn refers to by hash, such as a trace (EvalResult::traceBlob); returns the sha256.
    std::optional<QString> addBlob(const QByteArray& data, QString* error);

    // Keeps a trace (Chrome trace JSON) as a blob and points the turn's evaluation at it (EvalResult::traceBlob),
    // giving the turn an otherwise empty evaluation if it had none; nothing else of the turn changes. The sha256.
    std::optional<QString> attachTrace(const QString& turnUuid, const QByteArray& trace, QString* error);
    // The same for the build's SASS and PTX (kwb-disassembly/1): EvalResult::disassemblyBlob.
    std::optional<QString> attachDisassembly(const QString& turnUuid, const QByteArray& bundle, QString* error);
    std::optional<QByteArray> blob(const QString& sha256, QString* error) const;
    // An Nsight Compute profile of a turn, measured after its evaluation; the report file becomes a blob
    // (profile.reportBlob). Profiles add up: the turn and its evaluation stay as they were.
    std::optional<qint64> addNcuProfile(qint64 turnId, NcuProfile profile, const QByteArray& report, QString* error);
    // The turn's profiles, oldest first; with latestOnly, only the newest one (or none).
    std::optional<QList<NcuProfile>> ncuProfiles(qint64 turnId, QString* error, bool latestOnly = false) const;
    std::optional<StoreInfo> info(QString* error) const;
    std::optional<QList<qint64>> trajectoryIds(const TrajectoryFilter& filter, TrajectoryColumn sortBy,
        bool descending, QString* error) const;
    std::optional<QList<TrajectorySummary>> summaries(const QList<qint64>& ids, QString* error) const;
    // The id of the trajectory with this uuid; 0 when there is none (and `error` stays empty).
    std::optional<qint64> trajectoryId(const QString& uuid, QString* error) const;
    // A turn's id by its uuid; 0 when no turn has it.
    std::optional<qint64> turnId(const QString& uuid, QString* error) const;
    std::optional<Trajectory> trajectory(qint64 id, Depth depth, QString* error) const;
    std::optional<Turn> turn(qint64 turnId, bool withFiles, QString* error) const;
    // Full check: SQLite's integrity check and every blob against its hash. Slow on big stores.
    bool verify(QString* error) const;

    // Named queries of curation, the run summary and calibration (storequeries.cpp).
    // The annotations of a trajectory (turnId 0) or of one of its turns, as stored (a JSON array; empty when there
    // are none); no value and a sentence when there is no such trajectory or turn.
    std::optional<QByteArray> annotationsJson(qint64 trajectoryId, qint64 turnId, QString* error) const;
    // Replaces them (empty: none).
    bool setAnnotationsJson(qint64 trajectoryId, qint64 turnId, const QByteArray& annotations, QString* error);
    std::optional<QStringList> trajectoryLabels(qint64 trajectoryId, QString* error) const;
    bool setTrajectoryLabels(qint64 trajectoryId, const QStringList& labels, QString* error);
    // Every label in use, sorted: the trajectories' own, and with turnLabels also the labels annotating turns.
    std::optional<QStringList> labelsInUse(bool turnLabels, QString* error) const;
    // A turn's reward; no value (and `error` empty) when it has none.
    std::optional<double> turnReward(qint64 turnId, QString* error) const;
    // The trajectory and turn ids of the turn with this uuid ({0, 0} when there is none).
    std::optional<std::pair<qint64, qint64>> turnLocation(const QString& uuid, QString* error) const;
    // Per trajectory of `ids` (in no set order): its task's level, the evaluation of its best correct turn (highest
    // speed-up over torch.compile, then the earliest; empty when none passed), the rules of its latest evaluation and
    // its status.
    struct SummaryRow
    {
        qint64 trajectoryId = 0;
        int level = 0;
        QByteArray bestCorrectEval;
        QString latestRules;
        QString status;
    };
    std::optional<QList<SummaryRow>> summaryRows(const QList<qint64>& ids, QString* error) const;
    // In one transaction, every stored evaluation (by turn id) through `edit`, which returns whether it changed it;
    // changed ones are written back with their roofline fraction, and the trajectories' best roofline refreshed.
    // A damaged evaluation stops it with a sentence; nothing is then written.
    bool editEvaluations(const std::function<bool(EvalResult&)>& edit, QString* error);

    QString describe(const QString& what) const; // "<what> in <file>" for messages
    // How long a write waits for another connection's transaction (an import in another process) before it fails
    // with "database is locked"; SQLite's default through Qt is 5 s.
    void waitForWriters(int milliseconds);
    // Whether another connection (an import in another process or thread) holds the write lock now; asks without
    // waiting, so the window can queue an edit rather than freeze or fail.
    bool isWriteLocked();

private:
    // The connection is the store layer's alone: its writer and reader, and the tests' look at the schema
    // (StoreTestAccess, tests/testutils.h). Every other layer asks through the named functions above.
    friend class TrajectoryWriter;
    friend class TrajectoryReader;
    friend struct StoreTestAccess;
    QSqlDatabase& database() { return m_db; }
    const QSqlDatabase& database() const { return m_db; }

    Store() = default;
    std::optional<QString> attachToEval(const QString& turnUuid, const QByteArray& data, QString EvalResult::*field, QString* error);
    static std::unique_ptr<Store> openConnection(const QString& path, QString* error);
    bool exec(const QString& sql, QString* error);

    QString m_path;
    QString m_connection;
    QSqlDatabase m_db;
    int m_schemaVersion = 0;
    int m_transactionDepth = 0;
    int m_busyTimeoutMs = 5000; // Qt's SQLite default until waitForWriters sets another
    std::unique_ptr<TrajectoryWriter> m_writer;
    mutable std::unique_ptr<TrajectoryReader> m_reader;
};

} // namespace kwb
