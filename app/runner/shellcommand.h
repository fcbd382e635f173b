#pragma once

#include <ostream>
#include <string_view>
#include <vector>

namespace kwb::runner {

// kwb-runner shell --dir DIR --seconds N -- COMMAND: the agent's bash tool on this host. `bash -c COMMAND` runs in
// DIR under the sandbox candidate stages get (with bubblewrap: no network, DIR the only writable folder, a private
// /tmp), with only the tool variables of the environment, no input, and a wall-clock limit after which it and
// everything it started are killed. Its output (stdout and stderr as written) is this command's output; the exit
// status is bash's, 124 after the limit, 128 + the signal when killed.
int shellCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

} // namespace kwb::runner
