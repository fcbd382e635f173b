#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

namespace kwb::runner {

// `kwb-runner eval --task TASK --candidate CANDIDATE [options]`: one evaluation, its result as JSON on out.
// Exit code 0 when the evaluation ran (whatever the candidate did), 1 when it could not run, 2 on wrong usage.
int evalCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `kwb-runner baseline --task TASK`: eager and torch.compile timings of one task.
int baselineCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `kwb-runner eval-set --tasks DIR --candidates DIR --out DIR`: a whole run and its summary.
int evalSetCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `kwb-runner serve`: evaluations read one per line from `in`, each answered on one line, with warm workers.
int serveCommand(const std::vector<std::string_view>& args, std::istream& in, std::ostream& out, std::ostream& err);

} // namespace kwb::runner
