#pragma once

#include "trace/tracemodel.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kwb::trace {

// Where the GPU time of a traced call went: the kernels, copies and sets that started inside the harness's
// "<label>: call N" NVTX ranges, totalled by name, longest first. The warm-up and the cache flushes between
// the calls are left out. A trace without such ranges (torch.profiler's) counts all its GPU work as one call.
// The harness's "<label>: call N" NVTX ranges of a trace (and "<label>: wait N", where the harness before the trusted
// driver waited for the call's GPU work): GPU work that starts inside one is the candidate's timed work, inside a
// "<label>: warm-up" range its untimed work; GPU work outside both (input copies, output reads,
// cache flushes) is the harness's. A trace with no call ranges has no harness work marked.
class CallRanges
{
public:
    explicit CallRanges(const TraceModel& model);
    bool empty() const { return m_calls.empty(); }
    int count() const { return m_count; } // the calls (a call and its wait are one)
    bool contains(int64_t time) const;
    static bool isGpuWork(EventKind kind);
    bool isHarnessWork(const TraceEvent& e) const
    {
        return !empty() && isGpuWork(e.kind()) && !contains(e.start) && !within(m_warmUps, e.start);
    }

private:
    using Spans = std::vector<std::pair<int64_t, int64_t>>; // [start, end], sorted
    static bool within(const Spans& spans, int64_t time);
    Spans m_calls;
    Spans m_warmUps;
    int m_count = 0;
};

struct KernelTotals
{
    struct Row
    {
        std::string name;
        EventKind kind = EventKind::Kernel;
        int64_t totalNs = 0;
        int launches = 0;
    };

    int calls = 0; // the call ranges found; 1 when there were none
    bool fromCallRanges = false;
    int64_t totalNs = 0;
    std::vector<Row> rows;

    static KernelTotals of(const TraceModel& model);
};

} // namespace kwb::trace
