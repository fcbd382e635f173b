#include "evaloptions.h"

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <ostream>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

const std::string_view kSharedEvalOptions = R"(  --device cuda|cpu        where to run (default cuda)
  --cache-dir DIR          builds and baselines (default ~/.cache/kernel-workbench)
  --trials N               correctness trials on fresh seeded inputs (default 5)
  --atol X --rtol X        tolerances (default 1e-2 each)
  --reward SCHEME          cuda-agent, kevin or speedup (default cuda-agent)
  --rules PROFILE          cuda-agent (default: the candidate's own kernels do the work) or kernelbench
                           (KernelBench's rules: torch and vendor libraries allowed in forward, kept as warnings)
  --precision fp32|tf32    TF32 policy for reference and candidate alike (default fp32)
  --seed N                 seed of the trial seeds (default random)
  --cflags FLAGS           host compiler flags (default "-O3")
  --cuda-flags FLAGS       nvcc flags (default "-O3 -lineinfo -Xptxas -v")
  --pch-dir DIR            where torch/extension.h is kept precompiled for C++ builds that begin with it, about
                           750 MB per compiler flags and toolchain (default $KWB_PCH_DIR, else the cache's pch/)
  --no-pch                 compile every C++ source from torch's headers
  --arch X.Y               CUDA architecture to build for (default the GPU's)
  --min-calls N --min-ms MS --warmup-ms MS    timing protocol (every call draws inputs of its own;
                           --input-sets N is accepted and has no effect)
  --no-baselines           do not time eager and torch.compile
  --tracer PATH            libkwb_tracer.so for the trace pass on the GPU (default: the one beside kwb-runner)
  --no-trace               no trace pass
  --no-disasm              no SASS/PTX listing of the build (cuobjdump, nvdisasm)
  --ncu REGEX              profile the candidate's kernels matching REGEX once more under Nsight Compute
                           (--clock-control none; the metrics and the report file come with the result)
  --ncu-path PATH          the ncu to use (default: ncu on the PATH)
  --keep-outputs           save the fully checked calls' outputs and the reference's in the run directory
  --compile-timeout S --run-timeout S --memory-limit-gb G    limits per stage
  --python PATH            the Python with torch (default: the one found at build time)
  --harness PATH           kwb_harness.py (default: the installed one)
)";

namespace {

// The folder above bin/ that holds this kwb-runner (the build or install prefix); empty when unknown.
fs::path runnerPrefix()
{
    char self[4096] = {};
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    return n > 0 ? fs::path(std::string(self, std::size_t(n))).parent_path().parent_path() : fs::path();
}

std::string defaultHarness()
{
    const fs::path installed = runnerPrefix() / "share/kernel-workbench/harness/kwb_harness.py";
    if (fs::exists(installed))
        return installed.string();
    return KWB_SOURCE_HARNESS;
}

// The CUPTI tracer built or installed with this runner: ../lib beside bin/kwb-runner, or the install's libdir.
std::string defaultTracer()
{
    const fs::path prefix = runnerPrefix();
    for (const char* dir : { "lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu" }) {
        const fs::path candidate = prefix / dir / "libkwb_tracer.so";
        if (!prefix.empty() && fs::exists(candidate))
            return candidate.string();
    }
    return {};
}

std::string defaultCache()
{
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    return xdg && *xdg ? std::string(xdg) + "/kernel-workbench" : std::string(home ? home : "/tmp") + "/.cache/kernel-workbench";
}

} // namespace

int parseEvalOptions(const std::vector<std::string_view>& args, EvalRequest& r, std::map<std::string, std::string>& extra,
    std::string_view usage, std::ostream& out, std::ostream& err)
{
    r.harnessPath = defaultHarness();
    r.python = KWB_DEFAULT_PYTHON;
    r.cacheDirectory = defaultCache();
    r.tracerPath = defaultTracer();
    using Setter = std::function<bool(const std::string&)>;
    auto number = [](double* target) {
        return Setter([target](const std::string& v) { char* end = nullptr; *target = std::strtod(v.c_str(), &end); return !v.empty() && *end == 0; });
    };
    auto integer = [](int* target) {
        return Setter([target](const std::string& v) { char* end = nullptr; *target = int(std::strtol(v.c_str(), &end, 10)); return !v.empty() && *end == 0; });
    };
    auto text = [](std::string* target) { return Setter([target](const std::string& v) { *target = v; return true; }); };
    double memoryGb = 0;
    std::string pchDirectory;
    bool noPch = false;
    std::map<std::string_view, Setter> options = {
        { "--task", text(&r.taskPath) }, { "--candidate", text(&r.candidatePath) }, { "--device", text(&r.device) },
        { "--run-dir", text(&r.runDirectory) }, { "--cache-dir", text(&r.cacheDirectory) },
        { "--trials", integer(&r.trials) }, { "--atol", number(&r.atol) }, { "--rtol", number(&r.rtol) },
        { "--reward", text(&r.rewardScheme) }, { "--rules", text(&r.rules) }, { "--precision", text(&r.precision) }, { "--seed", Setter([&r](const std::string& v) {
                           char* end = nullptr;
                           r.seed = std::strtoull(v.c_str(), &end, 10); // all 64 bits, not through a double
                           return !v.empty() && v[0] != '-' && *end == 0;
                       }) },
        { "--cflags", text(&r.cflags) }, { "--pch-dir", text(&pchDirectory) }, { "--cuda-flags", text(&r.cudaFlags) }, { "--arch", text(&r.cudaArch) },
        { "--min-calls", integer(&r.protocol.minCalls) }, { "--min-ms", number(&r.protocol.minMs) },
        { "--warmup-ms", number(&r.protocol.warmupMs) }, { "--input-sets", integer(&r.protocol.inputSets) },
        { "--compile-timeout", number(&r.compileLimits.wallSeconds) }, { "--run-timeout", number(&r.runLimits.wallSeconds) },
        { "--memory-limit-gb", number(&memoryGb) }, { "--python", text(&r.python) }, { "--harness", text(&r.harnessPath) },
        { "--tracer", text(&r.tracerPath) }, { "--ncu", text(&r.ncuKernelRegex) }, { "--ncu-path", text(&r.ncuPath) },
    };
    for (auto& [name, value] : extra)
        options[name] = text(&value);
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-h" || args[i] == "--help") {
            out << usage << kSharedEvalOptions;
            return 0;
        }
        if (args[i] == "--no-baselines") {
            r.timeBaselines = false;
            continue;
        }
        if (args[i] == "--no-disasm") {
            r.disassemble = false;
            continue;
        }
        if (args[i] == "--no-trace") {
            r.tracerPath.clear();
            continue;
        }
        if (args[i] == "--keep-outputs") {
            r.keepOutputs = true;
            continue;
        }
        if (args[i] == "--no-pch") {
            noPch = true;
            continue;
        }
        const auto option = options.find(args[i]);
        if (option == options.end() || i + 1 >= args.size()) {
            err << "kwb-runner: " << (option == options.end() ? "unknown option '" : "missing value for '") << args[i]
                << "'; see --help.\n";
            return 2;
        }
        if (!option->second(std::string(args[++i]))) {
            err << "kwb-runner: '" << args[i] << "' is not a valid value for " << args[i - 1] << ".\n";
            return 2;
        }
    }
    r.runLimits.memoryBytes = static_cast<std::int64_t>(memoryGb * double(1LL << 30));
    r.compileLimits.memoryBytes = r.runLimits.memoryBytes;
    r.cacheDirectory = fs::absolute(r.cacheDirectory).string();
    if (pchDirectory.empty()) {
        const char* own = std::getenv("KWB_PCH_DIR");
        pchDirectory = own && *own ? std::string(own) : (fs::path(r.cacheDirectory) / "pch").string();
    }
    r.pchDirectory = noPch ? std::string() : fs::absolute(pchDirectory).lexically_normal().string();
    // The stages run in other working folders (and the sandbox starts them by path): a relative tool path given here
    // would name nothing there and fail the candidate's build for a reason of ours. A bare name is looked up on PATH.
    for (std::string* tool : { &r.python, &r.harnessPath, &r.tracerPath, &r.ncuPath }) {
        if (tool->find('/') != std::string::npos && !fs::path(*tool).is_absolute())
            *tool = fs::absolute(*tool).lexically_normal().string();
    }
    return -1;
}

} // namespace kwb::runner
