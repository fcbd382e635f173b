#pragma once

#include "timelinerows.h"
#include "timelinezoom.h"

#include <QList>
#include <QPair>
#include <QString>

#include <vector>

class QPainter;
class QPalette;

namespace kwb {

// The timeline's ruler: ticks 1, 2 or 5 times a power of ten apart (about 100 px), labelled relative to the trace's
// start with as many decimals as the step needs, the scale in the label column, and the highlighted events as marks
// along its foot, so they show at every zoom level.
namespace TimelineRuler {

constexpr int kHeight = 22;

// "12.5 µs" for a duration in ns.
QString durationText(double ns);
// A tick's label: at 100 µs steps 1.1372 s and 1.1373 s, never 1.137 s twice.
QString tickText(double ns, double stepNs);
// The ticks between the zoom's left and right edges: x in pixels and label.
QList<QPair<double, QString>> ticks(const TimelineZoom& zoom, qint64 origin);
// The ruler across `width` at the top; `model` null: only its background.
void paint(QPainter& p, const QPalette& palette, int width, const TimelineZoom& zoom, const trace::TraceModel* model,
           const std::vector<TimelineHit>& highlighted);

} // namespace TimelineRuler

} // namespace kwb
