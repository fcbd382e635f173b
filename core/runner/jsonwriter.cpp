#include "jsonwriter.h"

#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <ostream>

namespace kwb::runner {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD"; // U+FFFD

// Length of the valid UTF-8 sequence starting at text[i], or 0 if the bytes there are not valid UTF-8.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80; // no overlong forms
        high = lead == 0xED ? 0x9F : 0xBF; // no UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size())
        return 0;
    if (byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    }
    return length;
}

// std::to_chars ignores the stream's locale, so numbers never get thousands separators.
template<typename Integer> std::string formatInteger(Integer number)
{
    std::array<char, 24> buffer {};
    [[maybe_unused]] const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), number);
    assert(error == std::errc());
    return std::string(buffer.data(), end);
}

} // namespace

JsonWriter::JsonWriter(std::ostream& out, int indent)
    : m_out(out)
    , m_indent(indent)
{ }

std::string JsonWriter::escaped(std::string_view text)
{
    std::string result;
    result.reserve(text.size() + 2);
    result += '"';
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            const std::size_t length = utf8SequenceLength(text, i);
            if (length == 0) {
                result += kReplacement;
                ++i;
            } else {
                result.append(text.substr(i, length));
                i += length;
            }
            continue;
        }
        switch (c) {
        case '"':
            result += "\\\"";
            break;
        case '\\':
            result += "\\\\";
            break;
        case '\b':
            result += "\\b";
            break;
        case '\f':
            result += "\\f";
            break;
        case '\n':
            result += "\\n";
            break;
        case '\r':
            result += "\\r";
            break;
        case '\t':
            result += "\\t";
            break;
        default:
            if (c < 0x20) {
                constexpr std::string_view hex = "0123456789abcdef";
                result += "\\u00";
                result += hex[c >> 4];
                result += hex[c & 0xF];
            } else {
                result += static_cast<char>(c);
            }
        }
        ++i;
    }
    result += '"';
    return result;
}

std::string JsonWriter::formatDouble(double number)
{
    if (!std::isfinite(number))
        return "null";
    std::array<char, 32> buffer {};
    [[maybe_unused]] const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), number);
    assert(error == std::errc());
    std::string text(buffer.data(), end);
    // Keep integral doubles recognisably floating point for typed readers ("2.0", not "2").
    if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
    return text;
}

void JsonWriter::newline()
{
    if (m_indent <= 0)
        return;
    m_out << '\n';
    for (std::size_t level = 0; level < m_stack.size(); ++level)
        m_out << std::string(static_cast<std::size_t>(m_indent), ' ');
}

void JsonWriter::beforeValue(bool isContainer)
{
    if (m_stack.empty()) {
        assert(!m_wroteRoot && "JsonWriter: only one top-level value");
        m_wroteRoot = true;
        return;
    }
    Level& level = m_stack.back();
    if (level.isObject) {
        assert(level.hasKey && "JsonWriter: a value in an object needs a key first");
        level.hasKey = false;
        return;
    }
    if (!level.isEmpty)
        m_out << ',';
    if (isContainer) {
        level.hasContainer = true;
        newline();
    } else if (!level.isEmpty && m_indent > 0) {
        m_out << ' ';
    }
    level.isEmpty = false;
}

JsonWriter& JsonWriter::key(std::string_view name)
{
    assert(!m_stack.empty() && m_stack.back().isObject && !m_stack.back().hasKey);
    Level& level = m_stack.back();
    if (!level.isEmpty)
        m_out << ',';
    level.isEmpty = false;
    level.hasKey = true;
    newline();
    m_out << escaped(name) << (m_indent > 0 ? ": " : ":");
    return *this;
}

JsonWriter& JsonWriter::open(char bracket, bool isObject)
{
    beforeValue(true);
    m_out << bracket;
    m_stack.push_back(Level { isObject, true, false, false });
    return *this;
}

JsonWriter& JsonWriter::close(char bracket, bool isObject)
{
    assert(!m_stack.empty() && m_stack.back().isObject == isObject && !m_stack.back().hasKey);
    // Objects always break before the closing brace; arrays only when they hold containers.
    const bool breakLine = isObject ? !m_stack.back().isEmpty : m_stack.back().hasContainer;
    m_stack.pop_back();
    if (breakLine)
        newline();
    m_out << bracket;
    if (m_stack.empty())
        m_out.flush();
    return *this;
}

JsonWriter& JsonWriter::beginObject()
{
    return open('{', true);
}
JsonWriter& JsonWriter::endObject()
{
    return close('}', true);
}
JsonWriter& JsonWriter::beginArray()
{
    return open('[', false);
}
JsonWriter& JsonWriter::endArray()
{
    return close(']', false);
}

JsonWriter& JsonWriter::value(std::string_view text)
{
    beforeValue();
    m_out << escaped(text);
    return *this;
}

JsonWriter& JsonWriter::value(long long number)
{
    beforeValue();
    m_out << formatInteger(number);
    return *this;
}

JsonWriter& JsonWriter::value(unsigned long long number)
{
    beforeValue();
    m_out << formatInteger(number);
    return *this;
}

JsonWriter& JsonWriter::value(double number)
{
    beforeValue();
    m_out << formatDouble(number);
    return *this;
}

JsonWriter& JsonWriter::value(bool flag)
{
    beforeValue();
    m_out << (flag ? "true" : "false");
    return *this;
}

JsonWriter& JsonWriter::null()
{
    beforeValue();
    m_out << "null";
    return *this;
}

} // namespace kwb::runner
