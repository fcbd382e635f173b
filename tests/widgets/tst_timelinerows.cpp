// TimelineRows, the timeline's rows and labels: a header per process, a row per thread or stream as tall as its
// nesting, folds that hide a process's rows, hit rows under the vertical scroll, and a scroll kept within the content.
#include "timelinerows.h"
#include "timelinetrace.h"

#include <QTest>

using namespace kwb;

class TestTimelineRows : public QObject {
    Q_OBJECT
private slots:
    void headersAndRowsInTraceOrder();
    void foldHidesAProcessRows();
    void rowsUnderTheScroll();
};

void TestTimelineRows::headersAndRowsInTraceOrder()
{
    const auto model = smallTimelineTrace();
    QVERIFY(model);
    TimelineRows rows;
    rows.layout(model.get());
    QStringList labels;
    for (const TimelineRows::Row& r : rows.rows())
        labels << (r.group ? QStringLiteral("# ") : QString()) + r.label;
    QCOMPARE(labels, QStringList({ QStringLiteral("# python3 (pid 10)"), QStringLiteral("main thread"),
                                   QStringLiteral("# GPU 0"), QStringLiteral("stream 7"), QStringLiteral("stream 8") }));
    QCOMPARE(rows.visibleTrackCount(), 3);
    // The host thread nests the launch inside the range: two lines; a stream has one.
    const TimelineRows::Row& host = rows.rows()[1];
    const TimelineRows::Row& stream = rows.rows()[3];
    QCOMPARE(host.height, 2 * TimelineRows::kDepthHeight + TimelineRows::kRowGap);
    QCOMPARE(stream.height, TimelineRows::kDepthHeight + TimelineRows::kRowGap);
    QCOMPARE(rows.contentHeight(), 2 * TimelineRows::kGroupHeight + host.height + 2 * stream.height);
}

void TestTimelineRows::foldHidesAProcessRows()
{
    const auto model = smallTimelineTrace();
    TimelineRows rows;
    rows.layout(model.get());
    const int gpuTrack = rows.rows()[3].track;
    const qint64 gpu = rows.rows()[3].pid;
    rows.setCollapsed(gpu, true);
    rows.layout(model.get());
    QVERIFY(rows.isCollapsed(gpu));
    QCOMPARE(rows.visibleTrackCount(), 1);
    QVERIFY(rows.groupRow(gpu)); // the header stays, to unfold it
    QVERIFY(!rows.trackRow(gpuTrack));
    rows.layout(model.get()); // a fold outlives a new layout of the same trace
    QCOMPARE(rows.visibleTrackCount(), 1);
    rows.resetFolds();
    rows.layout(model.get());
    QCOMPARE(rows.visibleTrackCount(), 3);
}

void TestTimelineRows::rowsUnderTheScroll()
{
    const auto model = smallTimelineTrace();
    TimelineRows rows;
    rows.setTop(22);
    rows.layout(model.get());
    QCOMPARE(rows.rowAt(22)->label, QStringLiteral("python3 (pid 10)"));
    QVERIFY(!rows.rowAt(21)); // the ruler above
    const TimelineRows::Row* stream8 = &rows.rows()[4];
    rows.setScroll(stream8->top, 10); // the last row at the top of a 10 px viewport
    QCOMPARE(rows.scroll(), stream8->top);
    QCOMPARE(rows.topOf(*stream8), 22);
    QCOMPARE(rows.rowAt(22), stream8);
    rows.setScroll(100000, 10); // no further than the content leaves room for
    QCOMPARE(rows.scroll(), rows.contentHeight() - 10);
    rows.setScroll(-5, 10);
    QCOMPARE(rows.scroll(), 0);
    rows.setScroll(40, 100000); // a viewport taller than the content does not scroll
    QCOMPARE(rows.scroll(), 0);
}

QTEST_GUILESS_MAIN(TestTimelineRows)
#include "tst_timelinerows.moc"
