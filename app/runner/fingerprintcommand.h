#pragma once

#include <iosfwd>

namespace kwb::runner {

// `kwb-runner fingerprint`: this host, its CUDA devices (or why there are none) and LibTorch, as JSON.
// Returns the exit code; a machine without a GPU is not a failure.
int fingerprintCommand(std::ostream& out);

} // namespace kwb::runner
