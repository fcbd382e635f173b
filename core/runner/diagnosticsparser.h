#pragma once

#include "diagnostic.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

// Turns nvcc's combined stdout and stderr into diagnostics for the compiler-output table. Lines that are not
// diagnostics (echoed source, carets, context, summaries, resource reports) are dropped: the caller keeps the
// raw log beside the list.
class DiagnosticsParser
{
public:
    // Line `line` (1-based) of `file` as the diagnostic names it, or nullopt when it cannot be read.
    using SourceLineLookup = std::function<std::optional<std::string>(const std::string& file, int line)>;

    // Files under workspaceRoot are reported relative to it; an empty root leaves paths as nvcc printed them.
    explicit DiagnosticsParser(std::string workspaceRoot = {});

    // With a lookup, columns are moved from what the compilers echo onto the real source lines (see CaretColumn).
    void setSourceLookup(SourceLineLookup lookup) { m_sourceLookup = std::move(lookup); }

    std::vector<Diagnostic> parse(std::string_view output) const;

    // A lookup that reads files from disk, relative paths against root; each file is read once per lookup.
    static SourceLineLookup readFilesUnder(std::string root);

    // The display form of a mangled name (abi::__cxa_demangle); names that are not mangled come back unchanged.
    static std::string demangle(const std::string& name);

private:
    std::string relativePath(std::string_view file) const;
    void alignColumn(Diagnostic& diagnostic, std::string_view echoedLine) const;

    std::string m_workspaceRoot;
    SourceLineLookup m_sourceLookup;
};

} // namespace kwb::runner
