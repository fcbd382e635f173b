#pragma once

#include "runner/diagnostic.h"
#include "runner/kernelresources.h"
#include "runner/stagerunner.h"

#include <string>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// The candidate's build. The build is kept by the runner in the cache under a key of the sources' bytes, flags and
// toolchain (no candidate stage chooses where a build goes); in the cache's compile-reports, which only the runner
// writes, a report of the build (the module, the compiler output) and of the static checks and the task's policy,
// which a trusted stage reads from the files (the compile stage runs candidate code, so its word on them is not
// taken), under a key of every file of the candidate and the task, so that evaluating the same files again starts
// no process. The compiler output is parsed here, on the trusted side, into diagnostics and each
// kernel's resources. No GPU, or CUDA on the cpu device, is the machine's error, found before candidate code runs.
class CompileStage
{
public:
    CompileStage(const EvalRequest& request, StageRunner& runner, HackFlags& flags);

    // The run's copy of the candidate ("workspace" folder or "single-file") and of the task.
    void setCandidate(const std::string& layout, const std::string& candidateCopy, const std::string& taskPath);

    // What builds depend on besides their sources (torch, nvcc, the GPU's architecture), from a harness stage that
    // reads nothing of the candidate's, asked once per runner process and device.
    const std::string& toolchain();
    std::string buildArch(); // the request's --arch, else (on the GPU) the GPU's own
    std::string noGpu(); // on cuda without --arch: why the toolchain stage found no GPU (empty: one was found)
    bool hasCudaSources() const; // .cu files in a workspace, or load_inline's cuda_sources in a single file

    // The build key and the task's digest, and whether a report of these very files is already kept.
    bool reportKept();
    void run();

    const StageRecord& record() const { return m_stage; }
    bool passed() const { return m_stage.status == "passed"; }
    const std::string& module() const { return m_module; } // the built extension (workspace), when one was built
    const std::string& buildKey() const { return m_buildKey; }
    const std::vector<std::string>& allowedLibraries() const { return m_allowedLibraries; } // the task's
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    const std::vector<KernelResources>& kernels() const { return m_kernels; }
    bool cached() const { return m_cached; }
    // The result's "compile" object.
    void writeResult(JsonWriter& w) const;

private:
    std::string bindingObject();
    std::string precompiledHeader();
    bool compilesTorchCpp() const;
    void computeKeys();
    std::string reportKey() const;
    std::string keptFolder() const;
    std::string reportPath() const;
    std::string compilerLogPath() const;
    bool runChecks(JsonValue& checks);

    const EvalRequest& m_request;
    StageRunner& m_runner;
    HackFlags& m_flags;
    std::string m_layout;
    std::string m_candidateCopy;
    std::string m_taskPath;
    StageRecord m_stage;
    std::string m_buildKey;
    std::string m_taskDigest; // the task's policy decides the static checks: its bytes are in a report's key
    std::string m_module;
    std::vector<std::string> m_allowedLibraries;
    std::vector<Diagnostic> m_diagnostics;
    std::vector<KernelResources> m_kernels;
    bool m_cached = false; // a report the runner kept, or (workspace) a build of the same sources it handed over
    bool m_reusedBuild = false; // the latter
    double m_bindingSeconds = 0;
    double m_headerSeconds = 0;
    std::string m_headerNote; // why torch/extension.h was not precompiled, when it was tried and failed
};

} // namespace kwb::runner
