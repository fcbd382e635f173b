#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

namespace kwb::runner {

// `kwb-runner lint TASKSET [--json]`: runs every task's reference on two input sets and reports tasks a wrong
// kernel could pass (zeros or a constant pass, the output hardly depends on the inputs). Exit code 0 when no task is
// flagged, 1 when some are (or the lint could not run), 2 on wrong usage.
int lintCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

} // namespace kwb::runner
