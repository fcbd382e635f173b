#pragma once

#include <string>
#include <vector>

namespace kwb::runner {

// The code the GPU runs, read out of a build by the toolkit's own tools: each cubin a module embeds (a torch
// extension's .so, or a .cubin) disassembled by nvdisasm with the source lines of -lineinfo, and the PTX the module
// carries, extracted by cuobjdump. Runs on the trusted side, after the build, on files the candidate cannot write.
class Disassembly
{
public:
    struct Tools
    {
        std::string cuobjdump;
        std::string nvdisasm;
        std::string version; // nvdisasm's "release X.Y, VX.Y.Z"
        bool found() const { return !cuobjdump.empty() && !nvdisasm.empty(); }
    };

    // KWB_CUOBJDUMP / KWB_NVDISASM, then the toolkit of the nvcc that builds (CUDA_HOME, PATH, /usr/local/cuda), then
    // the nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm wheels of `python`'s environment (toolkits without them).
    static Tools findTools(const std::string& python);
    // The sentence a result carries when the tools are missing.
    static std::string missingTools();

    // Writes the bundle (JSON, "kwb-disassembly/1") of `modules` to `outPath`, working in `workDirectory`, with the
    // text of each source file the line tables name that lies under one of `sourceRoots`. False with a sentence when
    // a tool fails or the modules hold no GPU code; the candidate's verdict never depends on it.
    static bool write(const std::vector<std::string>& modules, const std::vector<std::string>& sourceRoots,
        const Tools& tools, const std::string& workDirectory, const std::string& outPath, int* kernels, std::string* error);
};

} // namespace kwb::runner
