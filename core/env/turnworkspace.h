#pragma once

#include "model/trajectory.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace kwb {

// A turn's workspace written out for kwb-runner: DIR/task.py (the trajectory's reference) and DIR/workspace/
// with the turn's files. The candidate is the workspace folder when it has model_new.py (CUDA Agent layout),
// else its one Python file that defines ModelNew (KernelBench layout).
class TurnWorkspace
{
    Q_DECLARE_TR_FUNCTIONS(kwb::TurnWorkspace)
public:
    QString taskPath; // DIR/task.py
    QString workspaceDirectory; // DIR/workspace
    QString candidatePath; // workspaceDirectory, or the single-file candidate inside it

    // The turn must be loaded with its file contents. Nothing is written when a path is unsafe (absolute, or
    // with a ".." part) or a content is missing; *error then holds one sentence.
    static std::optional<TurnWorkspace> write(
        const Turn& turn, const TaskRef& task, const QString& directory, QString* error);

    // A path that stays inside the folder it is written to: relative, no "..", no empty name.
    static bool isSafeRelativePath(const QString& path);
};

} // namespace kwb
