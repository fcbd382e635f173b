#include "evalcommand.h"

#include "runner/evalpipeline.h"
#include "runner/jsonwriter.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kEvalUsage = R"(Usage: kwb-runner eval --task TASK.py --candidate CANDIDATE [options]

CANDIDATE is a Python file defining ModelNew (KernelBench style, load_inline) or a workspace folder
with model_new.py and kernels/*.cu, kernels/*.cpp (CUDA Agent style).

  --device cuda|cpu        where to run (default cuda)
  --run-dir DIR            this evaluation's files (default: a new folder under the cache)
  --cache-dir DIR          builds and baselines (default ~/.cache/kernel-workbench)
  --trials N               correctness trials on fresh seeded inputs (default 5)
  --atol X --rtol X        tolerances (default 1e-2 each)
  --reward SCHEME          cuda-agent, kevin or speedup (default cuda-agent)
  --precision fp32|tf32    TF32 policy for reference and candidate alike (default fp32)
  --seed N                 seed of the trial seeds (default random)
  --cflags FLAGS           host compiler flags (default "-O3")
  --cuda-flags FLAGS       nvcc flags (default "-O3 -lineinfo -Xptxas -v")
  --arch X.Y               CUDA architecture to build for (default the GPU's)
  --min-calls N --min-ms MS --warmup-ms MS --input-sets N    timing protocol
  --no-baselines           do not time eager and torch.compile
  --compile-timeout S --run-timeout S --memory-limit-gb G    limits per stage
  --python PATH            the Python with torch (default python3)
  --harness PATH           kwb_harness.py (default: the installed one)
)";

std::string defaultHarness()
{
    char self[4096] = {};
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    const fs::path exe = n > 0 ? fs::path(std::string(self, std::size_t(n))) : fs::path();
    const fs::path installed = exe.parent_path().parent_path() / "share/kernel-workbench/harness/kwb_harness.py";
    if (fs::exists(installed))
        return installed.string();
    return KWB_SOURCE_HARNESS;
}

std::string defaultCache()
{
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    return xdg && *xdg ? std::string(xdg) + "/kernel-workbench" : std::string(home ? home : "/tmp") + "/.cache/kernel-workbench";
}

} // namespace

int evalCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    r.harnessPath = defaultHarness();
    r.python = KWB_DEFAULT_PYTHON;
    r.cacheDirectory = defaultCache();
    using Setter = std::function<bool(const std::string&)>;
    auto number = [](double* target) { return Setter([target](const std::string& v) { char* end = nullptr; *target = std::strtod(v.c_str(), &end); return end && *end == 0; }); };
    auto integer = [](int* target) { return Setter([target](const std::string& v) { char* end = nullptr; *target = int(std::strtol(v.c_str(), &end, 10)); return end && *end == 0; }); };
    auto text = [](std::string* target) { return Setter([target](const std::string& v) { *target = v; return true; }); };
    double memoryGb = 0;
    double seed = 0;
    const std::map<std::string_view, Setter> options = {
        { "--task", text(&r.taskPath) }, { "--candidate", text(&r.candidatePath) }, { "--device", text(&r.device) },
        { "--run-dir", text(&r.runDirectory) }, { "--cache-dir", text(&r.cacheDirectory) },
        { "--trials", integer(&r.trials) }, { "--atol", number(&r.atol) }, { "--rtol", number(&r.rtol) },
        { "--reward", text(&r.rewardScheme) }, { "--precision", text(&r.precision) }, { "--seed", number(&seed) },
        { "--cflags", text(&r.cflags) }, { "--cuda-flags", text(&r.cudaFlags) }, { "--arch", text(&r.cudaArch) },
        { "--min-calls", integer(&r.protocol.minCalls) }, { "--min-ms", number(&r.protocol.minMs) },
        { "--warmup-ms", number(&r.protocol.warmupMs) }, { "--input-sets", integer(&r.protocol.inputSets) },
        { "--compile-timeout", number(&r.compileLimits.wallSeconds) }, { "--run-timeout", number(&r.runLimits.wallSeconds) },
        { "--memory-limit-gb", number(&memoryGb) }, { "--python", text(&r.python) }, { "--harness", text(&r.harnessPath) },
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-h" || args[i] == "--help") {
            out << kEvalUsage;
            return 0;
        }
        if (args[i] == "--no-baselines") {
            r.timeBaselines = false;
            continue;
        }
        const auto option = options.find(args[i]);
        if (option == options.end() || i + 1 >= args.size()) {
            err << "kwb-runner: " << (option == options.end() ? "unknown option '" : "missing value for '") << args[i]
                << "'; see kwb-runner eval --help.\n";
            return 2;
        }
        if (!option->second(std::string(args[++i]))) {
            err << "kwb-runner: '" << args[i] << "' is not a valid value for " << args[i - 1] << ".\n";
            return 2;
        }
    }
    if (r.taskPath.empty() || r.candidatePath.empty()) {
        err << "kwb-runner: eval needs --task and --candidate; see kwb-runner eval --help.\n";
        return 2;
    }
    r.seed = static_cast<std::uint64_t>(seed);
    r.runLimits.memoryBytes = static_cast<std::int64_t>(memoryGb * (1LL << 30));
    r.compileLimits.memoryBytes = r.runLimits.memoryBytes;
    if (r.runDirectory.empty()) {
        const auto stamp = std::chrono::system_clock::now().time_since_epoch().count();
        r.runDirectory = (fs::path(r.cacheDirectory) / "runs" / (std::to_string(stamp) + "-" + std::to_string(getpid()))).string();
    }
    r.runDirectory = fs::absolute(r.runDirectory).string();
    r.cacheDirectory = fs::absolute(r.cacheDirectory).string();

    EvalPipeline pipeline(r);
    pipeline.run();
    JsonWriter writer(out, 1);
    pipeline.writeResult(writer);
    out << '\n';
    if (const std::string problem = r.validate(); !problem.empty() && !fs::exists(r.runDirectory)) {
        err << "kwb-runner: " << problem << '\n';
        return 1;
    }
    return 0;
}

} // namespace kwb::runner
