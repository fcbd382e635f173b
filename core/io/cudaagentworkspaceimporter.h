#pragma once

#include "storeimport.h"

namespace kwb {

// A CUDA Agent workspace folder: model.py (the task), model_new.py, kernels/ and whatever else the agent left.
// The files (without model.py, build output and caches) become the workspace of a turn. A transcript of OpenAI
// chat messages beside them (messages.jsonl: the first conversation line, or messages.json) becomes the turns
// before it, with workspaces replayed from its tool calls. agent_traj.txt, the only transcript CUDA Agent has
// published, has no documented layout: it is read the same way when it holds such messages and is otherwise
// left out (the trajectory's metadata says so).
class CudaAgentWorkspaceImporter
{
public:
    static inline const QString kFormat = QStringLiteral("cuda-agent");

    static std::optional<StoreImport::Counts> importFolder(Store& store, const QString& dir,
        const StoreImport::Progress& progress, QString* error);
};

} // namespace kwb
