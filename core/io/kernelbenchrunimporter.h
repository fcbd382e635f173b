#pragma once

#include "storeimport.h"

#include <QJsonObject>

namespace kwb {

// A KernelBench run folder: the candidates generate_samples.py wrote (level_L_problem_P_sample_S_kernel.py) and
// the eval_results.json of eval_from_generations.py ({problem_id: [{sample_id, compiled, correctness, metadata,
// runtime, runtime_stats}]}), joined to a KernelBench task folder (levelL/P_name.py). Each candidate becomes a
// one-turn trajectory whose workspace is the candidate as model_new.py; the recorded result, when there is one,
// becomes the turn's evaluation, and the record itself is kept in the trajectory's metadata ("kernelbench"). Where
// `kwb eval-set --out` wrote into the folder, its verdicts come in too: the whole evaluation of results/<name>.json as
// the turn's (with its reward), else summary.json's row and its reward as the source's ("eval_set", "source_reward").
class KernelBenchRunImporter
{
public:
    static inline const QString kFormat = QStringLiteral("kernelbench");

    static std::optional<StoreImport::Counts> importFolder(Store& store, const QString& runDir, const QString& tasksDir,
        const StoreImport::Progress& progress, QString* error);
    // One eval_results.json record as an evaluation. KernelBench's runtime is a mean in ms; it fills the median.
    static EvalResult evalFromRecord(const QJsonObject& record);
};

} // namespace kwb
