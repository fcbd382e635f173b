#pragma once

namespace kwb::runner {

// For a runner started over SSH: standard input is the connection. When it closes (the workbench cancelled the
// run, or the connection dropped), everything this process started is stopped and killed, and the process exits
// with status 3 after one sentence on stderr. Started once, before any stage runs; a thread of its own reads and
// discards what arrives.
void endWithInput();

// Stops pid's descendants (so that none can start more), then kills them and their process groups with SIGKILL.
// pid itself and the caller's own process group are not signalled.
void killDescendants(int pid);

} // namespace kwb::runner
