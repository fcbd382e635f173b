// The trace timeline widget: it holds the trace, the selection, the measured range and the highlight, and turns the
// mouse, wheel and keys into changes of its parts (TimelineZoom, TimelineRows), which TimelineRuler and
// TimelinePainter draw.
#include "timelineview.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kwb {

using trace::EventKind;
using trace::TraceEvent;
using trace::TraceTrack;

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineView"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setMinimumHeight(120);
    m_rows.setTop(kRulerHeight);
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
    m_painter.forgetLabels();
    m_model = std::move(model);
    m_calls = m_model ? std::make_unique<trace::CallRanges>(*m_model) : nullptr;
    m_lod = lod ? std::move(lod) : m_model ? std::make_shared<const trace::TraceLod>(*m_model) : nullptr;
    m_message.clear();
    m_selected = {};
    m_measure = { 0, 0 };
    m_rows.clear();
    m_rows.resetFolds();
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
    if (m_model && m_model->eventCount() > 0)
        m_zoom.setBounds(m_model->startTime(), m_model->endTime());
    else
        m_zoom.clearBounds();
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
    m_zoom.clearBounds();
    m_message = message;
    m_selected = {};
    m_highlightNames.clear(); // the pattern stays for the next trace
    m_highlighted.clear();
    update();
}

void TimelineView::layoutRows()
{
    m_rows.layout(m_model.get());
}

int TimelineView::visibleTrackCount() const
{
    return m_rows.visibleTrackCount();
}

QRect TimelineView::trackRect(int track) const
{
    const TimelineRows::Row* r = m_rows.trackRow(track);
    return r ? QRect(0, m_rows.topOf(*r), width(), r->height) : QRect();
}

QRect TimelineView::groupRect(qint64 pid) const
{
    const TimelineRows::Row* r = m_rows.groupRow(pid);
    return r ? QRect(0, m_rows.topOf(*r), width(), r->height) : QRect();
}

void TimelineView::setGroupCollapsed(qint64 pid, bool collapsed)
{
    m_rows.setCollapsed(pid, collapsed);
    layoutRows();
    update();
}

void TimelineView::viewMoved()
{
    update();
    Q_EMIT viewChanged();
}

void TimelineView::setViewRange(qint64 start, qint64 end)
{
    syncArea();
    m_zoom.setRange(start, end); // a view without room yet (a dock just shown) takes the range when it gets its width
    viewMoved();
}

qint64 TimelineView::timeAt(double x) const
{
    return m_zoom.timeAt(x);
}

double TimelineView::xAt(qint64 t) const
{
    return m_zoom.xAt(t);
}

void TimelineView::zoomAt(double x, double factor)
{
    syncArea();
    m_zoom.zoomAt(x, factor);
    viewMoved();
}

void TimelineView::setTimeScale(qint64 viewStart, double nsPerPixel)
{
    m_zoom.setScale(viewStart, nsPerPixel);
    update();
}

void TimelineView::zoomToMeasure()
{
    if (m_measure.second > m_measure.first)
        setViewRange(m_measure.first, m_measure.second);
}

TimelineView::Hit TimelineView::hitTest(const QPoint& pos) const
{
    const TimelineRows::Row* row = m_rows.rowAt(pos.y());
    if (!m_model || !row || row->group || pos.x() < kLabelWidth)
        return {};
    const int depth = (pos.y() - m_rows.topOf(*row)) / kDepthHeight;
    const TraceTrack& t = m_model->tracks()[size_t(row->track)];
    const qint64 from = timeAt(pos.x() - 2);
    const qint64 to = timeAt(pos.x() + 2);
    Hit best;
    qint64 bestDistance = 0;
    const qint64 at = timeAt(pos.x());
    for (size_t i = m_model->firstCandidate(t, from); i < t.events.size() && t.events[i].start <= to; ++i) {
        const TraceEvent& e = t.events[i];
        if (e.end() < from || TimelineRows::lineOf(e) != depth)
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

QList<QPair<double, QString>> TimelineView::rulerTicks() const
{
    syncArea();
    return m_model ? TimelineRuler::ticks(m_zoom, m_model->startTime()) : QList<QPair<double, QString>>();
}

TimelinePainter::Scene TimelineView::scene() const
{
    TimelinePainter::Scene s;
    s.model = m_model.get();
    s.lod = m_lod.get();
    s.calls = m_calls.get();
    s.zoom = &m_zoom;
    s.rows = &m_rows;
    s.selected = m_selected;
    s.highlightNames = &m_highlightNames;
    s.measure = m_measure;
    return s;
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
    syncArea();
    m_painter.paint(p, palette(), size(), scene());
    TimelineRuler::paint(p, palette(), width(), m_zoom, m_model.get(), m_highlighted);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const int delta = event->angleDelta().y();
    if (!m_model || delta == 0)
        return;
    if (event->modifiers() & Qt::ShiftModifier) {
        m_rows.setScroll(m_rows.scroll() - delta / 2, height() - kRulerHeight);
        update();
    } else {
        zoomAt(event->position().x(), std::pow(0.998, delta)); // 120 per notch: about 21 % per notch
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->pos();
    m_pressViewStart = m_zoom.viewStart();
    m_pressScrollY = m_rows.scroll();
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
        syncArea();
        m_zoom.panFrom(m_pressViewStart, d.x());
        m_rows.setScroll(m_pressScrollY - d.y(), height() - kRulerHeight);
        Q_EMIT viewChanged();
    }
    update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragging || m_measuring || !m_model)
        return;
    const TimelineRows::Row* row = m_rows.rowAt(event->pos().y());
    if (row && row->group) {
        setGroupCollapsed(row->pid, !m_rows.isCollapsed(row->pid));
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
    syncArea();
    if (m_zoom.takePending()) {
        viewMoved();
        return;
    }
    m_zoom.clamp();
}

} // namespace kwb
