#include "diagnosticsparser.h"

#include "cuda/chrometrace.h"

#include "caretcolumn.h"
#include "diagnosticline.h"
#include "outputlines.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>

namespace kwb::runner {

namespace {

// Key for dropping repeats: nvcc runs the front end once per device arch and once for the host, and each
// pass reports the same warnings again.
std::string identity(const Diagnostic& d)
{
    std::string key = std::string(Diagnostic::severityName(d.severity));
    for (const std::string* part : { &d.file, &d.code, &d.message, &d.tool, &d.function })
        key += '\0' + *part;
    return key + '\0' + std::to_string(d.line) + ':' + std::to_string(d.column);
}

// The file named in "1 error detected in the compilation of "x.cu".", or "" for other lines.
std::string_view summarizedFile(std::string_view line)
{
    constexpr std::string_view marker = " detected in the compilation of \"";
    const std::size_t at = line.find(marker);
    if (at == std::string_view::npos || !line.ends_with("\"."))
        return {};
    const std::size_t start = at + marker.size();
    return line.substr(start, line.size() - 2 - start);
}

} // namespace

DiagnosticsParser::DiagnosticsParser(std::string workspaceRoot)
    : m_workspaceRoot(std::move(workspaceRoot))
{ }

std::vector<Diagnostic> DiagnosticsParser::parse(std::string_view output) const
{
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> echoes; // EDG's echoed source line per diagnostic, "" where there is none
    std::size_t unplacedFrom = 0; // first diagnostic a front-end summary line may still give a file
    bool awaitingCaret = false; // the last diagnostic is EDG's and its caret line has not come yet
    std::string lastIndented;

    for (const std::string& line : outputLines(output)) {
        if (line.empty()) {
            awaitingCaret = false;
            continue;
        }
        if (line.front() == ' ' || line.front() == '\t') {
            if (!awaitingCaret)
                continue;
            if (const int column = CaretColumn::fromFrontEndCaret(line); column > 0) {
                diagnostics.back().column = column;
                echoes.back() = lastIndented.size() >= 2 ? lastIndented.substr(2) : std::string();
                awaitingCaret = false;
            } else {
                lastIndented = line;
            }
            continue;
        }
        if (const std::string_view file = summarizedFile(line); !file.empty()) {
            // "At end of source" names no file; the summary of the same compilation does.
            for (std::size_t i = unplacedFrom; i < diagnostics.size(); ++i) {
                if (diagnostics[i].tool == Diagnostic::kFrontEnd && diagnostics[i].file.empty()
                    && diagnostics[i].severity != Diagnostic::Severity::Fatal)
                    diagnostics[i].file = relativePath(file);
            }
            unplacedFrom = diagnostics.size();
            continue;
        }
        std::optional<Diagnostic> diagnostic = parseDiagnosticLine(line);
        awaitingCaret = diagnostic && diagnostic->tool == Diagnostic::kFrontEnd && !diagnostic->file.empty();
        lastIndented.clear();
        if (!diagnostic)
            continue;
        if (!diagnostic->file.empty())
            diagnostic->file = relativePath(diagnostic->file);
        diagnostics.push_back(std::move(*diagnostic));
        echoes.emplace_back();
    }

    std::vector<Diagnostic> unique;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < diagnostics.size(); ++i) {
        alignColumn(diagnostics[i], echoes[i]);
        if (seen.insert(identity(diagnostics[i])).second)
            unique.push_back(std::move(diagnostics[i]));
    }
    return unique;
}

void DiagnosticsParser::alignColumn(Diagnostic& diagnostic, std::string_view echoedLine) const
{
    if (!m_sourceLookup || diagnostic.column <= 0 || diagnostic.file.empty())
        return;
    const bool fromEcho = diagnostic.tool == Diagnostic::kFrontEnd && !echoedLine.empty();
    if (!fromEcho && diagnostic.tool != Diagnostic::kHostCompiler)
        return;
    const std::optional<std::string> source = m_sourceLookup(diagnostic.file, diagnostic.line);
    if (!source)
        return;
    diagnostic.column = fromEcho ? CaretColumn::alignEchoToSource(echoedLine, diagnostic.column, *source)
                                 : CaretColumn::fromDisplayColumn(*source, diagnostic.column);
}

std::string DiagnosticsParser::relativePath(std::string_view file) const
{
    namespace fs = std::filesystem;
    const fs::path path = fs::path(file).lexically_normal();
    if (m_workspaceRoot.empty() || !path.is_absolute())
        return path.generic_string();
    const fs::path root = fs::path(m_workspaceRoot).lexically_normal();
    const fs::path relative = path.lexically_relative(root);
    if (relative.empty() || *relative.begin() == "..")
        return path.generic_string();
    return relative.generic_string();
}

DiagnosticsParser::SourceLineLookup DiagnosticsParser::readFilesUnder(std::string root)
{
    auto cache = std::make_shared<std::map<std::string, std::vector<std::string>>>();
    return [root = std::move(root), cache](const std::string& file, int line) -> std::optional<std::string> {
        auto it = cache->find(file);
        if (it == cache->end()) {
            std::filesystem::path path(file);
            if (path.is_relative() && !root.empty())
                path = std::filesystem::path(root) / path;
            std::vector<std::string> lines;
            std::ifstream in(path, std::ios::binary);
            for (std::string text; std::getline(in, text);) {
                if (!text.empty() && text.back() == '\r')
                    text.pop_back();
                lines.push_back(std::move(text));
            }
            it = cache->emplace(file, std::move(lines)).first;
        }
        if (line < 1 || static_cast<std::size_t>(line) > it->second.size())
            return std::nullopt;
        return it->second[static_cast<std::size_t>(line) - 1];
    };
}

std::string DiagnosticsParser::demangle(const std::string& name)
{
    return trace::demangle(name); // one demangler for compiler output and traces
}

} // namespace kwb::runner
