#pragma once

#include "runner/evalrequest.h"
#include "runner/raydispatch.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace kwb::runner {

// One candidate for a task: a KernelBench run keeps several samples per problem.
struct CandidateSample
{
    int id = 0; // the sample number of level_<L>_problem_<P>_sample_<S>_kernel.py; 0 for the project's own layouts
    std::string path;
    bool kernelBenchNaming = false; // found by KernelBench's run naming (its eval_results.json may have a verdict)
};

// A task of a task set: KernelBench layout, optionally in level1/ level2/ level3/ folders.
struct TaskEntry
{
    std::string name; // "level1_1_diag_matmul", or the file stem for a flat folder
    int level = 0;
    int problem = 0; // the number the file name starts with
    std::string path;
    std::string candidate; // the first sample's workspace folder or .py; empty when there is none
    std::vector<CandidateSample> samples; // every candidate found, by sample number
};

// Evaluates one candidate per task of a task set and summarizes the run as the CUDA Agent paper does (pass rate,
// faster rates, geometric-mean speedups). Candidates compile on several cores ahead of the one evaluating, so
// the GPU never waits for nvcc; evaluations themselves run one at a time, so timings do not disturb each other.
class EvalSet
{
public:
    struct Options
    {
        EvalRequest base; // device, tolerances, protocol, cache... taskPath and candidatePath are set per task
        std::string taskDirectory;
        std::string candidateDirectory; // empty: baselines only
        std::string outputDirectory; // results/<name>.json per task and summary.json
        int compileJobs = 0; // 0: half the cores
        // Evaluations at once: their start-up, input generation and judging overlap, while the drivers take turns
        // on the GPU for the timed calls. 0: 3 on the GPU, 1 on the CPU (where the timing is the processor's).
        int evalJobs = 0;
        bool baselinesWithoutCandidate = true; // time eager and torch.compile for tasks that have no candidate
        bool warmWorkers = true; // candidates' workers from a pool started with the set (off: one started per stage)
        // A result already in OUT/results (same rules, judged: not an environment error) is kept and not evaluated
        // again, so a run stopped by a time limit or a lost machine goes on where it stopped.
        bool resume = false;
        // Warm pairs kept ready. A pair's warm-up (torch imported and the device ready in two processes) takes several
        // seconds and a warm evaluation about one, so on the GPU more pairs warm than evaluations run. 0: twice the
        // evaluations at once on the GPU, as many on the CPU.
        int warmPairs = 0;
        std::vector<int> levels; // only these levels (empty: all)
        // With an address: the evaluations run on that Ray cluster's actors (one per GPU, their nodes' caches and warm
        // workers), this process keeping the run's discovery, resume, results/ and summary; compileJobs, evalJobs and
        // warmPairs are then each actor's (ray.compileSlots, ray.evalsPerActor, ray.warmPairs).
        RayDispatch::Settings ray;
    };

    // The tasks of a folder of levelN/ folders, or of a KernelBench checkout (its KernelBench/ folder), and their
    // candidates: DIR/<levelN>_<stem> or DIR/<stem> (a workspace folder or a .py), or KernelBench's run naming
    // level_<L>_problem_<P>_sample_<S>_kernel.py, any number of samples per problem.
    static std::vector<TaskEntry> discover(const std::string& taskDirectory, const std::string& candidateDirectory,
        const std::vector<int>& levels = {});
    // The summary as a table, the CUDA Agent paper's Table 1 (per level and overall), then KernelBench's fast_p and,
    // with several samples per problem, pass@k.
    static std::string table(const class JsonValue& summary);

    // Writes the summary JSON to out; returns false (with a sentence in error) when the set cannot be read.
    static bool run(const Options& options, std::ostream& out, std::string* error);
};

} // namespace kwb::runner
