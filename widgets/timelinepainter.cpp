#include "timelinepainter.h"

#include "timelineruler.h"

#include "model/kernelname.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace kwb {

using trace::EventKind;
using trace::TraceEvent;
using trace::TraceTrack;

namespace {

QColor colorOf(const TraceEvent& e, const std::string& name)
{
    switch (e.kind()) {
    case EventKind::Memcpy: return QColor(0xe6, 0x8a, 0x00);
    case EventKind::Memset: return QColor(0x8d, 0x6e, 0x63);
    case EventKind::Synchronization: return QColor(0xc6, 0x28, 0x28);
    case EventKind::RuntimeApi:
    case EventKind::DriverApi: return QColor(0x78, 0x90, 0x9c);
    default: break;
    }
    // Kernels, ranges and ops: a stable colour per name.
    const auto hue = static_cast<int>(std::hash<std::string>()(name) % 360);
    const int saturation = e.kind() == EventKind::Kernel ? 150 : 90;
    return QColor::fromHsv(hue, saturation, e.kind() == EventKind::Range ? 225 : 205);
}

} // namespace

void TimelinePainter::paint(QPainter& p, const QPalette& palette, const QSize& size, const Scene& scene)
{
    const int top = TimelineRuler::kHeight;
    const int width = size.width();
    p.save();
    p.setClipRect(0, top, width, size.height() - top);
    for (const TimelineRows::Row& r : scene.rows->rows()) {
        const int y = scene.rows->topOf(r);
        if (y + r.height < top || y > size.height())
            continue;
        if (r.group) {
            p.fillRect(0, y, width, r.height, palette.alternateBase());
            p.setPen(palette.color(QPalette::Text));
            const QString arrow = scene.rows->isCollapsed(r.pid) ? QStringLiteral("▸ ") : QStringLiteral("▾ ");
            p.drawText(QRect(4, y, width - 8, r.height), Qt::AlignVCenter, arrow + r.label);
        } else {
            paintTrack(p, palette, width, scene, r);
        }
    }
    paintFlows(p, palette, scene);
    if (scene.measure.second > scene.measure.first) {
        const double x0 = scene.zoom->xAt(scene.measure.first), x1 = scene.zoom->xAt(scene.measure.second);
        QColor band = palette.color(QPalette::Highlight);
        band.setAlpha(50);
        p.fillRect(QRectF(x0, top, x1 - x0, size.height() - top), band);
        p.setPen(palette.color(QPalette::Text));
        p.drawText(QPointF(std::max(x0, scene.zoom->left()) + 4, top + 14),
                   QCoreApplication::translate("kwb::TimelineView", "Δ %1").arg(TimelineRuler::durationText(double(scene.measure.second - scene.measure.first))));
    }
    p.restore();
}

void TimelinePainter::paintTrack(QPainter& p, const QPalette& palette, int width, const Scene& scene,
                                 const TimelineRows::Row& row)
{
    constexpr int kDepthHeight = TimelineRows::kDepthHeight;
    const TimelineZoom& zoom = *scene.zoom;
    const trace::TraceModel& model = *scene.model;
    const int left = int(zoom.left());
    const int top = scene.rows->topOf(row);
    const TraceTrack& t = model.tracks()[size_t(row.track)];
    p.setPen(palette.color(QPalette::Text));
    p.drawText(QRect(14, top, left - 18, kDepthHeight), Qt::AlignVCenter, row.label);
    p.save();
    p.setClipRect(left, std::max(top, TimelineRuler::kHeight), width - left, row.height);
    const qint64 from = zoom.timeAt(left), to = zoom.timeAt(width);
    // One rectangle per pixel column and depth at most: sub-pixel events in a column already drawn are skipped.
    int lastColumn[TimelineRows::kMaxDepthShown];
    std::fill(std::begin(lastColumn), std::end(lastColumn), -1);
    const QFontMetrics fm = p.fontMetrics();
    const QColor highlightColor(255, 140, 0);
    const bool highlighting = scene.highlightNames && !scene.highlightNames->empty();
    auto drawEvent = [&](uint32_t index) {
        const TraceEvent& e = t.events[index];
        const int depth = TimelineRows::lineOf(e);
        const double x0 = std::max(zoom.xAt(e.start), double(left) - 1);
        const double x1 = std::min(zoom.xAt(e.end()), double(width) + 1);
        const int column = int(x0);
        if (x1 - x0 < 1 && column <= lastColumn[depth])
            return;
        lastColumn[depth] = int(x1);
        const QRectF box(x0, top + depth * kDepthHeight, std::max(1.0, x1 - x0), kDepthHeight - 1);
        const std::string& name = model.name(e);
        const bool harness = scene.calls && scene.calls->isHarnessWork(e);
        QColor fill = colorOf(e, name);
        if (harness) // the harness's own copies and flushes: there, but out of the way
            fill = QColor::fromHsv(fill.hsvHue(), fill.hsvSaturation() / 4, std::min(255, fill.value() + 35));
        p.fillRect(box, fill);
        if (highlighting && (*scene.highlightNames)[e.name]) {
            p.setPen(QPen(highlightColor, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(box.adjusted(1, 1, -1, -1));
        }
        if (box.width() > 40) {
            // A kernel's slice shows its short name ("softmax_kernel", not its signature); the event's details have all.
            if (m_sliceNames.size() != model.names().size())
                m_sliceNames.assign(model.names().size(), QString());
            QString& label = m_sliceNames[e.name];
            if (label.isNull())
                label = e.kind() == EventKind::Kernel ? shortKernelName(QString::fromStdString(name)) : QString::fromStdString(name);
            p.setPen(harness ? QColor(0x61, 0x61, 0x61) : QColor(Qt::black));
            const QString text = harness ? QCoreApplication::translate("kwb::TimelineView", "harness · %1").arg(label) : label;
            p.drawText(box.adjusted(3, 0, -2, 0), Qt::AlignVCenter, fm.elidedText(text, Qt::ElideRight, int(box.width()) - 5));
        }
    };
    const QColor density = palette.color(QPalette::Highlight);
    auto drawFold = [&](const trace::TraceLod::Fold& f) {
        const double x0 = std::max(zoom.xAt(f.start), double(left));
        const double x1 = std::max(x0 + 1, zoom.xAt(f.end));
        QColor c = density;
        c.setAlphaF(float(0.25 + 0.75 * f.coverage)); // a bucket with any event stays visible
        p.fillRect(QRectF(x0, top, x1 - x0, kDepthHeight - 1), c);
    };
    scene.lod->visit(size_t(row.track), from, to, zoom.nsPerPixel(), drawEvent, drawFold);
    if (scene.selected.track == row.track && scene.selected.event >= 0) {
        const TraceEvent& e = t.events[size_t(scene.selected.event)];
        const int depth = TimelineRows::lineOf(e);
        p.setPen(QPen(palette.color(QPalette::Text), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(zoom.xAt(e.start), top + depth * kDepthHeight,
                          std::max(2.0, double(e.duration) / zoom.nsPerPixel()), kDepthHeight - 1));
    }
    p.restore();
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(0, top + row.height - 1, width, top + row.height - 1);
}

QPointF TimelinePainter::anchorOf(const Scene& scene, TimelineHit hit)
{
    const TimelineRows::Row* r = scene.rows->trackRow(hit.track);
    if (!r)
        return { -1, -1 };
    const TraceEvent& e = scene.model->tracks()[size_t(hit.track)].events[size_t(hit.event)];
    return { scene.zoom->xAt(e.start),
             scene.rows->topOf(*r) + TimelineRows::lineOf(e) * TimelineRows::kDepthHeight + TimelineRows::kDepthHeight / 2.0 };
}

void TimelinePainter::paintFlows(QPainter& p, const QPalette& palette, const Scene& scene) const
{
    if (scene.selected.event < 0)
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(palette.color(QPalette::Text), 1.5));
    for (const trace::TraceFlow& f : scene.model->flows()) {
        const TimelineHit from { int(f.fromTrack), int(f.fromEvent) }, to { int(f.toTrack), int(f.toEvent) };
        if (!(from == scene.selected) && !(to == scene.selected))
            continue;
        const QPointF a = anchorOf(scene, from), b = anchorOf(scene, to);
        if (a.x() < 0 || b.x() < 0)
            continue;
        p.drawLine(a, b);
        const double angle = std::atan2(b.y() - a.y(), b.x() - a.x());
        QPainterPath head;
        head.moveTo(b);
        head.lineTo(b - QPointF(std::cos(angle - 0.4) * 8, std::sin(angle - 0.4) * 8));
        head.lineTo(b - QPointF(std::cos(angle + 0.4) * 8, std::sin(angle + 0.4) * 8));
        head.closeSubpath();
        p.fillPath(head, palette.color(QPalette::Text));
    }
    p.restore();
}

} // namespace kwb
