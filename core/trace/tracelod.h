#pragma once

#include "trace/tracemodel.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace kwb::trace {

// Precomputed zoom levels of a TraceModel, so that a zoomed-out view of millions of events draws a density
// per pixel rather than every event. Level l folds the events of each track into buckets of 2^l times the
// level-0 width; an event at least one bucket long stays an event at that level and is drawn on its own.
// Level 0's width is chosen per track so that it has at most one bucket per 8 events: finer zooms draw the
// events themselves, which are few on screen by then.
class TraceLod
{
public:
    explicit TraceLod(const TraceModel& model);

    struct Fold
    {
        int64_t start = 0; // ns, the bucket's span
        int64_t end = 0;
        uint32_t count = 0; // events that start in the bucket and are narrower than it
        double coverage = 0; // share of the bucket that top-level events cover, 0..1
    };

    // Everything of the track that meets [from, to) at `nsPerPixel`: each event wide enough to see goes to
    // `event` (its index in the track), the rest as one Fold per bucket to `fold`. Each event is reported
    // exactly once, either on its own or counted in the fold of the bucket where it starts.
    void visit(size_t track, int64_t from, int64_t to, double nsPerPixel, const std::function<void(uint32_t)>& event,
               const std::function<void(const Fold&)>& fold) const;

    // The level visit() uses at this zoom, or -1 when it reports every event.
    int levelFor(size_t track, double nsPerPixel) const;
    int levelCount(size_t track) const;
    size_t memoryBytes() const;

private:
    struct Bucket
    {
        uint32_t index; // (start - origin) / width
        uint32_t count;
        uint64_t busy; // ns of top-level events inside the bucket
    };
    struct Level
    {
        int64_t width = 0;
        int64_t longestWide = 0; // for finding the wide events that reach into a range
        std::vector<Bucket> buckets; // non-empty ones, by index
        std::vector<uint32_t> wide; // events at least `width` long, by start
    };
    struct TrackLevels
    {
        int64_t origin = 0;
        std::vector<Level> levels;
    };

    const TraceModel& m_model;
    std::vector<TrackLevels> m_tracks;
};

} // namespace kwb::trace
