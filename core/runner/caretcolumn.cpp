#include "caretcolumn.h"

#include <cctype>
#include <string>

namespace kwb::runner {

namespace {

bool isContinuationByte(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Byte offset of the code point with 0-based index `index`, or text.size() past the end.
std::size_t byteOffset(std::string_view text, int index)
{
    std::size_t offset = 0;
    for (int seen = 0; offset < text.size(); ++offset) {
        if (isContinuationByte(text[offset]))
            continue;
        if (seen++ == index)
            return offset;
    }
    return text.size();
}

int codePoints(std::string_view text)
{
    int count = 0;
    for (char c : text)
        count += isContinuationByte(c) ? 0 : 1;
    return count;
}

bool isWordByte(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

} // namespace

int CaretColumn::fromFrontEndCaret(std::string_view caretLine)
{
    const std::size_t caret = caretLine.find('^');
    if (caret == std::string_view::npos || caret < 2)
        return 0;
    if (caretLine.find_first_not_of(' ') != caret
        || caretLine.find_first_not_of(' ', caret + 1) != std::string_view::npos)
        return 0;
    return static_cast<int>(caret) - 2 + 1;
}

int CaretColumn::alignEchoToSource(std::string_view echoedLine, int column, std::string_view sourceLine)
{
    if (column <= 0)
        return column;
    // EDG echoes a tab as one space; replacing it keeps both lines the same length in code points.
    std::string source(sourceLine);
    for (char& c : source) {
        if (c == '\t')
            c = ' ';
    }
    const std::string_view echo = echoedLine;
    const std::size_t caret = byteOffset(echo, column - 1);
    if (echo.substr(0, caret) == std::string_view(source).substr(0, caret))
        return column;
    // A macro or keyword expanded before the caret: the rest of the line still reads the same.
    const std::string_view tail = echo.substr(caret);
    if (!tail.empty() && source.ends_with(tail))
        return codePoints(std::string_view(source).substr(0, source.size() - tail.size())) + 1;
    // Otherwise the word under the caret, when the source line holds it exactly once.
    std::size_t wordEnd = caret;
    while (wordEnd < echo.size() && isWordByte(echo[wordEnd]))
        ++wordEnd;
    const std::string_view word = echo.substr(caret, wordEnd - caret);
    if (word.empty())
        return column;
    std::size_t found = std::string::npos;
    for (std::size_t at = source.find(word); at != std::string::npos; at = source.find(word, at + 1)) {
        const bool whole = (at == 0 || !isWordByte(source[at - 1]))
            && (at + word.size() == source.size() || !isWordByte(source[at + word.size()]));
        if (!whole)
            continue;
        if (found != std::string::npos)
            return column;
        found = at;
    }
    return found == std::string::npos ? column : codePoints(std::string_view(source).substr(0, found)) + 1;
}

int CaretColumn::fromDisplayColumn(std::string_view sourceLine, int displayColumn, int tabStop)
{
    if (displayColumn <= 0 || tabStop <= 0)
        return displayColumn;
    int display = 0; // 0-based display position where the current code point starts
    int index = 0;
    for (std::size_t i = 0; i < sourceLine.size(); ++i) {
        if (isContinuationByte(sourceLine[i]))
            continue;
        const int next = sourceLine[i] == '\t' ? (display / tabStop + 1) * tabStop : display + 1;
        if (displayColumn - 1 < next)
            return index + 1;
        display = next;
        ++index;
    }
    return index + 1 + (displayColumn - 1 - display);
}

} // namespace kwb::runner
