#include "diagnostic.h"

#include "jsonwriter.h"

namespace kwb::runner {

namespace {

void writeNonEmpty(JsonWriter& writer, std::string_view key, const std::string& text)
{
    if (!text.empty())
        writer.key(key).value(text);
}

} // namespace

std::string_view Diagnostic::severityName(Severity severity)
{
    switch (severity) {
    case Severity::Note:
        return "note";
    case Severity::Remark:
        return "remark";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    case Severity::Fatal:
        return "fatal";
    }
    return "error";
}

void Diagnostic::writeJson(JsonWriter& writer) const
{
    writer.beginObject();
    writer.key("severity").value(severityName(severity));
    writeNonEmpty(writer, "file", file);
    if (line > 0)
        writer.key("line").value(line);
    if (column > 0)
        writer.key("column").value(column);
    writeNonEmpty(writer, "code", code);
    writer.key("message").value(message);
    writeNonEmpty(writer, "tool", tool);
    writeNonEmpty(writer, "function", function);
    writer.endObject();
}

void Diagnostic::writeJsonArray(JsonWriter& writer, const std::vector<Diagnostic>& diagnostics)
{
    writer.beginArray();
    for (const Diagnostic& diagnostic : diagnostics)
        diagnostic.writeJson(writer);
    writer.endArray();
}

} // namespace kwb::runner
