#pragma once

#include <iosfwd>
#include <string>

namespace kwb::runner {

// `kwb-runner summarize FILE.pt`: dtype, shape and value statistics of every tensor in a torch.save file, as JSON.
// Returns the exit code: 1, with one sentence on err, when the file cannot be read.
int summarizeCommand(const std::string& path, std::ostream& out, std::ostream& err);

} // namespace kwb::runner
