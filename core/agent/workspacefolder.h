#pragma once

#include "model/workspacesnapshot.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace kwb::agent {

// A branch's workspace as the folder its tools work in: a snapshot written out before a run, and the folder read
// back into a snapshot after each turn.
class WorkspaceFolder
{
    Q_DECLARE_TR_FUNCTIONS(kwb::agent::WorkspaceFolder)
public:
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;

    // Writes every file of the snapshot, which must hold the contents, under `directory`. Nothing is written when
    // a path is unsafe (absolute, "..") or a content is missing; false and one sentence then.
    static bool write(const WorkspaceSnapshot& snapshot, const QString& directory, QString* error);

    // The folder's files, paths relative to it with "/", leaving out what is not the agent's work: __pycache__
    // and build folders, compiler outputs (.o, .so, .pyc, ...), symbolic links (they may point outside) and files
    // over kMaxFileBytes. Each link, big or unreadable file left out adds a sentence to `notes`.
    static WorkspaceSnapshot read(const QString& directory, QStringList* notes);

    // Whether a path (relative, "/"-separated) is a build output the snapshot leaves out.
    static bool isBuildOutput(const QString& path);
};

} // namespace kwb::agent
