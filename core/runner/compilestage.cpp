#include "runner/compilestage.h"

#include "runner/diagnosticsparser.h"
#include "runner/jsonwriter.h"
#include "runner/ptxasresourceparser.h"
#include "runner/sha256.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sys/file.h>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxLog = 256 * 1024; // the tail of the compiler output kept in the result
constexpr std::size_t kMaxCompilerOutput = 64u << 20; // what the diagnostics and ptxas parsers read

std::mutex toolchainLock;
struct Toolchain
{
    std::string text; // what builds depend on
    std::string arch; // the GPU's, when the stage found one
    std::string noGpu; // why there is no GPU, when the stage found none (empty where it could not ask)
};
std::map<std::string, Toolchain> toolchains; // by device

} // namespace

CompileStage::CompileStage(const EvalRequest& request, StageRunner& runner, HackFlags& flags)
    : m_request(request)
    , m_runner(runner)
    , m_flags(flags)
{
}

void CompileStage::setCandidate(const std::string& layout, const std::string& candidateCopy, const std::string& taskPath)
{
    m_layout = layout;
    m_candidateCopy = candidateCopy;
    m_taskPath = taskPath;
}

const std::string& CompileStage::toolchain()
{
    std::lock_guard<std::mutex> hold(toolchainLock);
    auto it = toolchains.find(m_request.device);
    if (it != toolchains.end())
        return it->second.text;
    StageRecord stage;
    ProcessLimits limits { 120, 0, std::int64_t(1) << 20, 256 };
    m_runner.runHarness("toolchain", { "toolchain", "--device", m_request.device }, limits, false, stage);
    std::string text;
    for (const JsonValue& part : stage.result["toolchain"].items())
        text += part.toString() + '\n';
    Toolchain found;
    if (stage.status == "passed")
        found = { text, stage.result["arch"].toString(), stage.result["no_gpu"].toString() };
    return toolchains.emplace(m_request.device, std::move(found)).first->second.text;
}

std::string CompileStage::buildArch()
{
    if (!m_request.cudaArch.empty() || m_request.device != "cuda")
        return m_request.cudaArch;
    toolchain();
    std::lock_guard<std::mutex> hold(toolchainLock);
    return toolchains[m_request.device].arch;
}

std::string CompileStage::noGpu()
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
std::string CompileStage::bindingObject()
{
    static std::mutex lock;
    const std::string& tools = toolchain();
    std::lock_guard<std::mutex> hold(lock);
    Sha256 digest;
    for (const char* part : { "workspace/binding.cpp", "workspace/binding_registry.h" })
        digest.addFile(m_runner.harnessScript(part));
    digest.add(m_request.cflags).add(std::string(1, '\0')).add(tools);
    const fs::path folder = fs::absolute(m_request.cacheDirectory) / "binding" / digest.hex().substr(0, 32);
    const fs::path object = folder / "binding.o";
    std::error_code ec;
    if (fs::exists(object, ec))
        return object.string();
    std::vector<std::string> args = { "binding", "--device", m_request.device, "--cflags=" + m_request.cflags };
    if (const std::string header = precompiledHeader(); !header.empty())
        args.insert(args.end(), { "--pch", header });
    StageRecord stage;
    m_runner.runHarness("binding", args, m_request.compileLimits, false, stage);
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

// torch/extension.h precompiled once per C++ flags and toolchain, by a stage that reads nothing of any candidate's,
// into a folder candidate stages can read but not write. Most of a torch binding's compile time is parsing that
// header; a build whose C++ sources begin with it (the harness decides, file by file) reads the compiler's saved state
// instead. One runner builds it at a time: another that finds it being built compiles without it. A build that failed
// is not tried again for these flags (the reason is in the .failed file beside it).
std::string CompileStage::precompiledHeader()
{
    if (m_request.pchDirectory.empty())
        return {};
    static std::mutex lock;
    const std::string& tools = toolchain();
    std::lock_guard<std::mutex> hold(lock);
    Sha256 digest;
    digest.add("torch/extension.h 1").add(std::string(1, '\0')).add(m_request.cflags).add(std::string(1, '\0')).add(tools);
    const std::string key = digest.hex().substr(0, 32);
    const fs::path root = fs::absolute(m_request.pchDirectory);
    const fs::path folder = root / key;
    const fs::path built = folder / "torch" / "extension.h.gch";
    std::error_code ec;
    if (fs::exists(built, ec))
        return folder.string();
    if (fs::exists(root / (key + ".failed"), ec))
        return {};
    fs::create_directories(root, ec);
    const int held = ::open((root / (key + ".lock")).c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
    if (held < 0 || ::flock(held, LOCK_EX | LOCK_NB) != 0) {
        if (held >= 0)
            ::close(held);
        return {};
    }
    if (!fs::exists(built, ec)) {
        const fs::path partial = root / (key + ".partial-" + std::to_string(::getpid()));
        fs::remove_all(partial, ec);
        ProcessLimits limits = m_request.compileLimits;
        limits.memoryBytes = 0; // trusted, and of a known size (about 2 GB with GCC 12 and torch 2.11)
        StageRecord stage;
        m_runner.runHarness("header", { "header", "--cflags=" + m_request.cflags, "--into", partial.string() }, limits,
            false, stage);
        m_headerSeconds = stage.seconds;
        if (stage.status == "passed")
            fs::rename(partial, folder, ec); // whole or not there, for another runner reading the same folder
        if (!fs::exists(built, ec)) {
            fs::remove_all(partial, ec);
            std::ofstream((root / (key + ".failed")).string()) << stage.message << '\n';
            m_headerNote = "torch/extension.h was not precompiled: " + stage.message;
        }
    }
    ::close(held);
    return fs::exists(built, ec) ? folder.string() : std::string();
}

// Whether this candidate's build compiles C++ that may begin with torch/extension.h: a workspace's .cpp files, or a
// single file that calls load_inline (which writes its C++ source with that header first).
bool CompileStage::compilesTorchCpp() const
{
    std::error_code ec;
    if (m_layout == "workspace") {
        for (const fs::path& folder : { fs::path(m_candidateCopy), fs::path(m_candidateCopy) / "kernels" }) {
            for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
                if (it->path().extension() == ".cpp")
                    return true;
            }
        }
        return false;
    }
    std::ifstream file(m_candidateCopy);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    return text.find("load_inline") != std::string::npos;
}

// The build cache's key, computed here from the bytes of the candidate's sources, and the task's digest.
void CompileStage::computeKeys()
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
            digest.addFile(m_runner.harnessScript(part));
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
    m_buildKey = digest.hex().substr(0, 32);
    if (m_layout == "single-file")
        m_runner.setSingleFileBuild(m_buildKey);
    Sha256 task;
    task.addFile(m_taskPath);
    m_taskDigest = task.hex();
}

// The build key and every other file of the candidate (model_new.py, what it reads): a compile report's key.
std::string CompileStage::reportKey() const
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

// Where this build is kept: the cache's build/KEY (workspace) or the file's own torch_extensions folder.
std::string CompileStage::keptFolder() const
{
    return m_layout == "workspace" ? (fs::absolute(m_request.cacheDirectory) / "build" / m_buildKey).string()
                                   : m_runner.torchExtensionsDirectory();
}

// The runner's own record of builds and what it found in them, in the cache, which no candidate stage can write (a
// single file's build folder is written by the stage that imports it, so nothing the verdict reads is kept there).
std::string CompileStage::reportPath() const
{
    return (fs::absolute(m_request.cacheDirectory) / "compile-reports" / (reportKey() + ".json")).string();
}

std::string CompileStage::compilerLogPath() const
{
    return (fs::absolute(m_request.cacheDirectory) / "compile-reports" / (m_buildKey + ".log")).string();
}

bool CompileStage::reportKept()
{
    computeKeys();
    return fs::exists(reportPath());
}

// The static checks and the task's policy, from a trusted stage that reads the candidate's files and runs none of them:
// the compile stage runs candidate code (a single file's imports), so its result file may be the candidate's own.
bool CompileStage::runChecks(JsonValue& checks)
{
    StageRecord stage;
    ProcessLimits limits { 120, 0, std::int64_t(2) << 20, 64 };
    std::vector<std::string> args = { "checks", "--task", m_taskPath, m_layout == "workspace" ? "--workspace" : "--single-file",
        m_candidateCopy };
    m_runner.runHarness("checks", args, limits, false, stage);
    if (stage.status == "passed") {
        checks = stage.result;
        return true;
    }
    // Reading sources that take two minutes to scan is the candidate's doing; any other end of this stage is the machine's.
    m_stage.status = stage.status == "timed-out" ? "failed" : "error";
    m_stage.message = stage.status == "timed-out" ? "The static checks could not read the candidate's sources within 120 s."
                                                  : "The static checks did not run: " + stage.message;
    m_stage.log = stage.log;
    return false;
}

bool CompileStage::hasCudaSources() const
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

void CompileStage::run()
{
    // No GPU here to build for and run on is the machine's failure, found before anything of the candidate's runs.
    if (const std::string why = noGpu(); !why.empty()) {
        m_stage.status = "error";
        m_stage.message = "No GPU to evaluate on: " + why + "; evaluate on a GPU host, or with --device cpu.";
        return;
    }
    // So is CUDA on the cpu device: read here, on the trusted side, since a candidate stage's own report of whose
    // failure it was is not taken.
    if (m_request.device != "cuda" && hasCudaSources()) {
        m_stage.status = "error";
        m_stage.message = "A CUDA candidate cannot be built or run on the cpu device: evaluate it on a GPU (--device cuda, or a GPU host).";
        return;
    }
    computeKeys();
    const fs::path kept = keptFolder();
    // What a compile stage reported depends on every file of the candidate (its static checks read model_new.py);
    // the build only on the sources. A report of these very files, kept by the runner earlier: no process at all.
    const fs::path report = reportPath();
    std::string error;
    std::error_code ec;
    if (fs::exists(report)) {
        if (auto stored = JsonValue::parseFile(report.string(), &error)) {
            m_stage.result = std::move(*stored);
            m_stage.status = "passed";
            m_stage.seconds = 0;
            m_cached = true;
        }
    }
    JsonValue checks;
    if (!m_cached && !runChecks(checks))
        return;
    if (!m_cached) {
        // "=" keeps flags such as -O3 from being read as options of the harness.
        std::vector<std::string> args = { "compile", "--device", m_request.device, "--cflags=" + m_request.cflags,
            "--cuda-cflags=" + m_request.cudaFlags, "--key", m_buildKey };
        std::vector<std::string> writable;
        if (m_layout == "workspace") {
            args.insert(args.end(), { "--workspace", m_candidateCopy, "--work-root", m_runner.stageDirectory("compile") + "/build" });
            // Built for another candidate with the same sources: only this one's files are read.
            for (auto it = fs::directory_iterator(kept, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
                if (it->path().filename().string().rfind("cuda_extension", 0) == 0 && it->path().extension() == ".so") {
                    args.insert(args.end(), { "--cached-module", it->path().string() });
                    m_reusedBuild = true;
                }
            }
            const bool ownBinding = fs::exists(fs::path(m_candidateCopy) / "binding.cpp");
            if (const std::string binding = m_reusedBuild || ownBinding ? std::string() : bindingObject(); !binding.empty())
                args.insert(args.end(), { "--binding-object", binding });
        } else {
            args.insert(args.end(), { "--single-file", m_candidateCopy });
            fs::create_directories(kept);
            writable.push_back(kept.string()); // this file's own folder: only this file's builds write there
        }
        if (!m_reusedBuild && compilesTorchCpp()) {
            if (const std::string header = precompiledHeader(); !header.empty())
                args.insert(args.end(), { "--pch", header });
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
        m_runner.setCompileSeesGpu(m_request.device == "cuda" && environment.empty());
        // Source lines in every build's SASS, the candidate's own load_inline flags included (nvcc reads this
        // variable itself); -lineinfo changes no instruction.
        if (m_request.device == "cuda" && m_request.disassemble) {
            const char* appended = std::getenv("NVCC_APPEND_FLAGS");
            environment.push_back(std::string("NVCC_APPEND_FLAGS=") + (appended && *appended ? std::string(appended) + " " : std::string()) + "-lineinfo");
        }
        m_runner.runHarness("compile", args, m_request.compileLimits, true, m_stage, environment, {}, writable);
        // What the checks stage found, never what the compile stage's result file says of it.
        for (const char* key : { "static_flags", "libraries", "allow_torch_ops" })
            m_stage.result.set(key, checks[key]);
    }
    m_flags.setTorchAllowed(m_stage.result["allow_torch_ops"].toBool());
    m_flags.addFrom(m_stage.result["static_flags"]);
    for (const JsonValue& library : m_stage.result["libraries"].items())
        m_allowedLibraries.push_back(library.toString());
    // The parsers read the whole compiler output; only its tail is kept in the result. Whether a build was cached is the
    // runner's knowledge (a report it kept, a build it handed over), never the stage's word.
    const bool fromCache = m_cached || m_reusedBuild;
    fs::path outputFile = fromCache ? fs::path(compilerLogPath()) : fs::path(m_runner.stageDirectory("compile")) / "log.txt";
    const std::string compilerOutput = readFileTail(outputFile.string(), kMaxCompilerOutput);
    m_stage.log = compilerOutput.size() > kMaxLog ? compilerOutput.substr(compilerOutput.size() - kMaxLog) : compilerOutput;
    const std::string root = m_layout == "workspace" ? m_candidateCopy : fs::path(m_candidateCopy).parent_path().string();
    DiagnosticsParser parser(root);
    parser.setSourceLookup(DiagnosticsParser::readFilesUnder(root));
    m_diagnostics = parser.parse(compilerOutput);
    m_kernels = PtxasResourceParser().parse(compilerOutput);
    if (m_stage.status != "passed" || m_cached) {
        m_module = m_stage.result["module"].toString();
        m_cached = fromCache;
        return;
    }
    m_cached = fromCache;
    // Into the cache, by the runner: the stage's own build folder (workspace) or the file's folder gets the output,
    // and the report that a later evaluation of the same files reads instead of starting a process.
    if (m_layout == "workspace" && !m_reusedBuild) {
        const fs::path built = m_stage.result["build_dir"].toString();
        const fs::path module = m_stage.result["module"].toString();
        if (built.empty() || fs::relative(built, m_runner.stageDirectory("compile")).string().rfind("..", 0) == 0) {
            m_stage.status = "failed";
            m_stage.message = "The compile stage reported a build outside its own folder.";
            return;
        }
        if (!fs::exists(kept)) {
            fs::create_directories(kept.parent_path(), ec);
            fs::rename(built, kept, ec);
            if (ec) // another evaluation of the same sources got there first, or another file system
                fs::copy(built, kept, fs::copy_options::recursive | fs::copy_options::skip_existing, ec);
        }
        m_module = (kept / module.filename()).string();
        m_stage.result.set("module", JsonValue(m_module));
        m_stage.result.set("build_dir", JsonValue(kept.string()));
    }
    fs::create_directories(report.parent_path(), ec);
    if (!m_reusedBuild)
        fs::copy_file(outputFile, compilerLogPath(), fs::copy_options::overwrite_existing, ec);
    JsonValue stored = m_stage.result;
    stored.set("cached", JsonValue(true));
    const fs::path partial = report.string() + "." + std::to_string(::getpid()) + ".tmp";
    std::ofstream(partial) << stored.toJson();
    fs::rename(partial, report, ec); // whole or not there, for another runner reading the cache
    m_module = m_stage.result["module"].toString();
}

void CompileStage::writeResult(JsonWriter& w) const
{
    w.key("compile").beginObject();
    w.key("status").value(m_stage.status);
    Diagnostic::writeJsonArray(w.key("diagnostics"), m_diagnostics);
    KernelResources::writeJsonArray(w.key("kernels"), m_kernels);
    w.key("log").value(m_stage.log);
    if (std::isfinite(m_stage.seconds))
        w.key("seconds").value(m_stage.seconds);
    if (m_bindingSeconds > 0) // the harness's binding, built once per toolchain and flags, before this build
        w.key("binding_seconds").value(m_bindingSeconds);
    if (m_headerSeconds > 0) // torch/extension.h precompiled, once per toolchain and flags, before this build
        w.key("header_seconds").value(m_headerSeconds);
    if (m_stage.result["precompiled_header"].type() == JsonValue::Type::Bool)
        w.key("precompiled_header").value(m_stage.result["precompiled_header"].toBool());
    if (!m_headerNote.empty())
        w.key("header_note").value(m_headerNote);
    w.key("cached").value(m_cached);
    if (!m_stage.message.empty())
        w.key("message").value(m_stage.message);
    w.endObject();
}

} // namespace kwb::runner
