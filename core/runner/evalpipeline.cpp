// One evaluation from request to result: the evaluate stage (driver and worker, warm or cold), the trace check,
// the baselines, the reward and the result. Over 500 lines because these share the verdict and the timing being built
// and writeResult() writes all of it; the build, the disassembly and Nsight Compute are stages of their own
// (compilestage, disassemblystage, ncustage), and processes run through StageRunner.
#include "runner/evalpipeline.h"

#include "runner/calibration.h"
#include "runner/environmentfingerprint.h"
#include "runner/gpulock.h"
#include "runner/jsonwriter.h"
#include "runner/rewardscheme.h"
#include "runner/sandbox.h"
#include "runner/sha256.h"
#include "runner/timingstats.h"
#include "runner/tracecheck.h"
#include "runner/workerpair.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <thread>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

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

std::string formatNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

} // namespace

EvalPipeline::EvalPipeline(EvalRequest request)
    : m_request(std::move(request))
    , m_runner(m_request, m_flags)
    , m_compileStage(m_request, m_runner, m_flags)
    , m_ncuStage(m_request, m_runner)
    , m_disassemblyStage(m_request)
{
    m_flags.setRules(HackFlags::rulesNamed(m_request.rules));
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
    m_runner.setHarness(fs::absolute(m_request.harnessPath).string());
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
    m_compileStage.setCandidate(m_layout, m_candidateCopy, m_taskPath);
    return true;
}

// Every stage runs the run's own copies of the task and the harness, so no stage, and nothing a candidate does,
// writes to the user's files, and a copy a candidate changed is found and put back.
bool EvalPipeline::protectTaskAndHarness()
{
    const fs::path dir = fs::path(m_request.runDirectory) / "protected";
    const fs::path harness = fs::path(m_runner.harnessPath()).parent_path();
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
    m_runner.setHarness(fs::absolute(dir / "harness" / fs::path(m_runner.harnessPath()).filename()).string());
    m_runner.protect(m_taskPath);
    m_runner.protect((dir / "harness").string());
    return true;
}

void EvalPipeline::candidate(const std::string& phase, Stage& stage, const std::vector<std::string>& environment,
    const std::vector<std::string>& launcher)
{
    std::vector<std::string> args = { "candidate", "--phase", phase, "--candidate", m_candidateCopy };
    if (!m_compileStage.module().empty())
        args.insert(args.end(), { "--module", m_compileStage.module() });
    const auto common = commonArguments(m_seedList);
    args.insert(args.end(), common.begin(), common.end());
    m_runner.runHarness("candidate_" + phase, args, m_request.runLimits, true, stage, environment, launcher);
    m_flags.addFrom(stage.result["flags"]);
}

// The environment a stage that imports torch reported: the reference's, the baselines', or else the small stage
// askEnvironment() ran, so a result that stopped at the compile still names its GPU, driver and torch.
const JsonValue& EvalPipeline::environment() const
{
    for (const Stage* stage : { &m_evaluate, &m_baselines, &m_environment }) {
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
    m_runner.runHarness("environment", { "environment", "--device", m_request.device }, limits, false, m_environment);
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

void EvalPipeline::writeTraceResult(JsonWriter& w) const
{
    w.key("trace").beginObject();
    const bool ran = tracing() && m_evaluate.status != "not-run";
    w.key("status").value(!ran ? "not-run" : !m_candidateTrace.empty() ? "passed" : "error");
    if (ran && !m_traceMessage.empty())
        w.key("message").value(m_traceMessage);
    if (!m_referenceTrace.empty())
        w.key("reference").value(m_referenceTrace);
    if (!m_candidateTrace.empty())
        w.key("candidate").value(m_candidateTrace);
    if (std::isfinite(m_innerOverOuter))
        w.key("gpu_over_wall").value(m_innerOverOuter);
    w.endObject();
}

std::vector<std::string> EvalPipeline::commonArguments(const std::string& seeds) const
{
    return { "--task", m_taskPath, "--device", m_request.device, "--seeds", seeds,
        "--precision", m_request.precision, "--protocol=" + m_request.protocol.toJson() };
}

std::vector<std::string> EvalPipeline::tracerEnvironment(const std::string& stageName) const
{
    // One library is both the CUDA and the NVTX injection, so that CUPTI has a single client.
    return { "CUDA_INJECTION64_PATH=" + m_request.tracerPath, "NVTX_INJECTION64_PATH=" + m_request.tracerPath,
        "KWB_TRACE_OUT=" + m_runner.stageDirectory(stageName) + "/trace.json" };
}

bool EvalPipeline::tracing() const
{
    return m_request.device == "cuda" && !m_request.tracerPath.empty();
}

PoolProfile EvalPipeline::poolProfile() const
{
    PoolProfile p;
    p.python = m_request.python;
    p.harnessDirectory = fs::absolute(m_request.harnessPath).parent_path().string();
    p.device = m_request.device;
    p.cacheDirectory = fs::absolute(m_request.cacheDirectory).string();
    p.tracerPath = tracing() ? m_request.tracerPath : std::string();
    p.cudaArch = m_request.cudaArch;
    p.runLimits = m_request.runLimits;
    return p;
}

// The trusted driver (outside the sandbox) and the worker (inside it, only computing), side by side: a warm pair of
// the pool for a candidate when there is a pool for these settings, else a pair started for this stage alone.
void EvalPipeline::runPair(const std::string& name, std::vector<std::string> driverArgs, const std::string& workerKind,
    Stage& driverStage, Stage& workerStage)
{
    const std::string dir = m_runner.stageDirectory(name);
    driverArgs.insert(driverArgs.end(), { "--task", m_taskPath, "--device", m_request.device, "--out", dir, "--precision",
        m_request.precision, "--protocol=" + m_request.protocol.toJson(), "--trials", std::to_string(m_request.trials),
        "--atol", formatNumber(m_request.atol), "--rtol", formatNumber(m_request.rtol), "--baseline-cache",
        m_runner.baselineCache(), "--call-timeout", std::to_string(int(m_request.runLimits.wallSeconds) + 30) });
    if (m_request.seed)
        driverArgs.insert(driverArgs.end(), { "--seed", std::to_string(m_request.seed) });
    if (tracing())
        driverArgs.push_back("--traced");
    if (workerKind == "candidate" && m_pool && m_pool->profile() == poolProfile()) {
        runPooled(name, std::move(driverArgs), driverStage, workerStage);
        return;
    }
    const std::string workerName = name + "_worker";
    const std::string token = WorkerPair::newToken();
    if (workerKind == "candidate")
        m_stageToken = token;
    std::vector<std::string> workerEnvironment = { "KWB_STAGE_ID=" + token };
    if (tracing()) {
        const auto tracer = tracerEnvironment(workerName);
        workerEnvironment.insert(workerEnvironment.end(), tracer.begin(), tracer.end());
    }
    std::vector<std::string> writable;
    if (m_layout == "single-file" && workerKind == "candidate")
        writable.push_back(m_runner.torchExtensionsDirectory()); // torch's load_inline takes its lock there even when built
    const bool sandboxed = workerKind == "candidate";
    ProcessSpec worker = m_runner.spec(workerName,
        { m_request.python, m_runner.harnessScript("kwb_worker.py"), "--channel-fd", "{fd}", "--device", m_request.device,
            "--kind", workerKind, "--wait-go" },
        m_request.runLimits, sandboxed, workerEnvironment, writable);
    driverArgs.insert(driverArgs.begin(), { m_request.python, m_runner.harnessScript("kwb_driver.py"), "--channel-fd", "{fd}" });
    ProcessLimits driverLimits = m_request.runLimits;
    driverLimits.wallSeconds = m_request.runLimits.wallSeconds * 2 + 120; // it outlives the worker to report on it
    driverLimits.memoryBytes = 0;
    ProcessSpec driver = m_runner.spec(name, driverArgs, driverLimits, false, {});
    if (m_request.device == "cuda") {
        const std::string locks = m_runner.lockFolder();
        std::string lockError;
        if (GpuLock::prepareFolder(locks, &lockError))
            driver.environment.push_back("KWB_GPU_LOCK_DIR=" + locks);
        else
            m_runner.noteGpuTurns(lockError + " The " + name + " stage ran beside other evaluations on the GPU.");
    }
    const WorkerPairOutcome outcome = WorkerPair::run(driver, worker);
    if (sandboxed)
        m_runner.guardProtectedFiles();
    finishPair(name, outcome, driver, worker, sandboxed, driverStage, workerStage);
}

// A warm pair: its worker gets copies of the candidate and the task in its own slot (it sees nothing of the run's
// folder); what the pair wrote in its own places (logs, the trace) comes into the run's stage folders afterwards.
void EvalPipeline::runPooled(const std::string& name, std::vector<std::string> driverArgs, Stage& driverStage,
    Stage& workerStage)
{
    const std::string workerName = name + "_worker";
    std::unique_ptr<WarmPair> pair = m_pool->take();
    m_warmWorkers = true;
    const fs::path slot(pair->slot());
    std::error_code ec;
    fs::create_directories(slot / "task", ec);
    const fs::path task = slot / "task" / fs::path(m_taskPath).filename();
    if (!ec)
        fs::copy_file(m_taskPath, task, ec);
    fs::path candidate = slot / "candidate";
    if (!ec)
        fs::create_directories(candidate, ec);
    if (!ec && m_layout == "workspace") {
        fs::copy(m_candidateCopy, candidate, fs::copy_options::recursive, ec);
    } else if (!ec) {
        candidate /= fs::path(m_candidateCopy).filename();
        fs::copy_file(m_candidateCopy, candidate, ec);
    }
    if (ec) {
        driverStage.status = "error";
        driverStage.message = "The candidate could not be copied to a warm worker: " + ec.message() + ".";
        return;
    }
    for (std::size_t i = 0; i + 1 < driverArgs.size(); ++i) {
        if (driverArgs[i] == "--candidate")
            driverArgs[i + 1] = candidate.string();
    }
    driverArgs.insert(driverArgs.end(), { "--worker-task", task.string() });
    const WorkerPairOutcome outcome = pair->run(driverArgs);
    m_pool->refill();
    fs::create_directories(m_runner.stageDirectory(workerName), ec);
    fs::create_directories(m_runner.stageDirectory(name), ec);
    ProcessSpec worker = pair->workerSpec();
    ProcessSpec driver = pair->driverSpec();
    worker.logPath = m_runner.stageDirectory(workerName) + "/log.txt";
    driver.logPath = m_runner.stageDirectory(name) + "/log.txt";
    fs::copy_file(pair->workerLog(), worker.logPath, fs::copy_options::overwrite_existing, ec);
    fs::copy_file(pair->driverLog(), driver.logPath, fs::copy_options::overwrite_existing, ec);
    if (fs::exists(pair->tracePath()))
        fs::copy_file(pair->tracePath(), m_runner.stageDirectory(workerName) + "/trace.json", fs::copy_options::overwrite_existing, ec);
    finishPair(name, outcome, driver, worker, true, driverStage, workerStage);
}

void EvalPipeline::finishPair(const std::string& name, const WorkerPairOutcome& outcome, const ProcessSpec& driver,
    const ProcessSpec& worker, bool sandboxed, Stage& driverStage, Stage& workerStage)
{
    if (!outcome.setupError.empty()) {
        driverStage.status = "error";
        driverStage.message = "The " + outcome.setupError + ".";
        return;
    }
    const std::string workerName = name + "_worker";
    m_runner.finish(workerName, outcome.worker, worker, sandboxed, "", workerStage); // a worker writes no result file
    m_runner.finish(name, outcome.driver, driver, false, name, driverStage);
    if (outcome.leftovers > 0)
        m_flags.add("left-processes", std::to_string(outcome.leftovers) + " process(es) of the candidate's stage were "
            "still running after it ended (killed).");
}

// The driver's verdict, with the worker's own end where the worker did not last: a crash, a hang or a limit.
void EvalPipeline::evaluate()
{
    std::vector<std::string> args = { "evaluate", "--candidate", m_candidateCopy, "--mode",
        m_request.mode == EvalRequest::Mode::VerifyOnly ? "verify" : "full" };
    if (!m_compileStage.module().empty())
        args.insert(args.end(), { "--module", m_compileStage.module() });
    if (m_layout == "single-file" && m_compileStage.passed())
        args.insert(args.end(), { "--prebuilt", m_runner.torchExtensionsDirectory() });
    if (m_request.keepOutputs)
        args.push_back("--keep-outputs");
    runPair("evaluate", args, "candidate", m_evaluate, m_worker);
    const JsonValue& r = m_evaluate.result;
    m_flags.addFrom(r["flags"]);
    if (!r.isObject()) {
        m_verifyStatus = "error";
        m_verifyMessage = m_evaluate.message.empty() ? "The evaluation's driver wrote no result." : m_evaluate.message;
        return;
    }
    if (!r["ok"].toBool()) {
        const std::string failure = r["failure"].toString();
        const std::string during = r["during"].toString();
        const bool beforeCandidate = during == "start" || during == "null" || during == "buffers" || during == "copycal";
        if (failure == "worker-lost" && !beforeCandidate) {
            // The candidate's own process ended it: its sentence says how.
            const std::string when = during == "call" ? "during call " + std::to_string(int(r["calls_done"].toNumber(0)) + 1)
                : during == "load" ? std::string("while loading the candidate") : std::string("after its last call");
            m_verifyStatus = m_worker.status == "timed-out" ? "timed-out" : "failed";
            m_verifyMessage = m_worker.status == "timed-out" ? m_worker.message
                : "The candidate's worker " + (m_worker.outcome.succeeded() ? std::string("exited") : m_worker.outcome.describe())
                    + " " + when + ".";
        } else if (failure == "candidate" || failure == "verify") {
            m_verifyStatus = "failed";
            m_verifyMessage = r["reason"].toString();
            if (!m_verifyMessage.empty())
                m_verifyMessage[0] = char(std::toupper(static_cast<unsigned char>(m_verifyMessage[0])));
            if (!m_verifyMessage.empty() && m_verifyMessage.back() != '.')
                m_verifyMessage += '.';
        } else {
            // The task's fault or the environment's: never the candidate's failure or reward.
            m_verifyStatus = "error";
            m_verifyMessage = r["reason"].toString() + (m_worker.outcome.succeeded() ? "" : " (the worker " + m_worker.outcome.describe() + ")");
        }
        return;
    }
    const JsonValue& verify = r["verify"];
    for (const JsonValue& t : verify["trials"].items())
        m_verdicts.push_back({ t["passed"].toBool(), t["max_abs_error"].toNumber(kNaN), t["max_rel_error"].toNumber(kNaN),
            t["mismatch_fraction"].toNumber(kNaN), t["message"].toString() });
    m_verifyStatus = verify["status"].toString();
    m_verifyMessage = verify["message"].toString();
    m_layoutDiffers = r["layout_differs"].toBool();
    if (!m_worker.outcome.succeeded() && m_verifyStatus == "passed") {
        m_verifyStatus = "failed"; // fail closed: the worker did not end as it should have
        m_flags.add("check-not-run", "The candidate's worker " + m_worker.outcome.describe() + " after its last call.");
    }
    if (m_request.mode == EvalRequest::Mode::Full && r["timing"]["candidate"].isObject())
        m_timingStatus = "passed";
    checkTrace();
}

// The trace of the same calls that were verified and timed shows what the driver's clock cannot: library kernels,
// work launched outside the calls, and the GPU's own time for each call. That time is the figure reported on the
// GPU, bounded by the driver's clock (compareTraceWithClock).
void EvalPipeline::checkTrace()
{
    if (!tracing() || m_verifyStatus != "passed")
        return;
    const std::string path = m_runner.stageDirectory("evaluate_worker") + "/trace.json";
    if (!fs::exists(path)) {
        m_flags.add("check-not-run", "The candidate's worker wrote no trace of its calls.");
        m_traceMessage = "The tracer wrote no trace of the candidate's calls.";
        return;
    }
    std::string error;
    std::map<int, double> inner;
    if (!checkCandidateTrace(path, m_compileStage.allowedLibraries(), m_flags, &inner, &error)) {
        m_flags.add("check-not-run", "The trace of the candidate's calls could not be checked: " + error);
        m_traceMessage = error;
        return;
    }
    m_candidateTrace = path;
    if (m_request.mode != EvalRequest::Mode::Full)
        return;
    const JsonValue& timing = m_evaluate.result["timing"];
    std::vector<double> samples;
    for (const JsonValue& sample : timing["samples_us"].items())
        samples.push_back(sample.toNumber(kNaN));
    const TraceAgainstClock agreement = compareTraceWithClock(samples,
        m_evaluate.result["handshake"]["subtracted_us"].toNumber(kNaN), inner, int(timing["warmup_calls"].toNumber(0)), m_flags);
    m_innerSpans = agreement.gpuSpans;
    if (!agreement.judged)
        return;
    m_innerOverOuter = agreement.gpuOverWall;
    m_gpuTiming = TimingStats::of(m_innerSpans);
}

const JsonValue& EvalPipeline::candidateStats() const
{
    return m_gpuTiming.isObject() ? m_gpuTiming : m_evaluate.result["timing"]["candidate"];
}

// Eager and torch.compile, timed the same way as candidates (the driver's clock, a worker of their own), unless the
// evaluation's driver found them in the cache.
void EvalPipeline::baselines()
{
    if (const std::string why = m_compileStage.noGpu(); !why.empty()) {
        m_baselines.status = "error"; // the machine's: no GPU to time them on
        m_baselines.message = "No GPU to time the baselines on: " + why + ".";
        return;
    }
    if (m_evaluate.result["cached_baselines"].isObject()) {
        m_baselines.status = "passed";
        m_baselines.seconds = 0;
        m_baselines.result = m_evaluate.result["cached_baselines"];
        m_baselines.result.set("cached", JsonValue(true));
        const std::string kept = m_baselines.result["cache_file"].toString() + ".trace.json";
        if (tracing() && fs::exists(kept)) // the reference's trace, kept with the baselines it timed
            m_referenceTrace = kept;
        return;
    }
    // No process of a candidate's stage may still run while baselines are measured.
    if (!m_stageToken.empty() && WorkerPair::killLeftovers(m_stageToken) > 0)
        m_flags.add("left-processes", "Processes of the candidate's stage were still running before the baselines (killed).");
    runPair("baselines", { "baselines" }, "reference", m_baselines, m_baselineWorker);
    if (m_baselines.status == "passed") {
        std::error_code ec;
        fs::create_directories(fs::path(baselinesSeenMark()).parent_path(), ec);
        std::ofstream(baselinesSeenMark()) << m_taskPath << '\n';
    }
    if (m_baselines.status == "passed" && m_baselines.result["cached"].toBool()) {
        // Found in the cache by the driver (timed by an evaluation before this one): its trace is kept beside it.
        m_baselineWorker.status = "not-run";
        const std::string kept = m_baselines.result["cache_file"].toString() + ".trace.json";
        if (tracing() && fs::exists(kept))
            m_referenceTrace = kept;
        return;
    }
    if (m_baselines.status != "passed" || !tracing())
        return;
    // The same figure as the candidate's: the GPU's own time of each timed call, from the baselines' trace.
    const fs::path trace = fs::path(m_runner.stageDirectory("baselines_worker")) / "trace.json";
    std::map<int, double> inner;
    HackFlags ignored;
    std::string error;
    if (!fs::exists(trace) || !checkCandidateTrace(trace.string(), { "cublas", "cudnn" }, ignored, &inner, &error)) {
        m_baselines.status = "error";
        m_baselines.message = "The baselines' trace could not be read" + (error.empty() ? std::string(".") : ": " + error);
        return;
    }
    m_referenceTrace = trace.string();
    for (const char* which : { "eager", "compiled" }) {
        const JsonValue& calls = m_baselines.result[std::string(which) + "_calls"];
        const int first = int(calls["first"].toNumber(0));
        const int n = int(calls["n"].toNumber(0));
        std::vector<double> spans;
        for (int k = first; k < first + n; ++k) {
            if (const auto it = inner.find(k); it != inner.end())
                spans.push_back(it->second);
        }
        if (spans.size() * 2 < std::size_t(n) || spans.empty()) {
            m_baselines.status = "error";
            m_baselines.message = std::string("The baselines' trace has too few timed ") + which + " calls.";
            return;
        }
        JsonValue stats = TimingStats::of(spans);
        stats.set("wall_median_us", JsonValue(m_baselines.result[which]["median_us"].toNumber(kNaN)));
        m_baselines.result.set(which, std::move(stats));
    }
    const std::string cacheFile = m_baselines.result["cache_file"].toString();
    if (!cacheFile.empty()) { // the runner's figures replace the driver's in the cache, and the trace goes with them
        std::ofstream(cacheFile + ".tmp") << m_baselines.result.toJson();
        std::error_code ec;
        fs::rename(cacheFile + ".tmp", cacheFile, ec);
        fs::copy_file(trace, cacheFile + ".trace.json", fs::copy_options::overwrite_existing, ec);
    }
}

void EvalPipeline::score()
{
    const double candidate = m_timingStatus == "passed" ? candidateStats()["median_us"].toNumber(kNaN) : kNaN;
    const double eager = m_baselines.result["eager"]["median_us"].toNumber(kNaN);
    const double compiled = m_baselines.result["compiled"]["median_us"].toNumber(kNaN);
    if (candidate > 0) {
        m_speedupEager = eager / candidate;
        m_speedupCompile = compiled / candidate;
    }
    // A changed precision policy would make the comparison with the baselines unfair.
    const JsonValue& after = m_evaluate.result["candidate_precision"];
    const bool tf32 = m_request.precision == "tf32";
    if (after.isObject() && (after["matmul_tf32"].toBool() != tf32 || after["cudnn_tf32"].toBool() != tf32))
        m_flags.add("precision-policy-changed", "The candidate changed the TF32 policy that the baselines ran with.");
    if (std::isfinite(m_speedupEager) && m_speedupEager > 10) {
        char text[96];
        std::snprintf(text, sizeof text, "%.1fx faster than eager: worth a person's look.", m_speedupEager);
        m_flags.add("excessive-speedup", text);
    }
    if (m_layoutDiffers)
        m_flags.add("non-contiguous-output", "The output's memory layout differs from the reference's.");
    reject();
    // Baselines alone judge no candidate: no reward.
    if (m_request.mode == EvalRequest::Mode::BaselinesOnly)
        return;
    // A build that was never judged (compile only) is neither correct nor incorrect: it gets no reward.
    if (m_compileStage.passed() && m_verifyStatus == "not-run")
        return;
    // A task a constant passes cannot be judged: no reward either way, and the result says why.
    if (m_flags.contains("degenerate-task") && m_verifyStatus == "passed") {
        m_rewardWithheld = "degenerate-task";
        return;
    }
    if (m_compileStage.record().status == "error" || m_verifyStatus == "error")
        return; // the task's or the environment's failure is not the candidate's
    // A correct candidate, timed, whose baselines could not be (the reference failed, or the GPU ran out of memory
    // beside other work): its speed-up is unknown, so no reward — neither the correct-only one nor a guess.
    if (isCorrect() && m_timingStatus == "passed" && baselinesFailed()) {
        m_rewardWithheld = "baselines-unavailable";
        return;
    }
    m_reward = RewardScheme::reward(m_request.rewardScheme, isCorrect(), m_speedupEager, m_speedupCompile);
}

// Whether this evaluation's baselines should be timed while the candidate builds: on the GPU (the compile stage cannot
// reach it, and the baselines' figure is the GPU's own time), the first time this task is evaluated here with these
// settings, and only when a build will really run.
bool EvalPipeline::baselinesBesideBuild()
{
    if (m_request.device != "cuda" || m_request.mode != EvalRequest::Mode::Full || !m_request.timeBaselines
        || m_compileStage.buildArch().empty())
        return false;
    if (fs::exists(baselinesSeenMark()))
        return false;
    return !m_compileStage.reportKept();
}

// A mark, per task and settings, that its baselines were timed here (the driver's cache is keyed by what only the
// driver knows: the GPU's name and torch's version). A mark whose baselines are gone only costs the overlap.
std::string EvalPipeline::baselinesSeenMark() const
{
    Sha256 digest;
    digest.addFile(m_taskPath);
    for (const std::string& part : { m_request.device, m_request.precision, m_request.protocol.toJson(),
             std::string(tracing() ? "traced" : "clock"), formatNumber(m_request.atol), formatNumber(m_request.rtol) })
        digest.add(std::string(1, '\0')).add(part);
    return (fs::path(m_runner.baselineCache()) / "seen" / digest.hex().substr(0, 32)).string();
}

void EvalPipeline::runCandidate()
{
    // The first evaluation of a task here: its baselines run beside the build, in a pipeline of their own (its stage
    // folders in this run's baselines-beside-build/), and are taken over once the candidate has been judged. The
    // thread is joined on every way out.
    std::unique_ptr<EvalPipeline> early;
    std::thread earlyThread;
    if (baselinesBesideBuild()) {
        EvalRequest request = m_request;
        request.mode = EvalRequest::Mode::BaselinesOnly;
        request.runDirectory = (fs::path(m_request.runDirectory) / "baselines-beside-build").string();
        std::error_code ec; // there (empty) before the compile stage starts, so that its sandbox hides it
        fs::create_directories(request.runDirectory, ec);
        early = std::make_unique<EvalPipeline>(request);
        earlyThread = std::thread([pipeline = early.get()] {
            if (pipeline->prepare())
                pipeline->baselines();
        });
    }
    struct Join
    {
        std::thread& thread;
        ~Join()
        {
            if (thread.joinable())
                thread.join();
        }
    } join { earlyThread };
    m_compileStage.run();
    if (m_compileStage.passed()) {
        DisassemblyStage::Build build { m_layout, m_compileStage.module(), m_runner.torchExtensionsDirectory(),
            { m_candidateCopy, m_runner.torchExtensionsDirectory(), m_runner.stageDirectory("compile"),
                (fs::absolute(m_request.cacheDirectory) / "build" / m_compileStage.buildKey()).string() } };
        m_disassemblyStage.run(build, m_compileStage.hasCudaSources());
    }
    if (!m_compileStage.passed() || m_request.mode == EvalRequest::Mode::CompileOnly)
        return;
    evaluate();
    reject();
    if (!isCorrect() || m_request.mode == EvalRequest::Mode::VerifyOnly || m_timingStatus != "passed")
        return;
    if (earlyThread.joinable()) {
        earlyThread.join();
        // Timed beside the build either way; the evaluation may already have found them in the cache the early
        // pipeline filled, in which case its own (cached) baselines stand.
        m_baselinesBesideBuild = early->m_baselines.status == "passed";
        if (!m_evaluate.result["cached_baselines"].isObject() && early->m_baselines.status != "not-run") {
            m_baselines = std::move(early->m_baselines);
            m_baselineWorker = std::move(early->m_baselineWorker);
            m_referenceTrace = std::move(early->m_referenceTrace);
        }
    }
    if (m_request.timeBaselines && (!m_baselinesBesideBuild || m_baselines.status == "not-run"))
        baselines();
    if (!m_request.ncuKernelRegex.empty())
        m_ncuStage.run([this](const std::vector<std::string>& launcher, StageRecord& stage) {
            candidate("profile", stage, {}, launcher);
        });
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
    m_compileStage.writeResult(w);

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
    const JsonValue& judged = m_evaluate.result["verify"];
    if (judged["seeds"].isArray())
        judged["seeds"].write(w.key("seeds"));
    else
        w.key("seeds").beginArray().endArray();
    w.key("weights").value(m_evaluate.result["weights"].toString());
    // How much was checked: of the calls made, the kept ones in full (one of them with inputs from the tails of the
    // distribution, and the precision against fp64) and a secret choice of the others by a secret sample of their
    // elements.
    for (const char* field : { "calls_checked", "calls_made", "calls_in_full", "sampled_elements", "sampled_mismatches" }) {
        if (judged[field].isNumber())
            w.key(field).value(static_cast<long long>(judged[field].toNumber(0)));
    }
    writeNumber(w, "tail_scale", judged["tail_scale"].toNumber(kNaN));
    if (judged["note"].isString())
        w.key("note").value(judged["note"].toString());
    if (m_evaluate.result["precision_check"].isObject())
        m_evaluate.result["precision_check"].write(w.key("precision"));
    if (m_evaluate.result["degenerate"].isString())
        w.key("degenerate").value(m_evaluate.result["degenerate"].toString());
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
    const bool timed = m_timingStatus == "passed" && isCorrect() && !baselinesFailed();
    if (m_request.mode != EvalRequest::Mode::BaselinesOnly) {
        const std::string status = m_timingStatus != "passed" || !isCorrect() ? std::string("not-run")
            : baselinesFailed() ? "error" : "passed";
        w.key("status").value(status);
        if (status == "error" && !m_baselines.message.empty())
            w.key("message").value(m_baselines.message);
    }
    if (timed) {
        const JsonValue& timing = m_evaluate.result["timing"];
        writeStats(w, "candidate", candidateStats());
        writeStats(w, "eager", m_baselines.result["eager"]);
        writeStats(w, "compiled", m_baselines.result["compiled"]);
        w.key("baselines_cached").value(m_baselines.result["cached"].toBool());
        // The driver's clock: each call from its request to the worker's answer, less the handshake and output
        // copy measured before the candidate was loaded. On the GPU the candidate's figure is the GPU's own.
        writeStats(w, "wall", timing["candidate"]);
        w.key("source").value(m_gpuTiming.isObject() ? "gpu-trace" : "driver-clock");
        if (m_evaluate.result["handshake"].isObject())
            m_evaluate.result["handshake"].write(w.key("handshake"));
        writeNumber(w, "gpu_over_wall", m_innerOverOuter);
    }
    std::string ignored;
    if (const auto protocol = JsonValue::parse(m_request.protocol.toJson(), &ignored))
        protocol->write(w.key("protocol")); // an object, not JSON text inside a string
    w.endObject();

    writeTraceResult(w);
    m_disassemblyStage.writeResult(w);
    if (!m_request.ncuKernelRegex.empty())
        m_ncuStage.writeResult(w);
    const JsonValue& counted = m_evaluate.result["floor"].isObject() ? m_evaluate.result["floor"] : m_baselines.result["floor"];
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
    if (!m_runner.gpuTurnsNote().empty())
        w.key("gpu_turns_note").value(m_runner.gpuTurnsNote());
    w.key("isolation").beginObject().key("kind").value(Sandbox::instance().kindName());
    if (!Sandbox::instance().note().empty())
        w.key("note").value(Sandbox::instance().note());
    w.endObject();
    w.key("rules").value(m_request.rules); // the rule profile the verdict and the flags' "fails" were judged under
    w.key("reward").beginObject().key("scheme").value(m_request.rewardScheme);
    writeNumber(w, "value", m_reward);
    if (!m_rewardWithheld.empty())
        w.key("withheld").value(m_rewardWithheld);
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
    // Whether the candidate's driver and worker came warm from a pool or were started for this evaluation.
    w.key("workers").value(m_warmWorkers ? "warm" : "cold");
    if (m_baselinesBesideBuild)
        w.key("baselines_beside_build").value(true);
    w.key("run_directory").value(m_request.runDirectory);
    w.key("stages").beginObject();
    for (const auto& [name, stage] : { std::pair<const char*, const Stage*> { "compile", &m_compileStage.record() },
             { "evaluate", &m_evaluate }, { "evaluate_worker", &m_worker }, { "baselines", &m_baselines },
             { "baselines_worker", &m_baselineWorker }, { NcuStage::kStageName, &m_ncuStage.record() } }) {
        w.key(name).beginObject().key("status").value(stage->status);
        writeNumber(w, "seconds", stage->seconds);
        if (!stage->message.empty())
            w.key("message").value(stage->message);
        if (stage->result["phases"].isObject())
            stage->result["phases"].write(w.key("phases"));
        if (stage->result["gpu_wait_s"].isNumber()) // of the phases, the wait for other evaluations' measuring
            w.key("gpu_wait_s").value(stage->result["gpu_wait_s"].toNumber(0));
        if (stage->result["judge"].isObject()) // where the judge's time went, and how many calls it compared
            stage->result["judge"].write(w.key("judge"));
        w.endObject();
    }
    w.endObject();
    w.key("seconds").value(m_totalSeconds);
    w.endObject();
}

} // namespace kwb::runner
