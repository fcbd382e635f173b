#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// A parsed JSON document, enough for the results the harness stages write (no Qt on GPU hosts).
class JsonValue
{
public:
    enum class Type { Null, Bool, Number, String, Array, Object };

    // Empty optional and a one-sentence error (with the byte offset) when the text is not JSON.
    static std::optional<JsonValue> parse(std::string_view text, std::string* error);
    static std::optional<JsonValue> parseFile(const std::string& path, std::string* error);

    Type type() const { return m_type; }
    bool isNull() const { return m_type == Type::Null; }
    bool isObject() const { return m_type == Type::Object; }
    bool isArray() const { return m_type == Type::Array; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isString() const { return m_type == Type::String; }

    bool toBool(bool fallback = false) const { return m_type == Type::Bool ? m_bool : fallback; }
    double toNumber(double fallback) const { return m_type == Type::Number ? m_number : fallback; }
    const std::string& toString() const { return m_string; }
    const std::vector<JsonValue>& items() const { return m_items; }
    const std::vector<std::pair<std::string, JsonValue>>& members() const { return m_members; }

    JsonValue() = default;
    explicit JsonValue(std::string text) : m_type(Type::String), m_string(std::move(text)) { }
    explicit JsonValue(bool value) : m_type(Type::Bool), m_bool(value) { }
    explicit JsonValue(double value) : m_type(Type::Number), m_number(value) { }

    // Writes the value back out, e.g. to pass a stage's result through.
    void write(JsonWriter& writer) const;
    std::string toJson() const;
    // Sets an object's member (added when missing); a non-object becomes an empty object first.
    void set(const std::string& key, JsonValue value);

    // Member lookup; a missing member (or a non-object) gives a null value.
    const JsonValue& operator[](std::string_view key) const;
    bool contains(std::string_view key) const;

private:
    friend class JsonParser;
    Type m_type = Type::Null;
    bool m_bool = false;
    double m_number = 0;
    std::string m_string;
    std::vector<JsonValue> m_items;
    std::vector<std::pair<std::string, JsonValue>> m_members;
};

} // namespace kwb::runner
