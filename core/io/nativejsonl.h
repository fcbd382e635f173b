#pragma once

#include "model/trajectory.h"

#include <QIODevice>
#include <QStringList>
#include <QList>

#include <functional>
#include <optional>

namespace kwb {

class Store;

// The workbench's own interchange format: one trajectory per line ("format": "kwb-trajectory/1"), files inline.
// Export followed by import reproduces the store's trajectories exactly.
class NativeJsonl
{
public:
    // Called with (done, total); returning false cancels. total is -1 when unknown (bytes for imports).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    struct ImportCounts
    {
        qint64 trajectories = 0;
        qint64 turns = 0;
        QStringList notes = {}; // what an import of several files left out, one sentence each
    };

    static QByteArray encode(const Trajectory& trajectory);
    static std::optional<Trajectory> decode(const QByteArray& line, QString* error);

    static bool exportTrajectories(const Store& store, const QList<qint64>& ids, QIODevice& out,
        const Progress& progress, QString* error);
    // The whole file is one transaction: on any error nothing of it lands in the store.
    static std::optional<ImportCounts> importFile(Store& store, const QString& path, const Progress& progress,
        QString* error);
};

} // namespace kwb
