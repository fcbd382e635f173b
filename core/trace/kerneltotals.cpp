#include "trace/kerneltotals.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <utility>

namespace kwb::trace {

namespace {

bool isGpuWork(EventKind kind)
{
    return kind == EventKind::Kernel || kind == EventKind::Memcpy || kind == EventKind::Memset;
}

} // namespace

KernelTotals KernelTotals::of(const TraceModel& model)
{
    std::vector<std::pair<int64_t, int64_t>> calls; // [start, end] of each call range
    for (const TraceTrack& track : model.tracks()) {
        for (const TraceEvent& e : track.events) {
            if (e.kind() == EventKind::Range && model.name(e).find(": call ") != std::string::npos)
                calls.emplace_back(e.start, e.end());
        }
    }
    std::sort(calls.begin(), calls.end());
    const auto inCall = [&calls](int64_t t) {
        auto after = std::upper_bound(calls.begin(), calls.end(), std::pair { t, std::numeric_limits<int64_t>::max() });
        return after != calls.begin() && t <= std::prev(after)->second;
    };
    KernelTotals totals;
    totals.fromCallRanges = !calls.empty();
    totals.calls = calls.empty() ? 1 : int(calls.size());
    std::unordered_map<uint32_t, size_t> rowOfName;
    for (const TraceTrack& track : model.tracks()) {
        for (const TraceEvent& e : track.events) {
            if (!isGpuWork(e.kind()) || (totals.fromCallRanges && !inCall(e.start)))
                continue;
            auto [it, added] = rowOfName.try_emplace(e.name, totals.rows.size());
            if (added)
                totals.rows.push_back({ model.name(e), e.kind(), 0, 0 });
            Row& row = totals.rows[it->second];
            row.totalNs += e.duration;
            ++row.launches;
            totals.totalNs += e.duration;
        }
    }
    std::stable_sort(
        totals.rows.begin(), totals.rows.end(), [](const Row& a, const Row& b) { return a.totalNs > b.totalNs; });
    return totals;
}

} // namespace kwb::trace
