#include "outputlines.h"

namespace kwb::runner {

namespace {

// Removes CSI sequences ("\x1b[" parameters, final byte in @..~), the only escapes compilers emit.
std::string withoutEscapes(std::string_view line)
{
    std::string result;
    result.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            std::size_t end = i + 2;
            while (end < line.size() && !(line[end] >= '@' && line[end] <= '~'))
                ++end;
            i = end;
            continue;
        }
        result += line[i];
    }
    return result;
}

} // namespace

std::vector<std::string> outputLines(std::string_view output)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < output.size()) {
        std::size_t end = output.find('\n', start);
        if (end == std::string_view::npos)
            end = output.size();
        std::string_view line = output.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line.find('\x1b') == std::string_view::npos ? std::string(line) : withoutEscapes(line));
        start = end + 1;
    }
    return lines;
}

} // namespace kwb::runner
