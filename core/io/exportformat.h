#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>
#include <QStringList>

#include <optional>

namespace kwb {

struct TrajectoryFilter;

// The formats `kwb export` writes, and one entry point over their exporters.
class ExportFormat
{
public:
    static QStringList names(); // jsonl (native), sft, pairs, rollouts, atif, kernelbench
    // The training-data formats (sft, pairs, rollouts: one record per line) that would write no record from the
    // trajectories given fail with the reason instead of leaving an empty file; `records`, when given, gets how many lines they wrote (-1 for the
    // document formats).
    // `skipped`, when given, gets what the export left out and why (see ExportSkips).
    static bool write(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
        QIODevice& out, const TrajectorySource::Progress& progress, QString* error, qint64* records = nullptr,
        ExportSkips* skipped = nullptr);
    // The same into the file at `path`, through a temporary file renamed at the end: a failed export leaves the file
    // as it was.
    static bool writeFile(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
        const QString& path, const TrajectorySource::Progress& progress, QString* error, qint64* records = nullptr,
        ExportSkips* skipped = nullptr);
    // The trajectories an export writes, the same for `kwb export` and the window: those of options.tasks (every one
    // when empty), narrowed by the list's filter, in the store's order.
    static std::optional<QList<qint64>> select(const Store& store, const ExportOptions& options, const TrajectoryFilter& filter,
        QString* error);
};

} // namespace kwb
