#include "environmentfingerprint.h"

#include "jsonwriter.h"

#include <array>
#include <fstream>
#include <istream>
#include <sstream>
#include <string_view>
#include <utility>
#include <unistd.h>

namespace kwb::runner {

namespace {

std::string trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

void writeOptional(JsonWriter& writer, std::string_view key, const std::string& text)
{
    writer.key(key);
    if (text.empty())
        writer.null();
    else
        writer.value(text);
}

} // namespace

void EnvironmentFingerprint::writeJson(JsonWriter& writer) const
{
    writer.beginObject();
    writeMembers(writer);
    writer.endObject();
}

void EnvironmentFingerprint::writeMembers(JsonWriter& writer) const
{
    using F = EnvironmentFingerprint;
    static constexpr std::pair<std::string_view, std::string F::*> kKeys[] = { { "gpu_name", &F::gpuName },
        { "driver_version", &F::driverVersion }, { "cuda_runtime_version", &F::cudaRuntimeVersion },
        { "torch_version", &F::torchVersion }, { "compiler_flags", &F::compilerFlags },
        { "tf32_policy", &F::tf32Policy }, { "host_name", &F::hostName }, { "cpu_model", &F::cpuModel } };
    for (const auto& [key, member] : kKeys)
        writeOptional(writer, key, this->*member);
}

EnvironmentFingerprint EnvironmentFingerprint::forThisHost()
{
    EnvironmentFingerprint fingerprint;
    fingerprint.hostName = thisHostName();
    std::ifstream cpuInfo("/proc/cpuinfo");
    if (cpuInfo)
        fingerprint.cpuModel = cpuModelFromCpuInfo(cpuInfo);
    return fingerprint;
}

std::string EnvironmentFingerprint::thisHostName()
{
    std::array<char, 256> name {};
    if (gethostname(name.data(), name.size() - 1) != 0)
        return {};
    return std::string(name.data());
}

std::string EnvironmentFingerprint::cpuModelFromCpuInfo(std::istream& cpuInfo)
{
    std::string line;
    while (std::getline(cpuInfo, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        if (trimmed(line.substr(0, colon)) == "model name")
            return trimmed(line.substr(colon + 1));
    }
    return {};
}

std::string EnvironmentFingerprint::driverFromProcVersion(std::istream& version)
{
    // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  <build>" (the open module says "Open Kernel
    // Module for x86_64"): the first word made of digits and dots, with a dot.
    std::string line;
    while (std::getline(version, line)) {
        if (line.rfind("NVRM version:", 0) != 0)
            continue;
        std::istringstream words(line);
        std::string word;
        while (words >> word) {
            const bool isVersion = word.find('.') != std::string::npos
                && word.find_first_not_of("0123456789.") == std::string::npos && word.front() != '.';
            if (isVersion)
                return word;
        }
    }
    return {};
}

} // namespace kwb::runner
