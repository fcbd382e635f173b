#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

// Splits compiler output into lines without their "\n" or "\r\n" and without ANSI colour escapes, which gcc
// adds under -fdiagnostics-color=always and which would otherwise break every grammar.
std::vector<std::string> outputLines(std::string_view output);

} // namespace kwb::runner
