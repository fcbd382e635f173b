#pragma once

#include "trace/traceevent.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kwb::trace {

// A loaded trace: tracks in display order, interned names, resolved flows. Built by TraceReader through the
// add* calls and finish(); read-only afterwards, so the view may share it across threads.
class TraceModel
{
public:
    const std::vector<TraceTrack>& tracks() const { return m_tracks; }
    const std::vector<std::string>& names() const { return m_names; }
    const std::string& name(const TraceEvent& e) const { return m_names[e.name]; }
    const std::vector<TraceFlow>& flows() const { return m_flows; }
    size_t eventCount() const { return m_eventCount; }
    int64_t startTime() const { return m_start; } // ns; 0 for an empty trace
    int64_t endTime() const { return m_end; }
    // Bytes held by events, names and flows (what the reader keeps after the file is closed).
    size_t memoryBytes() const;

    // Index of the first event of the track that may overlap [from, ...): events before it end before `from`.
    size_t firstCandidate(const TraceTrack& track, int64_t from) const;
    // The deepest event of the track whose [start, end] holds t, or -1.
    long eventAt(size_t track, int64_t t) const;

    // Building.
    uint32_t intern(std::string_view name);
    uint32_t trackFor(int64_t pid, int64_t tid);
    void addEvent(uint32_t track, const TraceEvent& event) { m_tracks[track].events.push_back(event); }
    void setProcessName(int64_t pid, std::string_view name) { m_processNames[pid] = std::string(name); }
    // A name used when no process_name metadata names the process (a pid given as a string: "Spans").
    void setDefaultProcessName(int64_t pid, std::string_view name) { m_processNames.try_emplace(pid, name); }
    void setProcessLabels(int64_t pid, std::string_view labels) { m_processLabels[pid] = std::string(labels); }
    void setProcessSortIndex(int64_t pid, int64_t index) { m_processSort[pid] = index; }
    void setThreadName(int64_t pid, int64_t tid, std::string_view name);
    void setThreadSortIndex(int64_t pid, int64_t tid, int64_t index);
    // One end of a flow: `start` for ph "s", else the end ("f"); `enclosing` binds the end to the slice that
    // holds ts (bp "e") rather than to the next slice that starts at or after it.
    void addFlowEnd(uint64_t id, int64_t pid, int64_t tid, int64_t ts, bool start, bool enclosing);
    // Sorts, names and orders the tracks, computes nesting depths and resolves flows.
    void finish();

private:
    struct FlowEnd
    {
        uint64_t id;
        int64_t pid;
        int64_t tid;
        int64_t ts;
        bool start;
        bool enclosing;
    };
    struct PairHash
    {
        size_t operator()(const std::pair<int64_t, int64_t>& p) const
        {
            return std::hash<int64_t>()(p.first) * 1000003u ^ std::hash<int64_t>()(p.second);
        }
    };
    struct NameHash
    {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };

    long bindFlowEnd(const FlowEnd& end, uint32_t* track) const;

    std::vector<TraceTrack> m_tracks;
    std::vector<std::string> m_names;
    std::unordered_map<std::string, uint32_t, NameHash, std::equal_to<>> m_nameIds;
    std::unordered_map<std::pair<int64_t, int64_t>, uint32_t, PairHash> m_trackIds;
    std::unordered_map<int64_t, std::string> m_processNames;
    std::unordered_map<int64_t, std::string> m_processLabels;
    std::unordered_map<int64_t, int64_t> m_processSort;
    std::unordered_map<std::pair<int64_t, int64_t>, std::string, PairHash> m_threadNames;
    std::unordered_map<std::pair<int64_t, int64_t>, int64_t, PairHash> m_threadSort;
    std::vector<FlowEnd> m_flowEnds;
    std::vector<TraceFlow> m_flows;
    std::vector<int64_t> m_maxDuration; // per track, for firstCandidate()
    size_t m_eventCount = 0;
    int64_t m_start = 0;
    int64_t m_end = 0;
};

} // namespace kwb::trace
