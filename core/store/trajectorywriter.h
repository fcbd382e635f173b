#pragma once

#include "model/secretredactor.h"
#include "model/trajectory.h"

#include <QHash>
#include <QSet>
#include <QSqlQuery>

#include <optional>

namespace kwb {

class Store;

// Inserts trajectories and turns with prepared statements; the caller holds the transaction.
class TrajectoryWriter
{
public:
    explicit TrajectoryWriter(Store& store);

    std::optional<qint64> addTrajectory(const Trajectory& trajectory, QString* error);
    std::optional<qint64> addTurn(qint64 trajectoryId, const Turn& turn, QString* error);
    // Stores content that a turn refers to by hash (a trace: EvalResult::traceBlob); returns its sha256.
    std::optional<QString> addBlob(const QByteArray& data, QString* error);
    // After a rollback: manifests written since the last commit are gone, and the cache must not vouch for them.
    void forgetManifests() { m_knownManifests.clear(); }

private:
    std::optional<qint64> insertTurn(qint64 trajectoryId, const Turn& turn, qint64 parentId, int depth, int seq,
        QString* error);
    bool putBlob(const QByteArray& data, const QString& sha256, QString* error);
    bool blobExists(const QString& sha256);
    bool putWorkspace(const WorkspaceSnapshot& workspace, QString* manifestHash, QString* error);
    std::optional<qint64> taskId(const TaskRef& task, QString* error);
    bool refreshSummary(qint64 trajectoryId, QString* error);
    bool fail(QSqlQuery& q, const QString& what, QString* error);

    Store& m_store;
    QSqlQuery m_insertBlob;
    QSqlQuery m_blobExists;
    QSqlQuery m_insertBlobText;
    QSqlQuery m_insertManifestEntry;
    QSqlQuery m_insertTurn;
    QSqlQuery m_insertTurnText;
    QSqlQuery m_refreshSummary;
    QSet<QString> m_knownManifests; // written by this writer; saves a lookup per turn
    SecretRedactor m_redactor; // this process's secrets, as the writer was made
};

} // namespace kwb
