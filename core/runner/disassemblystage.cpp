#include "runner/disassemblystage.h"

#include "runner/childprocess.h"
#include "runner/disassembly.h"
#include "runner/jsonwriter.h"
#include "runner/sha256.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

DisassemblyStage::DisassemblyStage(const EvalRequest& request)
    : m_request(request)
{
}

void DisassemblyStage::run(const Build& build, bool hasCudaSources)
{
    if (!m_request.disassemble || m_request.device != "cuda" || !hasCudaSources)
        return;
    std::vector<std::string> modules;
    std::error_code ec;
    if (!build.module.empty()) {
        modules.push_back(build.module);
    } else if (build.layout == "single-file") {
        for (auto it = fs::recursive_directory_iterator(build.torchExtensions, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_regular_file() && it->path().extension() == ".so")
                modules.push_back(it->path().string());
        }
        std::sort(modules.begin(), modules.end());
    }
    if (modules.empty()) {
        m_message = "the build left no module to disassemble";
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
        // Written under a name of this process and run, then renamed: another runner never reads half a file.
        const std::string partial = cached.string() + "." + std::to_string(::getpid()) + "-"
            + fs::path(m_request.runDirectory).filename().string();
        std::string error;
        int kernels = 0;
        if (!Disassembly::write(modules, build.sourceRoots, tools, scratch.string(), partial, &kernels, &error)) {
            m_message = error;
            return;
        }
        fs::rename(partial, cached, ec);
        removeTree(scratch.string());
    }
    fs::copy_file(cached, here, fs::copy_options::overwrite_existing, ec);
    if (ec) {
        m_message = "the disassembly could not be copied into the run: " + ec.message();
        return;
    }
    m_path = here.string();
    // Kernels in it, counted as the writer counted them.
    std::ifstream in(here);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t at = text.find("STO_CUDA_ENTRY"); at != std::string::npos; at = text.find("STO_CUDA_ENTRY", at + 1))
        ++m_kernels;
}

void DisassemblyStage::writeResult(JsonWriter& w) const
{
    if (m_path.empty() && m_message.empty())
        return;
    w.key("disassembly").beginObject();
    if (!m_path.empty())
        w.key("path").value(m_path).key("kernels").value(m_kernels);
    else
        w.key("message").value(m_message);
    w.endObject();
}

} // namespace kwb::runner
