#include "trace/tracemodel.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace kwb::trace {

uint32_t TraceModel::intern(std::string_view name)
{
    const auto it = m_nameIds.find(name);
    if (it != m_nameIds.end())
        return it->second;
    const auto id = static_cast<uint32_t>(m_names.size());
    m_names.emplace_back(name);
    m_nameIds.emplace(std::string(name), id);
    return id;
}

uint32_t TraceModel::trackFor(int64_t pid, int64_t tid)
{
    const auto [it, added] = m_trackIds.try_emplace({ pid, tid }, static_cast<uint32_t>(m_tracks.size()));
    if (added) {
        TraceTrack t;
        t.pid = pid;
        t.tid = tid;
        m_tracks.push_back(std::move(t));
    }
    return it->second;
}

void TraceModel::setThreadName(int64_t pid, int64_t tid, std::string_view name)
{
    m_threadNames[{ pid, tid }] = std::string(name);
}

void TraceModel::setThreadSortIndex(int64_t pid, int64_t tid, int64_t index)
{
    m_threadSort[{ pid, tid }] = index;
}

void TraceModel::addFlowEnd(uint64_t id, int64_t pid, int64_t tid, int64_t ts, bool start, bool enclosing)
{
    m_flowEnds.push_back({ id, pid, tid, ts, start, enclosing });
}

size_t TraceModel::memoryBytes() const
{
    size_t bytes = m_flows.capacity() * sizeof(TraceFlow) + m_tracks.capacity() * sizeof(TraceTrack);
    for (const TraceTrack& t : m_tracks)
        bytes += t.events.capacity() * sizeof(TraceEvent) + t.processName.capacity() + t.threadName.capacity();
    for (const std::string& n : m_names)
        bytes += 2 * (sizeof(std::string) + n.capacity()) + 16; // the list and the lookup table
    return bytes;
}

size_t TraceModel::firstCandidate(const TraceTrack& track, int64_t from) const
{
    const size_t index = static_cast<size_t>(&track - m_tracks.data());
    const int64_t reach = index < m_maxDuration.size() ? m_maxDuration[index] : 0;
    const int64_t earliest = from > std::numeric_limits<int64_t>::min() + reach ? from - reach : from;
    const auto it = std::lower_bound(track.events.begin(), track.events.end(), earliest,
                                     [](const TraceEvent& e, int64_t t) { return e.start < t; });
    return static_cast<size_t>(it - track.events.begin());
}

long TraceModel::eventAt(size_t track, int64_t t) const
{
    if (track >= m_tracks.size())
        return -1;
    const std::vector<TraceEvent>& events = m_tracks[track].events;
    long best = -1;
    for (size_t i = firstCandidate(m_tracks[track], t); i < events.size() && events[i].start <= t; ++i) {
        if (events[i].end() >= t && (best < 0 || events[i].depth() >= events[static_cast<size_t>(best)].depth()))
            best = static_cast<long>(i);
    }
    return best;
}

long TraceModel::bindFlowEnd(const FlowEnd& end, uint32_t* track) const
{
    const auto it = m_trackIds.find({ end.pid, end.tid });
    if (it == m_trackIds.end())
        return -1;
    *track = it->second;
    if (end.start || end.enclosing)
        return eventAt(it->second, end.ts);
    // Bound to the next slice: the first that starts at or after ts.
    const std::vector<TraceEvent>& events = m_tracks[it->second].events;
    const auto next = std::lower_bound(events.begin(), events.end(), end.ts,
                                       [](const TraceEvent& e, int64_t t) { return e.start < t; });
    return next == events.end() ? -1 : static_cast<long>(next - events.begin());
}

void TraceModel::finish()
{
    // Names and the device flag, before the tracks move.
    std::map<int64_t, bool> deviceProcess;
    for (TraceTrack& t : m_tracks) {
        const auto p = m_processNames.find(t.pid);
        t.processName = p != m_processNames.end() ? p->second : "process " + std::to_string(t.pid);
        const auto labels = m_processLabels.find(t.pid);
        if (labels != m_processLabels.end() && !labels->second.empty())
            t.processName = labels->second + " (" + t.processName + ")";
        const auto th = m_threadNames.find({ t.pid, t.tid });
        t.threadName = th != m_threadNames.end() ? th->second : "thread " + std::to_string(t.tid);
        const auto ps = m_processSort.find(t.pid);
        t.processSortIndex = ps != m_processSort.end() ? ps->second : t.pid;
        const auto ts = m_threadSort.find({ t.pid, t.tid });
        t.threadSortIndex = ts != m_threadSort.end() ? ts->second : t.tid;
        for (const TraceEvent& e : t.events) {
            const EventKind k = e.kind();
            if (k == EventKind::Kernel || k == EventKind::Memcpy || k == EventKind::Memset) {
                deviceProcess[t.pid] = true;
                break;
            }
        }
    }
    for (TraceTrack& t : m_tracks)
        t.device = deviceProcess.count(t.pid) > 0;

    // Display order: host processes before devices, then by sort index and id.
    std::sort(m_tracks.begin(), m_tracks.end(), [](const TraceTrack& a, const TraceTrack& b) {
        return std::tie(a.device, a.processSortIndex, a.pid, a.threadSortIndex, a.tid)
            < std::tie(b.device, b.processSortIndex, b.pid, b.threadSortIndex, b.tid);
    });
    m_trackIds.clear();
    for (uint32_t i = 0; i < m_tracks.size(); ++i)
        m_trackIds[{ m_tracks[i].pid, m_tracks[i].tid }] = i;

    // Events by start, enclosing ones first; depth from a stack of open ends.
    m_eventCount = 0;
    m_start = std::numeric_limits<int64_t>::max();
    m_end = std::numeric_limits<int64_t>::min();
    m_maxDuration.assign(m_tracks.size(), 0);
    for (size_t ti = 0; ti < m_tracks.size(); ++ti) {
        std::vector<TraceEvent>& events = m_tracks[ti].events;
        std::stable_sort(events.begin(), events.end(), [](const TraceEvent& a, const TraceEvent& b) {
            return a.start != b.start ? a.start < b.start : a.duration > b.duration;
        });
        std::vector<int64_t> open;
        int maxDepth = 0;
        for (TraceEvent& e : events) {
            while (!open.empty() && open.back() <= e.start)
                open.pop_back();
            while (!open.empty() && open.back() < e.end()) // overlapping, not nested: no deeper than its peer
                open.pop_back();
            const int depth = static_cast<int>(open.size());
            e.setPacked(e.fileOffset(), e.kind(), depth);
            maxDepth = std::max(maxDepth, depth);
            open.push_back(e.end());
            m_maxDuration[ti] = std::max(m_maxDuration[ti], e.duration);
            m_start = std::min(m_start, e.start);
            m_end = std::max(m_end, e.end());
        }
        m_tracks[ti].maxDepth = maxDepth;
        m_tracks[ti].events.shrink_to_fit();
        m_eventCount += events.size();
    }
    if (m_eventCount == 0)
        m_start = m_end = 0;

    // Flows: pair each start with the end of the same id, whichever comes first in the file.
    std::unordered_map<uint64_t, FlowEnd> starts;
    for (const FlowEnd& f : m_flowEnds) {
        if (f.start)
            starts[f.id] = f;
    }
    for (const FlowEnd& f : m_flowEnds) {
        if (f.start)
            continue;
        const auto s = starts.find(f.id);
        if (s == starts.end())
            continue;
        TraceFlow flow;
        const long from = bindFlowEnd(s->second, &flow.fromTrack);
        const long to = bindFlowEnd(f, &flow.toTrack);
        if (from >= 0 && to >= 0) {
            flow.fromEvent = static_cast<uint32_t>(from);
            flow.toEvent = static_cast<uint32_t>(to);
            m_flows.push_back(flow);
        }
        starts.erase(s);
    }
    m_flowEnds.clear();
    m_flowEnds.shrink_to_fit();
}

} // namespace kwb::trace
