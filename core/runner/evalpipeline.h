#pragma once

#include "runner/childprocess.h"
#include "runner/compilestage.h"
#include "runner/disassemblystage.h"
#include "runner/evalrequest.h"
#include "runner/hackflags.h"
#include "runner/jsonvalue.h"
#include "runner/ncustage.h"
#include "runner/stagerunner.h"
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
// The pipeline holds the verdict, the timing and the reward; the stages that stand on their own are their own
// classes (CompileStage, DisassemblyStage, NcuStage), and every process runs through one StageRunner.
class EvalPipeline
{
public:
    explicit EvalPipeline(EvalRequest request);
    EvalPipeline(const EvalPipeline&) = delete; // its stages hold references to its request, flags and runner
    EvalPipeline& operator=(const EvalPipeline&) = delete;

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
    const std::string& compileStatus() const { return m_compileStage.record().status; }

private:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    using Stage = StageRecord;

    bool prepare();
    bool protectTaskAndHarness();
    void runCandidate();
    void runPair(const std::string& name, std::vector<std::string> driverArgs, const std::string& workerKind,
        Stage& driverStage, Stage& workerStage);
    void runPooled(const std::string& name, std::vector<std::string> driverArgs, Stage& driverStage, Stage& workerStage);
    void finishPair(const std::string& name, const WorkerPairOutcome& outcome, const ProcessSpec& driver,
        const ProcessSpec& worker, bool sandboxed, Stage& driverStage, Stage& workerStage);
    void evaluate();
    void candidate(const std::string& phase, Stage& stage, const std::vector<std::string>& environment = {},
        const std::vector<std::string>& launcher = {});
    void checkTrace();
    const JsonValue& candidateStats() const;
    void reject();
    bool tracing() const;
    std::vector<std::string> tracerEnvironment(const std::string& stageName) const;
    void writeTraceResult(JsonWriter& w) const;
    void findCeilings();
    void baselines();
    bool baselinesBesideBuild();
    std::string baselinesSeenMark() const;
    void score();
    void askEnvironment();
    const JsonValue& environment() const;
    std::vector<std::string> commonArguments(const std::string& seeds) const;

    EvalRequest m_request;
    HackFlags m_flags;
    StageRunner m_runner; // every stage's processes: folders, sandbox, limits, GPU turns, protected files
    CompileStage m_compileStage;
    NcuStage m_ncuStage;
    DisassemblyStage m_disassemblyStage;
    WorkerPool* m_pool = nullptr;
    std::string m_layout; // "workspace" or "single-file"
    std::string m_candidateCopy;
    std::string m_taskPath; // the run's copy of the task (the user's file until prepare() has copied it)
    std::string m_seedList;
    std::vector<unsigned long long> m_seeds;
    Stage m_evaluate; // the trusted driver: inputs, clock, outputs, verdict
    Stage m_worker; // the candidate's worker: computes only
    Stage m_baselines;
    Stage m_baselineWorker;
    std::string m_stageToken; // in the environment of the candidate's worker, to find what it left running
    std::string m_timingStatus = "not-run";
    std::string m_candidateTrace;
    std::string m_referenceTrace;
    std::string m_traceMessage;
    std::vector<double> m_innerSpans; // each timed call's kernels' span on the GPU (µs), from the trace
    JsonValue m_gpuTiming; // their statistics: the candidate's figure on the GPU
    double m_innerOverOuter = kNaN; // median over the timed calls of the GPU's time for the call / the driver's
    std::string m_rewardWithheld; // why no reward was given (degenerate-task, baselines-unavailable)
    Stage m_environment; // only when no stage that imports torch ran: the fingerprint's GPU, driver and torch
    std::optional<JsonValue> m_calibration;
    std::string m_ceilingsNote; // why there are no ceilings
    bool m_warmWorkers = false; // the candidate's pair came from the pool
    bool m_baselinesBesideBuild = false; // the baselines were timed while the candidate built
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
    bool m_layoutDiffers = false;
    double m_reward = kNaN;
    double m_speedupEager = kNaN;
    double m_speedupCompile = kNaN;
    double m_totalSeconds = 0;
    std::string m_setupError;
};

} // namespace kwb::runner
