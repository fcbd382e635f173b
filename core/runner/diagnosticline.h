#pragma once

#include "diagnostic.h"

#include <optional>
#include <string_view>

namespace kwb::runner {

// Recognises the first line of one diagnostic in the grammars of nvcc's pipeline: EDG front end, gcc and its
// assembler, ptxas, nvlink and the nvcc driver. Everything else (source echoes, carets, "In function" context,
// summaries, ptxas resource lines) gives nullopt. The file comes back as the tool printed it; the column of EDG
// diagnostics is on the caret line that follows, so it is 0 here.
std::optional<Diagnostic> parseDiagnosticLine(std::string_view line);

} // namespace kwb::runner
