#pragma once

#include "nativejsonl.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <optional>

namespace kwb {

class Store;

// The trajectories an export reads, in ascending id order and one at a time, so no export holds a whole store.
class TrajectorySource
{
public:
    using Progress = NativeJsonl::Progress;
    using Visit = std::function<bool(const Trajectory& trajectory, QString* error)>;

    static std::optional<QList<qint64>> ids(const Store& store, const QStringList& tasks, QString* error);
    static bool forEach(const Store& store, const QList<qint64>& ids, const Progress& progress, const Visit& visit,
        QString* error);
};

} // namespace kwb
