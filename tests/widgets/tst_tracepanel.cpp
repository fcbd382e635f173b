// TracePanel: a trace and a comparison trace on one time scale, each aligned at its timed region; a broken
// comparison says why and cannot be switched on.
#include "timelineview.h"
#include "tracepanel.h"
#include "cuda/chrometrace.h"

#include <QCheckBox>
#include <QFile>
#include <QTest>

using namespace kwb;

class TestTracePanel : public QObject {
    Q_OBJECT
private slots:
    void comparisonFollowsTheTimeScaleAlignedAtTheTimedRegion();
    void brokenComparisonSaysWhy();

private:
    static QByteArray harnessTrace(int64_t callStart);
    static QByteArray fixture();
};

// A trace like the harness's trace pass: a warm-up range, then "candidate: call 0" from `callStart` (ns).
QByteArray TestTracePanel::harnessTrace(int64_t callStart)
{
    trace::TraceData d;
    d.processId = 9;
    d.deviceNames = { "NVIDIA H200" };
    d.ranges = { { uint64_t(callStart - 500'000), uint64_t(callStart - 100'000), 9, 9, "candidate: warm-up", "" },
                 { uint64_t(callStart), uint64_t(callStart + 300'000), 9, 9, "candidate: call 0", "" } };
    trace::KernelRecord k;
    k.start = uint64_t(callStart + 10'000);
    k.end = uint64_t(callStart + 250'000);
    k.stream = 7;
    k.name = "row_scale";
    d.kernels = { k };
    return QByteArray::fromStdString(trace::chromeTraceJson(d));
}

QByteArray TestTracePanel::fixture()
{
    QFile f(QFINDTESTDATA("../trace/fixtures/kineto_mlp_h200.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestTracePanel::comparisonFollowsTheTimeScaleAlignedAtTheTimedRegion()
{
    TracePanel panel;
    panel.resize(1600, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.showTrace(harnessTrace(5'000'000'000), QStringLiteral("turn 3"));
    panel.setComparison(harnessTrace(9'000'000'000), QStringLiteral("turn 1"));
    QTRY_VERIFY(!panel.isLoading() && !panel.isLoadingComparison());
    QVERIFY(panel.compareToggle()->isEnabled());
    QVERIFY(!panel.isComparing());
    panel.compareToggle()->setChecked(true);
    QVERIFY(panel.isComparing());
    TimelineView* a = panel.timeline();
    TimelineView* b = panel.comparisonTimeline();
    QVERIFY(b->isVisible());
    QCOMPARE(a->alignmentTime(), qint64(5'000'000'000));
    QCOMPARE(b->alignmentTime(), qint64(9'000'000'000));
    for (const double factor : { 0.5, 0.25, 3.0 }) {
        a->zoomAt(700, factor);
        QCOMPARE(b->nsPerPixel(), a->nsPerPixel());
        QCOMPARE(b->viewStart() - b->alignmentTime(), a->viewStart() - a->alignmentTime());
    }
    b->zoomAt(400, 0.5); // either view leads
    QCOMPARE(a->nsPerPixel(), b->nsPerPixel());
    QCOMPARE(a->viewStart() - a->alignmentTime(), b->viewStart() - b->alignmentTime());

    // A trace without the harness's ranges is aligned at its start.
    panel.setComparison(fixture(), QStringLiteral("a profile"));
    QTRY_VERIFY(!panel.isLoadingComparison());
    QCOMPARE(b->alignmentTime(), b->model()->startTime());
    QCOMPARE(b->viewStart() - b->alignmentTime(), a->viewStart() - a->alignmentTime());
}

void TestTracePanel::brokenComparisonSaysWhy()
{
    TracePanel panel;
    panel.showTrace(fixture(), QStringLiteral("turn 2"));
    const QByteArray good = fixture();
    panel.setComparison(good.left(good.size() / 3), QStringLiteral("turn 1"));
    QTRY_VERIFY(!panel.isLoading() && !panel.isLoadingComparison());
    QVERIFY(!panel.compareToggle()->isEnabled());
    QVERIFY(!panel.comparisonTimeline()->model());
    QVERIFY(panel.compareToggle()->toolTip().contains(QStringLiteral("is not a complete Chrome trace")));
    panel.clearComparison();
    QVERIFY(!panel.isComparing());
}

QTEST_MAIN(TestTracePanel)
#include "tst_tracepanel.moc"
