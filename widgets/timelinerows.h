#pragma once

#include "trace/tracemodel.h"

#include <QList>
#include <QSet>
#include <QString>

#include <algorithm>

namespace kwb {

// An event of the timeline: its track and its index in the track's events; -1, -1 for none.
struct TimelineHit
{
    int track = -1;
    int event = -1;
    bool operator==(const TimelineHit& o) const { return track == o.track && event == o.event; }
};

// The timeline's vertical axis and its labels: one header row per process (host, then GPUs) that folds, one row per
// thread or stream below it, as tall as its deepest nesting shown. Rows are laid out in content coordinates and
// drawn from `top` (below the ruler) less the vertical scroll.
class TimelineRows
{
public:
    static constexpr int kGroupHeight = 20;
    static constexpr int kDepthHeight = 16;
    static constexpr int kMaxDepthShown = 8;
    static constexpr int kRowGap = 4;

    struct Row
    {
        bool group = false;
        qint64 pid = 0;
        int track = -1; // for a track row
        int top = 0; // in content coordinates (before the vertical scroll)
        int height = 0;
        QString label;
    };

    void layout(const trace::TraceModel* model); // folded groups stay folded
    void clear();
    void resetFolds() { m_collapsed.clear(); }
    void setCollapsed(qint64 pid, bool collapsed);
    bool isCollapsed(qint64 pid) const { return m_collapsed.contains(pid); }

    void setTop(int top) { m_top = top; }
    int scroll() const { return m_scroll; }
    // Scrolls to `y` within what the content leaves below a viewport `viewportHeight` tall.
    void setScroll(int y, int viewportHeight);

    const QList<Row>& rows() const { return m_rows; }
    int contentHeight() const { return m_rows.isEmpty() ? 0 : m_rows.last().top + m_rows.last().height; }
    int visibleTrackCount() const;
    int topOf(const Row& row) const { return m_top + row.top - m_scroll; } // in the widget
    const Row* rowAt(int y) const; // y in the widget
    const Row* trackRow(int track) const; // null when its group is folded
    const Row* groupRow(qint64 pid) const;
    // The nesting line an event is drawn on (the deepest shown take the last line).
    static int lineOf(const trace::TraceEvent& e) { return std::min(e.depth(), kMaxDepthShown - 1); }

private:
    QList<Row> m_rows;
    QSet<qint64> m_collapsed;
    int m_top = 0;
    int m_scroll = 0;
};

} // namespace kwb
