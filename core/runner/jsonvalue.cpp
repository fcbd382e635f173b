#include "runner/jsonvalue.h"

#include "runner/jsonwriter.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace kwb::runner {

// Recursive descent over the text; depth is bounded so hostile input cannot exhaust the stack.
class JsonParser
{
public:
    explicit JsonParser(std::string_view text)
        : m_text(text)
    {
    }

    bool parseDocument(JsonValue* out)
    {
        skipSpace();
        if (!parseValue(out, 0))
            return false;
        skipSpace();
        return m_pos == m_text.size() || fail("unexpected text after the value");
    }

    std::string error;

private:
    static constexpr int kMaxDepth = 256;

    bool fail(const char* what)
    {
        if (error.empty())
            error = std::string(what) + " at byte " + std::to_string(m_pos);
        return false;
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\r' || m_text[m_pos] == '\t'))
            ++m_pos;
    }

    bool literal(std::string_view word)
    {
        if (m_text.substr(m_pos, word.size()) != word)
            return fail("invalid literal");
        m_pos += word.size();
        return true;
    }

    bool parseValue(JsonValue* out, int depth)
    {
        if (depth > kMaxDepth)
            return fail("nesting too deep");
        if (m_pos >= m_text.size())
            return fail("unexpected end of text");
        const char c = m_text[m_pos];
        switch (c) {
        case '{':
            return parseObject(out, depth);
        case '[':
            return parseArray(out, depth);
        case '"':
            out->m_type = JsonValue::Type::String;
            return parseString(&out->m_string);
        case 't':
            out->m_type = JsonValue::Type::Bool;
            out->m_bool = true;
            return literal("true");
        case 'f':
            out->m_type = JsonValue::Type::Bool;
            out->m_bool = false;
            return literal("false");
        case 'n':
            out->m_type = JsonValue::Type::Null;
            return literal("null");
        default:
            return parseNumber(out);
        }
    }

    bool parseNumber(JsonValue* out)
    {
        const size_t start = m_pos;
        while (m_pos < m_text.size() && std::string_view("+-0123456789.eE").find(m_text[m_pos]) != std::string_view::npos)
            ++m_pos;
        if (start == m_pos)
            return fail("unexpected character");
        const std::string digits(m_text.substr(start, m_pos - start));
        char* end = nullptr;
        out->m_number = std::strtod(digits.c_str(), &end);
        if (end != digits.c_str() + digits.size())
            return fail("malformed number");
        out->m_type = JsonValue::Type::Number;
        return true;
    }

    static void appendUtf8(std::string* s, unsigned code)
    {
        if (code < 0x80) {
            s->push_back(char(code));
        } else if (code < 0x800) {
            s->push_back(char(0xC0 | (code >> 6)));
            s->push_back(char(0x80 | (code & 0x3F)));
        } else if (code < 0x10000) {
            s->push_back(char(0xE0 | (code >> 12)));
            s->push_back(char(0x80 | ((code >> 6) & 0x3F)));
            s->push_back(char(0x80 | (code & 0x3F)));
        } else {
            s->push_back(char(0xF0 | (code >> 18)));
            s->push_back(char(0x80 | ((code >> 12) & 0x3F)));
            s->push_back(char(0x80 | ((code >> 6) & 0x3F)));
            s->push_back(char(0x80 | (code & 0x3F)));
        }
    }

    bool hex4(unsigned* code)
    {
        if (m_pos + 4 > m_text.size())
            return fail("truncated \\u escape");
        *code = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = m_text[m_pos++];
            *code <<= 4;
            if (h >= '0' && h <= '9')
                *code |= unsigned(h - '0');
            else if (h >= 'a' && h <= 'f')
                *code |= unsigned(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                *code |= unsigned(h - 'A' + 10);
            else
                return fail("bad \\u escape");
        }
        return true;
    }

    bool parseString(std::string* out)
    {
        ++m_pos; // opening quote
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos++];
            if (c == '"')
                return true;
            if (c != '\\') {
                out->push_back(c);
                continue;
            }
            if (m_pos >= m_text.size())
                break;
            const char e = m_text[m_pos++];
            switch (e) {
            case '"': out->push_back('"'); break;
            case '\\': out->push_back('\\'); break;
            case '/': out->push_back('/'); break;
            case 'b': out->push_back('\b'); break;
            case 'f': out->push_back('\f'); break;
            case 'n': out->push_back('\n'); break;
            case 'r': out->push_back('\r'); break;
            case 't': out->push_back('\t'); break;
            case 'u': {
                unsigned code = 0;
                if (!hex4(&code))
                    return false;
                if (code >= 0xD800 && code < 0xDC00 && m_text.substr(m_pos, 2) == "\\u") {
                    m_pos += 2;
                    unsigned low = 0;
                    if (!hex4(&low))
                        return false;
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                }
                appendUtf8(out, code);
                break;
            }
            default:
                return fail("bad escape");
            }
        }
        return fail("unterminated string");
    }

    bool parseArray(JsonValue* out, int depth)
    {
        out->m_type = JsonValue::Type::Array;
        ++m_pos;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
            return true;
        }
        while (true) {
            out->m_items.emplace_back();
            skipSpace();
            if (!parseValue(&out->m_items.back(), depth + 1))
                return false;
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == ']') {
                ++m_pos;
                return true;
            }
            return fail("expected , or ]");
        }
    }

    bool parseObject(JsonValue* out, int depth)
    {
        out->m_type = JsonValue::Type::Object;
        ++m_pos;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
            return true;
        }
        while (true) {
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != '"')
                return fail("expected a member name");
            std::string key;
            if (!parseString(&key))
                return false;
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                return fail("expected :");
            ++m_pos;
            skipSpace();
            out->m_members.emplace_back(std::move(key), JsonValue());
            if (!parseValue(&out->m_members.back().second, depth + 1))
                return false;
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == '}') {
                ++m_pos;
                return true;
            }
            return fail("expected , or }");
        }
    }

    std::string_view m_text;
    size_t m_pos = 0;
};

std::optional<JsonValue> JsonValue::parse(std::string_view text, std::string* error)
{
    JsonParser parser(text);
    JsonValue value;
    if (!parser.parseDocument(&value)) {
        *error = "not valid JSON: " + parser.error;
        return std::nullopt;
    }
    return value;
}

std::optional<JsonValue> JsonValue::parseFile(const std::string& path, std::string* error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = path + " cannot be read";
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto value = parse(text.str(), error);
    if (!value)
        *error = path + " is " + *error;
    return value;
}

void JsonValue::write(JsonWriter& writer) const
{
    switch (m_type) {
    case Type::Null:
        writer.null();
        break;
    case Type::Bool:
        writer.value(m_bool);
        break;
    case Type::Number:
        // A whole number read from the harness (a byte count, a round count) goes back out as one.
        if (std::trunc(m_number) == m_number && std::fabs(m_number) < 9007199254740992.0)
            writer.value(static_cast<long long>(m_number));
        else
            writer.value(m_number);
        break;
    case Type::String:
        writer.value(m_string);
        break;
    case Type::Array:
        writer.beginArray();
        for (const JsonValue& item : m_items)
            item.write(writer);
        writer.endArray();
        break;
    case Type::Object:
        writer.beginObject();
        for (const auto& [key, value] : m_members)
            value.write(writer.key(key));
        writer.endObject();
        break;
    }
}

const JsonValue& JsonValue::operator[](std::string_view key) const
{
    static const JsonValue null;
    for (const auto& [name, value] : m_members) {
        if (name == key)
            return value;
    }
    return null;
}

bool JsonValue::contains(std::string_view key) const
{
    for (const auto& member : m_members) {
        if (member.first == key)
            return true;
    }
    return false;
}

std::string JsonValue::toJson() const
{
    std::ostringstream text;
    JsonWriter writer(text);
    write(writer);
    return text.str();
}

void JsonValue::set(const std::string& key, JsonValue value)
{
    if (m_type != Type::Object) {
        *this = JsonValue();
        m_type = Type::Object;
    }
    for (auto& [name, member] : m_members) {
        if (name == key) {
            member = std::move(value);
            return;
        }
    }
    m_members.emplace_back(key, std::move(value));
}

} // namespace kwb::runner
