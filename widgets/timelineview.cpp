// The trace timeline: zoom, layout, ruler, tracks, flows, measuring and highlight. Long because these share one
// viewport transform; splitting it into a zoom control, a ruler, track labels and a painter is planned.
#include "timelineview.h"

#include "model/kernelname.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kwb {

using trace::EventKind;
using trace::TraceEvent;
using trace::TraceTrack;

namespace {

constexpr int kGroupHeight = 20;
constexpr int kMaxDepthShown = 8;
constexpr int kRowGap = 4;

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

// "12.5 µs" for a duration in ns.
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

// A ruler tick's label, with as many decimals as the step between ticks needs: at 100 µs steps 1.1372 s and 1.1373 s,
// never 1.137 s twice.
QString tickText(double ns, double stepNs)
{
    const double a = std::abs(ns);
    const auto [unit, name] = a < 1e3 ? std::pair(1.0, "ns") : a < 1e6 ? std::pair(1e3, "µs") : a < 1e9 ? std::pair(1e6, "ms") : std::pair(1e9, "s");
    const int decimals = std::clamp(int(std::ceil(-std::log10(stepNs / unit) - 1e-9)), 0, 9);
    return QStringLiteral("%1 %2").arg(ns / unit, 0, 'f', decimals).arg(QString::fromUtf8(name));
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineView"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setMinimumHeight(120);
}

bool TimelineView::isHarnessWork(int track, int event) const
{
    if (!m_model || !m_calls || track < 0 || size_t(track) >= m_model->tracks().size())
        return false;
    const auto& events = m_model->tracks()[size_t(track)].events;
    return event >= 0 && size_t(event) < events.size() && m_calls->isHarnessWork(events[size_t(event)]);
}

void TimelineView::setTrace(std::shared_ptr<const trace::TraceModel> model, std::shared_ptr<const trace::TraceLod> lod)
{
    m_lod.reset();
    m_sliceNames.clear();
    m_model = std::move(model);
    m_calls = m_model ? std::make_unique<trace::CallRanges>(*m_model) : nullptr;
    m_lod = lod ? std::move(lod) : m_model ? std::make_shared<const trace::TraceLod>(*m_model) : nullptr;
    m_message.clear();
    m_selected = {};
    m_measure = { 0, 0 };
    m_scrollY = 0;
    m_collapsed.clear();
    m_alignment = m_model ? m_model->startTime() : 0;
    if (m_model) {
        qint64 best = std::numeric_limits<qint64>::max();
        for (const TraceTrack& t : m_model->tracks())
            for (const TraceEvent& e : t.events)
                if (e.kind() == EventKind::Range && e.start < best && m_model->name(e).find("call 0") != std::string::npos)
                    best = e.start;
        if (best != std::numeric_limits<qint64>::max())
            m_alignment = best;
    }
    layoutRows();
    if (m_model && m_model->eventCount() > 0)
        setViewRange(m_model->startTime(), m_model->endTime());
    setHighlight(m_highlightPattern); // the new trace's events
    update();
}

int TimelineView::setHighlight(const QString& pattern)
{
    m_highlightPattern = pattern;
    m_highlightNames.clear();
    m_highlighted.clear();
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    if (m_model && !pattern.isEmpty() && re.isValid()) {
        const auto& names = m_model->names();
        m_highlightNames.resize(names.size());
        bool any = false;
        for (size_t i = 0; i < names.size(); ++i) {
            m_highlightNames[i] = re.match(QString::fromStdString(names[i])).hasMatch();
            any = any || m_highlightNames[i];
        }
        if (any) {
            const auto& tracks = m_model->tracks();
            for (int t = 0; t < int(tracks.size()); ++t)
                for (int e = 0; e < int(tracks[size_t(t)].events.size()); ++e)
                    if (m_highlightNames[tracks[size_t(t)].events[size_t(e)].name])
                        m_highlighted.push_back({ t, e });
            std::sort(m_highlighted.begin(), m_highlighted.end(), [&](const Hit& a, const Hit& b) {
                return tracks[size_t(a.track)].events[size_t(a.event)].start < tracks[size_t(b.track)].events[size_t(b.event)].start;
            });
        }
    }
    update();
    return int(m_highlighted.size());
}

bool TimelineView::showFirstHighlight()
{
    if (m_highlighted.empty())
        return false;
    const auto& tracks = m_model->tracks();
    const auto eventOf = [&](const Hit& h) -> const TraceEvent& { return tracks[size_t(h.track)].events[size_t(h.event)]; };
    Hit first = m_highlighted.front();
    for (const Hit& h : m_highlighted) {
        if (eventOf(h).start >= m_alignment) {
            first = h;
            break;
        }
    }
    const TraceEvent& e = eventOf(first);
    // Wide enough for its neighbours: eight times the event, at least 20 µs.
    const qint64 span = std::max<qint64>(8 * std::max<qint64>(e.duration, 1), 20000);
    setViewRange(e.start - span / 4, e.start - span / 4 + span);
    select(first);
    return true;
}

void TimelineView::clear(const QString& message)
{
    m_lod.reset();
    m_model.reset();
    m_rows.clear();
    m_message = message;
    m_selected = {};
    m_highlightNames.clear(); // the pattern stays for the next trace
    m_highlighted.clear();
    m_pendingRange = { 0, 0 };
    update();
}

void TimelineView::layoutRows()
{
    m_rows.clear();
    if (!m_model)
        return;
    int y = 0;
    qint64 lastPid = 0;
    bool first = true;
    const auto& tracks = m_model->tracks();
    for (int i = 0; i < int(tracks.size()); ++i) {
        const TraceTrack& t = tracks[size_t(i)];
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

int TimelineView::visibleTrackCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return !r.group; }));
}

QRect TimelineView::trackRect(int track) const
{
    for (const Row& r : m_rows)
        if (!r.group && r.track == track)
            return QRect(0, rowTop(r), width(), r.height);
    return {};
}

QRect TimelineView::groupRect(qint64 pid) const
{
    for (const Row& r : m_rows)
        if (r.group && r.pid == pid)
            return QRect(0, rowTop(r), width(), r.height);
    return {};
}

void TimelineView::setGroupCollapsed(qint64 pid, bool collapsed)
{
    if (collapsed)
        m_collapsed.insert(pid);
    else
        m_collapsed.remove(pid);
    layoutRows();
    update();
}

void TimelineView::setViewRange(qint64 start, qint64 end)
{
    // A view without room yet (a dock just shown, not laid out) takes the range when it gets its width.
    m_pendingRange = this->width() > kLabelWidth ? QPair<qint64, qint64> { 0, 0 } : QPair<qint64, qint64> { start, end };
    const int width = std::max(1, this->width() - kLabelWidth);
    m_viewStart = start;
    m_nsPerPixel = std::max(1e-3, double(std::max<qint64>(1, end - start)) / width);
    clampView();
    update();
    Q_EMIT viewChanged();
}

qint64 TimelineView::timeAt(double x) const
{
    return m_viewStart + qint64(std::llround((x - kLabelWidth) * m_nsPerPixel));
}

double TimelineView::xAt(qint64 t) const
{
    return kLabelWidth + double(t - m_viewStart) / m_nsPerPixel;
}

void TimelineView::clampView()
{
    if (!m_model || m_model->eventCount() == 0)
        return;
    const double width = std::max(1, this->width() - kLabelWidth);
    const double span = double(m_model->endTime() - m_model->startTime());
    m_nsPerPixel = std::clamp(m_nsPerPixel, 1e-3, std::max(1e-3, 2 * span / width));
    const qint64 margin = qint64(width * m_nsPerPixel / 2);
    m_viewStart = std::clamp(m_viewStart, m_model->startTime() - margin, m_model->endTime() - margin);
}

void TimelineView::zoomAt(double x, double factor)
{
    const qint64 fixed = timeAt(x); // the time under the cursor stays under it
    m_nsPerPixel *= factor;
    clampView();
    m_viewStart = fixed - qint64(std::llround((x - kLabelWidth) * m_nsPerPixel));
    m_pendingRange = { 0, 0 }; // the user's zoom replaces a range still waiting for a width
    update();
    Q_EMIT viewChanged();
}

void TimelineView::setTimeScale(qint64 viewStart, double nsPerPixel)
{
    m_viewStart = viewStart;
    m_pendingRange = { 0, 0 };
    m_nsPerPixel = std::max(1e-3, nsPerPixel);
    update();
}

void TimelineView::zoomToMeasure()
{
    if (m_measure.second > m_measure.first)
        setViewRange(m_measure.first, m_measure.second);
}

const TimelineView::Row* TimelineView::rowAt(int y) const
{
    for (const Row& r : m_rows) {
        const int top = rowTop(r);
        if (y >= top && y < top + r.height)
            return &r;
    }
    return nullptr;
}

TimelineView::Hit TimelineView::hitTest(const QPoint& pos) const
{
    const Row* row = rowAt(pos.y());
    if (!m_model || !row || row->group || pos.x() < kLabelWidth)
        return {};
    const int depth = (pos.y() - rowTop(*row)) / kDepthHeight;
    const TraceTrack& t = m_model->tracks()[size_t(row->track)];
    const qint64 from = timeAt(pos.x() - 2);
    const qint64 to = timeAt(pos.x() + 2);
    Hit best;
    qint64 bestDistance = 0;
    const qint64 at = timeAt(pos.x());
    for (size_t i = m_model->firstCandidate(t, from); i < t.events.size() && t.events[i].start <= to; ++i) {
        const TraceEvent& e = t.events[i];
        if (e.end() < from || std::min(e.depth(), kMaxDepthShown - 1) != depth)
            continue;
        const qint64 distance = at < e.start ? e.start - at : at > e.end() ? at - e.end() : 0;
        if (best.event < 0 || distance < bestDistance) {
            best = { row->track, int(i) };
            bestDistance = distance;
        }
    }
    return best;
}

void TimelineView::select(Hit hit)
{
    if (hit == m_selected)
        return;
    m_selected = hit;
    update();
    Q_EMIT eventSelected(hit.track, hit.event);
}

QPointF TimelineView::anchorOf(Hit hit) const
{
    for (const Row& r : m_rows) {
        if (!r.group && r.track == hit.track) {
            const TraceEvent& e = m_model->tracks()[size_t(hit.track)].events[size_t(hit.event)];
            const int depth = std::min(e.depth(), kMaxDepthShown - 1);
            return { xAt(e.start), rowTop(r) + depth * kDepthHeight + kDepthHeight / 2.0 };
        }
    }
    return { -1, -1 }; // its group is folded
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_model) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   m_message.isEmpty() ? tr("No trace for this turn.") : m_message);
        return;
    }
    p.save();
    p.setClipRect(0, kRulerHeight, width(), height() - kRulerHeight);
    for (const Row& r : m_rows) {
        const int top = rowTop(r);
        if (top + r.height < kRulerHeight || top > height())
            continue;
        if (r.group) {
            p.fillRect(0, top, width(), r.height, palette().alternateBase());
            p.setPen(palette().color(QPalette::Text));
            const QString arrow = m_collapsed.contains(r.pid) ? QStringLiteral("▸ ") : QStringLiteral("▾ ");
            p.drawText(QRect(4, top, width() - 8, r.height), Qt::AlignVCenter, arrow + r.label);
        } else {
            paintTrack(p, r);
        }
    }
    paintFlows(p);
    if (m_measure.second > m_measure.first) {
        const double x0 = xAt(m_measure.first), x1 = xAt(m_measure.second);
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(50);
        p.fillRect(QRectF(x0, kRulerHeight, x1 - x0, height() - kRulerHeight), band);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QPointF(std::max<double>(x0, kLabelWidth) + 4, kRulerHeight + 14),
                   tr("Δ %1").arg(durationText(double(m_measure.second - m_measure.first))));
    }
    p.restore();
    paintRuler(p);
}

void TimelineView::paintTrack(QPainter& p, const Row& row) const
{
    const int top = rowTop(row);
    const TraceTrack& t = m_model->tracks()[size_t(row.track)];
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(14, top, kLabelWidth - 18, kDepthHeight), Qt::AlignVCenter, row.label);
    p.save();
    p.setClipRect(kLabelWidth, std::max(top, kRulerHeight), width() - kLabelWidth, row.height);
    const qint64 from = timeAt(kLabelWidth), to = timeAt(width());
    // One rectangle per pixel column and depth at most: sub-pixel events in a column already drawn are skipped.
    int lastColumn[kMaxDepthShown];
    std::fill(std::begin(lastColumn), std::end(lastColumn), -1);
    const QFontMetrics fm = p.fontMetrics();
    const QColor highlightColor(255, 140, 0);
    auto drawEvent = [&](uint32_t index) {
        const TraceEvent& e = t.events[index];
        const int depth = std::min(e.depth(), kMaxDepthShown - 1);
        const double x0 = std::max(xAt(e.start), double(kLabelWidth) - 1);
        const double x1 = std::min(xAt(e.end()), double(width()) + 1);
        const int column = int(x0);
        if (x1 - x0 < 1 && column <= lastColumn[depth])
            return;
        lastColumn[depth] = int(x1);
        const QRectF box(x0, top + depth * kDepthHeight, std::max(1.0, x1 - x0), kDepthHeight - 1);
        const std::string& name = m_model->name(e);
        const bool harness = m_calls && m_calls->isHarnessWork(e);
        QColor fill = colorOf(e, name);
        if (harness) // the harness's own copies and flushes: there, but out of the way
            fill = QColor::fromHsv(fill.hsvHue(), fill.hsvSaturation() / 4, std::min(255, fill.value() + 35));
        p.fillRect(box, fill);
        if (!m_highlightNames.empty() && m_highlightNames[e.name]) {
            p.setPen(QPen(highlightColor, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(box.adjusted(1, 1, -1, -1));
        }
        if (box.width() > 40) {
            // A kernel's slice shows its short name ("softmax_kernel", not its signature); the event's details have all.
            if (m_sliceNames.size() != m_model->names().size())
                m_sliceNames.assign(m_model->names().size(), QString());
            QString& label = m_sliceNames[e.name];
            if (label.isNull())
                label = e.kind() == EventKind::Kernel ? shortKernelName(QString::fromStdString(name)) : QString::fromStdString(name);
            p.setPen(harness ? QColor(0x61, 0x61, 0x61) : QColor(Qt::black));
            const QString text = harness ? tr("harness · %1").arg(label) : label;
            p.drawText(box.adjusted(3, 0, -2, 0), Qt::AlignVCenter, fm.elidedText(text, Qt::ElideRight, int(box.width()) - 5));
        }
    };
    const QColor density = palette().color(QPalette::Highlight);
    auto drawFold = [&](const trace::TraceLod::Fold& f) {
        const double x0 = std::max(xAt(f.start), double(kLabelWidth));
        const double x1 = std::max(x0 + 1, xAt(f.end));
        QColor c = density;
        c.setAlphaF(float(0.25 + 0.75 * f.coverage)); // a bucket with any event stays visible
        p.fillRect(QRectF(x0, top, x1 - x0, kDepthHeight - 1), c);
    };
    m_lod->visit(size_t(row.track), from, to, m_nsPerPixel, drawEvent, drawFold);
    if (m_selected.track == row.track && m_selected.event >= 0) {
        const TraceEvent& e = t.events[size_t(m_selected.event)];
        const int depth = std::min(e.depth(), kMaxDepthShown - 1);
        p.setPen(QPen(palette().color(QPalette::Text), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(xAt(e.start), top + depth * kDepthHeight, std::max(2.0, double(e.duration) / m_nsPerPixel),
                          kDepthHeight - 1));
    }
    p.restore();
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, top + row.height - 1, width(), top + row.height - 1);
}

void TimelineView::paintFlows(QPainter& p) const
{
    if (m_selected.event < 0)
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(palette().color(QPalette::Text), 1.5));
    for (const trace::TraceFlow& f : m_model->flows()) {
        const Hit from { int(f.fromTrack), int(f.fromEvent) }, to { int(f.toTrack), int(f.toEvent) };
        if (!(from == m_selected) && !(to == m_selected))
            continue;
        const QPointF a = anchorOf(from), b = anchorOf(to);
        if (a.x() < 0 || b.x() < 0)
            continue;
        p.drawLine(a, b);
        const double angle = std::atan2(b.y() - a.y(), b.x() - a.x());
        QPainterPath head;
        head.moveTo(b);
        head.lineTo(b - QPointF(std::cos(angle - 0.4) * 8, std::sin(angle - 0.4) * 8));
        head.lineTo(b - QPointF(std::cos(angle + 0.4) * 8, std::sin(angle + 0.4) * 8));
        head.closeSubpath();
        p.fillPath(head, palette().color(QPalette::Text));
    }
    p.restore();
}

QList<QPair<double, QString>> TimelineView::rulerTicks() const
{
    QList<QPair<double, QString>> ticks;
    if (!m_model || m_nsPerPixel <= 0)
        return ticks;
    // A step of 1, 2 or 5 times a power of ten, about 100 px apart; labels relative to the trace's start.
    const double raw = 100 * m_nsPerPixel;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = power;
    for (const double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * power >= raw) {
            step = m * power;
            break;
        }
    const qint64 origin = m_model->startTime();
    const double firstTick = std::ceil(double(timeAt(kLabelWidth) - origin) / step) * step;
    for (double t = firstTick; xAt(origin + qint64(t)) < width(); t += step)
        ticks.append({ xAt(origin + qint64(t)), tickText(t, step) });
    return ticks;
}

void TimelineView::paintRuler(QPainter& p) const
{
    p.fillRect(0, 0, width(), kRulerHeight, palette().window());
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, kRulerHeight - 1, width(), kRulerHeight - 1);
    if (!m_model)
        return;
    p.setPen(palette().color(QPalette::WindowText));
    for (const auto& [x, label] : rulerTicks()) {
        p.drawLine(QPointF(x, kRulerHeight - 6), QPointF(x, kRulerHeight - 1));
        p.drawText(QPointF(x + 3, kRulerHeight - 8), label);
    }
    p.drawText(QRect(4, 0, kLabelWidth - 8, kRulerHeight), Qt::AlignVCenter, tr("%1 / px").arg(durationText(m_nsPerPixel)));
    // The highlighted events as ticks along the ruler's foot, one per pixel column, so they show when zoomed out.
    p.setPen(QPen(QColor(255, 140, 0), 1));
    int lastColumn = -1;
    for (const Hit& h : m_highlighted) {
        const TraceEvent& e = m_model->tracks()[size_t(h.track)].events[size_t(h.event)];
        const double x0 = xAt(e.start), x1 = xAt(e.end());
        if (x1 < kLabelWidth || x0 > width() || int(x0) <= lastColumn)
            continue;
        lastColumn = int(std::max(x0, x1 - 1));
        p.fillRect(QRectF(std::max<double>(x0, kLabelWidth), kRulerHeight - 4, std::max(1.0, x1 - std::max<double>(x0, kLabelWidth)), 3),
            QColor(255, 140, 0));
    }
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const int delta = event->angleDelta().y();
    if (!m_model || delta == 0)
        return;
    if (event->modifiers() & Qt::ShiftModifier) {
        const int content = m_rows.isEmpty() ? 0 : m_rows.last().top + m_rows.last().height;
        m_scrollY = std::clamp(m_scrollY - delta / 2, 0, std::max(0, content - (height() - kRulerHeight)));
        update();
    } else {
        zoomAt(event->position().x(), std::pow(0.998, delta)); // 120 per notch: about 21 % per notch
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->pos();
    m_pressViewStart = m_viewStart;
    m_pressScrollY = m_scrollY;
    m_dragging = false;
    m_measuring = (event->modifiers() & Qt::ShiftModifier) && event->pos().x() >= kLabelWidth;
    if (m_measuring)
        m_measure = { timeAt(event->pos().x()), timeAt(event->pos().x()) };
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_model || !(event->buttons() & Qt::LeftButton))
        return;
    const QPoint d = event->pos() - m_pressPos;
    if (d.manhattanLength() > 3)
        m_dragging = true;
    if (m_measuring) {
        const qint64 a = timeAt(m_pressPos.x()), b = timeAt(event->pos().x());
        m_measure = { std::min(a, b), std::max(a, b) };
    } else if (m_dragging) {
        m_viewStart = m_pressViewStart - qint64(std::llround(d.x() * m_nsPerPixel));
        m_pendingRange = { 0, 0 };
        const int content = m_rows.isEmpty() ? 0 : m_rows.last().top + m_rows.last().height;
        m_scrollY = std::clamp(m_pressScrollY - d.y(), 0, std::max(0, content - (height() - kRulerHeight)));
        clampView();
        Q_EMIT viewChanged();
    }
    update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragging || m_measuring || !m_model)
        return;
    const Row* row = rowAt(event->pos().y());
    if (row && row->group) {
        setGroupCollapsed(row->pid, !m_collapsed.contains(row->pid));
        return;
    }
    select(hitTest(event->pos()));
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Z && m_measure.second > m_measure.first) {
        zoomToMeasure();
    } else if (event->key() == Qt::Key_Escape) {
        m_measure = { 0, 0 };
        select({});
        update();
    } else if (event->key() == Qt::Key_0 && m_model) {
        setViewRange(m_model->startTime(), m_model->endTime());
    } else {
        QWidget::keyPressEvent(event);
    }
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_pendingRange.second > m_pendingRange.first && width() > kLabelWidth) {
        setViewRange(m_pendingRange.first, m_pendingRange.second);
        return;
    }
    clampView();
}

} // namespace kwb
