#include "disassembly.h"

#include "childprocess.h"
#include "jsonwriter.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <climits>
#include <unistd.h>

namespace fs = std::filesystem;

namespace kwb::runner {

namespace {

std::string readAll(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The path with every link resolved (realpath(3), not std::filesystem, whose copy in LibTorch is the one bound);
// empty when it does not exist.
std::string realPath(const std::string& path)
{
    char resolved[PATH_MAX];
    return ::realpath(path.c_str(), resolved) ? std::string(resolved) : std::string();
}

bool executable(const fs::path& path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec) && (fs::status(path, ec).permissions() & fs::perms::owner_exec) != fs::perms::none;
}

// Runs a tool with its output into `log`; the output, or empty with the reason in `error`.
bool runTool(const std::vector<std::string>& argv, const fs::path& directory, const fs::path& log, std::string* error)
{
    ProcessSpec spec;
    spec.argv = argv;
    spec.workingDirectory = directory.string();
    spec.logPath = log.string();
    spec.limits.wallSeconds = 120;
    const ProcessOutcome outcome = runProcess(spec);
    if (outcome.succeeded())
        return true;
    std::string said = readAll(log);
    if (said.size() > 400)
        said = said.substr(0, 400);
    while (!said.empty() && (said.back() == '\n' || said.back() == ' '))
        said.pop_back();
    *error = fs::path(argv.front()).filename().string() + " " + outcome.describe() + (said.empty() ? "" : ": " + said);
    return false;
}

// "cuda_extension.1.sm_90.cubin" -> "sm_90"; "x.compute_90.ptx" -> "compute_90".
std::string archOf(const std::string& name)
{
    static const std::regex arch(R"re(\b((?:sm|compute)_[0-9]+[a-z]?)\b)re");
    std::smatch m;
    return std::regex_search(name, m, arch) ? m[1].str() : std::string();
}

std::vector<fs::path> filesWithExtension(const fs::path& directory, const std::string& extension)
{
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::directory_iterator(directory, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        if (it->path().extension() == extension)
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

Disassembly::Tools Disassembly::findTools(const std::string& python)
{
    Tools tools;
    std::vector<fs::path> directories;
    for (const char* variable : { "CUDA_HOME", "CUDA_PATH" }) {
        if (const char* home = std::getenv(variable); home && *home)
            directories.push_back(fs::path(home) / "bin");
    }
    if (const std::string nvcc = resolveProgram("nvcc"); fs::path(nvcc).is_absolute())
        directories.push_back(fs::path(nvcc).parent_path());
    directories.push_back("/usr/local/cuda/bin");
    // The wheels put their tools in site-packages/nvidia/cu<N>/bin of the environment the harness runs in.
    if (!python.empty()) {
        const fs::path prefix = fs::path(resolveProgram(python)).parent_path().parent_path();
        std::error_code ec;
        for (auto lib = fs::directory_iterator(prefix / "lib", ec); !ec && lib != fs::directory_iterator(); lib.increment(ec)) {
            const fs::path nvidia = lib->path() / "site-packages" / "nvidia";
            for (auto cu = fs::directory_iterator(nvidia, ec); !ec && cu != fs::directory_iterator(); cu.increment(ec))
                directories.push_back(cu->path() / "bin");
        }
    }
    const auto pick = [&](const char* variable, const char* name) {
        if (const char* given = std::getenv(variable); given && *given)
            return std::string(given);
        for (const fs::path& d : directories) {
            if (executable(d / name))
                return (d / name).string();
        }
        return std::string();
    };
    tools.cuobjdump = pick("KWB_CUOBJDUMP", "cuobjdump");
    tools.nvdisasm = pick("KWB_NVDISASM", "nvdisasm");
    if (tools.found()) {
        const fs::path log = fs::temp_directory_path() / ("kwb-nvdisasm-version-" + std::to_string(::getpid()) + ".txt");
        std::string ignored;
        if (runTool({ tools.nvdisasm, "--version" }, fs::temp_directory_path(), log, &ignored)) {
            static const std::regex release(R"re(release [0-9.]+, V[0-9.]+)re");
            const std::string text = readAll(log);
            std::smatch m;
            if (std::regex_search(text, m, release))
                tools.version = m.str();
        }
        std::error_code ec;
        std::remove(log.c_str());
    }
    return tools;
}

std::string Disassembly::missingTools()
{
    return "cuobjdump and nvdisasm were found neither in the CUDA toolkit nor in the Python environment (pip install "
           "nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm, or set KWB_CUOBJDUMP and KWB_NVDISASM)";
}

bool Disassembly::write(const std::vector<std::string>& modules, const std::vector<std::string>& sourceRoots,
    const Tools& tools, const std::string& workDirectory, const std::string& outPath, int* kernels, std::string* error)
{
    *kernels = 0;
    if (!tools.found()) {
        *error = missingTools();
        return false;
    }
    std::error_code ec;
    fs::create_directories(workDirectory, ec);
    std::ofstream out(outPath + ".tmp", std::ios::binary);
    JsonWriter w(out);
    w.beginObject().key("format").value("kwb-disassembly/1");
    w.key("tools").beginObject().key("cuobjdump").value(tools.cuobjdump).key("nvdisasm").value(tools.nvdisasm);
    w.key("version").value(tools.version).endObject();
    w.key("modules").beginArray();
    static const std::regex function(R"re(STO_CUDA_ENTRY)re"); // a kernel, not a device function
    static const std::regex fileNote(R"re(//## File "([^"]+)")re");
    std::vector<std::string> sources; // the files the line tables name, in the order first seen
    for (size_t i = 0; i < modules.size(); ++i) {
        const fs::path module = modules[i];
        const fs::path into = fs::path(workDirectory) / ("m" + std::to_string(i));
        removeTree(into.string());
        fs::create_directories(into, ec);
        std::vector<fs::path> cubins;
        std::vector<fs::path> ptx;
        if (module.extension() == ".cubin") {
            cubins.push_back(fs::absolute(module));
        } else {
            // Every ELF (cubin) and every PTX the fat binaries hold, as files named after the module and arch.
            if (!runTool({ tools.cuobjdump, "-xelf", "all", fs::absolute(module).string() }, into, into / "xelf.log", error))
                return false;
            cubins = filesWithExtension(into, ".cubin");
            std::string noPtx;
            if (runTool({ tools.cuobjdump, "-xptx", "all", fs::absolute(module).string() }, into, into / "xptx.log", &noPtx))
                ptx = filesWithExtension(into, ".ptx");
        }
        w.beginObject().key("module").value(module.filename().string());
        w.key("cubins").beginArray();
        for (const fs::path& cubin : cubins) {
            const fs::path listing = into / (cubin.stem().string() + ".sass");
            if (!runTool({ tools.nvdisasm, "-gi", "-c", cubin.string() }, into, listing, error))
                return false;
            const std::string sass = readAll(listing);
            std::istringstream lines(sass);
            for (std::string line; std::getline(lines, line);) {
                *kernels += std::regex_search(line, function) ? 1 : 0;
                std::smatch m;
                if (line.find("//## File") != std::string::npos && std::regex_search(line, m, fileNote)
                    && std::find(sources.begin(), sources.end(), m[1].str()) == sources.end())
                    sources.push_back(m[1].str());
            }
            w.beginObject().key("name").value(cubin.filename().string()).key("arch").value(archOf(cubin.filename().string()));
            w.key("sass").value(sass).endObject();
        }
        w.endArray().key("ptx").beginArray();
        for (const fs::path& file : ptx) {
            w.beginObject().key("name").value(file.filename().string()).key("arch").value(archOf(file.filename().string()));
            w.key("text").value(readAll(file)).endObject();
        }
        w.endArray().endObject();
        removeTree(into.string());
    }
    w.endArray();
    // The sources as they were built (a load_inline build's generated cuda.cu, the workspace's copies), so that the
    // window can find each line in the turn's own files.
    w.key("sources").beginObject();
    for (const std::string& source : sources) {
        // Only files of the build itself: a line table is the candidate's to write, and may name any file.
        const std::string real = realPath(source);
        const bool inside = !real.empty() && std::any_of(sourceRoots.begin(), sourceRoots.end(), [&](const std::string& root) {
            const std::string base = realPath(root);
            return !base.empty() && real.rfind(base + "/", 0) == 0;
        });
        std::ifstream probe(real, std::ios::binary | std::ios::ate);
        if (inside && probe && probe.tellg() <= std::streamoff(1 << 20))
            w.key(source).value(readAll(real));
    }
    w.endObject().endObject();
    out << '\n';
    out.close();
    if (*kernels == 0) {
        std::remove((outPath + ".tmp").c_str());
        *error = "the build holds no GPU code (no cubin with a function in it)";
        return false;
    }
    fs::rename(outPath + ".tmp", outPath, ec);
    if (ec) {
        *error = "the disassembly could not be written: " + ec.message();
        return false;
    }
    return true;
}

} // namespace kwb::runner
