#include "timelinerows.h"

#include <algorithm>

namespace kwb {

void TimelineRows::clear()
{
    m_rows.clear();
    m_scroll = 0;
}

void TimelineRows::layout(const trace::TraceModel* model)
{
    m_rows.clear();
    if (!model)
        return;
    int y = 0;
    qint64 lastPid = 0;
    bool first = true;
    const auto& tracks = model->tracks();
    for (int i = 0; i < int(tracks.size()); ++i) {
        const trace::TraceTrack& t = tracks[size_t(i)];
        if (first || t.pid != lastPid) {
            Row g;
            g.group = true;
            g.pid = t.pid;
            g.top = y;
            g.height = kGroupHeight;
            g.label = QString::fromStdString(t.processName);
            m_rows << g;
            y += kGroupHeight;
            lastPid = t.pid;
            first = false;
        }
        if (m_collapsed.contains(t.pid))
            continue;
        Row r;
        r.pid = t.pid;
        r.track = i;
        r.top = y;
        r.height = kDepthHeight * (std::min(t.maxDepth, kMaxDepthShown - 1) + 1) + kRowGap;
        r.label = QString::fromStdString(t.threadName);
        m_rows << r;
        y += r.height;
    }
}

void TimelineRows::setCollapsed(qint64 pid, bool collapsed)
{
    if (collapsed)
        m_collapsed.insert(pid);
    else
        m_collapsed.remove(pid);
}

void TimelineRows::setScroll(int y, int viewportHeight)
{
    m_scroll = std::clamp(y, 0, std::max(0, contentHeight() - viewportHeight));
}

int TimelineRows::visibleTrackCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return !r.group; }));
}

const TimelineRows::Row* TimelineRows::rowAt(int y) const
{
    for (const Row& r : m_rows) {
        const int top = topOf(r);
        if (y >= top && y < top + r.height)
            return &r;
    }
    return nullptr;
}

const TimelineRows::Row* TimelineRows::trackRow(int track) const
{
    for (const Row& r : m_rows)
        if (!r.group && r.track == track)
            return &r;
    return nullptr;
}

const TimelineRows::Row* TimelineRows::groupRow(qint64 pid) const
{
    for (const Row& r : m_rows)
        if (r.group && r.pid == pid)
            return &r;
    return nullptr;
}

} // namespace kwb
