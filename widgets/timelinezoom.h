#pragma once

#include <QtGlobal>

namespace kwb {

// The timeline's horizontal axis: which nanoseconds the event area shows and how many fall in a pixel. It maps x (in
// the widget's pixels, the event area from `left` to `right`) to trace time and back, keeps the view near the trace's
// span, and holds a range asked for before the area had a width (a dock not yet laid out) until it has one.
// No widget: the view, the ruler and the painter read it, the view's mouse and wheel change it.
class TimelineZoom
{
public:
    static constexpr double kFinestNsPerPixel = 1e-3;

    void setArea(double left, double right);
    double left() const { return m_left; }
    double right() const { return m_right; }
    bool hasWidth() const { return m_right > m_left; }

    // The trace's span, which the view may leave by half its width at the most; none: the view is not clamped.
    void setBounds(qint64 start, qint64 end);
    void clearBounds();
    bool hasBounds() const { return m_bounded; }

    // Shows [start, end] across the area; without a width yet, also keeps it for takePending().
    void setRange(qint64 start, qint64 end);
    // After the area got its width: shows the range kept by setRange(), if any. False when there was none.
    bool takePending();
    void zoomAt(double x, double factor); // the time under x stays under it
    void panFrom(qint64 viewStartAtPress, double dx); // a drag of dx pixels since the press
    void setScale(qint64 viewStart, double nsPerPixel); // as given, no clamping
    void clamp();

    qint64 viewStart() const { return m_viewStart; }
    double nsPerPixel() const { return m_nsPerPixel; }
    qint64 timeAt(double x) const;
    double xAt(qint64 t) const;

private:
    double width() const;

    double m_left = 0;
    double m_right = 0;
    bool m_bounded = false;
    qint64 m_start = 0;
    qint64 m_end = 0;
    qint64 m_viewStart = 0;
    double m_nsPerPixel = 1;
    bool m_pending = false;
    qint64 m_pendingStart = 0;
    qint64 m_pendingEnd = 0;
};

} // namespace kwb
