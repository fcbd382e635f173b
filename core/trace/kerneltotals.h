#pragma once

#include "trace/tracemodel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kwb::trace {

// Where the GPU time of a traced call went: the kernels, copies and sets that started inside the harness's
// "<label>: call N" NVTX ranges, totalled by name, longest first. The warm-up and the cache flushes between
// the calls are left out. A trace without such ranges (torch.profiler's) counts all its GPU work as one call.
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
