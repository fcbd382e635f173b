// TimelineView on the torch.profiler trace recorded on the H200: zoom keeps the time under the cursor,
// a click selects the event under it, dragging pans, Shift+drag measures and Z zooms to it, groups fold.
#include "timelineview.h"
#include "trace/tracereader.h"

#include <QSignalSpy>
#include <QSet>
#include <QTest>

using namespace kwb;
using namespace kwb::trace;

class TestTimelineView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void wheelZoomKeepsTheTimeUnderTheCursor();
    void clickSelectsTheEventUnderIt();
    void dragPansAndShiftDragMeasures();
    void groupsFold();
    void paintsZoomedOutAndIn();

private:
    std::shared_ptr<const TraceModel> m_model;
    int m_kernelTrack = -1;
    int m_kernelIndex = -1; // the longest kernel
};

void TestTimelineView::initTestCase()
{
    const QString path = QFINDTESTDATA("../trace/fixtures/kineto_mlp_h200.json");
    QVERIFY(!path.isEmpty());
    TraceReader::Result r = TraceReader::load(path.toStdString());
    QVERIFY2(r.complete, r.error.c_str());
    m_model = std::move(r.model);
    qint64 longest = 0;
    for (int t = 0; t < int(m_model->tracks().size()); ++t)
        for (int i = 0; i < int(m_model->tracks()[size_t(t)].events.size()); ++i) {
            const TraceEvent& e = m_model->tracks()[size_t(t)].events[size_t(i)];
            if (e.kind() == EventKind::Kernel && e.duration > longest) {
                longest = e.duration;
                m_kernelTrack = t;
                m_kernelIndex = i;
            }
        }
    QVERIFY(m_kernelIndex >= 0);
}

void TestTimelineView::wheelZoomKeepsTheTimeUnderTheCursor()
{
    TimelineView view;
    view.resize(1400, 700);
    view.setTrace(m_model);
    const double fullScale = view.nsPerPixel();
    for (const int x : { 300, 800, 1350 }) {
        for (const int delta : { 120, 120, 360, -120, 240, -480 }) {
            const qint64 before = view.timeAt(x);
            const double scale = view.nsPerPixel();
            QWheelEvent wheel(QPointF(x, 200), view.mapToGlobal(QPointF(x, 200)), {}, QPoint(0, delta), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(&view, &wheel);
            QVERIFY(delta > 0 ? view.nsPerPixel() < scale : view.nsPerPixel() >= scale);
            QVERIFY2(std::abs(view.timeAt(x) - before) <= std::max(1.0, view.nsPerPixel()),
                     qPrintable(QStringLiteral("x %1: %2 -> %3").arg(x).arg(before).arg(view.timeAt(x))));
        }
    }
    QVERIFY(view.nsPerPixel() < fullScale);

    // At every zoom the ruler's labels are distinct, however far from the trace's start the view is.
    const qint64 origin = m_model->startTime();
    for (const double perPixel : { 1.0, 10.0, 1e3, 1e5, 1e7 }) {
        view.setTimeScale(origin + qint64(1.137e9), perPixel);
        const auto ticks = view.rulerTicks();
        QVERIFY(ticks.size() >= 5);
        QSet<QString> labels;
        for (const auto& tick : ticks)
            labels.insert(tick.second);
        QVERIFY2(labels.size() == ticks.size(), qPrintable(QStringLiteral("%1 px/ns: %2").arg(perPixel).arg(ticks.first().second)));
    }
}

void TestTimelineView::clickSelectsTheEventUnderIt()
{
    TimelineView view;
    view.resize(1400, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTrace(m_model);
    const TraceEvent& e = m_model->tracks()[size_t(m_kernelTrack)].events[size_t(m_kernelIndex)];
    view.setViewRange(e.start - e.duration, e.end() + e.duration); // the kernel fills the middle third
    const QRect row = view.trackRect(m_kernelTrack);
    QVERIFY2(row.isValid() && row.bottom() < view.height(), "the kernel's stream is off screen");
    QSignalSpy selected(&view, &TimelineView::eventSelected);
    const QPoint on(int(view.xAt(e.start + e.duration / 2)), row.top() + e.depth() * TimelineView::kDepthHeight + 8);
    QTest::mouseClick(&view, Qt::LeftButton, {}, on);
    QCOMPARE(view.selected(), (TimelineView::Hit { m_kernelTrack, m_kernelIndex }));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().at(1).toInt(), m_kernelIndex);
    // Empty space right of it (within the same row, a third of the view away) selects nothing.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() - 5, on.y()));
    QCOMPARE(view.selected().event, -1);
}

void TestTimelineView::dragPansAndShiftDragMeasures()
{
    TimelineView view;
    view.resize(1400, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTrace(m_model);
    const qint64 mid = (m_model->startTime() + m_model->endTime()) / 2;
    view.setViewRange(mid - 1'000'000, mid + 1'000'000);
    const qint64 start = view.viewStart();
    QTest::mousePress(&view, Qt::LeftButton, {}, QPoint(600, 300));
    QTest::mouseMove(&view, QPoint(500, 300));
    QTest::mouseRelease(&view, Qt::LeftButton, {}, QPoint(500, 300));
    QVERIFY2(std::abs(view.viewStart() - (start + qint64(100 * view.nsPerPixel()))) <= qint64(view.nsPerPixel()) + 1,
             "dragging left by 100 px moves the view later by 100 px of time");
    QCOMPARE(view.selected().event, -1); // a drag is not a click

    QTest::mousePress(&view, Qt::LeftButton, Qt::ShiftModifier, QPoint(400, 300));
    QTest::mouseMove(&view, QPoint(900, 300));
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::ShiftModifier, QPoint(900, 300));
    const auto measured = view.measure();
    QCOMPARE(measured.first, view.timeAt(400));
    QCOMPARE(measured.second, view.timeAt(900));
    QTest::keyClick(&view, Qt::Key_Z);
    QVERIFY(std::abs(view.viewStart() - measured.first) <= 1);
    QVERIFY(std::abs(view.timeAt(view.width()) - measured.second) <= qint64(view.nsPerPixel()) + 1);
}

void TestTimelineView::groupsFold()
{
    TimelineView view;
    view.resize(1400, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTrace(m_model);
    const int all = view.visibleTrackCount();
    const qint64 gpuPid = m_model->tracks()[size_t(m_kernelTrack)].pid;
    const QRect header = view.groupRect(gpuPid);
    QVERIFY(header.isValid());
    QTest::mouseClick(&view, Qt::LeftButton, {}, header.center());
    int gpuTracks = 0;
    for (const TraceTrack& t : m_model->tracks())
        gpuTracks += t.pid == gpuPid;
    QCOMPARE(view.visibleTrackCount(), all - gpuTracks);
    QVERIFY(!view.trackRect(m_kernelTrack).isValid());
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.groupRect(gpuPid).center());
    QCOMPARE(view.visibleTrackCount(), all);
}

void TestTimelineView::paintsZoomedOutAndIn()
{
    TimelineView view;
    view.resize(1200, 600);
    view.setTrace(m_model);
    const QImage whole = view.grab().toImage();
    const TraceEvent& e = m_model->tracks()[size_t(m_kernelTrack)].events[size_t(m_kernelIndex)];
    view.setViewRange(e.start, e.end());
    view.select({ m_kernelTrack, m_kernelIndex });
    const QImage close = view.grab().toImage();
    QVERIFY(whole != close);
    // The kernel fills its row when the view is exactly its span: a pixel in the middle is not background.
    const QRect row = view.trackRect(m_kernelTrack);
    const QColor middle = close.pixelColor(view.width() / 2 + TimelineView::kLabelWidth / 2, row.top() + 8);
    QVERIFY(middle != view.palette().base().color());
    view.clear(QStringLiteral("no trace"));
    QVERIFY(view.grab().toImage() != close);
}

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
