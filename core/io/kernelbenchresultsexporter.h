#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>
#include <QJsonObject>

namespace kwb {

// KernelBench's eval_results.json, as its analysis scripts read it: {problem_id: [{sample_id, compiled,
// correctness, metadata, runtime, runtime_stats}]}, times in ms. One record per trajectory, from its
// best-rewarded evaluated turn (the last evaluated one when none has a reward); the problem id is the number
// before the first "_" of the task name, and one file holds one level. Our median fills KernelBench's "runtime"
// (its mean); unevaluated trajectories are left out, which the analysis counts as failed.
class KernelBenchResultsExporter
{
public:
    static QJsonObject record(const Trajectory& trajectory, const Turn& turn, int sampleId);
    static bool write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
        const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped = nullptr);
};

} // namespace kwb
