#pragma once

#include <string_view>

namespace kwb::runner {

// Columns are 1-based code points of the source line. The compilers count differently: EDG puts its caret
// under an echo of the line after preprocessing (macros and __device__ expanded, a tab shown as one space),
// gcc counts display columns (tabs to the next multiple of 8). These functions map both onto the source line.
class CaretColumn
{
public:
    // Column of the caret in an EDG caret line, whose echo is indented by two spaces; 0 for other lines.
    static int fromFrontEndCaret(std::string_view caretLine);

    // Moves a column of the echoed line onto the source line where the two differ (a macro before the caret).
    // Keeps the column when the text before it is the same or when no unambiguous match exists.
    static int alignEchoToSource(std::string_view echoedLine, int column, std::string_view sourceLine);

    // Turns gcc's display column into a code-point column of the source line.
    static int fromDisplayColumn(std::string_view sourceLine, int displayColumn, int tabStop = 8);
};

} // namespace kwb::runner
