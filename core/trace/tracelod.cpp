#include "trace/tracelod.h"

#include <algorithm>

namespace kwb::trace {

namespace {

constexpr size_t kEventsPerBucket = 8; // at level 0, at least this many events per bucket on average
constexpr size_t kMinEvents = 64; // tracks with fewer events are always drawn event by event

int64_t nextPowerOfTwo(int64_t v)
{
    int64_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

} // namespace

TraceLod::TraceLod(const TraceModel& model)
    : m_model(model)
{
    m_tracks.resize(model.tracks().size());
    for (size_t ti = 0; ti < model.tracks().size(); ++ti) {
        const std::vector<TraceEvent>& events = model.tracks()[ti].events;
        if (events.size() < kMinEvents)
            continue;
        TrackLevels& track = m_tracks[ti];
        track.origin = events.front().start;
        int64_t last = track.origin;
        for (const TraceEvent& e : events)
            last = std::max(last, e.end());
        const int64_t span = std::max<int64_t>(1, last - track.origin);
        const int64_t perBucket = static_cast<int64_t>(kEventsPerBucket);
        int64_t width = nextPowerOfTwo(std::max<int64_t>(1, span * perBucket / static_cast<int64_t>(events.size())));
        for (;; width *= 2) {
            Level level;
            level.width = width;
            for (uint32_t i = 0; i < events.size(); ++i) {
                const TraceEvent& e = events[i];
                if (e.duration >= width) {
                    level.wide.push_back(i);
                    level.longestWide = std::max(level.longestWide, e.duration);
                    continue;
                }
                const auto first = static_cast<uint32_t>((e.start - track.origin) / width);
                const auto lastBucket = static_cast<uint32_t>((e.end() - track.origin) / width); // first or first + 1
                for (uint32_t b = first; b <= lastBucket; ++b) {
                    // Buckets come in order of the events' starts; the one an event ends in may be the newest.
                    Bucket* bucket = nullptr;
                    for (size_t k = level.buckets.size(); k > 0 && k + 2 > level.buckets.size(); --k)
                        if (level.buckets[k - 1].index == b)
                            bucket = &level.buckets[k - 1];
                    if (!bucket) {
                        level.buckets.push_back({ b, 0, 0 });
                        bucket = &level.buckets.back();
                    }
                    if (b == first)
                        ++bucket->count;
                    if (e.depth() == 0) {
                        const int64_t lo = std::max(e.start, track.origin + int64_t(b) * width);
                        const int64_t hi = std::min(e.end(), track.origin + int64_t(b + 1) * width);
                        bucket->busy += static_cast<uint64_t>(std::max<int64_t>(0, hi - lo));
                    }
                }
            }
            level.buckets.shrink_to_fit();
            level.wide.shrink_to_fit();
            track.levels.push_back(std::move(level));
            if (width >= span)
                break;
        }
    }
}

int TraceLod::levelCount(size_t track) const
{
    return track < m_tracks.size() ? static_cast<int>(m_tracks[track].levels.size()) : 0;
}

int TraceLod::levelFor(size_t track, double nsPerPixel) const
{
    const std::vector<Level>& levels = m_tracks[track].levels;
    int chosen = -1;
    for (size_t l = 0; l < levels.size() && static_cast<double>(levels[l].width) <= nsPerPixel; ++l)
        chosen = static_cast<int>(l);
    return chosen;
}

void TraceLod::visit(size_t track, int64_t from, int64_t to, double nsPerPixel,
                     const std::function<void(uint32_t)>& event, const std::function<void(const Fold&)>& fold) const
{
    if (track >= m_tracks.size() || to <= from)
        return;
    const TraceTrack& t = m_model.tracks()[track];
    const int level = levelFor(track, nsPerPixel);
    if (level < 0) {
        for (size_t i = m_model.firstCandidate(t, from); i < t.events.size() && t.events[i].start < to; ++i)
            if (t.events[i].end() >= from)
                event(static_cast<uint32_t>(i));
        return;
    }
    const TrackLevels& levels = m_tracks[track];
    const Level& l = levels.levels[static_cast<size_t>(level)];
    // Wide events that reach into the range.
    const int64_t earliest = from - l.longestWide;
    auto w = std::lower_bound(l.wide.begin(), l.wide.end(), earliest,
                              [&](uint32_t i, int64_t ts) { return t.events[i].start < ts; });
    for (; w != l.wide.end() && t.events[*w].start < to; ++w)
        if (t.events[*w].end() >= from)
            event(*w);
    // Folded buckets.
    const int64_t firstIndex = std::max<int64_t>(0, (from - levels.origin) / l.width);
    auto b = std::lower_bound(l.buckets.begin(), l.buckets.end(), firstIndex,
                              [](const Bucket& bucket, int64_t index) { return int64_t(bucket.index) < index; });
    for (; b != l.buckets.end(); ++b) {
        Fold f;
        f.start = levels.origin + int64_t(b->index) * l.width;
        if (f.start >= to)
            break;
        f.end = f.start + l.width;
        f.count = b->count;
        f.coverage = std::min(1.0, static_cast<double>(b->busy) / static_cast<double>(l.width));
        fold(f);
    }
}

size_t TraceLod::memoryBytes() const
{
    size_t bytes = m_tracks.capacity() * sizeof(TrackLevels);
    for (const TrackLevels& t : m_tracks)
        for (const Level& l : t.levels)
            bytes += sizeof(Level) + l.buckets.capacity() * sizeof(Bucket) + l.wide.capacity() * sizeof(uint32_t);
    return bytes;
}

} // namespace kwb::trace
