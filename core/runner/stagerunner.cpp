#include "runner/stagerunner.h"

#include "runner/gpulock.h"
#include "runner/sandbox.h"
#include "runner/workerpool.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxLog = 256 * 1024; // the tail of a stage's log kept in the result

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

std::string readFileTail(const std::string& path, std::size_t limit)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    if (s.size() > limit)
        s = "[... " + std::to_string(s.size() - limit) + " bytes cut ...]\n" + s.substr(s.size() - limit);
    return s;
}

StageRunner::StageRunner(const EvalRequest& request, HackFlags& flags)
    : m_request(request)
    , m_flags(flags)
    , m_harnessPath(request.harnessPath)
{
}

std::string StageRunner::harnessScript(const char* name) const
{
    return (fs::path(m_harnessPath).parent_path() / name).string();
}

std::string StageRunner::stageDirectory(const std::string& name) const
{
    return (fs::path(m_request.runDirectory) / name).string();
}

std::string StageRunner::baselineCache() const
{
    return (fs::path(m_request.cacheDirectory) / "baselines").string();
}

std::string StageRunner::torchExtensionsDirectory() const
{
    const fs::path root = fs::absolute(m_request.cacheDirectory) / "torch_extensions";
    return (m_singleFileBuild.empty() ? root : root / m_singleFileBuild).string();
}

// After a stage that ran candidate code: a copy of the task or the harness it changed is put back, and the
// candidate fails.
void StageRunner::guardProtectedFiles()
{
    const std::vector<std::string> changed = m_protected.restoreChanged();
    if (!changed.empty())
        m_flags.add("wrote-protected-file", "The candidate changed " + fs::path(changed.front()).filename().string()
            + " of the run's task and harness (restored).");
}

void StageRunner::noteGpuTurns(const std::string& note)
{
    if (m_gpuTurnsNote.empty())
        m_gpuTurnsNote = note;
}

const std::string& StageRunner::lockFolder()
{
    if (m_lockFolder.empty()) {
        std::string note;
        m_lockFolder = GpuLock::forDevices(m_request.cacheDirectory, &note);
        if (!note.empty())
            noteGpuTurns(note);
    }
    return m_lockFolder;
}

ProcessSpec StageRunner::spec(const std::string& name, const std::vector<std::string>& command,
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
        if (std::error_code ec; !m_request.pchDirectory.empty() && fs::exists(m_request.pchDirectory, ec))
            paths.readable.push_back(m_request.pchDirectory); // torch/extension.h precompiled, perhaps outside the cache
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

void StageRunner::finish(const std::string& name, ProcessOutcome outcome, const ProcessSpec& spec,
    bool candidateCode, const std::string& resultName, StageRecord& stage) const
{
    // bubblewrap hands on a signal that killed the stage as exit status 128 + signal.
    if (candidateCode && Sandbox::instance().kind() == Sandbox::Kind::Bubblewrap && outcome.exitCode > 128
        && outcome.exitCode <= 128 + 64) {
        outcome.signal = outcome.exitCode - 128;
        outcome.exitCode = -1;
    }
    stage.outcome = outcome;
    stage.seconds = outcome.wallSeconds;
    stage.log = readFileTail(spec.logPath, kMaxLog);
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

bool StageRunner::runHarness(const std::string& name, const std::vector<std::string>& arguments,
    const ProcessLimits& limits, bool candidateCode, StageRecord& stage, const std::vector<std::string>& environment,
    const std::vector<std::string>& launcher, const std::vector<std::string>& writable)
{
    const std::string dir = stageDirectory(name);
    std::vector<std::string> command = launcher;
    command.insert(command.end(), { m_request.python, m_harnessPath });
    command.insert(command.end(), arguments.begin(), arguments.end());
    command.insert(command.end(), { "--out", dir });
    ProcessSpec process = spec(name, command, limits, candidateCode, environment, writable);
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
            process.environment.push_back("KWB_GPU_LOCK_DIR=" + locks);
        }
        if (!lockError.empty()) // the stages ran without taking turns: the result says so
            noteGpuTurns(lockError + " The " + name + " stage ran beside other evaluations on the GPU.");
    }
    const ProcessOutcome outcome = runProcess(process);
    gpu.reset();
    if (candidateCode)
        guardProtectedFiles();
    finish(name, outcome, process, candidateCode, name, stage);
    return stage.status == "passed";
}

} // namespace kwb::runner
