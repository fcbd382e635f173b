#pragma once

#include "timelinerows.h"
#include "timelinezoom.h"
#include "trace/kerneltotals.h"
#include "trace/tracelod.h"

#include <QPair>
#include <QPointF>
#include <QString>

#include <vector>

class QPainter;
class QPalette;
class QSize;

namespace kwb {

// Draws a timeline's content below the ruler: group headers, each row's label and events (or, zoomed out, the zoom
// levels' density folds), the selection and its flow arrows, the highlight outlines and the measured band. It reads
// the zoom and the rows and changes nothing but the kernel labels it shortens once per name.
class TimelinePainter
{
public:
    struct Scene
    {
        const trace::TraceModel* model = nullptr;
        const trace::TraceLod* lod = nullptr;
        const trace::CallRanges* calls = nullptr; // harness work is drawn dimmed
        const TimelineZoom* zoom = nullptr;
        const TimelineRows* rows = nullptr;
        TimelineHit selected;
        const std::vector<char>* highlightNames = nullptr; // per interned name; empty: no highlight
        QPair<qint64, qint64> measure { 0, 0 };
    };

    void paint(QPainter& p, const QPalette& palette, const QSize& size, const Scene& scene);
    void forgetLabels() { m_sliceNames.clear(); } // another trace: its names are others

    // Where a flow arrow meets the event: its start, half-way down its line; (-1, -1) when its group is folded.
    static QPointF anchorOf(const Scene& scene, TimelineHit hit);

private:
    void paintTrack(QPainter& p, const QPalette& palette, int width, const Scene& scene, const TimelineRows::Row& row);
    void paintFlows(QPainter& p, const QPalette& palette, const Scene& scene) const;

    std::vector<QString> m_sliceNames; // per interned name: the label a slice shows (kernels shortened)
};

} // namespace kwb
