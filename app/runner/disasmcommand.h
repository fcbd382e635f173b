#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

namespace kwb::runner {

// `kwb-runner disasm MODULE... --out FILE [--sources DIR]...`: the SASS (with source lines) and PTX of builds (.so
// or .cubin) as the evaluation keeps them with a turn (kwb-disassembly/1), for a build made outside an evaluation.
int disasmCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

} // namespace kwb::runner
