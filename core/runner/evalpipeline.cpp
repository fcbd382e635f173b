#include "runner/evalpipeline.h"

#include "runner/calibration.h"
#include "runner/diagnosticsparser.h"
#include "runner/environmentfingerprint.h"
#include "runner/gpulock.h"
#include "runner/jsonwriter.h"
#include "runner/ptxasresourceparser.h"
#include "runner/rewardscheme.h"
#include "runner/sandbox.h"
#include "runner/tracecheck.h"

#if KWB_HAVE_TORCH
#include "torch/outputcomparison.h"
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <sstream>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxLog = 256 * 1024; // the tail of a stage's log kept in the result
constexpr std::size_t kMaxCompilerOutput = 64u << 20; // what the diagnostics and ptxas parsers read

std::string readTail(const fs::path& path, std::size_t limit)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    if (s.size() > limit)
        s = "[... " + std::to_string(s.size() - limit) + " bytes cut ...]\n" + s.substr(s.size() - limit);
    return s;
}

void writeStats(JsonWriter& w, const char* key, const JsonValue& stats)
{
    if (!stats.isObject())
        return;
    w.key(key).beginObject();
    for (const char* field : { "median_us", "p20_us", "p80_us", "min_us", "cv" }) {
        if (stats[field].isNumber())
            w.key(field).value(stats[field].toNumber(0));
    }
    w.key("n").value(static_cast<long long>(stats["n"].toNumber(0)));
    w.endObject();
}

void writeNumber(JsonWriter& w, const char* key, double value)
{
    if (std::isfinite(value))
        w.key(key).value(value);
}

} // namespace

EvalPipeline::EvalPipeline(EvalRequest request)
    : m_request(std::move(request))
{
}

std::string EvalPipeline::stageDirectory(const std::string& name) const
{
    return (fs::path(m_request.runDirectory) / name).string();
}

bool EvalPipeline::prepare()
{
    m_setupError = m_request.validate();
    if (!m_setupError.empty())
        return false;
    for (const fs::path& dir : { fs::path(m_request.runDirectory) / "tmp", fs::path(m_request.cacheDirectory) }) {
        std::error_code ec;
        if (!fs::create_directories(dir, ec) && ec) {
            m_setupError = "The folder " + dir.string() + " cannot be created: " + ec.message() + ".";
            return false;
        }
    }
    std::mt19937_64 random(m_request.seed ? m_request.seed : std::random_device {}());
    for (int i = 0; i < m_request.trials; ++i) {
        m_seeds.push_back(random() % 2147483647ULL + 1);
        m_seedList += (i ? "," : "") + std::to_string(m_seeds.back());
    }
    m_taskPath = fs::absolute(m_request.taskPath).string();
    m_harnessPath = fs::absolute(m_request.harnessPath).string();
    if (m_request.mode == EvalRequest::Mode::BaselinesOnly)
        return true;
    if (!protectTaskAndHarness())
        return false;
    // The candidate runs from a copy, so nothing it does reaches the files it came from.
    m_layout = fs::is_directory(m_request.candidatePath) ? "workspace" : "single-file";
    const fs::path copy = fs::path(m_request.runDirectory) / "workspace";
    std::error_code ec;
    fs::create_directories(copy, ec);
    if (m_layout == "workspace") {
        fs::copy(m_request.candidatePath, copy, fs::copy_options::recursive, ec);
        m_candidateCopy = copy.string();
    } else {
        m_candidateCopy = (copy / fs::path(m_request.candidatePath).filename()).string();
        fs::copy_file(m_request.candidatePath, m_candidateCopy, ec);
    }
    if (ec) {
        m_setupError = "The candidate could not be copied into the run directory: " + ec.message() + ".";
        return false;
    }
    return true;
}

// Every stage runs the run's own copies of the task and the harness, so no stage, and nothing a candidate does,
// writes to the user's files, and a copy a candidate changed is found and put back.
bool EvalPipeline::protectTaskAndHarness()
{
    const fs::path dir = fs::path(m_request.runDirectory) / "protected";
    const fs::path harness = fs::path(m_harnessPath).parent_path();
    std::error_code ec;
    fs::create_directories(dir / "task", ec);
    fs::create_directories(dir / "harness", ec);
    fs::copy_file(m_taskPath, dir / "task" / fs::path(m_taskPath).filename(), ec);
    if (!ec) {
        for (auto it = fs::directory_iterator(harness, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
            if (it->path().filename() != "__pycache__")
                fs::copy(it->path(), dir / "harness" / it->path().filename(), fs::copy_options::recursive, ec);
            if (ec)
                break;
        }
    }
    if (ec) {
        m_setupError = "The task and the harness could not be copied into the run directory: " + ec.message() + ".";
        return false;
    }
    m_taskPath = fs::absolute(dir / "task" / fs::path(m_taskPath).filename()).string();
    m_harnessPath = fs::absolute(dir / "harness" / fs::path(m_harnessPath).filename()).string();
    m_protected.add(m_taskPath);
    m_protected.add((dir / "harness").string());
    return true;
}

// After a stage that ran candidate code: a copy of the task or the harness it changed is put back, and the
// candidate fails.
void EvalPipeline::guardProtectedFiles()
{
    const std::vector<std::string> changed = m_protected.restoreChanged();
    if (!changed.empty())
        m_flags.add("wrote-protected-file", "The candidate changed " + fs::path(changed.front()).filename().string()
            + " of the run's task and harness (restored).");
}

bool EvalPipeline::runHarness(const std::string& name, const std::vector<std::string>& arguments,
    const ProcessLimits& limits, bool candidateCode, Stage& stage, const std::vector<std::string>& environment,
    const std::vector<std::string>& launcher)
{
    const std::string dir = stageDirectory(name);
    fs::create_directories(dir);
    ProcessSpec spec;
    if (candidateCode) {
        // Writable: the stage's folder, the run's temp folder, the build cache (torch's load_inline locks and writes
        // there). Hidden: what the reference wrote. Everything else is read-only, the task and the harness included.
        const fs::path run = fs::absolute(m_request.runDirectory);
        const fs::path cache = fs::absolute(m_request.cacheDirectory);
        for (const fs::path& folder : { cache / "torch_extensions", cache / "build" })
            fs::create_directories(folder);
        SandboxPaths paths;
        paths.readable = { run.string(), cache.string() };
        paths.writable = { fs::absolute(dir).string(), (run / "tmp").string(), (cache / "torch_extensions").string() };
        if (name == "compile")
            paths.writable.push_back((cache / "build").string());
        for (const char* hidden : { "reference", "baselines", "reference_trace" }) {
            if (fs::exists(run / hidden))
                paths.hidden.push_back((run / hidden).string());
        }
        paths.workingDirectory = fs::absolute(dir).string();
        spec.argv = Sandbox::instance().launcher(paths);
    }
    spec.argv.insert(spec.argv.end(), launcher.begin(), launcher.end());
    spec.argv.insert(spec.argv.end(), { m_request.python, m_harnessPath });
    spec.argv.insert(spec.argv.end(), arguments.begin(), arguments.end());
    spec.argv.insert(spec.argv.end(), { "--out", dir });
    spec.workingDirectory = dir;
    spec.logPath = dir + "/log.txt";
    spec.limits = limits;
    if (candidateCode) {
        spec.limits.processes = name == "compile" ? 1024 : 256;
        spec.limits.cpuSeconds = limits.wallSeconds * std::max(1u, std::thread::hardware_concurrency());
        // CUDA reserves far more address space than it uses; on the CPU the address space can be held.
        if (m_request.device == "cpu" && limits.memoryBytes > 0)
            spec.limits.addressSpaceBytes = 4 * limits.memoryBytes + (std::int64_t(8) << 30);
    }
    spec.environment = { "PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1",
        "TMPDIR=" + (fs::path(m_request.runDirectory) / "tmp").string(),
        "TORCH_EXTENSIONS_DIR=" + (fs::path(m_request.cacheDirectory) / "torch_extensions").string() };
    if (!m_request.cudaArch.empty())
        spec.environment.push_back("TORCH_CUDA_ARCH_LIST=" + m_request.cudaArch);
    spec.environment.insert(spec.environment.end(), environment.begin(), environment.end());
    // Evaluations that share this cache take turns on the GPU: the harness's stages lock for what they measure, the
    // runner for the stages it cannot see into. A wait outside the stage is not part of its time limit.
    std::optional<GpuLock> gpu;
    if (m_request.device == "cuda") {
        const std::string locks = (fs::path(m_request.cacheDirectory) / "locks").string();
        const GpuLock::Holder holder = GpuLock::holderForStage(name);
        std::string lockError;
        if (holder == GpuLock::Holder::Runner) {
            gpu.emplace(locks, GpuLock::Mode::Exclusive);
            lockError = gpu->error();
        } else if (holder == GpuLock::Holder::Harness && GpuLock::prepareFolder(locks, &lockError)) {
            spec.environment.push_back("KWB_GPU_LOCK_DIR=" + fs::absolute(locks).string());
        }
        if (!lockError.empty() && m_gpuTurnsNote.empty()) // the stages ran without taking turns: the result says so
            m_gpuTurnsNote = lockError + " The " + name + " stage ran beside other evaluations on the GPU.";
    }
    ProcessOutcome outcome = runProcess(spec);
    gpu.reset();
    // bubblewrap hands on a signal that killed the stage as exit status 128 + signal.
    if (candidateCode && Sandbox::instance().kind() == Sandbox::Kind::Bubblewrap && outcome.exitCode > 128
        && outcome.exitCode <= 128 + 64) {
        outcome.signal = outcome.exitCode - 128;
        outcome.exitCode = -1;
    }
    if (candidateCode)
        guardProtectedFiles();
    stage.seconds = outcome.wallSeconds;
    stage.log = readTail(spec.logPath, kMaxLog);
    const fs::path resultFile = fs::path(dir) / (name + ".json");
    std::string error;
    if (fs::exists(resultFile)) {
        if (auto value = JsonValue::parseFile(resultFile.string(), &error))
            stage.result = std::move(*value);
    }
    if (outcome.timedOut) {
        stage.status = "timed-out";
        stage.message = "The " + name + " stage timed out after " + std::to_string(int(limits.wallSeconds)) + " s.";
    } else if (stage.result.isObject() && !stage.result["ok"].toBool()) {
        stage.status = stage.result["task_error"].toBool() ? "error" : "failed";
        stage.message = stage.result["reason"].toString();
    } else if (!outcome.succeeded() || !stage.result.isObject()) {
        stage.status = candidateCode ? "failed" : "error";
        stage.message = "The " + name + " process " + outcome.describe()
            + (outcome.succeeded() ? " without writing its result" : "") + ".";
    } else {
        stage.status = "passed";
    }
    return stage.status == "passed";
}

std::vector<std::string> EvalPipeline::commonArguments(const std::string& seeds) const
{
    return { "--task", m_taskPath, "--device", m_request.device, "--seeds", seeds,
        "--precision", m_request.precision, "--protocol=" + m_request.protocol.toJson() };
}

void EvalPipeline::compile()
{
    // "=" keeps flags such as -O3 from being read as options of the harness.
    std::vector<std::string> args = { "compile", "--device", m_request.device, "--cflags=" + m_request.cflags,
        "--cuda-cflags=" + m_request.cudaFlags, "--build-root", (fs::path(m_request.cacheDirectory) / "build").string() };
    if (m_layout == "workspace")
        args.insert(args.end(), { "--workspace", m_candidateCopy });
    else
        args.insert(args.end(), { "--single-file", m_candidateCopy });
    args.insert(args.end(), { "--task", m_taskPath });
    runHarness("compile", args, m_request.compileLimits, true, m_compile);
    m_flags.setTorchAllowed(m_compile.result["allow_torch_ops"].toBool());
    m_flags.addFrom(m_compile.result["static_flags"]);
    for (const JsonValue& library : m_compile.result["libraries"].items())
        m_allowedLibraries.push_back(library.toString());
    m_compileCached = m_compile.result["cached"].toBool();
    m_module = m_compile.result["module"].toString();
    // A cached build's compiler output was kept beside it, so diagnostics and resources show as for a fresh one.
    // The parsers read the whole output; only its tail is kept in the result.
    const std::string buildDir = m_compile.result["build_dir"].toString();
    fs::path outputFile = fs::path(stageDirectory("compile")) / "log.txt";
    if (!buildDir.empty()) {
        const fs::path kept = fs::path(buildDir) / "kwb-compile.log";
        std::error_code ec;
        if (m_compileCached && fs::exists(kept))
            outputFile = kept;
        else if (m_compile.status == "passed")
            fs::copy_file(outputFile, kept, fs::copy_options::overwrite_existing, ec);
    }
    const std::string compilerOutput = readTail(outputFile, kMaxCompilerOutput);
    m_compile.log = compilerOutput.size() > kMaxLog ? compilerOutput.substr(compilerOutput.size() - kMaxLog) : compilerOutput;
    const std::string root = m_layout == "workspace" ? m_candidateCopy : fs::path(m_candidateCopy).parent_path().string();
    DiagnosticsParser parser(root);
    parser.setSourceLookup(DiagnosticsParser::readFilesUnder(root));
    m_diagnostics = parser.parse(compilerOutput);
    m_kernels = PtxasResourceParser().parse(compilerOutput);
}

void EvalPipeline::reference()
{
    std::vector<std::string> args = { "reference", "--phase", "trials", "--baseline-cache", baselineCache() };
    const auto common = commonArguments(m_seedList);
    args.insert(args.end(), common.begin(), common.end());
    runHarness("reference", args, m_request.runLimits, false, m_reference);
}

void EvalPipeline::candidate(const std::string& phase, Stage& stage, const std::vector<std::string>& environment,
    const std::vector<std::string>& launcher)
{
    std::vector<std::string> args = { "candidate", "--phase", phase, "--candidate", m_candidateCopy };
    if (!m_module.empty())
        args.insert(args.end(), { "--module", m_module });
    const auto common = commonArguments(m_seedList);
    args.insert(args.end(), common.begin(), common.end());
    runHarness("candidate_" + phase, args, m_request.runLimits, true, stage, environment, launcher);
    m_flags.addFrom(stage.result["flags"]);
}

std::vector<std::string> EvalPipeline::tracerEnvironment(const std::string& stageName) const
{
    // One library is both the CUDA and the NVTX injection, so that CUPTI has a single client.
    return { "CUDA_INJECTION64_PATH=" + m_request.tracerPath, "NVTX_INJECTION64_PATH=" + m_request.tracerPath,
        "KWB_TRACE_OUT=" + stageDirectory(stageName) + "/trace.json" };
}

// A short pass of the reference and of the candidate under the CUPTI tracer, each in its own process (tracing
// slows calls down, so the timing pass never runs under it). Its outcome never changes the verdict or the reward.
void EvalPipeline::trace()
{
    std::vector<std::string> args = { "reference", "--phase", "trace" };
    const auto common = commonArguments(m_seedList);
    args.insert(args.end(), common.begin(), common.end());
    runHarness("reference_trace", args, m_request.runLimits, false, m_referenceTrace, tracerEnvironment("reference_trace"));
    candidate("trace", m_candidateTrace, tracerEnvironment("candidate_trace"));
    for (auto [stage, name] : { std::pair { &m_referenceTrace, "reference_trace" }, { &m_candidateTrace, "candidate_trace" } }) {
        if (stage->status == "passed" && !fs::exists(stageDirectory(name) + "/trace.json")) {
            stage->status = "error";
            stage->message = "The tracer wrote no trace for the " + std::string(name) + " stage.";
        }
    }
}

// The environment a stage that imports torch reported: the reference's, the baselines', or else the small stage
// askEnvironment() ran, so a result that stopped at the compile still names its GPU, driver and torch.
const JsonValue& EvalPipeline::environment() const
{
    for (const Stage* stage : { &m_reference, &m_baselines, &m_environment }) {
        if (stage->result["environment"].isObject())
            return stage->result["environment"];
    }
    return m_environment.result["environment"];
}

void EvalPipeline::askEnvironment()
{
    if (environment().isObject())
        return;
    ProcessLimits limits = m_request.runLimits;
    limits.wallSeconds = std::min(limits.wallSeconds, 120.0);
    runHarness("environment", { "environment", "--device", m_request.device }, limits, false, m_environment);
}

// The calibration this machine stored for the device, when it was made here (host, GPU and driver alike).
void EvalPipeline::findCeilings()
{
    const JsonValue& env = environment();
    if (!env.isObject())
        return;
    const Calibration::Identity identity { EnvironmentFingerprint::thisHostName(), env["gpu"].toString(), env["driver"].toString() };
    m_calibration = Calibration::load(m_request.cacheDirectory, m_request.device, identity, &m_ceilingsNote);
}

// Nsight Compute on demand: the candidate runs once more (two warm-up calls, then one call between
// cudaProfilerStart/Stop) under ncu with the clocks left as they are; the report file stays in the stage folder.
void EvalPipeline::profileWithNcu()
{
    const std::string name = "candidate_profile";
    const std::string dir = stageDirectory(name);
    if (m_request.device != "cuda") {
        m_ncu.message = "Nsight Compute profiles CUDA kernels; this evaluation ran on the CPU.";
        return;
    }
    const std::string ncu = resolveProgram(m_request.ncuPath);
    if (access(ncu.c_str(), X_OK) != 0) {
        m_ncu.message = "Nsight Compute (" + m_request.ncuPath + ") is not installed on this machine.";
        return;
    }
    std::string metrics;
    for (const std::string& metric : ncuMetricNames())
        metrics += (metrics.empty() ? "" : ",") + metric;
    const std::string report = dir + "/report";
    const std::vector<std::string> launcher = { ncu, "--clock-control", "none", "--profile-from-start", "off",
        "--target-processes", "all", "--kernel-name", "regex:" + m_request.ncuKernelRegex, "--launch-count", "50",
        "--metrics", metrics, "--export", report, "--force-overwrite" };
    candidate("profile", m_ncu, {}, launcher);
    const std::string log = m_ncu.log;
    if (m_ncu.status != "passed" || !fs::exists(report + ".ncu-rep")) {
        if (log.find("ERR_NVGPUCTRPERM") != std::string::npos)
            m_ncu.message = "ncu has no access to the GPU's performance counters (ERR_NVGPUCTRPERM); an administrator can allow it.";
        else if (log.find("No kernels were profiled") != std::string::npos || (m_ncu.status == "passed" && log.find("==PROF==") != std::string::npos))
            m_ncu.message = "No kernel whose name matches " + m_request.ncuKernelRegex + " ran in the profiled call.";
        else if (m_ncu.status == "passed" || m_ncu.message.empty())
            m_ncu.message = "ncu ran but wrote no report; its output is in " + dir + "/log.txt.";
        if (m_ncu.status == "passed" || m_ncu.status == "failed")
            m_ncu.status = "error";
        return;
    }
    ProcessSpec spec;
    spec.argv = { ncu, "--import", report + ".ncu-rep", "--csv", "--page", "raw" };
    spec.workingDirectory = dir;
    spec.logPath = dir + "/metrics.csv";
    spec.limits = { 300, 0, std::int64_t(1) << 30, 4096 };
    const ProcessOutcome outcome = runProcess(spec);
    std::string error;
    if (!outcome.succeeded() || !parseNcuCsv(readTail(spec.logPath, kMaxCompilerOutput), &m_ncuLaunches, &error)) {
        m_ncu.status = "error";
        m_ncu.message = outcome.succeeded() ? error : "ncu --import " + outcome.describe() + ".";
    }
}

void EvalPipeline::writeNcuResult(JsonWriter& w) const
{
    w.key("ncu").beginObject();
    w.key("status").value(m_ncu.status);
    if (!m_ncu.message.empty())
        w.key("message").value(m_ncu.message);
    w.key("kernel_filter").value(m_request.ncuKernelRegex);
    if (m_ncu.status == "passed") {
        w.key("report").value(stageDirectory("candidate_profile") + "/report.ncu-rep");
        w.key("csv").value(stageDirectory("candidate_profile") + "/metrics.csv");
    }
    w.key("kernels").beginArray();
    for (const NcuLaunch& launch : m_ncuLaunches) {
        w.beginObject().key("name").value(launch.kernel).key("launch").value(launch.id);
        w.key("block").value(launch.block).key("grid").value(launch.grid);
        w.key("metrics").beginArray(); // the workbench's metric set, in its order; the CSV keeps everything
        for (const std::string& metric : ncuMetricNames()) {
            for (std::size_t i = 0; i < launch.metrics.size(); ++i) {
                if (launch.metrics[i] != metric)
                    continue;
                w.beginArray().value(metric);
                std::isfinite(launch.values[i]) ? w.value(launch.values[i]) : w.null();
                w.value(launch.units[i]).endArray();
            }
        }
        w.endArray().endObject();
    }
    w.endArray();
    w.endObject();
}

void EvalPipeline::writeTraceResult(JsonWriter& w) const
{
    w.key("trace").beginObject();
    const bool ran = m_referenceTrace.status != "not-run" || m_candidateTrace.status != "not-run";
    const Stage& failed = m_referenceTrace.status != "passed" ? m_referenceTrace : m_candidateTrace;
    w.key("status").value(!ran ? "not-run" : failed.status);
    if (ran && !failed.message.empty())
        w.key("message").value(failed.message);
    if (m_referenceTrace.status == "passed")
        w.key("reference").value(stageDirectory("reference_trace") + "/trace.json");
    if (m_candidateTrace.status == "passed")
        w.key("candidate").value(stageDirectory("candidate_trace") + "/trace.json");
    w.endObject();
}

void EvalPipeline::judge()
{
#if KWB_HAVE_TORCH
    bool allPassed = true;
    for (std::size_t i = 0; i < m_seeds.size(); ++i) {
        const std::string file = "_out_" + std::to_string(i) + ".pt";
        const torchio::TrialComparison c = torchio::compareOutputs(stageDirectory("reference") + "/reference" + file,
            stageDirectory("candidate_trials") + "/candidate" + file, m_request.atol, m_request.rtol);
        m_verdicts.push_back({ c.passed, c.maxAbsError, c.maxRelError, c.mismatchFraction, c.message });
        m_layoutDiffers = m_layoutDiffers || c.layoutDiffers;
        if (!c.passed && allPassed) {
            allPassed = false;
            m_verifyMessage = "Trial " + std::to_string(i + 1) + ": " + c.message;
        }
    }
    m_verifyStatus = allPassed ? "passed" : "failed";
    // The first verified outputs stay in memory, beyond the reach of later candidate processes.
    for (std::size_t i = 0; allPassed && i < std::min<std::size_t>(2, m_seeds.size()); ++i) {
        std::ifstream in(stageDirectory("candidate_trials") + "/candidate_out_" + std::to_string(i) + ".pt", std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        m_verifiedOutputs.push_back(bytes.str());
    }
    if (!m_request.keepOutputs) {
        for (std::size_t i = 0; i < m_seeds.size(); ++i) {
            const std::string file = "_out_" + std::to_string(i) + ".pt";
            removeTree(stageDirectory("reference") + "/reference" + file);
            removeTree(stageDirectory("candidate_trials") + "/candidate" + file);
        }
    }
#else
    m_verifyStatus = "error";
    m_verifyMessage = "This kwb-runner was built without LibTorch, so it cannot judge outputs.";
#endif
}

// The outputs of the calls after timing, on the trial inputs written into the timed buffers, against the verified
// trial outputs: a result cached by input address or shape, or computed once, does not match.
void EvalPipeline::judgeRechecks()
{
#if KWB_HAVE_TORCH
    const int done = int(m_timing.result["rechecks"].toNumber(0));
    const std::string expectedDir = stageDirectory("recheck_expected");
    fs::create_directories(expectedDir);
    for (int k = 0; k < done && k < int(m_verifiedOutputs.size()); ++k) {
        const std::string expected = expectedDir + "/expected_" + std::to_string(k) + ".pt";
        std::ofstream(expected, std::ios::binary) << m_verifiedOutputs[std::size_t(k)];
        const std::string actual = stageDirectory("candidate_timing") + "/recheck_out_" + std::to_string(k) + ".pt";
        const torchio::TrialComparison c = torchio::compareOutputs(expected, actual, m_request.atol, m_request.rtol);
        if (!m_request.keepOutputs) {
            removeTree(expected);
            removeTree(actual);
        }
        if (!c.passed) {
            m_flags.add("result-reuse", "After timing, the candidate's output for trial " + std::to_string(k + 1)
                + "'s inputs, written into a timed input buffer, no longer matches: " + c.message);
            break;
        }
    }
    if (done == 0 && !m_verifiedOutputs.empty())
        m_flags.add("result-reuse", "The timing stage ran none of its rechecks.");
    removeTree(expectedDir);
#endif
}

// The trace pass shows what the event timing cannot: library kernels, side streams and work outside the calls.
void EvalPipeline::checkTrace()
{
    const std::string path = stageDirectory("candidate_trace") + "/trace.json";
    if (m_candidateTrace.status != "passed" || !fs::exists(path))
        return;
    std::string error;
    if (!checkCandidateTrace(path, m_allowedLibraries, m_flags, &error))
        m_candidateTrace.message = error;
}

std::string EvalPipeline::baselineCache() const
{
    return (fs::path(m_request.cacheDirectory) / "baselines").string();
}

void EvalPipeline::baselines()
{
    // The reference stage already found them in the cache: no process needed.
    if (m_reference.result["cached_baselines"].isObject()) {
        m_baselines.status = "passed";
        m_baselines.seconds = 0;
        m_baselines.result = m_reference.result["cached_baselines"];
        return;
    }
    std::vector<std::string> args = { "reference", "--phase", "baselines", "--baseline-cache", baselineCache() };
    const auto common = commonArguments(m_seedList);
    args.insert(args.end(), common.begin(), common.end());
    runHarness("baselines", args, m_request.runLimits, false, m_baselines);
}

void EvalPipeline::score()
{
    const double candidate = m_timing.result["candidate"]["median_us"].toNumber(kNaN);
    const double eager = m_baselines.result["eager"]["median_us"].toNumber(kNaN);
    const double compiled = m_baselines.result["compiled"]["median_us"].toNumber(kNaN);
    if (candidate > 0) {
        m_speedupEager = eager / candidate;
        m_speedupCompile = compiled / candidate;
    }
    // A changed precision policy would make the comparison with the baselines unfair.
    const JsonValue& before = m_reference.result["precision"];
    const JsonValue& after = m_trials.result["precision"];
    if (before.isObject() && after.isObject()
        && (before["matmul_tf32"].toBool() != after["matmul_tf32"].toBool()
            || before["cudnn_tf32"].toBool() != after["cudnn_tf32"].toBool()))
        m_flags.add("precision-policy-changed", "The candidate changed the TF32 policy that the baselines ran with.");
    if (std::isfinite(m_speedupEager) && m_speedupEager > 10) {
        char text[96];
        std::snprintf(text, sizeof text, "%.1fx faster than eager: worth a person's look.", m_speedupEager);
        m_flags.add("excessive-speedup", text);
    }
    if (m_layoutDiffers)
        m_flags.add("non-contiguous-output", "The output's memory layout differs from the reference's.");
    reject();
    // A build that was never judged (compile only) is neither correct nor incorrect: it gets no reward.
    if (m_compile.status == "passed" && m_verifyStatus == "not-run")
        return;
    m_reward = RewardScheme::reward(m_request.rewardScheme, isCorrect(), m_speedupEager, m_speedupCompile);
}

void EvalPipeline::runCandidate()
{
    compile();
    if (m_compile.status != "passed" || m_request.mode == EvalRequest::Mode::CompileOnly)
        return;
    candidate("trials", m_trials);
    if (m_trials.status == "passed")
        reference();
    if (m_trials.status != "passed") {
        m_verifyStatus = m_trials.status;
        m_verifyMessage = m_trials.message;
    } else if (m_reference.status != "passed") {
        m_verifyStatus = "error";
        m_verifyMessage = m_reference.message;
    } else {
        judge();
    }
    reject();
    if (!isCorrect() || m_request.mode == EvalRequest::Mode::VerifyOnly)
        return;
    candidate("timing", m_timing);
    if (m_timing.status == "passed")
        judgeRechecks();
    reject();
    if (!isCorrect() || m_timing.status != "passed")
        return;
    if (m_request.timeBaselines)
        baselines();
    if (m_request.device == "cuda" && !m_request.tracerPath.empty()) {
        trace();
        checkTrace();
        reject();
    }
    if (!m_request.ncuKernelRegex.empty())
        profileWithNcu();
}

// A failing hack flag turns a correct verdict into a failed one, the flag's detail the reason; a verdict that is
// already failed (or an error of the task) keeps its own reason, and the flag stays listed.
void EvalPipeline::reject()
{
    const HackFlag* flag = m_flags.firstFailing();
    if (!flag || m_verifyStatus != "passed")
        return;
    m_verifyStatus = "failed";
    m_verifyMessage = "Rejected (" + flag->name + "): " + flag->detail;
}

void EvalPipeline::run()
{
    const auto start = std::chrono::steady_clock::now();
    if (prepare()) {
        if (m_request.mode == EvalRequest::Mode::BaselinesOnly)
            baselines();
        else
            runCandidate();
        askEnvironment();
        findCeilings();
        score();
    }
    m_totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void EvalPipeline::writeResult(JsonWriter& w) const
{
    w.beginObject();
    if (!m_setupError.empty()) {
        w.key("error").value(m_setupError);
        w.endObject();
        return;
    }
    w.key("compile").beginObject();
    w.key("status").value(m_compile.status);
    Diagnostic::writeJsonArray(w.key("diagnostics"), m_diagnostics);
    KernelResources::writeJsonArray(w.key("kernels"), m_kernels);
    w.key("log").value(m_compile.log);
    writeNumber(w, "seconds", m_compile.seconds);
    w.key("cached").value(m_compileCached);
    if (!m_compile.message.empty())
        w.key("message").value(m_compile.message);
    w.endObject();

    w.key("verify").beginObject();
    w.key("status").value(m_verifyStatus);
    w.key("trials").beginArray();
    for (const Verdict& v : m_verdicts) {
        w.beginObject().key("passed").value(v.passed);
        writeNumber(w, "max_abs_error", v.maxAbs);
        writeNumber(w, "max_rel_error", v.maxRel);
        writeNumber(w, "mismatch_fraction", v.mismatch);
        if (!v.message.empty())
            w.key("message").value(v.message);
        w.endObject();
    }
    w.endArray();
    w.key("atol").value(m_request.atol);
    w.key("rtol").value(m_request.rtol);
    if (!m_verifyMessage.empty())
        w.key("message").value(m_verifyMessage);
    w.key("seeds").beginArray();
    for (unsigned long long s : m_seeds)
        w.value(s);
    w.endArray();
    w.key("weights").value(m_trials.result["weights"].toString());
    w.endObject();

    w.key("timing").beginObject();
    if (m_request.mode == EvalRequest::Mode::BaselinesOnly) {
        w.key("status").value(m_baselines.status);
        if (!m_baselines.message.empty())
            w.key("message").value(m_baselines.message);
        writeStats(w, "eager", m_baselines.result["eager"]);
        writeStats(w, "compiled", m_baselines.result["compiled"]);
        w.key("baselines_cached").value(m_baselines.result["cached"].toBool());
        writeNumber(w, "compile_seconds", m_baselines.result["compile_seconds"].toNumber(kNaN));
    }
    const bool timed = m_timing.status == "passed" && m_baselines.status != "error";
    if (m_request.mode != EvalRequest::Mode::BaselinesOnly) {
        w.key("status").value(m_timing.status == "passed" ? m_baselines.status == "error" ? "error" : "passed" : m_timing.status);
        if (!m_timing.message.empty() || !m_baselines.message.empty())
            w.key("message").value(m_timing.message.empty() ? m_baselines.message : m_timing.message);
    }
    if (timed) {
        writeStats(w, "candidate", m_timing.result["candidate"]);
        writeStats(w, "eager", m_baselines.result["eager"]);
        writeStats(w, "compiled", m_baselines.result["compiled"]);
        w.key("baselines_cached").value(m_baselines.result["cached"].toBool() || m_reference.result["cached_baselines"].isObject());
    }
    std::string ignored;
    if (const auto protocol = JsonValue::parse(m_request.protocol.toJson(), &ignored))
        protocol->write(w.key("protocol")); // an object, not JSON text inside a string
    w.endObject();

    writeTraceResult(w);
    if (!m_request.ncuKernelRegex.empty())
        writeNcuResult(w);
    const JsonValue& counted = m_reference.result["floor"].isObject() ? m_reference.result["floor"] : m_baselines.result["floor"];
    if (const JsonValue& floor = counted; floor.isObject() && !floor.contains("error"))
        floor.write(w.key("floor"));
    else if (floor.isObject())
        w.key("floor_note").value(floor["error"].toString());
    if (m_calibration)
        Calibration::writeCeilings(w.key("ceilings"), *m_calibration);
    else if (!m_ceilingsNote.empty())
        w.key("ceilings_note").value(m_ceilingsNote);
    w.key("device").value(m_request.device);
    if (m_request.mode == EvalRequest::Mode::CompileOnly || m_request.mode == EvalRequest::Mode::VerifyOnly)
        w.key("stop_after").value(m_request.mode == EvalRequest::Mode::CompileOnly ? "compile" : "verify");
    m_flags.write(w);
    if (!m_gpuTurnsNote.empty())
        w.key("gpu_turns_note").value(m_gpuTurnsNote);
    w.key("isolation").beginObject().key("kind").value(Sandbox::instance().kindName());
    if (!Sandbox::instance().note().empty())
        w.key("note").value(Sandbox::instance().note());
    w.endObject();
    w.key("reward").beginObject().key("scheme").value(m_request.rewardScheme);
    writeNumber(w, "value", m_reward);
    w.endObject();
    writeNumber(w, "speedup_vs_eager", m_speedupEager);
    writeNumber(w, "speedup_vs_compile", m_speedupCompile);

    EnvironmentFingerprint fingerprint = EnvironmentFingerprint::forThisHost();
    const JsonValue& env = environment();
    fingerprint.gpuName = env["gpu"].toString();
    fingerprint.driverVersion = env["driver"].toString();
    fingerprint.cudaRuntimeVersion = env["cuda"].toString();
    fingerprint.torchVersion = env["torch"].toString();
    fingerprint.compilerFlags = m_request.device == "cuda" ? m_request.cudaFlags : m_request.cflags;
    fingerprint.tf32Policy = m_request.precision;
    w.key("fingerprint");
    fingerprint.writeJson(w);

    w.key("layout").value(m_layout);
    w.key("run_directory").value(m_request.runDirectory);
    w.key("stages").beginObject();
    for (const auto& [name, stage] : { std::pair<const char*, const Stage*> { "reference", &m_reference },
             { "candidate_trials", &m_trials }, { "candidate_timing", &m_timing }, { "baselines", &m_baselines },
             { "reference_trace", &m_referenceTrace }, { "candidate_trace", &m_candidateTrace },
             { "candidate_profile", &m_ncu } }) {
        w.key(name).beginObject().key("status").value(stage->status);
        writeNumber(w, "seconds", stage->seconds);
        if (!stage->message.empty())
            w.key("message").value(stage->message);
        w.endObject();
    }
    w.endObject();
    w.key("seconds").value(m_totalSeconds);
    w.endObject();
}

} // namespace kwb::runner
