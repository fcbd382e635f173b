#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// One message of the CUDA toolchain, located in the source where the tool says where.
struct Diagnostic
{
    enum class Severity
    {
        Note,
        Remark,
        Warning,
        Error,
        Fatal
    };

    // Values of `tool`: which program of the nvcc pipeline spoke.
    static constexpr std::string_view kFrontEnd = "nvcc-frontend"; // EDG (cudafe++/cicc), device and host code
    static constexpr std::string_view kHostCompiler = "host-compiler"; // gcc and its assembler
    static constexpr std::string_view kPtxas = "ptxas";
    static constexpr std::string_view kNvlink = "nvlink";
    static constexpr std::string_view kDriver = "nvcc";

    Severity severity = Severity::Error;
    std::string file; // relative to the workspace root when under it; empty when the tool names none
    int line = 0; // 1-based; 0: none
    int column = 0; // 1-based, in code points; 0: none
    std::string code; // "177" for EDG's "warning #177-D", "C7515" for ptxas' "(C7515)"; empty for the rest
    std::string message; // one line
    std::string tool;
    std::string function; // mangled name that ptxas or nvlink complain about, the only location they give

    bool operator==(const Diagnostic&) const = default;

    // One JSON object; empty strings and zero line/column are left out, as the Qt reader expects.
    void writeJson(JsonWriter& writer) const;
    static void writeJsonArray(JsonWriter& writer, const std::vector<Diagnostic>& diagnostics);

    static std::string_view severityName(Severity severity);
};

} // namespace kwb::runner
