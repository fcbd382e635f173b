#include "evalcommand.h"

#include "evaloptions.h"
#include "runner/evalpipeline.h"
#include "runner/evalset.h"
#include "runner/jsonwriter.h"
#include "runner/sandbox.h"

#include <chrono>
#include <filesystem>
#include <ostream>
#include <string>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kEvalUsage = R"(Usage: kwb-runner eval --task TASK.py --candidate CANDIDATE [options]

CANDIDATE is a Python file defining ModelNew (KernelBench style, load_inline) or a workspace folder
with model_new.py and kernels/*.cu, kernels/*.cpp (CUDA Agent style). Prints the result as JSON.

  --run-dir DIR            this evaluation's files (default: a new folder under the cache)
  --stop-after compile|verify    end after the build, or after the judge (no timing, baselines or trace);
                           the later stages report not-run
)";

constexpr std::string_view kBaselineUsage = R"(Usage: kwb-runner baseline --task TASK.py [options]

Times the task's eager PyTorch and torch.compile with the evaluation's protocol (cached) and prints JSON.

  --run-dir DIR            this run's files (default: a new folder under the cache)
)";

constexpr std::string_view kEvalSetUsage = R"(Usage: kwb-runner eval-set --tasks DIR --candidates DIR --out DIR [options]

Evaluates one candidate per task (DIR/<level>_<task stem> or DIR/<task stem>, a workspace folder or a .py),
compiling ahead on several cores while one evaluation at a time uses the GPU; tasks without a candidate get
their baselines timed. Writes OUT/results/<name>.json and prints the summary (pass rate, faster rates,
geometric-mean speedups), also saved as OUT/summary.json.

  --compile-jobs N         parallel compiles (default half the cores)
  --eval-jobs N            evaluations at once, taking turns on the GPU for their timed calls (default 3 on
                           cuda, 1 on cpu)
)";

std::string freshRunDirectory(const std::string& cache)
{
    const auto stamp = std::chrono::system_clock::now().time_since_epoch().count();
    return (fs::path(cache) / "runs" / (std::to_string(stamp) + "-" + std::to_string(getpid()))).string();
}

// Once per run of kwb-runner: where candidate code cannot be sandboxed, the person running it hears why.
void noteIsolation(std::ostream& err)
{
    const Sandbox& sandbox = Sandbox::instance();
    if (sandbox.kind() != Sandbox::Kind::Bubblewrap)
        err << "kwb-runner: note: " << sandbox.note() << '\n';
}

int runOne(EvalRequest& r, std::ostream& out, std::ostream& err)
{
    noteIsolation(err);
    if (r.runDirectory.empty())
        r.runDirectory = freshRunDirectory(r.cacheDirectory);
    r.runDirectory = fs::absolute(r.runDirectory).string();
    EvalPipeline pipeline(r);
    pipeline.run();
    JsonWriter writer(out, 1);
    pipeline.writeResult(writer);
    out << '\n';
    if (!pipeline.setupError().empty()) {
        err << "kwb-runner: " << pipeline.setupError() << '\n';
        return 1;
    }
    return 0;
}

} // namespace

int evalCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    std::map<std::string, std::string> extra = { { "--stop-after", "" } };
    if (const int code = parseEvalOptions(args, r, extra, kEvalUsage, out, err); code >= 0)
        return code;
    if (r.taskPath.empty() || r.candidatePath.empty()) {
        err << "kwb-runner: eval needs --task and --candidate; see kwb-runner eval --help.\n";
        return 2;
    }
    const std::string& stopAfter = extra["--stop-after"];
    if (stopAfter == "compile")
        r.mode = EvalRequest::Mode::CompileOnly;
    else if (stopAfter == "verify")
        r.mode = EvalRequest::Mode::VerifyOnly;
    else if (!stopAfter.empty()) {
        err << "kwb-runner: --stop-after takes compile or verify, not '" << stopAfter << "'.\n";
        return 2;
    }
    return runOne(r, out, err);
}

int baselineCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    r.mode = EvalRequest::Mode::BaselinesOnly;
    std::map<std::string, std::string> extra;
    if (const int code = parseEvalOptions(args, r, extra, kBaselineUsage, out, err); code >= 0)
        return code;
    if (r.taskPath.empty()) {
        err << "kwb-runner: baseline needs --task; see kwb-runner baseline --help.\n";
        return 2;
    }
    return runOne(r, out, err);
}

int evalSetCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalSet::Options options;
    std::map<std::string, std::string> extra = { { "--tasks", "" }, { "--candidates", "" }, { "--out", "" }, { "--compile-jobs", "0" }, { "--eval-jobs", "0" } };
    if (const int code = parseEvalOptions(args, options.base, extra, kEvalSetUsage, out, err); code >= 0)
        return code;
    options.taskDirectory = extra["--tasks"];
    options.candidateDirectory = extra["--candidates"];
    options.outputDirectory = extra["--out"];
    options.compileJobs = std::atoi(extra["--compile-jobs"].c_str());
    options.evalJobs = std::atoi(extra["--eval-jobs"].c_str());
    if (options.taskDirectory.empty() || options.outputDirectory.empty()) {
        err << "kwb-runner: eval-set needs --tasks and --out; see kwb-runner eval-set --help.\n";
        return 2;
    }
    std::string error;
    std::ostringstream summary;
    noteIsolation(err);
    if (!EvalSet::run(options, summary, &error)) {
        err << "kwb-runner: " << error << '\n';
        return 1;
    }
    out << summary.str();
    std::ofstream((fs::path(options.outputDirectory) / "summary.json").string()) << summary.str();
    return 0;
}

} // namespace kwb::runner
