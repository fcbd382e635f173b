#pragma once

#include "runner/evalrequest.h"

#include <string>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// The code the GPU runs, once per build: SASS (with source lines) and PTX read by the runner, outside every sandbox
// and after the build, out of the modules the build left; kept in the cache under the modules' bytes and copied into
// the run as disassembly.json. Its absence is a note in the result, never part of the verdict.
class DisassemblyStage
{
public:
    // What the build left and where its sources are.
    struct Build
    {
        std::string layout; // "workspace" or "single-file"
        std::string module; // a workspace's extension; empty for a single file (its modules are found)
        std::string torchExtensions; // where a single file's load_inline builds went
        std::vector<std::string> sourceRoots; // where the disassembler's source lines are looked up
    };

    explicit DisassemblyStage(const EvalRequest& request);

    // Nothing on the cpu device, with the request's disassembly off, or for a candidate without CUDA sources.
    void run(const Build& build, bool hasCudaSources);

    const std::string& path() const { return m_path; } // the run's disassembly.json, when there is one
    const std::string& message() const { return m_message; } // why there is none
    int kernels() const { return m_kernels; }
    // The result's "disassembly" object (path and kernels, or the message); nothing when it was not asked for.
    void writeResult(JsonWriter& w) const;

private:
    const EvalRequest& m_request;
    std::string m_path;
    std::string m_message;
    int m_kernels = 0;
};

} // namespace kwb::runner
