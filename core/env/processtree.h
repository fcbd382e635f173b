#pragma once

#include <QList>

namespace kwb {

// A process and everything it started. kwb-runner runs each stage in a session of its own (setsid), so
// killing its process group alone would leave the harness, nvcc or ncu running; the tree is found through
// the parent links in /proc instead.
class ProcessTree
{
public:
    // Every live descendant of pid, children before grandchildren; empty where /proc is not there.
    static QList<qint64> descendants(qint64 pid);

    // Stops pid and its descendants (so that none can start more), then kills them and their process groups
    // with SIGKILL. The caller's own process group is never signalled.
    static void kill(qint64 pid);
};

} // namespace kwb
