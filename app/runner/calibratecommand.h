#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

namespace kwb::runner {

// `kwb-runner calibrate [--device D] [--rounds N]`: measures the copy bandwidth and the matrix rates, stores them
// under the cache with this machine's fingerprint, prints them with their spread over this machine's earlier
// calibrations. Exit code 0 when measured, 1 when the measurement failed, 2 on wrong usage.
int calibrateCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `kwb-runner floor --task TASK`: the least work a task needs (bytes in, out and of parameters; FLOPs).
int floorCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

} // namespace kwb::runner
