#include "timelinezoom.h"

#include <algorithm>
#include <cmath>

namespace kwb {

void TimelineZoom::setArea(double left, double right)
{
    m_left = left;
    m_right = right;
}

void TimelineZoom::setBounds(qint64 start, qint64 end)
{
    m_bounded = true;
    m_start = start;
    m_end = end;
}

void TimelineZoom::clearBounds()
{
    m_bounded = false;
    m_pending = false;
}

double TimelineZoom::width() const
{
    return std::max(1.0, m_right - m_left);
}

void TimelineZoom::setRange(qint64 start, qint64 end)
{
    m_pending = !hasWidth();
    m_pendingStart = start;
    m_pendingEnd = end;
    m_viewStart = start;
    m_nsPerPixel = std::max(kFinestNsPerPixel, double(std::max<qint64>(1, end - start)) / std::floor(width()));
    clamp();
}

bool TimelineZoom::takePending()
{
    if (!m_pending || !hasWidth() || m_pendingEnd <= m_pendingStart)
        return false;
    setRange(m_pendingStart, m_pendingEnd);
    return true;
}

qint64 TimelineZoom::timeAt(double x) const
{
    return m_viewStart + qint64(std::llround((x - m_left) * m_nsPerPixel));
}

double TimelineZoom::xAt(qint64 t) const
{
    return m_left + double(t - m_viewStart) / m_nsPerPixel;
}

void TimelineZoom::clamp()
{
    if (!m_bounded)
        return;
    const double w = std::floor(width());
    const double span = double(m_end - m_start);
    m_nsPerPixel = std::clamp(m_nsPerPixel, kFinestNsPerPixel, std::max(kFinestNsPerPixel, 2 * span / w));
    const qint64 margin = qint64(w * m_nsPerPixel / 2);
    m_viewStart = std::clamp(m_viewStart, m_start - margin, m_end - margin);
}

void TimelineZoom::zoomAt(double x, double factor)
{
    const qint64 fixed = timeAt(x);
    m_nsPerPixel *= factor;
    clamp();
    m_viewStart = fixed - qint64(std::llround((x - m_left) * m_nsPerPixel));
    m_pending = false; // the user's zoom replaces a range still waiting for a width
}

void TimelineZoom::panFrom(qint64 viewStartAtPress, double dx)
{
    m_viewStart = viewStartAtPress - qint64(std::llround(dx * m_nsPerPixel));
    m_pending = false;
    clamp();
}

void TimelineZoom::setScale(qint64 viewStart, double nsPerPixel)
{
    m_viewStart = viewStart;
    m_pending = false;
    m_nsPerPixel = std::max(kFinestNsPerPixel, nsPerPixel);
}

} // namespace kwb
