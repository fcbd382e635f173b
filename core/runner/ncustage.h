#pragma once

#include "runner/ncucsv.h"
#include "runner/stagerunner.h"

#include <functional>
#include <string>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// Nsight Compute on demand (the request's kernel filter): the candidate runs once more under ncu, with the clocks
// left as they are (two warm-up calls, then one call between cudaProfilerStart and Stop), and the runner reads the
// report's raw metrics and its SASS source page. Every way it can come to nothing (the cpu device, no ncu, no
// access to the counters, no matching kernel) is a message and the "error" status, never the candidate's failure.
class NcuStage
{
public:
    // Runs the candidate's harness phase "profile" with this launcher in front (ncu and its options) into `stage`.
    using RunCandidate = std::function<void(const std::vector<std::string>& launcher, StageRecord& stage)>;

    NcuStage(const EvalRequest& request, const StageRunner& runner);

    void run(const RunCandidate& candidate);

    const StageRecord& record() const { return m_stage; }
    const std::vector<NcuLaunch>& launches() const { return m_launches; }
    // The result's "ncu" object: status, the report's files, and each launch's metrics in the workbench's order, with
    // the source page's counters on the first launch of each kernel.
    void writeResult(JsonWriter& w) const;

    static constexpr const char* kStageName = "candidate_profile";

private:
    const NcuLaunch* firstLaunchOf(const std::string& kernel) const;

    const EvalRequest& m_request;
    const StageRunner& m_runner;
    StageRecord m_stage;
    std::vector<NcuLaunch> m_launches;
    std::string m_sourceCsv; // ncu's source page, when it could be exported
    std::vector<NcuSourceCounters> m_source; // and what it says
};

} // namespace kwb::runner
