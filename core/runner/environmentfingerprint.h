#pragma once

#include <iosfwd>
#include <string>

namespace kwb::runner {

class JsonWriter;

// What a timing depends on besides the code: recorded with every result so runs compare like with like.
// An empty field means unknown and is written as null.
struct EnvironmentFingerprint
{
    std::string gpuName;
    std::string driverVersion; // CUDA version the driver supports, e.g. "13.0"
    std::string cudaRuntimeVersion; // CUDA runtime the runner was built with, e.g. "13.0"
    std::string torchVersion;
    std::string compilerFlags;
    std::string tf32Policy;
    std::string hostName;
    std::string cpuModel;

    // Writes the fields as one JSON object with snake_case keys.
    void writeJson(JsonWriter& writer) const;
    // Writes the fields as members of the object the writer is in, so callers can add their own.
    void writeMembers(JsonWriter& writer) const;

    // A fingerprint with hostName and cpuModel filled in from this machine.
    static EnvironmentFingerprint forThisHost();
    static std::string thisHostName();
    // The first "model name" line of /proc/cpuinfo-formatted text, or "" if there is none.
    static std::string cpuModelFromCpuInfo(std::istream& cpuInfo);
};

} // namespace kwb::runner
