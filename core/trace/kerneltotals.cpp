#include "trace/kerneltotals.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <utility>

namespace kwb::trace {

CallRanges::CallRanges(const TraceModel& model)
{
    for (const TraceTrack& track : model.tracks()) {
        for (const TraceEvent& e : track.events) {
            if (e.kind() != EventKind::Range)
                continue;
            const std::string& name = model.name(e);
            if (name.find(": call ") != std::string::npos) {
                m_calls.emplace_back(e.start, e.end());
                ++m_count;
            } else if (name.find(": wait ") != std::string::npos) {
                m_calls.emplace_back(e.start, e.end()); // the harness before the driver: a call's launches, then its wait
            }
            else if (name.size() > 9 && name.compare(name.size() - 9, 9, ": warm-up") == 0)
                m_warmUps.emplace_back(e.start, e.end());
        }
    }
    std::sort(m_calls.begin(), m_calls.end());
    std::sort(m_warmUps.begin(), m_warmUps.end());
}

bool CallRanges::within(const Spans& spans, int64_t t)
{
    auto after = std::upper_bound(spans.begin(), spans.end(), std::pair { t, std::numeric_limits<int64_t>::max() });
    return after != spans.begin() && t <= std::prev(after)->second;
}

bool CallRanges::contains(int64_t t) const
{
    return within(m_calls, t);
}

bool CallRanges::isGpuWork(EventKind kind)
{
    return kind == EventKind::Kernel || kind == EventKind::Memcpy || kind == EventKind::Memset;
}

KernelTotals KernelTotals::of(const TraceModel& model)
{
    const CallRanges calls(model);
    KernelTotals totals;
    totals.fromCallRanges = !calls.empty();
    totals.calls = calls.empty() ? 1 : calls.count();
    std::unordered_map<uint32_t, size_t> rowOfName;
    for (const TraceTrack& track : model.tracks()) {
        for (const TraceEvent& e : track.events) {
            if (!CallRanges::isGpuWork(e.kind()) || (totals.fromCallRanges && !calls.contains(e.start)))
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
