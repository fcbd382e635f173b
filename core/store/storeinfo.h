#pragma once

#include <QList>
#include <QString>

namespace kwb {

// Counts for `kwb info` and the window's status bar.
struct StoreInfo
{
    struct TaskCount
    {
        QString name;
        int level = 0;
        qint64 trajectories = 0;
    };

    int schemaVersion = 0;
    qint64 trajectories = 0;
    qint64 syntheticTrajectories = 0;
    qint64 turns = 0;
    qint64 branches = 0;
    qint64 blobs = 0;
    qint64 blobBytes = 0;
    qint64 fileBytes = 0;
    QList<TaskCount> tasks;
};

} // namespace kwb
