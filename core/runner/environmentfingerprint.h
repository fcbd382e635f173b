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
    std::string driverVersion; // the NVIDIA driver, e.g. "580.159.04" (else "CUDA 13.0": what the driver supports)
    std::string cudaRuntimeVersion; // the CUDA runtime, e.g. "13.0" (torch's in an evaluation, the runner's in kwb-runner fingerprint)
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
    // The kernel module's version in /proc/driver/nvidia/version-formatted text, or "" if there is none.
    static std::string driverFromProcVersion(std::istream& version);
};

} // namespace kwb::runner
