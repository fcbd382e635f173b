#include "diagnosticline.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace kwb::runner {

namespace {

using Severity = Diagnostic::Severity;

struct Word
{
    std::string_view text;
    Severity severity;
};

// Longer words first, so "fatal error" wins over a shorter match.
constexpr std::array kFrontEndWords { Word { "catastrophic error", Severity::Fatal }, Word { "error", Severity::Error },
    Word { "warning", Severity::Warning }, Word { "remark", Severity::Remark }, Word { "note", Severity::Note } };
constexpr std::array kHostWords { Word { "internal compiler error", Severity::Fatal },
    Word { "fatal error", Severity::Fatal }, Word { "error", Severity::Error }, Word { "warning", Severity::Warning },
    Word { "note", Severity::Note } };
constexpr std::array kToolWords { Word { "fatal", Severity::Fatal }, Word { "error", Severity::Error },
    Word { "warning", Severity::Warning }, Word { "info", Severity::Remark } };

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i])
            return false;
    }
    return true;
}

// Reads decimal digits at text[pos], advancing pos; nullopt when there are none or too many.
std::optional<int> readNumber(std::string_view text, std::size_t& pos)
{
    const std::size_t start = pos;
    int number = 0;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) && pos - start < 9)
        number = number * 10 + (text[pos++] - '0');
    if (pos == start || (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))))
        return std::nullopt;
    return number;
}

template<std::size_t N> const Word* matchWord(std::string_view text, const std::array<Word, N>& words)
{
    for (const Word& word : words) {
        // The assembler says "Error:", gcc "error:"; both are the same severity.
        if (startsWithNoCase(text, word.text))
            return &word;
    }
    return nullptr;
}

// "error #177-D: message" or "error: message" after the EDG location.
std::optional<Diagnostic> parseFrontEndRest(std::string_view rest)
{
    const Word* word = matchWord(rest, kFrontEndWords);
    if (!word || !rest.starts_with(word->text))
        return std::nullopt;
    Diagnostic diagnostic;
    diagnostic.severity = word->severity;
    diagnostic.tool = Diagnostic::kFrontEnd;
    std::size_t pos = word->text.size();
    if (rest.substr(pos).starts_with(" #")) {
        pos += 2;
        const std::size_t codeStart = pos;
        if (!readNumber(rest, pos))
            return std::nullopt;
        diagnostic.code = std::string(rest.substr(codeStart, pos - codeStart));
        if (rest.substr(pos).starts_with("-D"))
            pos += 2;
    }
    if (!rest.substr(pos).starts_with(": "))
        return std::nullopt;
    diagnostic.message = std::string(rest.substr(pos + 2));
    return diagnostic;
}

// file(line): severity[ #code[-D]]: message. A path may hold parentheses, so every "): " is a candidate.
std::optional<Diagnostic> parseFrontEnd(std::string_view line)
{
    for (std::size_t close = line.find("): "); close != std::string_view::npos; close = line.find("): ", close + 1)) {
        const std::size_t open = line.rfind('(', close);
        if (open == std::string_view::npos || open == 0)
            continue;
        std::size_t pos = open + 1;
        const auto number = readNumber(line, pos);
        if (!number || pos != close)
            continue;
        const std::string_view file = line.substr(0, open);
        if (file.find(": ") != std::string_view::npos)
            return std::nullopt;
        auto diagnostic = parseFrontEndRest(line.substr(close + 3));
        if (!diagnostic)
            continue;
        diagnostic->file = std::string(file);
        diagnostic->line = *number;
        return diagnostic;
    }
    return std::nullopt;
}

// file:line[:column]: severity: message, from gcc (columns) and GNU as (no column, capitalised severity).
std::optional<Diagnostic> parseHost(std::string_view line)
{
    for (std::size_t colon = line.find(':'); colon != std::string_view::npos; colon = line.find(':', colon + 1)) {
        const std::string_view file = line.substr(0, colon);
        if (file.empty() || file.find(": ") != std::string_view::npos)
            return std::nullopt;
        std::size_t pos = colon + 1;
        const auto number = readNumber(line, pos);
        if (!number)
            continue;
        int column = 0;
        if (pos < line.size() && line[pos] == ':' && pos + 1 < line.size() && line[pos + 1] != ' ') {
            ++pos;
            const auto columnNumber = readNumber(line, pos);
            if (!columnNumber)
                continue;
            column = *columnNumber;
        }
        if (!line.substr(pos).starts_with(": "))
            continue;
        const std::string_view rest = line.substr(pos + 2);
        const Word* word = matchWord(rest, kHostWords);
        if (!word || !rest.substr(word->text.size()).starts_with(": "))
            continue;
        Diagnostic diagnostic;
        diagnostic.severity = word->severity;
        diagnostic.tool = Diagnostic::kHostCompiler;
        diagnostic.file = std::string(file);
        diagnostic.line = *number;
        diagnostic.column = column;
        // gcc indents the text of notes that continue another message.
        const std::string_view message = rest.substr(word->text.size() + 2);
        diagnostic.message = std::string(message.substr(std::min(message.find_first_not_of(' '), message.size())));
        return diagnostic;
    }
    return std::nullopt;
}

// "gcc: error: ...", "cc1plus: fatal error: ...", "collect2: error: ...", "<command-line>: warning: ...".
bool isHostProgram(std::string_view name)
{
    if (name.size() > 2 && name.front() == '<' && name.back() == '>')
        return true;
    name = name.substr(name.find_last_of('/') + 1);
    // Version suffixes as in "x86_64-linux-gnu-g++-12".
    const std::size_t dash = name.rfind('-');
    if (dash != std::string_view::npos && dash + 1 < name.size()
        && name.find_first_not_of("0123456789.", dash + 1) == std::string_view::npos)
        name = name.substr(0, dash);
    for (std::string_view program : { "gcc", "g++", "c++", "cc", "cc1plus", "cc1", "collect2", "clang", "clang++" }) {
        if (name == program || (name.ends_with(program) && name[name.size() - program.size() - 1] == '-'))
            return true;
    }
    return false;
}

std::optional<Diagnostic> parseHostProgram(std::string_view line)
{
    const std::size_t colon = line.find(": ");
    if (colon == std::string_view::npos || !isHostProgram(line.substr(0, colon)))
        return std::nullopt;
    const std::string_view rest = line.substr(colon + 2);
    const Word* word = matchWord(rest, kHostWords);
    if (!word || !rest.starts_with(word->text) || !rest.substr(word->text.size()).starts_with(": "))
        return std::nullopt;
    Diagnostic diagnostic;
    diagnostic.severity = word->severity;
    diagnostic.tool = Diagnostic::kHostCompiler;
    diagnostic.message = std::string(rest.substr(word->text.size() + 2));
    return diagnostic;
}

// The -Xptxas -v report is data for PtxasResourceParser, not a diagnostic.
bool isResourceReport(std::string_view message)
{
    for (std::string_view prefix : { "Compiling entry function", "Function properties for", "Used ", "Compile time" }) {
        if (message.starts_with(prefix))
            return true;
    }
    std::size_t pos = 0;
    return readNumber(message, pos) && message.substr(pos).starts_with(" bytes ");
}

// The first quoted identifier: ptxas and nvlink name the function they mean, and no source location.
std::string quotedSymbol(std::string_view message)
{
    for (std::size_t open = message.find('\''); open != std::string_view::npos;) {
        const std::size_t close = message.find('\'', open + 1);
        if (close == std::string_view::npos)
            break;
        const std::string_view name = message.substr(open + 1, close - open - 1);
        const bool isSymbol = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]))
            && name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")
                == std::string_view::npos;
        if (isSymbol)
            return std::string(name);
        open = message.find('\'', close + 1);
    }
    return {};
}

// "ptxas error   : message": the tool's name, a padded severity and a colon.
std::optional<Diagnostic> parseTool(std::string_view line)
{
    constexpr std::array tools { std::pair { std::string_view("ptxas "), Diagnostic::kPtxas },
        std::pair { std::string_view("nvlink "), Diagnostic::kNvlink },
        std::pair { std::string_view("nvcc "), Diagnostic::kDriver } };
    for (const auto& [prefix, tool] : tools) {
        if (!line.starts_with(prefix))
            continue;
        std::string_view rest = line.substr(prefix.size());
        rest.remove_prefix(std::min(rest.find_first_not_of(' '), rest.size()));
        const Word* word = matchWord(rest, kToolWords);
        if (!word || !rest.starts_with(word->text))
            return std::nullopt;
        rest.remove_prefix(word->text.size());
        rest.remove_prefix(std::min(rest.find_first_not_of(' '), rest.size()));
        if (!rest.starts_with(':'))
            return std::nullopt;
        rest.remove_prefix(rest.starts_with(": ") ? 2 : 1);
        if (word->severity == Severity::Remark && isResourceReport(rest))
            return std::nullopt;
        Diagnostic diagnostic;
        diagnostic.severity = word->severity;
        diagnostic.tool = tool;
        if (tool != Diagnostic::kDriver) {
            // ptxas numbers some messages: "(C7515) Potential Performance Loss: ...".
            std::size_t pos = 2;
            if (rest.starts_with("(C") && readNumber(rest, pos) && rest.substr(pos).starts_with(") ")) {
                diagnostic.code = std::string(rest.substr(1, pos - 1));
                rest.remove_prefix(pos + 2);
            }
            diagnostic.function = quotedSymbol(rest);
        }
        diagnostic.message = std::string(rest);
        return diagnostic;
    }
    return std::nullopt;
}

// EDG diagnostics without a location: "At end of source: error: ..." and "Command-line error: ...".
std::optional<Diagnostic> parseFrontEndWithoutLocation(std::string_view line)
{
    if (line.starts_with("At end of source: "))
        return parseFrontEndRest(line.substr(18));
    if (line.starts_with("Command-line error: ") || line.starts_with("Command-line warning: ")) {
        Diagnostic diagnostic;
        // EDG stops at a bad command line and counts it as a catastrophic error.
        diagnostic.severity = line[13] == 'e' ? Severity::Fatal : Severity::Warning;
        diagnostic.tool = Diagnostic::kFrontEnd;
        diagnostic.message = std::string(line.substr(line.find(": ") + 2));
        return diagnostic;
    }
    return std::nullopt;
}

} // namespace

std::optional<Diagnostic> parseDiagnosticLine(std::string_view line)
{
    // Headers start in column 0; echoed source, carets and continuations are indented.
    if (line.empty() || line.front() == ' ' || line.front() == '\t')
        return std::nullopt;
    if (auto diagnostic = parseTool(line))
        return diagnostic;
    if (auto diagnostic = parseFrontEndWithoutLocation(line))
        return diagnostic;
    if (auto diagnostic = parseFrontEnd(line))
        return diagnostic;
    if (auto diagnostic = parseHost(line))
        return diagnostic;
    return parseHostProgram(line);
}

} // namespace kwb::runner
