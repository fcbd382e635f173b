// One evaluation from request to result: compile, verify, time, reward. Long because the stages share the
// request, the sandbox, the warm worker and the result being built; splitting it by stage is planned (each stage
// with its own test).
#include "runner/evalpipeline.h"

#include "runner/calibration.h"
#include "runner/diagnosticsparser.h"
#include "runner/disassembly.h"
#include "runner/environmentfingerprint.h"
#include "runner/gpulock.h"
#include "runner/jsonwriter.h"
#include "runner/ptxasresourceparser.h"
#include "runner/rewardscheme.h"
#include "runner/sandbox.h"
#include "runner/sha256.h"
#include "runner/timingstats.h"
#include "runner/tracecheck.h"
#include "runner/workerpair.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
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

std::string formatNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}


} // namespace

std::string EvalPipeline::harnessScript(const char* name) const
{
    return (fs::path(m_harnessPath).parent_path() / name).string();
}

EvalPipeline::EvalPipeline(EvalRequest request)
    : m_request(std::move(request))
{
    m_flags.setRules(HackFlags::rulesNamed(m_request.rules));
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

ProcessSpec EvalPipeline::stageSpec(const std::string& name, const std::vector<std::string>& command,
    const ProcessLimits& limits, bool candidateCode, const std::vector<std::string>& environment,
    const std::vector<std::string>& writable) const
{
    const std::string dir = stageDirectory(name);
    fs::create_directories(dir);
    ProcessSpec spec;
    if (candidateCode) {
        // Writable: the stage's folder, the run's temp folder, and what the caller adds (a single-file candidate's
        // own build folder). Hidden: what the trusted side keeps (the driver's folder, the baselines, the GPU locks).
        // Everything else is read-only, the task, the harness and the build cache included.
        const fs::path run = fs::absolute(m_request.runDirectory);
        const fs::path cache = fs::absolute(m_request.cacheDirectory);
        for (const fs::path& folder : { cache / "torch_extensions", cache / "build" })
            fs::create_directories(folder);
        SandboxPaths paths;
        paths.readable = { run.string(), cache.string() };
        for (const std::string& tool : toolPathsUnderTmp(m_request.python, { m_request.tracerPath }))
            paths.readable.push_back(tool); // a checkout under /tmp: its Python and tracer, hidden by the private /tmp
        paths.writable = { fs::absolute(dir).string(), (run / "tmp").string() };
        paths.writable.insert(paths.writable.end(), writable.begin(), writable.end());
        for (const fs::path& hidden : { run / "evaluate", run / "baselines", run / "baselines-beside-build", run / "trusted-tmp", cache / "baselines",
                 cache / "locks" }) {
            if (fs::exists(hidden))
                paths.hidden.push_back(hidden.string());
        }
        paths.workingDirectory = fs::absolute(dir).string();
        paths.gpu = name != "compile" || m_compileSeesGpu;
        spec.argv = Sandbox::instance().launcher(paths);
    }
    spec.argv.insert(spec.argv.end(), command.begin(), command.end());
    spec.workingDirectory = dir;
    spec.logPath = dir + "/log.txt";
    spec.limits = limits;
    spec.onlyToolEnvironment = candidateCode; // no API key or token of the user's reaches candidate code
    if (candidateCode)
        spec.limits = sandboxedLimits(limits, m_request.device, name == "compile");
    // Candidate stages share the run's tmp. The trusted stages (the driver, the baselines' worker with torch.compile)
    // get one that no candidate stage can write, and torch.compile's caches in the hidden baselines cache: a file
    // planted where they read would otherwise be a way to slow the baselines down.
    const fs::path tmp = fs::path(m_request.runDirectory) / (candidateCode ? "tmp" : "trusted-tmp");
    std::error_code made;
    fs::create_directories(tmp, made);
    spec.environment = { "PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1", "TMPDIR=" + fs::absolute(tmp).string(),
        "TORCH_EXTENSIONS_DIR=" + torchExtensionsDirectory() };
    if (!candidateCode) {
        const fs::path cache = fs::absolute(baselineCache());
        spec.environment.push_back("TORCHINDUCTOR_CACHE_DIR=" + (cache / "inductor").string());
        spec.environment.push_back("TRITON_CACHE_DIR=" + (cache / "triton").string());
    }
    if (!m_request.cudaArch.empty())
        spec.environment.push_back("TORCH_CUDA_ARCH_LIST=" + m_request.cudaArch);
    spec.environment.insert(spec.environment.end(), environment.begin(), environment.end());
    return spec;
}

// What a stage's process left: its time, the tail of its log, the result file it wrote and a status.
namespace {

// The last non-empty line of a log, at most `limit` bytes of it.
std::string lastLine(const std::string& log, std::size_t limit)
{
    std::size_t end = log.find_last_not_of(" \t\r\n");
    if (end == std::string::npos)
        return {};
    const std::size_t begin = log.find_last_of('\n', end);
    std::string line = log.substr(begin == std::string::npos ? 0 : begin + 1, end + 1 - (begin == std::string::npos ? 0 : begin + 1));
    if (line.size() > limit)
        line = line.substr(0, limit) + "…";
    while (!line.empty() && line.back() == '.')
        line.pop_back();
    return line;
}

} // namespace

void EvalPipeline::finishStage(const std::string& name, ProcessOutcome outcome, const ProcessSpec& spec,
    bool candidateCode, const std::string& resultName, Stage& stage)
{
    // bubblewrap hands on a signal that killed the stage as exit status 128 + signal.
    if (candidateCode && Sandbox::instance().kind() == Sandbox::Kind::Bubblewrap && outcome.exitCode > 128
        && outcome.exitCode <= 128 + 64) {
        outcome.signal = outcome.exitCode - 128;
        outcome.exitCode = -1;
    }
    stage.outcome = outcome;
    stage.seconds = outcome.wallSeconds;
    stage.log = readTail(spec.logPath, kMaxLog);
    const fs::path resultFile = fs::path(stageDirectory(name)) / (resultName + ".json");
    std::string error;
    if (!resultName.empty() && fs::exists(resultFile)) {
        if (auto value = JsonValue::parseFile(resultFile.string(), &error))
            stage.result = std::move(*value);
    }
    const std::string who = name == "evaluate_worker" ? std::string("candidate's worker")
        : name == "baselines_worker"                 ? std::string("baselines' worker")
                                                     : name + " stage";
    if (outcome.timedOut) {
        stage.status = "timed-out";
        stage.message = "The " + who + " timed out after " + std::to_string(int(spec.limits.wallSeconds)) + " s.";
    } else if (stage.result.isObject() && !stage.result["ok"].toBool()) {
        // Whose failure it was is never a candidate stage's word: candidate code may have written that file itself.
        stage.status = !candidateCode && stage.result["task_error"].toBool() ? "error" : "failed";
        stage.message = stage.result["reason"].toString();
    } else if (!outcome.succeeded() || (!resultName.empty() && !stage.result.isObject())) {
        stage.status = candidateCode ? "failed" : "error";
        stage.message = "The " + who + " " + outcome.describe() + (outcome.succeeded() ? " without writing its result" : "");
        // A trusted stage's last words (a Python exception, CUDA out of memory) say why; a candidate's are its own.
        if (const std::string last = candidateCode ? std::string() : lastLine(stage.log, 300); !last.empty())
            stage.message += ": " + last;
        stage.message += ".";
    } else {
        stage.status = "passed";
    }
}

bool EvalPipeline::runHarness(const std::string& name, const std::vector<std::string>& arguments,
    const ProcessLimits& limits, bool candidateCode, Stage& stage, const std::vector<std::string>& environment,
    const std::vector<std::string>& launcher, const std::vector<std::string>& writable)
{
    const std::string dir = stageDirectory(name);
    std::vector<std::string> command = launcher;
    command.insert(command.end(), { m_request.python, m_harnessPath });
    command.insert(command.end(), arguments.begin(), arguments.end());
    command.insert(command.end(), { "--out", dir });
    ProcessSpec spec = stageSpec(name, command, limits, candidateCode, environment, writable);
    // Evaluations that share this cache take turns on the GPU: the harness's stages lock for what they measure, the
    // runner for the stages it cannot see into. A wait outside the stage is not part of its time limit.
    std::optional<GpuLock> gpu;
    if (m_request.device == "cuda") {
        const std::string locks = lockFolder();
        const GpuLock::Holder holder = GpuLock::holderForStage(name);
        std::string lockError;
        if (holder == GpuLock::Holder::Runner) {
            gpu.emplace(locks, GpuLock::Mode::Exclusive);
            lockError = gpu->error();
        } else if (holder == GpuLock::Holder::Harness && GpuLock::prepareFolder(locks, &lockError)) {
            spec.environment.push_back("KWB_GPU_LOCK_DIR=" + locks);
        }
        if (!lockError.empty() && m_gpuTurnsNote.empty()) // the stages ran without taking turns: the result says so
            m_gpuTurnsNote = lockError + " The " + name + " stage ran beside other evaluations on the GPU.";
    }
    const ProcessOutcome outcome = runProcess(spec);
    gpu.reset();
    if (candidateCode)
        guardProtectedFiles();
    finishStage(name, outcome, spec, candidateCode, name, stage);
    return stage.status == "passed";
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
        "--metrics", metrics, "--section", "SourceCounters", "--export", report, "--force-overwrite" };
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
        return;
    }
    // The source page: each SASS instruction's executions and stall samples (the SourceCounters section).
    ProcessSpec source = spec;
    source.argv = { ncu, "--import", report + ".ncu-rep", "--csv", "--page", "source", "--print-source", "sass" };
    source.logPath = dir + "/source.csv";
    std::string sourceError;
    if (runProcess(source).succeeded() && parseNcuSourceCsv(readTail(source.logPath, kMaxCompilerOutput), &m_ncuSource, &sourceError))
        m_ncuSourceCsv = source.logPath;
    else
        m_ncuSource.clear(); // the metrics stand without it
}

const NcuLaunch* EvalPipeline::firstLaunchOf(const std::string& kernel) const
{
    for (const NcuLaunch& launch : m_ncuLaunches) {
        if (launch.kernel == kernel)
            return &launch;
    }
    return nullptr;
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
        if (!m_ncuSourceCsv.empty())
            w.key("source_csv").value(m_ncuSourceCsv);
    }
    w.key("kernels").beginArray();
    for (const NcuLaunch& launch : m_ncuLaunches) {
        w.beginObject().key("name").value(launch.kernel).key("launch").value(launch.id);
        // The source page's counters, with the first launch of their kernel: [offset, executed, stall samples].
        for (const NcuSourceCounters& page : m_ncuSource) {
            if (page.kernel != launch.kernel || &launch != firstLaunchOf(launch.kernel))
                continue;
            w.key("source").beginArray();
            for (const NcuSourceCounters::Instruction& i : page.instructions)
                w.beginArray().value(i.offset).value(i.executed).value(i.stallSamples).endArray();
            w.endArray();
        }
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

// The code the GPU runs, once per build: read by the runner (outside every sandbox, after the build) out of the modules
// the build left, kept in the cache by the modules' bytes and copied into the run. Its absence is a note, never a
// verdict.
void EvalPipeline::disassemble()
{
    if (!m_request.disassemble || m_request.device != "cuda" || !hasCudaSources())
        return;
    std::vector<std::string> modules;
    std::error_code ec;
    if (!m_module.empty()) {
        modules.push_back(m_module);
    } else if (m_layout == "single-file") {
        for (auto it = fs::recursive_directory_iterator(torchExtensionsDirectory(), ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_regular_file() && it->path().extension() == ".so")
                modules.push_back(it->path().string());
        }
        std::sort(modules.begin(), modules.end());
    }
    if (modules.empty()) {
        m_disassemblyMessage = "the build left no module to disassemble";
        return;
    }
    Sha256 digest;
    for (const std::string& module : modules)
        digest.addFile(module);
    const fs::path cached = fs::absolute(m_request.cacheDirectory) / "disasm" / (digest.hex().substr(0, 32) + ".json");
    const fs::path here = fs::path(m_request.runDirectory) / "disassembly.json";
    if (!fs::exists(cached)) {
        static std::mutex findLock;
        static std::map<std::string, Disassembly::Tools> found; // by Python: one search per runner process
        Disassembly::Tools tools;
        {
            std::lock_guard<std::mutex> hold(findLock);
            auto it = found.find(m_request.python);
            if (it == found.end())
                it = found.emplace(m_request.python, Disassembly::findTools(m_request.python)).first;
            tools = it->second;
        }
        fs::create_directories(cached.parent_path(), ec);
        const fs::path scratch = fs::path(m_request.runDirectory) / "trusted-tmp" / "disasm";
        std::string error;
        int kernels = 0;
        const std::vector<std::string> roots { m_candidateCopy, torchExtensionsDirectory(), stageDirectory("compile"),
            (fs::absolute(m_request.cacheDirectory) / "build" / m_buildKey).string() };
        if (!Disassembly::write(modules, roots, tools, scratch.string(), (cached.string() + "." + std::to_string(::getpid()) + "-" + fs::path(m_request.runDirectory).filename().string()), &kernels, &error)) {
            m_disassemblyMessage = error;
            return;
        }
        fs::rename(cached.string() + "." + std::to_string(::getpid()) + "-" + fs::path(m_request.runDirectory).filename().string(), cached, ec);
        removeTree(scratch.string());
    }
    fs::copy_file(cached, here, fs::copy_options::overwrite_existing, ec);
    if (ec) {
        m_disassemblyMessage = "the disassembly could not be copied into the run: " + ec.message();
        return;
    }
    m_disassembly = here.string();
    // Kernels in it, counted as the writer counted them.
    std::ifstream in(here);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t at = text.find("STO_CUDA_ENTRY"); at != std::string::npos; at = text.find("STO_CUDA_ENTRY", at + 1))
        ++m_disassembledKernels;
}

void EvalPipeline::writeDisassemblyResult(JsonWriter& w) const
{
    if (m_disassembly.empty() && m_disassemblyMessage.empty())
        return;
    w.key("disassembly").beginObject();
    if (!m_disassembly.empty())
        w.key("path").value(m_disassembly).key("kernels").value(m_disassembledKernels);
    else
        w.key("message").value(m_disassemblyMessage);
    w.endObject();
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

// What a build depends on besides its sources and flags (torch, nvcc, the GPU's architecture), asked once per
// runner process from a harness stage that reads nothing of the candidate's.
namespace {
std::mutex toolchainLock;
struct Toolchain
{
    std::string text; // what builds depend on
    std::string arch; // the GPU's, when the stage found one
    std::string noGpu; // why there is no GPU, when the stage found none (empty where it could not ask)
};
std::map<std::string, Toolchain> toolchains; // by device
}

const std::string& EvalPipeline::toolchain()
{
    std::lock_guard<std::mutex> hold(toolchainLock);
    auto it = toolchains.find(m_request.device);
    if (it != toolchains.end())
        return it->second.text;
    Stage stage;
    ProcessLimits limits { 120, 0, std::int64_t(1) << 20, 256 };
    runHarness("toolchain", { "toolchain", "--device", m_request.device }, limits, false, stage);
    std::string text;
    for (const JsonValue& part : stage.result["toolchain"].items())
        text += part.toString() + '\n';
    Toolchain found;
    if (stage.status == "passed")
        found = { text, stage.result["arch"].toString(), stage.result["no_gpu"].toString() };
    return toolchains.emplace(m_request.device, std::move(found)).first->second.text;
}

std::string EvalPipeline::buildArch()
{
    if (!m_request.cudaArch.empty() || m_request.device != "cuda")
        return m_request.cudaArch;
    toolchain();
    std::lock_guard<std::mutex> hold(toolchainLock);
    return toolchains[m_request.device].arch;
}

std::string EvalPipeline::noGpu()
{
    if (!m_request.cudaArch.empty() || m_request.device != "cuda")
        return {};
    toolchain();
    std::lock_guard<std::mutex> hold(toolchainLock);
    return toolchains[m_request.device].noGpu;
}

// The harness's binding.cpp as an object, built once per C++ flags and toolchain by a stage that reads nothing of any
// candidate's and kept in the cache, which candidate stages can read but not write: workspace builds that bring no
// binding of their own link it instead of compiling the same torch and pybind11 translation unit each time.
std::string EvalPipeline::bindingObject()
{
    static std::mutex lock;
    const std::string& tools = toolchain();
    std::lock_guard<std::mutex> hold(lock);
    Sha256 digest;
    for (const char* part : { "workspace/binding.cpp", "workspace/binding_registry.h" })
        digest.addFile(harnessScript(part));
    digest.add(m_request.cflags).add(std::string(1, '\0')).add(tools);
    const fs::path folder = fs::absolute(m_request.cacheDirectory) / "binding" / digest.hex().substr(0, 32);
    const fs::path object = folder / "binding.o";
    std::error_code ec;
    if (fs::exists(object, ec))
        return object.string();
    Stage stage;
    runHarness("binding", { "binding", "--device", m_request.device, "--cflags=" + m_request.cflags },
        m_request.compileLimits, false, stage);
    m_bindingSeconds = stage.seconds; // part of this evaluation's build, outside the compile stage's own time
    const fs::path built = stage.result["object"].toString();
    if (stage.status != "passed" || built.empty())
        return {}; // the build compiles binding.cpp itself, as before
    fs::create_directories(folder, ec);
    const fs::path partial = folder / ("binding.o." + std::to_string(::getpid()));
    fs::copy_file(built, partial, fs::copy_options::overwrite_existing, ec);
    if (!ec)
        fs::rename(partial, object, ec); // whole or not there, for another runner reading the cache
    return fs::exists(object, ec) ? object.string() : std::string();
}

// The build cache's key, computed here from the bytes of the candidate's sources: no candidate stage chooses where
// a build is kept, so none can put one under another candidate's key.
std::string EvalPipeline::buildKey()
{
    Sha256 digest;
    digest.add(m_layout).add(std::string(1, '\0'));
    std::vector<fs::path> files;
    if (m_layout == "workspace") {
        for (const fs::path& folder : { fs::path(m_candidateCopy), fs::path(m_candidateCopy) / "kernels" }) {
            std::error_code ec;
            for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
                const std::string ext = it->path().extension().string();
                if (it->is_regular_file() && (ext == ".cu" || ext == ".cpp" || ext == ".h" || ext == ".cuh"))
                    files.push_back(it->path());
            }
        }
        std::sort(files.begin(), files.end());
    } else {
        files.push_back(m_candidateCopy);
    }
    if (m_layout == "workspace") { // the harness's binding goes into a workspace's build when it brings none
        for (const char* part : { "workspace/binding.cpp", "workspace/binding_registry.h" }) {
            digest.add(part).add(std::string(1, '\0'));
            digest.addFile(harnessScript(part));
        }
    }
    for (const fs::path& file : files) {
        digest.add(fs::relative(file, m_layout == "workspace" ? fs::path(m_candidateCopy) : file.parent_path()).string());
        digest.add(std::string(1, '\0'));
        digest.addFile(file.string());
        digest.add(std::string(1, '\0'));
    }
    for (const std::string& part : { m_request.cflags, m_request.cudaFlags, m_request.device, m_request.cudaArch, toolchain() })
        digest.add(part).add(std::string(1, '\0'));
    return digest.hex().substr(0, 32);
}

// The build key and every other file of the candidate (model_new.py, what it reads): a compile report's key.
std::string EvalPipeline::reportKey() const
{
    if (m_layout != "workspace")
        return Sha256().add(m_buildKey).add(m_taskDigest).hex().substr(0, 32);
    Sha256 digest;
    digest.add(m_buildKey).add(m_taskDigest);
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(m_candidateCopy, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_regular_file())
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        digest.add(fs::relative(file, m_candidateCopy).string()).add(std::string(1, '\0'));
        digest.addFile(file.string());
    }
    return digest.hex().substr(0, 32);
}

std::string EvalPipeline::torchExtensionsDirectory() const
{
    const fs::path root = fs::absolute(m_request.cacheDirectory) / "torch_extensions";
    return (m_layout == "single-file" && !m_buildKey.empty() ? root / m_buildKey : root).string();
}

// Whether the candidate brings CUDA code: a .cu file in a workspace (its root or kernels/), or `cuda_sources=` in a
// single file (load_inline).
bool EvalPipeline::hasCudaSources() const
{
    std::error_code ec;
    if (m_layout == "workspace") {
        for (const fs::path& dir : { fs::path(m_candidateCopy), fs::path(m_candidateCopy) / "kernels" }) {
            for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
                if (it->path().extension() == ".cu")
                    return true;
            }
        }
        return false;
    }
    std::ifstream in(m_candidateCopy);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return std::regex_search(text, std::regex(R"(\bcuda_sources\s*=)"));
}

void EvalPipeline::compile()
{
    // No GPU here to build for and run on is the machine's failure, found before anything of the candidate's runs.
    if (const std::string why = noGpu(); !why.empty()) {
        m_compile.status = "error";
        m_compile.message = "No GPU to evaluate on: " + why + "; evaluate on a GPU host, or with --device cpu.";
        return;
    }
    // So is CUDA on the cpu device: read here, on the trusted side, since a candidate stage's own report of whose
    // failure it was is not taken.
    if (m_request.device != "cuda" && hasCudaSources()) {
        m_compile.status = "error";
        m_compile.message = "A CUDA candidate cannot be built or run on the cpu device: evaluate it on a GPU (--device cuda, or a GPU host).";
        return;
    }
    m_buildKey = buildKey();
    Sha256 task;
    task.addFile(m_taskPath);
    m_taskDigest = task.hex();
    const fs::path cache = fs::absolute(m_request.cacheDirectory);
    const fs::path kept = m_layout == "workspace" ? cache / "build" / m_buildKey : fs::path(torchExtensionsDirectory());
    // What a compile stage reported depends on every file of the candidate (its static checks read model_new.py);
    // the build only on the sources. A report of these very files, stored earlier: no process at all.
    const std::string report = "kwb-report-" + reportKey() + ".json";
    std::string error;
    std::error_code ec;
    if (fs::exists(kept / report)) {
        if (auto stored = JsonValue::parseFile((kept / report).string(), &error)) {
            m_compile.result = std::move(*stored);
            m_compile.status = "passed";
            m_compile.seconds = 0;
            m_compileCached = true;
        }
    }
    if (!m_compileCached) {
        // "=" keeps flags such as -O3 from being read as options of the harness.
        std::vector<std::string> args = { "compile", "--device", m_request.device, "--cflags=" + m_request.cflags,
            "--cuda-cflags=" + m_request.cudaFlags, "--key", m_buildKey, "--task", m_taskPath };
        std::vector<std::string> writable;
        if (m_layout == "workspace") {
            args.insert(args.end(), { "--workspace", m_candidateCopy, "--work-root", stageDirectory("compile") + "/build" });
            // Built for another candidate with the same sources: only this one's files are read.
            bool built = false;
            for (auto it = fs::directory_iterator(kept, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
                if (it->path().filename().string().rfind("cuda_extension", 0) == 0 && it->path().extension() == ".so") {
                    args.insert(args.end(), { "--cached-module", it->path().string() });
                    built = true;
                }
            }
            const bool ownBinding = fs::exists(fs::path(m_candidateCopy) / "binding.cpp");
            if (const std::string binding = built || ownBinding ? std::string() : bindingObject(); !binding.empty())
                args.insert(args.end(), { "--binding-object", binding });
        } else {
            args.insert(args.end(), { "--single-file", m_candidateCopy });
            fs::create_directories(kept);
            writable.push_back(kept.string()); // this file's own folder: only this file's builds write there
        }
        // The compile stage sees no GPU (its sandbox has no device files, and CUDA is told of none), so it builds for
        // the architecture the runner found.
        // Where the architecture cannot be found, the stage sees the GPU as before and torch asks the GPU itself.
        std::vector<std::string> environment;
        if (m_request.device == "cuda" && !buildArch().empty()) {
            environment.push_back("CUDA_VISIBLE_DEVICES=");
            if (m_request.cudaArch.empty())
                environment.push_back("TORCH_CUDA_ARCH_LIST=" + buildArch());
        }
        m_compileSeesGpu = m_request.device == "cuda" && environment.empty();
        // Source lines in every build's SASS, the candidate's own load_inline flags included (nvcc reads this
        // variable itself); -lineinfo changes no instruction.
        if (m_request.device == "cuda" && m_request.disassemble) {
            const char* appended = std::getenv("NVCC_APPEND_FLAGS");
            environment.push_back(std::string("NVCC_APPEND_FLAGS=") + (appended && *appended ? std::string(appended) + " " : std::string()) + "-lineinfo");
        }
        runHarness("compile", args, m_request.compileLimits, true, m_compile, environment, {}, writable);
    }
    m_flags.setTorchAllowed(m_compile.result["allow_torch_ops"].toBool());
    m_flags.addFrom(m_compile.result["static_flags"]);
    for (const JsonValue& library : m_compile.result["libraries"].items())
        m_allowedLibraries.push_back(library.toString());
    // The parsers read the whole compiler output; only its tail is kept in the result.
    const bool fromCache = m_compileCached || m_compile.result["cached"].toBool();
    fs::path outputFile = fromCache ? kept / "kwb-compile.log" : fs::path(stageDirectory("compile")) / "log.txt";
    const std::string compilerOutput = readTail(outputFile, kMaxCompilerOutput);
    m_compile.log = compilerOutput.size() > kMaxLog ? compilerOutput.substr(compilerOutput.size() - kMaxLog) : compilerOutput;
    const std::string root = m_layout == "workspace" ? m_candidateCopy : fs::path(m_candidateCopy).parent_path().string();
    DiagnosticsParser parser(root);
    parser.setSourceLookup(DiagnosticsParser::readFilesUnder(root));
    m_diagnostics = parser.parse(compilerOutput);
    m_kernels = PtxasResourceParser().parse(compilerOutput);
    m_compileCached = m_compileCached || m_compile.result["cached"].toBool();
    if (m_compile.status != "passed" || (m_compileCached && fs::exists(kept / report))) {
        m_module = m_compile.result["module"].toString();
        return;
    }
    // Into the cache, by the runner: the stage's own build folder (workspace) or the file's folder gets the output,
    // and the report that a later evaluation of the same files reads instead of starting a process.
    if (m_layout == "workspace" && !m_compile.result["cached"].toBool()) {
        const fs::path built = m_compile.result["build_dir"].toString();
        const fs::path module = m_compile.result["module"].toString();
        if (built.empty() || fs::relative(built, stageDirectory("compile")).string().rfind("..", 0) == 0) {
            m_compile.status = "failed";
            m_compile.message = "The compile stage reported a build outside its own folder.";
            return;
        }
        if (!fs::exists(kept)) {
            fs::create_directories(kept.parent_path(), ec);
            fs::rename(built, kept, ec);
            if (ec) // another evaluation of the same sources got there first, or another file system
                fs::copy(built, kept, fs::copy_options::recursive | fs::copy_options::skip_existing, ec);
        }
        m_module = (kept / module.filename()).string();
        m_compile.result.set("module", JsonValue(m_module));
        m_compile.result.set("build_dir", JsonValue(kept.string()));
    }
    if (!m_compile.result["cached"].toBool())
        fs::copy_file(outputFile, kept / "kwb-compile.log", fs::copy_options::overwrite_existing, ec);
    JsonValue stored = m_compile.result;
    stored.set("cached", JsonValue(true));
    std::ofstream(kept / (report + ".tmp")) << stored.toJson();
    fs::rename(kept / (report + ".tmp"), kept / report, ec);
    m_module = m_compile.result["module"].toString();
}

std::vector<std::string> EvalPipeline::tracerEnvironment(const std::string& stageName) const
{
    // One library is both the CUDA and the NVTX injection, so that CUPTI has a single client.
    return { "CUDA_INJECTION64_PATH=" + m_request.tracerPath, "NVTX_INJECTION64_PATH=" + m_request.tracerPath,
        "KWB_TRACE_OUT=" + stageDirectory(stageName) + "/trace.json" };
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
    const std::string dir = stageDirectory(name);
    driverArgs.insert(driverArgs.end(), { "--task", m_taskPath, "--device", m_request.device, "--out", dir, "--precision",
        m_request.precision, "--protocol=" + m_request.protocol.toJson(), "--trials", std::to_string(m_request.trials),
        "--atol", formatNumber(m_request.atol), "--rtol", formatNumber(m_request.rtol), "--baseline-cache",
        baselineCache(), "--call-timeout", std::to_string(int(m_request.runLimits.wallSeconds) + 30) });
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
        writable.push_back(torchExtensionsDirectory()); // torch's load_inline takes its lock there even when built
    const bool sandboxed = workerKind == "candidate";
    ProcessSpec worker = stageSpec(workerName,
        { m_request.python, harnessScript("kwb_worker.py"), "--channel-fd", "{fd}", "--device", m_request.device,
            "--kind", workerKind, "--wait-go" },
        m_request.runLimits, sandboxed, workerEnvironment, writable);
    driverArgs.insert(driverArgs.begin(), { m_request.python, harnessScript("kwb_driver.py"), "--channel-fd", "{fd}" });
    ProcessLimits driverLimits = m_request.runLimits;
    driverLimits.wallSeconds = m_request.runLimits.wallSeconds * 2 + 120; // it outlives the worker to report on it
    driverLimits.memoryBytes = 0;
    ProcessSpec driver = stageSpec(name, driverArgs, driverLimits, false, {});
    if (m_request.device == "cuda") {
        const std::string locks = lockFolder();
        std::string lockError;
        if (GpuLock::prepareFolder(locks, &lockError))
            driver.environment.push_back("KWB_GPU_LOCK_DIR=" + locks);
        else if (m_gpuTurnsNote.empty())
            m_gpuTurnsNote = lockError + " The " + name + " stage ran beside other evaluations on the GPU.";
    }
    const WorkerPairOutcome outcome = WorkerPair::run(driver, worker);
    if (sandboxed)
        guardProtectedFiles();
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
    fs::create_directories(stageDirectory(workerName), ec);
    fs::create_directories(stageDirectory(name), ec);
    ProcessSpec worker = pair->workerSpec();
    ProcessSpec driver = pair->driverSpec();
    worker.logPath = stageDirectory(workerName) + "/log.txt";
    driver.logPath = stageDirectory(name) + "/log.txt";
    fs::copy_file(pair->workerLog(), worker.logPath, fs::copy_options::overwrite_existing, ec);
    fs::copy_file(pair->driverLog(), driver.logPath, fs::copy_options::overwrite_existing, ec);
    if (fs::exists(pair->tracePath()))
        fs::copy_file(pair->tracePath(), stageDirectory(workerName) + "/trace.json", fs::copy_options::overwrite_existing, ec);
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
    finishStage(workerName, outcome.worker, worker, sandboxed, "", workerStage); // a worker writes no result file
    finishStage(name, outcome.driver, driver, false, name, driverStage);
    if (outcome.leftovers > 0)
        m_flags.add("left-processes", std::to_string(outcome.leftovers) + " process(es) of the candidate's stage were "
            "still running after it ended (killed).");
}

// The driver's verdict, with the worker's own end where the worker did not last: a crash, a hang or a limit.
void EvalPipeline::evaluate()
{
    std::vector<std::string> args = { "evaluate", "--candidate", m_candidateCopy, "--mode",
        m_request.mode == EvalRequest::Mode::VerifyOnly ? "verify" : "full" };
    if (!m_module.empty())
        args.insert(args.end(), { "--module", m_module });
    if (m_layout == "single-file" && m_compile.status == "passed")
        args.insert(args.end(), { "--prebuilt", torchExtensionsDirectory() });
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
    const std::string path = stageDirectory("evaluate_worker") + "/trace.json";
    if (!fs::exists(path)) {
        m_flags.add("check-not-run", "The candidate's worker wrote no trace of its calls.");
        m_traceMessage = "The tracer wrote no trace of the candidate's calls.";
        return;
    }
    std::string error;
    std::map<int, double> inner;
    if (!checkCandidateTrace(path, m_allowedLibraries, m_flags, &inner, &error)) {
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

const std::string& EvalPipeline::lockFolder()
{
    if (m_lockFolder.empty()) {
        std::string note;
        m_lockFolder = GpuLock::forDevices(m_request.cacheDirectory, &note);
        if (!note.empty() && m_gpuTurnsNote.empty())
            m_gpuTurnsNote = note;
    }
    return m_lockFolder;
}

std::string EvalPipeline::baselineCache() const
{
    return (fs::path(m_request.cacheDirectory) / "baselines").string();
}

// Eager and torch.compile, timed the same way as candidates (the driver's clock, a worker of their own), unless the
// evaluation's driver found them in the cache.
void EvalPipeline::baselines()
{
    if (const std::string why = noGpu(); !why.empty()) {
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
    const fs::path trace = fs::path(stageDirectory("baselines_worker")) / "trace.json";
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
    if (m_compile.status == "passed" && m_verifyStatus == "not-run")
        return;
    // A task a constant passes cannot be judged: no reward either way, and the result says why.
    if (m_flags.contains("degenerate-task") && m_verifyStatus == "passed") {
        m_rewardWithheld = "degenerate-task";
        return;
    }
    if (m_compile.status == "error" || m_verifyStatus == "error")
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
        || buildArch().empty())
        return false;
    if (fs::exists(baselinesSeenMark()))
        return false;
    m_buildKey = buildKey();
    Sha256 task;
    task.addFile(m_taskPath);
    m_taskDigest = task.hex();
    const fs::path kept = m_layout == "workspace" ? fs::absolute(m_request.cacheDirectory) / "build" / m_buildKey
                                                  : fs::path(torchExtensionsDirectory());
    return !fs::exists(kept / ("kwb-report-" + reportKey() + ".json"));
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
    return (fs::path(baselineCache()) / "seen" / digest.hex().substr(0, 32)).string();
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
    compile();
    if (m_compile.status == "passed")
        disassemble();
    if (m_compile.status != "passed" || m_request.mode == EvalRequest::Mode::CompileOnly)
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
    if (m_bindingSeconds > 0) // the harness's binding, built once per toolchain and flags, before this build
        writeNumber(w, "binding_seconds", m_bindingSeconds);
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
    writeDisassemblyResult(w);
    if (!m_request.ncuKernelRegex.empty())
        writeNcuResult(w);
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
    if (!m_gpuTurnsNote.empty())
        w.key("gpu_turns_note").value(m_gpuTurnsNote);
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
    for (const auto& [name, stage] : { std::pair<const char*, const Stage*> { "compile", &m_compile },
             { "evaluate", &m_evaluate }, { "evaluate_worker", &m_worker }, { "baselines", &m_baselines },
             { "baselines_worker", &m_baselineWorker }, { "candidate_profile", &m_ncu } }) {
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
