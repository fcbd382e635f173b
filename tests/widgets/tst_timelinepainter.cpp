// TimelinePainter on a small trace painted into an image: kernels are filled where the zoom and the rows put them,
// the harness's copy after the timed call is dimmed, a highlighted name is outlined, a fold hides its rows, and the
// selected kernel gets its outline and the arrow from its launch.
#include "timelinepainter.h"
#include "timelineruler.h"
#include "timelinetrace.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

using namespace kwb;
using namespace kwb::trace;

class TestTimelinePainter : public QObject {
    Q_OBJECT
private slots:
    void init();
    void kernelsWhereTheAxesPutThem();
    void harnessCopyIsDimmed();
    void highlightOutlinesTheName();
    void foldHidesTheRows();
    void selectionHasItsOutlineAndFlow();

private:
    QImage paint();
    TimelineHit find(const std::string& thread, EventKind kind) const;
    QPoint centreOf(TimelineHit hit) const;

    std::shared_ptr<const TraceModel> m_model;
    std::unique_ptr<TraceLod> m_lod;
    std::unique_ptr<CallRanges> m_calls;
    TimelineZoom m_zoom;
    TimelineRows m_rows;
    TimelinePainter m_painter;
    TimelinePainter::Scene m_scene;
    std::vector<char> m_highlight;
};

void TestTimelinePainter::init()
{
    m_model = smallTimelineTrace();
    QVERIFY(m_model);
    m_lod = std::make_unique<TraceLod>(*m_model);
    m_calls = std::make_unique<CallRanges>(*m_model);
    m_zoom = {};
    m_zoom.setArea(190, 1190);
    m_zoom.setBounds(m_model->startTime(), m_model->endTime());
    m_zoom.setRange(m_model->startTime(), m_model->endTime()); // 170 µs over 1000 px
    m_rows = {};
    m_rows.setTop(TimelineRuler::kHeight);
    m_rows.layout(m_model.get());
    m_highlight.clear();
    m_scene = {};
    m_scene.model = m_model.get();
    m_scene.lod = m_lod.get();
    m_scene.calls = m_calls.get();
    m_scene.zoom = &m_zoom;
    m_scene.rows = &m_rows;
    m_scene.highlightNames = &m_highlight;
}

QImage TestTimelinePainter::paint()
{
    QImage image(1200, 300, QImage::Format_RGB32);
    const QPalette palette = QApplication::palette();
    image.fill(palette.color(QPalette::Base));
    QPainter p(&image);
    m_painter.paint(p, palette, image.size(), m_scene);
    return image;
}

TimelineHit TestTimelinePainter::find(const std::string& thread, EventKind kind) const
{
    for (int t = 0; t < int(m_model->tracks().size()); ++t) {
        const TraceTrack& track = m_model->tracks()[size_t(t)];
        for (int i = 0; track.threadName == thread && i < int(track.events.size()); ++i)
            if (track.events[size_t(i)].kind() == kind)
                return { t, i };
    }
    return {};
}

QPoint TestTimelinePainter::centreOf(TimelineHit hit) const
{
    const TraceEvent& e = m_model->tracks()[size_t(hit.track)].events[size_t(hit.event)];
    const TimelineRows::Row* row = m_rows.trackRow(hit.track);
    if (!row)
        return { -1, -1 };
    return { int(m_zoom.xAt(e.start + e.duration / 2)),
             m_rows.topOf(*row) + TimelineRows::lineOf(e) * TimelineRows::kDepthHeight + TimelineRows::kDepthHeight / 2 };
}

void TestTimelinePainter::kernelsWhereTheAxesPutThem()
{
    const TimelineHit kernel = find("stream 7", EventKind::Kernel);
    QVERIFY(kernel.event >= 0);
    const QImage image = paint();
    const QColor base = QApplication::palette().color(QPalette::Base);
    const QPoint at = centreOf(kernel);
    QVERIFY(image.pixelColor(at) != base);
    const TraceEvent& e = m_model->tracks()[size_t(kernel.track)].events[size_t(kernel.event)];
    // Past its end, on the same line, the row is empty.
    QCOMPARE(image.pixelColor(int(m_zoom.xAt(e.end())) + 20, at.y()), base);
    // Zoomed onto the other stream's kernel, this one leaves the view.
    const TimelineHit other = find("stream 8", EventKind::Kernel);
    const TraceEvent& o = m_model->tracks()[size_t(other.track)].events[size_t(other.event)];
    m_zoom.setRange(o.start, o.end());
    QCOMPARE(paint().pixelColor(int(m_zoom.left()) + 500, at.y()), base);
}

void TestTimelinePainter::harnessCopyIsDimmed()
{
    const TimelineHit copy = find("stream 8", EventKind::Memcpy);
    QVERIFY(copy.event >= 0);
    QVERIFY(m_calls->isHarnessWork(m_model->tracks()[size_t(copy.track)].events[size_t(copy.event)]));
    const QColor drawn = paint().pixelColor(centreOf(copy));
    const QColor copyColour(0xe6, 0x8a, 0x00);
    QVERIFY(drawn != copyColour);
    QCOMPARE(drawn.hsvHue(), copyColour.hsvHue());
    QVERIFY(drawn.hsvSaturation() < copyColour.hsvSaturation() / 2);
}

void TestTimelinePainter::highlightOutlinesTheName()
{
    const TimelineHit kernel = find("stream 7", EventKind::Kernel);
    const QPoint centre = centreOf(kernel);
    const TraceEvent& e = m_model->tracks()[size_t(kernel.track)].events[size_t(kernel.event)];
    const QPoint edge(int(m_zoom.xAt(e.start)) + 2, centre.y());
    const QColor outline(255, 140, 0);
    QVERIFY(paint().pixelColor(edge) != outline);
    m_highlight.assign(m_model->names().size(), 0);
    m_highlight[e.name] = 1;
    QCOMPARE(paint().pixelColor(edge), outline);
}

void TestTimelinePainter::foldHidesTheRows()
{
    const TimelineHit kernel = find("stream 7", EventKind::Kernel);
    const QPoint at = centreOf(kernel);
    const QColor before = paint().pixelColor(at);
    m_rows.setCollapsed(m_model->tracks()[size_t(kernel.track)].pid, true);
    m_rows.layout(m_model.get());
    QVERIFY(!m_rows.trackRow(kernel.track));
    QVERIFY(paint().pixelColor(at) != before);
    QCOMPARE(TimelinePainter::anchorOf(m_scene, kernel), QPointF(-1, -1));
}

void TestTimelinePainter::selectionHasItsOutlineAndFlow()
{
    const TimelineHit kernel = find("stream 7", EventKind::Kernel);
    const TimelineHit launch = find("main thread", EventKind::RuntimeApi);
    QVERIFY(launch.event >= 0);
    QVERIFY(!m_model->flows().empty());
    const QPointF from = TimelinePainter::anchorOf(m_scene, launch), to = TimelinePainter::anchorOf(m_scene, kernel);
    const QPoint middle = ((from + to) / 2).toPoint();
    const QImage unselected = paint();
    m_scene.selected = kernel;
    const QImage selected = paint();
    const QColor text = QApplication::palette().color(QPalette::Text);
    // The arrow from the launch passes half-way between the two anchors (within a pixel of its line).
    bool onArrow = false;
    for (int dy = -1; dy <= 1; ++dy)
        onArrow = onArrow || selected.pixelColor(middle + QPoint(0, dy)) != unselected.pixelColor(middle + QPoint(0, dy));
    QVERIFY(onArrow);
    // The selected kernel's outline at its left edge.
    const TraceEvent& e = m_model->tracks()[size_t(kernel.track)].events[size_t(kernel.event)];
    const QPoint edge(int(m_zoom.xAt(e.start)), centreOf(kernel).y());
    QCOMPARE(selected.pixelColor(edge), text);
}

QTEST_MAIN(TestTimelinePainter)
#include "tst_timelinepainter.moc"
