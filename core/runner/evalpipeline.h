#pragma once

#include "runner/childprocess.h"
#include "runner/diagnostic.h"
#include "runner/evalrequest.h"
#include "runner/hackflags.h"
#include "runner/jsonvalue.h"
#include "runner/kernelresources.h"
#include "runner/ncucsv.h"
#include "runner/protectedfiles.h"
#include "runner/workerpool.h"

#include <iosfwd>
#include <limits>
#include <optional>
#include <memory>
#include <string>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// One evaluation: compile (builds kept by the runner, keyed by the sources' bytes) -> evaluate -> baselines ->
// reward. "evaluate" is two processes: the candidate's worker, in the sandbox with limits, which only computes, and
// the trusted driver (kwb_driver.py), which owns every call's inputs, the clock, the outputs and the verdict, and
// computes the reference once the worker has exited. Verified, timed and traced calls are the same calls. The
// baselines are timed the same way, with a worker of their own. A failing stage ends the evaluation with a reason,
// never a crash; a failure of the task or the environment is never the candidate's.
class EvalPipeline
{
public:
    explicit EvalPipeline(EvalRequest request);

    // Warm pairs for the candidate's stage, when the pool's settings are this request's; not owned.
    void setPool(WorkerPool* pool) { m_pool = pool; }
    // The settings a pool must have been started with to serve this request.
    PoolProfile poolProfile() const;

    void run();
    // The result in the store's EvalResult JSON form, plus the run's own details.
    void writeResult(JsonWriter& writer) const;

    bool isCorrect() const { return m_verifyStatus == "passed"; }
    // The baselines were asked for and could not be timed (the reference failed, the machine's error).
    bool baselinesFailed() const { return m_baselines.status == "error" || m_baselines.status == "failed"; }
    double reward() const { return m_reward; }
    const std::string& setupError() const { return m_setupError; }
    const std::string& compileStatus() const { return m_compile.status; }

private:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    struct Stage
    {
        std::string status = "not-run"; // passed, failed, error, timed-out, not-run
        std::string message;
        double seconds = kNaN;
        std::string log;
        JsonValue result; // what the harness wrote
        ProcessOutcome outcome;
    };

    bool prepare();
    bool protectTaskAndHarness();
    void runCandidate();
    ProcessSpec stageSpec(const std::string& name, const std::vector<std::string>& command, const ProcessLimits& limits,
        bool candidateCode, const std::vector<std::string>& environment, const std::vector<std::string>& writable = {}) const;
    void finishStage(const std::string& name, ProcessOutcome outcome, const ProcessSpec& spec, bool candidateCode,
        const std::string& resultName, Stage& stage);
    bool runHarness(const std::string& name, const std::vector<std::string>& arguments, const ProcessLimits& limits,
        bool candidateCode, Stage& stage, const std::vector<std::string>& environment = {},
        const std::vector<std::string>& launcher = {}, const std::vector<std::string>& writable = {});
    void runPair(const std::string& name, std::vector<std::string> driverArgs, const std::string& workerKind,
        Stage& driverStage, Stage& workerStage);
    void runPooled(const std::string& name, std::vector<std::string> driverArgs, Stage& driverStage, Stage& workerStage);
    void finishPair(const std::string& name, const WorkerPairOutcome& outcome, const ProcessSpec& driver,
        const ProcessSpec& worker, bool sandboxed, Stage& driverStage, Stage& workerStage);
    const std::string& toolchain();
    std::string buildArch(); // the request's --arch, else (on the GPU) the GPU's own, found by the toolchain stage
    std::string noGpu(); // on cuda without --arch: why the toolchain stage found no GPU (empty: one was found)
    bool hasCudaSources() const; // the candidate's copy brings CUDA code (.cu files, or load_inline's cuda_sources)
    std::string bindingObject(); // the harness's binding built once per flags and toolchain; empty when it would not build
    std::string buildKey();
    std::string reportKey() const;
    std::string torchExtensionsDirectory() const;
    std::string harnessScript(const char* name) const;
    void compile();
    void evaluate();
    void candidate(const std::string& phase, Stage& stage, const std::vector<std::string>& environment = {},
        const std::vector<std::string>& launcher = {});
    void checkTrace();
    const JsonValue& candidateStats() const;
    void guardProtectedFiles();
    void reject();
    bool tracing() const;
    std::vector<std::string> tracerEnvironment(const std::string& stageName) const;
    void writeTraceResult(JsonWriter& w) const;
    void profileWithNcu();
    void writeNcuResult(JsonWriter& w) const;
    void findCeilings();
    void baselines();
    bool baselinesBesideBuild();
    std::string baselinesSeenMark() const;
    std::string baselineCache() const;
    void score();
    void askEnvironment();
    const JsonValue& environment() const;
    std::vector<std::string> commonArguments(const std::string& seeds) const;
    std::string stageDirectory(const std::string& name) const;

    EvalRequest m_request;
    WorkerPool* m_pool = nullptr;
    std::string m_layout; // "workspace" or "single-file"
    std::string m_candidateCopy;
    std::string m_taskPath; // the run's copy of the task (the user's file until prepare() has copied it)
    std::string m_harnessPath; // the run's copy of kwb_harness.py
    std::string m_seedList;
    std::vector<unsigned long long> m_seeds;
    Stage m_compile;
    Stage m_evaluate; // the trusted driver: inputs, clock, outputs, verdict
    Stage m_worker; // the candidate's worker: computes only
    Stage m_baselines;
    Stage m_baselineWorker;
    Stage m_ncu;
    std::string m_buildKey;
    std::string m_taskDigest; // the task's policy decides the static checks: its bytes are in a report's key
    std::string m_stageToken; // in the environment of the candidate's worker, to find what it left running
    std::string m_timingStatus = "not-run";
    std::string m_candidateTrace;
    std::string m_referenceTrace;
    std::string m_traceMessage;
    std::string m_ncuSourceCsv; // ncu's source page, when it could be exported
    std::vector<NcuSourceCounters> m_ncuSource; // and what it says
    const NcuLaunch* firstLaunchOf(const std::string& kernel) const;
    void disassemble();
    void writeDisassemblyResult(JsonWriter& w) const;
    std::string m_disassembly; // the run's disassembly.json
    std::string m_disassemblyMessage; // why there is none
    int m_disassembledKernels = 0;
    std::vector<double> m_innerSpans; // each timed call's kernels' span on the GPU (µs), from the trace
    JsonValue m_gpuTiming; // their statistics: the candidate's figure on the GPU
    double m_innerOverOuter = kNaN; // median over the timed calls of the GPU's time for the call / the driver's
    std::string m_rewardWithheld; // why no reward was given (degenerate-task, baselines-unavailable)
    std::string m_gpuTurnsNote; // why a stage could not take turns on the GPU, when one could not
    std::string m_lockFolder;   // GpuLock::forDevices, found once
    const std::string& lockFolder();
    Stage m_environment; // only when no stage that imports torch ran: the fingerprint's GPU, driver and torch
    std::vector<NcuLaunch> m_ncuLaunches;
    std::optional<JsonValue> m_calibration;
    std::string m_ceilingsNote; // why there are no ceilings
    std::vector<Diagnostic> m_diagnostics;
    std::vector<KernelResources> m_kernels;
    std::string m_module;
    bool m_compileCached = false;
    double m_bindingSeconds = 0;
    bool m_warmWorkers = false; // the candidate's pair came from the pool
    bool m_baselinesBesideBuild = false; // the baselines were timed while the candidate built
    bool m_compileSeesGpu = false; // the GPU's architecture was not found, so the compile stage sees the GPU
    struct Verdict
    {
        bool passed = false;
        double maxAbs = kNaN;
        double maxRel = kNaN;
        double mismatch = kNaN;
        std::string message;
    };
    std::vector<Verdict> m_verdicts;
    std::string m_verifyStatus = "not-run";
    std::string m_verifyMessage;
    HackFlags m_flags;
    ProtectedFiles m_protected;
    std::vector<std::string> m_allowedLibraries; // the task's KWB_ALLOWED_LIBRARIES
    bool m_layoutDiffers = false;
    double m_reward = kNaN;
    double m_speedupEager = kNaN;
    double m_speedupCompile = kNaN;
    double m_totalSeconds = 0;
    std::string m_setupError;
};

} // namespace kwb::runner
