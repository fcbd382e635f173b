#include "timelineruler.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace kwb::TimelineRuler {

QString durationText(double ns)
{
    const double a = std::abs(ns);
    if (a < 1e3)
        return QStringLiteral("%1 ns").arg(ns, 0, 'f', 0);
    if (a < 1e6)
        return QStringLiteral("%1 µs").arg(ns / 1e3, 0, 'g', 4);
    if (a < 1e9)
        return QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'g', 4);
    return QStringLiteral("%1 s").arg(ns / 1e9, 0, 'g', 4);
}

QString tickText(double ns, double stepNs)
{
    const double a = std::abs(ns);
    const auto [unit, name] = a < 1e3 ? std::pair(1.0, "ns") : a < 1e6 ? std::pair(1e3, "µs") : a < 1e9 ? std::pair(1e6, "ms") : std::pair(1e9, "s");
    const int decimals = std::clamp(int(std::ceil(-std::log10(stepNs / unit) - 1e-9)), 0, 9);
    return QStringLiteral("%1 %2").arg(ns / unit, 0, 'f', decimals).arg(QString::fromUtf8(name));
}

QList<QPair<double, QString>> ticks(const TimelineZoom& zoom, qint64 origin)
{
    QList<QPair<double, QString>> out;
    if (zoom.nsPerPixel() <= 0)
        return out;
    const double raw = 100 * zoom.nsPerPixel();
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = power;
    for (const double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * power >= raw) {
            step = m * power;
            break;
        }
    const double firstTick = std::ceil(double(zoom.timeAt(zoom.left()) - origin) / step) * step;
    for (double t = firstTick; zoom.xAt(origin + qint64(t)) < zoom.right(); t += step)
        out.append({ zoom.xAt(origin + qint64(t)), tickText(t, step) });
    return out;
}

void paint(QPainter& p, const QPalette& palette, int width, const TimelineZoom& zoom, const trace::TraceModel* model,
           const std::vector<TimelineHit>& highlighted)
{
    p.fillRect(0, 0, width, kHeight, palette.window());
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(0, kHeight - 1, width, kHeight - 1);
    if (!model)
        return;
    p.setPen(palette.color(QPalette::WindowText));
    for (const auto& [x, label] : ticks(zoom, model->startTime())) {
        p.drawLine(QPointF(x, kHeight - 6), QPointF(x, kHeight - 1));
        p.drawText(QPointF(x + 3, kHeight - 8), label);
    }
    const int left = int(zoom.left());
    p.drawText(QRect(4, 0, left - 8, kHeight), Qt::AlignVCenter,
               QCoreApplication::translate("kwb::TimelineView", "%1 / px").arg(durationText(zoom.nsPerPixel())));
    // One mark per pixel column at the most.
    const QColor mark(255, 140, 0);
    int lastColumn = -1;
    for (const TimelineHit& h : highlighted) {
        const trace::TraceEvent& e = model->tracks()[size_t(h.track)].events[size_t(h.event)];
        const double x0 = zoom.xAt(e.start), x1 = zoom.xAt(e.end());
        if (x1 < left || x0 > width || int(x0) <= lastColumn)
            continue;
        lastColumn = int(std::max(x0, x1 - 1));
        p.fillRect(QRectF(std::max<double>(x0, left), kHeight - 4, std::max(1.0, x1 - std::max<double>(x0, left)), 3), mark);
    }
}

} // namespace kwb::TimelineRuler
