#pragma once

#include "runner/childprocess.h"

#include <cstdint>
#include <string>

namespace kwb::runner {

// How calls are timed (DESIGN.md's protocol); the harness applies it to the candidate and both baselines.
struct TimingProtocol
{
    double warmupMs = 25;
    int minCalls = 100;
    double minMs = 100;
    int maxCalls = 10000;
    double maxMs = 10000;
    int inputSets = 3;

    std::string toJson() const;
};

// Everything one evaluation needs; the defaults are the workbench's.
struct EvalRequest
{
    // Full: every stage. CompileOnly: compile and stop (`eval --stop-after compile`; eval-set fills the build
    // cache with it while the GPU evaluates). VerifyOnly: compile and judge the trials, no timing (`eval
    // --stop-after verify`). BaselinesOnly: time eager and torch.compile for the task; no candidate.
    enum class Mode { Full, CompileOnly, VerifyOnly, BaselinesOnly };
    Mode mode = Mode::Full;

    std::string taskPath; // KernelBench-format Python file
    std::string candidatePath; // a .py with ModelNew (load_inline), or a workspace folder (model_new.py + kernels/)
    std::string device = "cuda"; // or "cpu"
    std::string runDirectory; // this evaluation's files; created, must not exist or be empty
    std::string cacheDirectory; // builds and baselines shared between evaluations
    std::string harnessPath;
    std::string python = "python3";
    int trials = 5;
    double atol = 1e-2;
    double rtol = 1e-2;
    std::string rewardScheme = "cuda-agent";
    // Which rules judge the candidate (HackFlags::Rules): "cuda-agent" (the candidate's own kernels do the work:
    // torch compute in forward and libraries the task does not allow fail it) or "kernelbench" (KernelBench's own
    // rules: torch and libraries allowed, those findings kept as warnings; every other check the same).
    std::string rules = "cuda-agent";
    std::string precision = "fp32"; // "tf32" lets matmul and cuDNN use TF32, for baseline and candidate alike
    std::string cflags = "-O3";
    // Where torch/extension.h is kept precompiled per C++ flags and toolchain (about 750 MB each); empty: never
    // precompiled. The command line's default is the cache's pch/ folder, or $KWB_PCH_DIR.
    std::string pchDirectory;
    std::string cudaFlags = "-O3 -lineinfo -Xptxas -v";
    std::string cudaArch; // e.g. "9.0"; empty: the GPU's own
    std::uint64_t seed = 0; // 0: a fresh random seed
    bool timeBaselines = true;
    std::string tracerPath; // libkwb_tracer.so for the trace pass on the GPU; empty: no trace pass
    std::string ncuKernelRegex; // profile the candidate's kernels whose names match once more under Nsight Compute
    std::string ncuPath = "ncu";
    bool disassemble = true; // SASS (with source lines) and PTX of a CUDA build, for the turn's code view
    bool keepOutputs = false; // keep the trial outputs (gigabytes on large tasks) after the judge has read them
    TimingProtocol protocol;
    // No stage may write a file over 32 GiB (a trial output of the largest tasks is 2 GiB) or hold more than
    // 4096 files open; a candidate that tries dies with SIGXFSZ or fails its open, and the disk stays usable.
    ProcessLimits compileLimits { 900, 0, std::int64_t(32) << 30, 4096 };
    ProcessLimits runLimits { 600, 0, std::int64_t(32) << 30, 4096 };

    // One sentence when the request cannot be run (missing files, unknown names); empty when it can.
    std::string validate() const;
};

} // namespace kwb::runner
