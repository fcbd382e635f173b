// TimelineZoom, the timeline's time axis without a widget: a range fills the area, zooming keeps the time under the
// cursor, the view stays within half a width of the trace, and a range asked for before the area had a width waits.
#include "timelinezoom.h"

#include <QTest>

using namespace kwb;

class TestTimelineZoom : public QObject {
    Q_OBJECT
private slots:
    void rangeFillsTheArea();
    void zoomKeepsTheTimeUnderTheCursor();
    void viewStaysNearTheTrace();
    void rangeWaitsForAWidth();
    void panFollowsTheDrag();
};

void TestTimelineZoom::rangeFillsTheArea()
{
    TimelineZoom zoom;
    zoom.setArea(190, 1190); // 1000 px of events
    zoom.setBounds(5'000, 1'005'000);
    zoom.setRange(5'000, 1'005'000);
    QCOMPARE(zoom.nsPerPixel(), 1000.0);
    QCOMPARE(zoom.timeAt(190), qint64(5'000));
    QCOMPARE(zoom.timeAt(1190), qint64(1'005'000));
    QCOMPARE(zoom.xAt(505'000), 690.0);
}

void TestTimelineZoom::zoomKeepsTheTimeUnderTheCursor()
{
    TimelineZoom zoom;
    zoom.setArea(190, 1190);
    zoom.setBounds(0, 10'000'000);
    zoom.setRange(0, 10'000'000);
    for (const double x : { 200.0, 640.0, 1180.0 }) {
        const qint64 before = zoom.timeAt(x);
        zoom.zoomAt(x, 0.5);
        QVERIFY(std::abs(zoom.timeAt(x) - before) <= qint64(zoom.nsPerPixel()) + 1);
    }
    QCOMPARE(zoom.nsPerPixel(), 10'000.0 / 8);
    // No finer than a picosecond a pixel, however far one zooms in.
    for (int i = 0; i < 60; ++i)
        zoom.zoomAt(640, 0.5);
    QCOMPARE(zoom.nsPerPixel(), TimelineZoom::kFinestNsPerPixel);
}

void TestTimelineZoom::viewStaysNearTheTrace()
{
    TimelineZoom zoom;
    zoom.setArea(0, 1000);
    zoom.setBounds(0, 1'000'000);
    zoom.setRange(0, 1'000'000);
    zoom.zoomAt(500, 100); // out, far past the whole span
    QCOMPARE(zoom.nsPerPixel(), 2000.0); // at most twice the span across the area
    zoom.setRange(0, 100'000); // 100 ns a pixel
    zoom.panFrom(zoom.viewStart(), 1e9); // dragged far to the right: earlier than the trace
    QCOMPARE(zoom.viewStart(), qint64(-50'000)); // half a width before its start at the most
    zoom.panFrom(zoom.viewStart(), -1e9);
    QCOMPARE(zoom.viewStart(), qint64(1'000'000 - 50'000));
    // Without bounds (no trace) nothing is clamped.
    zoom.clearBounds();
    zoom.setScale(-5'000'000, 3.0);
    zoom.clamp();
    QCOMPARE(zoom.viewStart(), qint64(-5'000'000));
}

void TestTimelineZoom::rangeWaitsForAWidth()
{
    TimelineZoom zoom;
    zoom.setArea(190, 100); // a dock not laid out yet: no room right of the labels
    zoom.setBounds(0, 2'000'000);
    zoom.setRange(400'000, 600'000);
    QVERIFY(!zoom.hasWidth());
    zoom.setArea(190, 1190);
    QVERIFY(zoom.takePending());
    QCOMPARE(zoom.viewStart(), qint64(400'000));
    QCOMPARE(zoom.nsPerPixel(), 200.0);
    QVERIFY(!zoom.takePending()); // taken once
    // The user's zoom replaces a range still waiting.
    zoom.setArea(190, 100);
    zoom.setRange(0, 2'000'000);
    zoom.zoomAt(150, 0.5);
    zoom.setArea(190, 1190);
    QVERIFY(!zoom.takePending());
}

void TestTimelineZoom::panFollowsTheDrag()
{
    TimelineZoom zoom;
    zoom.setArea(190, 1190);
    zoom.setBounds(0, 10'000'000);
    zoom.setRange(4'000'000, 5'000'000); // 1000 ns a pixel
    const qint64 atPress = zoom.viewStart();
    zoom.panFrom(atPress, -100); // dragged left by 100 px: 100 px of time later
    QCOMPARE(zoom.viewStart(), atPress + 100'000);
    zoom.panFrom(atPress, 30);
    QCOMPARE(zoom.viewStart(), atPress - 30'000);
}

QTEST_GUILESS_MAIN(TestTimelineZoom)
#include "tst_timelinezoom.moc"
