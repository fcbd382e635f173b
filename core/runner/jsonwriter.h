#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

// Streams one JSON value to an ostream as it is built, so large results never sit in memory twice.
class JsonWriter
{
public:
    // indent 0 writes compact JSON; n > 0 puts each object member and each nested container on its own line,
    // indented by n spaces per level, and keeps arrays of scalars on one line.
    explicit JsonWriter(std::ostream& out, int indent = 0);

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();

    // Inside an object, every value is preceded by exactly one key.
    JsonWriter& key(std::string_view name);

    // UTF-8 passes through; control characters, quotes and backslashes are escaped; invalid UTF-8 becomes U+FFFD.
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(int number) { return value(static_cast<long long>(number)); }
    JsonWriter& value(long number) { return value(static_cast<long long>(number)); }
    JsonWriter& value(long long number);
    JsonWriter& value(unsigned number) { return value(static_cast<unsigned long long>(number)); }
    JsonWriter& value(unsigned long number) { return value(static_cast<unsigned long long>(number)); }
    JsonWriter& value(unsigned long long number);
    // Shortest text that reads back to the same double; NaN and infinities have no JSON form and become null.
    JsonWriter& value(double number);
    JsonWriter& value(bool flag);
    JsonWriter& null();

    // True once one complete top-level value has been written.
    bool isComplete() const { return m_stack.empty() && m_wroteRoot; }

    static std::string escaped(std::string_view text);
    static std::string formatDouble(double number);

private:
    struct Level
    {
        bool isObject = false;
        bool isEmpty = true;
        bool hasKey = false;
        bool hasContainer = false;
    };

    void beforeValue(bool isContainer = false);
    void newline();
    JsonWriter& open(char bracket, bool isObject);
    JsonWriter& close(char bracket, bool isObject);

    std::ostream& m_out;
    int m_indent = 0;
    std::vector<Level> m_stack;
    bool m_wroteRoot = false;
};

} // namespace kwb::runner
