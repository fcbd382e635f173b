#include "evalcommand.h"

#include "evaloptions.h"
#include "runner/evalpipeline.h"
#include "runner/evalset.h"
#include "runner/jsonvalue.h"
#include "runner/jsonwriter.h"
#include "runner/sandbox.h"
#include "runner/workerpool.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <ostream>
#include <string>
#include <fstream>
#include <istream>
#include <memory>
#include <set>
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

Evaluates the candidates of a task set, compiling ahead on several cores while the evaluations take turns on the
GPU for their timed calls; tasks without a candidate get their baselines timed. --tasks is a folder of levelN/
folders of NN_name.py tasks, or a KernelBench checkout. A candidate is DIR/<levelN>_<task stem> or DIR/<task stem>
(a workspace folder or a .py), or DIR/level_<L>_problem_<P>_sample_<S>_kernel.py as KernelBench's runs name them,
any number of samples per problem (each evaluated; the tables take sample 0, pass@k takes all). Writes
OUT/results/<name>.json, prints the summary as JSON (saved as OUT/summary.json) and the CUDA Agent paper's Table 1
per level with KernelBench's fast_p and pass@k on stderr (saved as OUT/table.txt).

  --levels L[,L...]        only these levels (default all)
  --resume                 keep the results OUT already holds (the same --rules, judged rather than ended by an
                           environment error) and evaluate only the rest: a run stopped by a time limit or a lost
                           machine goes on where it stopped, and a finished one prints its tables again

  --compile-jobs N         parallel compiles (default half the cores)
  --eval-jobs N            evaluations at once, taking turns on the GPU for their timed calls (default 3 on
                           cuda, 1 on cpu)
  --workers warm|cold      warm (default): candidates' workers come from a pool started with the set, torch
                           already imported; cold: each evaluation starts its own
  --warm N                 warm pairs kept ready (default twice --eval-jobs on cuda, as many on cpu)
  --ray ADDRESS            evaluate on a Ray cluster (head's host:port, or auto): one evaluation actor per GPU (per
                           node with --device cpu), each with its node's warm workers and caches, building on its
                           node's cores; results, resume and summary as above. Needs Ray in --python's environment
  --ray-actors N           at most N actors (default: one per GPU of the cluster, one per node on the CPU);
                           with --ray, --compile-jobs, --eval-jobs and --warm are each actor's (default 2 builds,
                           3 evaluations on cuda and 1 on cpu, twice as many warm pairs on cuda)
  --node-runner PATH       kwb-runner on the nodes (default: this one's path, which every node must then have)
  --node-python PATH       the Python with torch on the nodes (default: each node's own)
  --node-cache DIR         builds and baselines on the nodes (default: each node's ~/.cache/kernel-workbench)
)";

constexpr std::string_view kServeUsage = R"(Usage: kwb-runner serve [options]

Evaluates one candidate per line of standard input, with warm workers: a driver and a sandboxed worker that
have imported torch and made the device ready before the request comes. Each line is the arguments of
`kwb-runner eval` as a JSON array of strings (this command's own options come first, as defaults); each answer
is one line, the result as `eval` prints it. Each pair serves one candidate and exits; its replacement warms
up once that evaluation's driver and worker have ended (a request sent sooner waits for it). At end of input everything the
command started ends with it.

  --warm N                 pairs kept ready (default 1)
)";

// kwb_ray's folder: share/kernel-workbench/ray beside an installed harness, resources/ray in a checkout.
std::string rayPackage(const std::string& harnessPath)
{
    const fs::path besideHarness = fs::path(harnessPath).parent_path().parent_path() / "ray";
    if (fs::is_regular_file(besideHarness / "kwb_ray" / "dispatch.py"))
        return besideHarness.string();
    const fs::path source = fs::path(KWB_SOURCE_HARNESS).parent_path().parent_path() / "ray";
    return fs::is_regular_file(source / "kwb_ray" / "dispatch.py") ? source.string() : std::string();
}

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

int runOne(EvalRequest& r, std::ostream& out, std::ostream& err, WorkerPool* pool = nullptr, int indent = 1)
{
    if (!pool)
        noteIsolation(err);
    if (r.runDirectory.empty())
        r.runDirectory = freshRunDirectory(r.cacheDirectory);
    r.runDirectory = fs::absolute(r.runDirectory).string();
    EvalPipeline pipeline(r);
    pipeline.setPool(pool);
    pipeline.run();
    JsonWriter writer(out, indent);
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

// A count (of warm pairs, or a level), the whole word a number from 1 to most; 0 where it is not.
static int pairCount(const std::string& text, int most)
{
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() && value >= 1 && value <= most ? value : 0;
}

int serveCommand(const std::vector<std::string_view>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
    EvalRequest defaults;
    std::map<std::string, std::string> extra = { { "--warm", "1" } };
    if (const int code = parseEvalOptions(args, defaults, extra, kServeUsage, out, err); code >= 0)
        return code;
    const int warm = pairCount(extra["--warm"], 16);
    if (warm == 0) {
        err << "kwb-runner: --warm takes 1 to 16 pairs, not '" << extra["--warm"] << "'.\n";
        return 2;
    }
    noteIsolation(err);
    std::vector<std::string> own; // serve's own options, as defaults of every request; --warm is serve's alone
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--warm")
            ++i;
        else if (args[i].rfind("--warm=", 0) != 0)
            own.emplace_back(args[i]);
    }
    // The pool for the defaults' settings starts at once; a request with other settings gets pairs of its own.
    std::unique_ptr<WorkerPool> pool = std::make_unique<WorkerPool>(EvalPipeline(defaults).poolProfile(), warm);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        std::string error;
        const auto request = JsonValue::parse(line, &error);
        std::vector<std::string> words = own;
        bool valid = request && request->isArray();
        for (const JsonValue& item : valid ? request->items() : std::vector<JsonValue>()) {
            valid = valid && item.isString();
            words.push_back(item.toString());
        }
        if (!valid) {
            out << "{\"ok\": false, \"error\": \"A request is a JSON array of eval's arguments (strings); this line is not one.\"}\n"
                << std::flush;
            continue;
        }
        std::vector<std::string_view> view(words.begin(), words.end());
        EvalRequest r;
        std::map<std::string, std::string> evalExtra = { { "--stop-after", "" } };
        std::ostringstream usage;
        std::ostringstream problem;
        if (parseEvalOptions(view, r, evalExtra, kEvalUsage, usage, problem) >= 0 || r.taskPath.empty()
            || r.candidatePath.empty()) {
            std::string sentence = problem.str().empty() ? "A request needs --task and --candidate." : problem.str();
            sentence = sentence.substr(0, sentence.find('\n'));
            if (sentence.rfind("kwb-runner: ", 0) == 0)
                sentence = sentence.substr(12);
            JsonWriter w(out, 0);
            w.beginObject().key("ok").value(false).key("error").value(sentence).endObject();
            out << std::endl;
            continue;
        }
        if (evalExtra["--stop-after"] == "compile")
            r.mode = EvalRequest::Mode::CompileOnly;
        else if (evalExtra["--stop-after"] == "verify")
            r.mode = EvalRequest::Mode::VerifyOnly;
        std::ostringstream result;
        runOne(r, result, err, pool.get(), 0);
        std::string text = result.str();
        while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
            text.pop_back();
        out << text << std::endl;
    }
    return 0;
}

int evalSetCommand(const std::vector<std::string_view>& given, std::ostream& out, std::ostream& err)
{
    EvalSet::Options options;
    std::vector<std::string_view> args;
    for (std::string_view arg : given) {
        if (arg == "--resume")
            options.resume = true;
        else
            args.push_back(arg);
    }
    std::map<std::string, std::string> extra = { { "--tasks", "" }, { "--candidates", "" }, { "--out", "" }, { "--compile-jobs", "0" }, { "--eval-jobs", "0" }, { "--workers", "warm" }, { "--warm", "" }, { "--levels", "" },
        { "--ray", "" }, { "--ray-actors", "0" }, { "--node-runner", "" }, { "--node-python", "" }, { "--node-cache", "" } };
    if (const int code = parseEvalOptions(args, options.base, extra, kEvalSetUsage, out, err); code >= 0)
        return code;
    options.taskDirectory = extra["--tasks"];
    options.candidateDirectory = extra["--candidates"];
    options.outputDirectory = extra["--out"];
    options.compileJobs = std::atoi(extra["--compile-jobs"].c_str());
    options.evalJobs = std::atoi(extra["--eval-jobs"].c_str());
    options.warmPairs = extra["--warm"].empty() ? 0 : pairCount(extra["--warm"], 32); // 0: the default
    if (!extra["--warm"].empty() && options.warmPairs == 0) {
        err << "kwb-runner: --warm takes 1 to 32 pairs, not '" << extra["--warm"] << "'.\n";
        return 2;
    }
    if (extra["--workers"] != "warm" && extra["--workers"] != "cold") {
        err << "kwb-runner: --workers takes warm or cold, not '" << extra["--workers"] << "'.\n";
        return 2;
    }
    options.warmWorkers = extra["--workers"] == "warm";
    for (std::size_t at = 0; at < extra["--levels"].size();) {
        const std::string& text = extra["--levels"];
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const int level = pairCount(text.substr(at, comma - at), 9);
        if (level == 0) {
            err << "kwb-runner: --levels takes level numbers separated by commas (such as 1,2), not '" << text << "'.\n";
            return 2;
        }
        options.levels.push_back(level);
        at = comma + 1;
    }
    if (options.taskDirectory.empty() || options.outputDirectory.empty()) {
        err << "kwb-runner: eval-set needs --tasks and --out; see kwb-runner eval-set --help.\n";
        return 2;
    }
    if (!extra["--ray"].empty()) {
        RayDispatch::Settings& ray = options.ray;
        ray.address = extra["--ray"];
        ray.python = options.base.python;
        ray.package = rayPackage(options.base.harnessPath);
        char self[4096] = {};
        const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        ray.runner = n > 0 ? std::string(self, std::size_t(n)) : std::string("kwb-runner");
        ray.nodeRunner = extra["--node-runner"];
        ray.nodePython = extra["--node-python"];
        ray.nodeCache = extra["--node-cache"];
        ray.device = options.base.device;
        ray.actors = pairCount(extra["--ray-actors"], 4096);
        ray.compileSlots = options.compileJobs; // each actor's, on its own node
        ray.evalsPerActor = options.evalJobs;
        ray.warmPairs = options.warmPairs;
        if (extra["--ray-actors"] != "0" && ray.actors == 0) {
            err << "kwb-runner: --ray-actors takes a count of actors, not '" << extra["--ray-actors"] << "'.\n";
            return 2;
        }
        if (ray.package.empty()) {
            err << "kwb-runner: the kwb_ray package (resources/ray) is not beside the harness; --ray cannot start.\n";
            return 1;
        }
        // The options every node applies as given: the evaluation's own (device, tolerances, protocol, reward...),
        // without those of eval-set itself.
        static const std::set<std::string_view> own = { "--tasks", "--candidates", "--out", "--compile-jobs", "--eval-jobs",
            "--workers", "--warm", "--levels", "--ray", "--ray-actors", "--node-runner", "--node-python", "--node-cache" };
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (own.count(args[i]))
                ++i;
            else
                ray.forward.emplace_back(args[i]);
        }
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
    std::string parseError;
    if (const auto parsed = JsonValue::parse(summary.str(), &parseError)) {
        const std::string table = EvalSet::table(*parsed);
        err << table;
        std::ofstream((fs::path(options.outputDirectory) / "table.txt").string()) << table;
    }
    return 0;
}

} // namespace kwb::runner
