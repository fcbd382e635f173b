#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>
#include <QStringList>

namespace kwb {

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
};

} // namespace kwb
