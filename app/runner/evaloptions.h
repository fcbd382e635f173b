#pragma once

#include "runner/evalrequest.h"

#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

// The options eval, baseline and eval-set share, parsed into an EvalRequest; `extra` holds a command's own
// value options ("--tasks" ...). Returns -1 to go on, else the exit code (help printed, or a usage error).
int parseEvalOptions(const std::vector<std::string_view>& args, EvalRequest& request,
    std::map<std::string, std::string>& extra, std::string_view usage, std::ostream& out, std::ostream& err);

// Help text of the shared options.
extern const std::string_view kSharedEvalOptions;

} // namespace kwb::runner
