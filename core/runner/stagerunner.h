#pragma once

#include "runner/childprocess.h"
#include "runner/evalrequest.h"
#include "runner/hackflags.h"
#include "runner/jsonvalue.h"
#include "runner/protectedfiles.h"

#include <limits>
#include <string>
#include <vector>

namespace kwb::runner {

// What one stage's process left: a status, the reason for it, its time, the tail of its log and the result file
// it wrote.
struct StageRecord
{
    std::string status = "not-run"; // passed, failed, error, timed-out, not-run
    std::string message;
    double seconds = std::numeric_limits<double>::quiet_NaN();
    std::string log;
    JsonValue result; // what the harness wrote
    ProcessOutcome outcome;
};

// How the stages of one evaluation run their processes. Each stage has a folder of its own under the run directory.
// Candidate code runs in the sandbox, with the sandbox's limits and only the tool variables of the environment, and
// is followed by a check of the run's protected copies of the task and the harness. Trusted stages get a temp
// folder and torch.compile caches that no candidate stage can write. On the GPU, stages take turns with the other
// evaluations that share the cache. finish() says what a process's end means; whose failure it was is never a
// candidate stage's own word.
class StageRunner
{
public:
    StageRunner(const EvalRequest& request, HackFlags& flags);

    // The harness script the stages run: the request's until the run has its protected copy.
    void setHarness(const std::string& path) { m_harnessPath = path; }
    const std::string& harnessPath() const { return m_harnessPath; }
    std::string harnessScript(const char* name) const; // a file beside the harness script

    // A file or folder candidate code must not change; put back (and flagged) after each candidate stage.
    void protect(const std::string& path) { m_protected.add(path); }
    void guardProtectedFiles();

    // A single-file candidate's builds go into a folder of their own under the cache's torch_extensions, named by
    // its build key; with no key, stages see the cache's torch_extensions itself.
    void setSingleFileBuild(const std::string& buildKey) { m_singleFileBuild = buildKey; }
    std::string torchExtensionsDirectory() const;
    // The compile stage sees the GPU only when its architecture could not be found before the build.
    void setCompileSeesGpu(bool sees) { m_compileSeesGpu = sees; }
    std::string stageDirectory(const std::string& name) const;
    std::string baselineCache() const;

    // The process of stage `name`: `command` in the stage's folder, its output in log.txt there.
    ProcessSpec spec(const std::string& name, const std::vector<std::string>& command, const ProcessLimits& limits,
        bool candidateCode, const std::vector<std::string>& environment = {},
        const std::vector<std::string>& writable = {}) const;
    // What the process left into `stage`: a result file named `resultName`.json in the stage's folder (none when
    // empty), and a status from it and the outcome.
    void finish(const std::string& name, ProcessOutcome outcome, const ProcessSpec& spec, bool candidateCode,
        const std::string& resultName, StageRecord& stage) const;
    // `python harness ARGS --out DIR` as stage `name`, taking its turn on the GPU as the stage needs; true when passed.
    bool runHarness(const std::string& name, const std::vector<std::string>& arguments, const ProcessLimits& limits,
        bool candidateCode, StageRecord& stage, const std::vector<std::string>& environment = {},
        const std::vector<std::string>& launcher = {}, const std::vector<std::string>& writable = {});

    // The folder of the GPU locks for the devices this process sees, found once.
    const std::string& lockFolder();
    // Why a stage ran without taking turns on the GPU (the first reason); empty when every stage took its turn.
    const std::string& gpuTurnsNote() const { return m_gpuTurnsNote; }
    void noteGpuTurns(const std::string& note);

private:
    const EvalRequest& m_request;
    HackFlags& m_flags;
    std::string m_harnessPath;
    ProtectedFiles m_protected;
    std::string m_singleFileBuild;
    bool m_compileSeesGpu = false;
    std::string m_lockFolder;
    std::string m_gpuTurnsNote;
};

// The last `limit` bytes of a file, with a note of how much was cut.
std::string readFileTail(const std::string& path, std::size_t limit);

} // namespace kwb::runner
