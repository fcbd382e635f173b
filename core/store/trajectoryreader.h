#pragma once

#include "model/trajectory.h"

#include <QSqlQuery>

#include <optional>

namespace kwb {

class Store;

// Loads trajectories, turns and blobs; every blob is checked against its hash as it is read.
class TrajectoryReader
{
public:
    explicit TrajectoryReader(const Store& store);

    std::optional<Trajectory> trajectory(qint64 id, bool full, QString* error);
    std::optional<Turn> turn(qint64 turnId, bool withFiles, QString* error);
    std::optional<QByteArray> blob(const QString& sha256, QString* error);

private:
    bool readTurn(QSqlQuery& q, bool full, bool withFiles, Turn* turn, QString* error);
    bool readWorkspace(const QString& manifest, bool withContent, WorkspaceSnapshot* workspace, QString* error);

    const Store& m_store;
    QSqlQuery m_blob;
    QSqlQuery m_manifest;
};

} // namespace kwb
