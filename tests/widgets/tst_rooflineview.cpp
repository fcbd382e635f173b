#include "widgetfixtures.h"

#include "models/turnnavigator.h"
#include "rooflineview.h"

#include <QSignalSpy>
#include <QTest>

#include <qcustomplot.h>

#include <algorithm>

#include <cmath>

using namespace kwb;

class TestRooflineView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }
    void cleanup() { QLocale::setDefault(QLocale::system()); }
    void pointsSitAtIntensityAndAchievedRate();
    void summaryNamesTheBoundAndTheRoof();
    void computeBoundAtTf32();
    void clickingAPointAsksForItsTurn();
    void zeroFlopTaskShowsBandwidthPerTurn();
    void missingCeilingsSaySo();
    void missingFloorOrEvaluationSaySo();
    void anotherBranchReplacesThePoints();
    void roofLabelsNeverOverlap();

private:
    void showOn(RooflineView& view, const Trajectory& t, const TurnGraph& graph, int current);
};

void TestRooflineView::showOn(RooflineView& view, const Trajectory& t, const TurnGraph& graph, int current)
{
    TurnNavigator nav;
    nav.setGraph(&graph);
    view.setBranch(&t, &graph, nav.branch());
    view.setCurrentTurn(current);
}

void TestRooflineView::pointsSitAtIntensityAndAchievedRate()
{
    const Trajectory t = test::rooflineTrajectory();
    const TurnGraph graph(t);
    RooflineView view;
    showOn(view, t, graph, 1);
    QCOMPARE(view.mode(), BranchRoofline::Mode::Roofline);
    QVERIFY(view.message().isEmpty());
    QCOMPARE(view.roofline().points().size(), 4); // the fork did not compile: no point, and not on this branch
    for (int i = 0; i < 4; ++i) {
        // 50 MFLOP over 200 MB is 0.25 FLOP/B; 50 MFLOP in 200/(i+1) µs is (i+1) × 250 GFLOP/s.
        const QPointF at = view.coordsOf(i);
        QCOMPARE(at.x(), 0.25);
        QCOMPARE(at.y(), (i + 1) * 2.5e11);
        QCOMPARE(view.roofline().pointOf(i)->number, i + 1);
        QCOMPARE(view.roofline().pointOf(i)->point.fractionOfRoofline, 0.25 * (i + 1));
    }
    QVERIFY(std::isnan(view.coordsOf(4).x()));
    QCOMPARE(view.ridgeCoords(), QPointF(12.5, 50e12)); // 50 TFLOP/s over 4 TB/s
    QCOMPARE(view.roofline().roof().precision, QStringLiteral("fp32"));
    QCOMPARE(view.roofline().otherRoofs().size(), 1); // tf32, drawn fainter
    QCOMPARE(view.roofline().otherRoofs().first().rate, 400e12);
    // Eager and torch.compile come from the latest turn that timed them.
    QCOMPARE(view.roofline().eager().turn, 3);
    QCOMPARE(view.roofline().eager().point.achievedFlops, 5e7 / 400e-6);
    QCOMPARE(view.roofline().compiled().point.fractionOfRoofline, 0.5);
}

void TestRooflineView::summaryNamesTheBoundAndTheRoof()
{
    const Trajectory t = test::rooflineTrajectory();
    const TurnGraph graph(t);
    RooflineView view;
    showOn(view, t, graph, 1);
    // Turn 2 moves 200 MB in 100 µs: 2 TB/s of 4 TB/s, and the roof allows 50 µs.
    QVERIFY2(view.summary().startsWith(QStringLiteral("bound: memory, 50 % of roofline, 2.00 TB/s of 4.00 TB/s")),
        qPrintable(view.summary()));
    QVERIFY2(view.summary().contains(QStringLiteral("torch.compile 50 %")), qPrintable(view.summary()));
    view.setCurrentTurn(2);
    QVERIFY2(view.summary().startsWith(QStringLiteral("bound: memory, 75 % of roofline, 3.00 TB/s of 4.00 TB/s")),
        qPrintable(view.summary()));
    QCOMPARE(view.currentTurn(), 2);
}

void TestRooflineView::computeBoundAtTf32()
{
    // 100 GFLOP over 200 MB: 500 FLOP/B, past the tf32 ridge (100 FLOP/B). Compute needs 250 µs at 400 TFLOP/s,
    // memory 50 µs.
    Trajectory t = test::rooflineTrajectory(QStringLiteral("c"), 1e11);
    for (Turn& turn : t.turns)
        turn.eval->fingerprint.insert(QStringLiteral("tf32_policy"), QStringLiteral("tf32"));
    t.turns[0].eval->timing.candidate = { 500, 500, 500, 500, 0.01, 10 };
    const TurnGraph graph(t);
    RooflineView view;
    showOn(view, t, graph, 0);
    QCOMPARE(view.roofline().roof().precision, QStringLiteral("tf32"));
    QCOMPARE(view.ridgeCoords(), QPointF(100, 400e12));
    QCOMPARE(view.roofline().otherRoofs().first().precision, QStringLiteral("fp32"));
    QCOMPARE(view.coordsOf(0), QPointF(500, 2e14)); // 1e11 FLOP in 500 µs
    // 250 µs of tf32 compute over 500 µs measured: half the roof.
    QVERIFY2(view.summary().startsWith(QStringLiteral("bound: compute, 50 % of roofline, 200 TFLOP/s of 400 TFLOP/s (tf32)")),
        qPrintable(view.summary()));
}

void TestRooflineView::clickingAPointAsksForItsTurn()
{
    const Trajectory t = test::rooflineTrajectory();
    const TurnGraph graph(t);
    RooflineView view;
    view.resize(520, 420);
    showOn(view, t, graph, 3);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents(); // the queued replot lays out the axes
    QSignalSpy clicked(&view, &RooflineView::turnClicked);
    const QPoint first = view.pixelOf(0).toPoint();
    const QPoint third = view.pixelOf(2).toPoint();
    QVERIFY(view.plotArea()->rect().contains(first));
    QVERIFY(first.y() > third.y()); // slower turns sit lower
    QCOMPARE(first.x(), third.x()); // one task, one intensity
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, third);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.last().first().toInt(), 2);
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, first);
    QCOMPARE(clicked.last().first().toInt(), 0);
    // The eager marker belongs to the turn whose evaluation timed it.
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, view.eagerPixel().toPoint());
    QCOMPARE(clicked.count(), 3);
    QCOMPARE(clicked.last().first().toInt(), 3);
    // Empty space asks for nothing.
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, first + QPoint(-60, 0));
    QCOMPARE(clicked.count(), 3);
}

void TestRooflineView::zeroFlopTaskShowsBandwidthPerTurn()
{
    const Trajectory t = test::rooflineTrajectory(QStringLiteral("z"), 0);
    const TurnGraph graph(t);
    RooflineView view;
    view.resize(520, 420);
    showOn(view, t, graph, 1);
    QCOMPARE(view.mode(), BranchRoofline::Mode::Bandwidth);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(view.coordsOf(i), QPointF(i + 1, (i + 1) * 1e12)); // 200 MB in 200/(i+1) µs
    QVERIFY(std::isnan(view.ridgeCoords().x()));
    QVERIFY2(view.summary().startsWith(QStringLiteral("bound: memory, 50 % of roofline, 2.00 TB/s of 4.00 TB/s")),
        qPrintable(view.summary()));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    QSignalSpy clicked(&view, &RooflineView::turnClicked);
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, view.pixelOf(3).toPoint());
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.last().first().toInt(), 3);
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, view.pixelOf(1).toPoint()); // the current turn's column
    QCOMPARE(clicked.last().first().toInt(), 1);
    QTest::mouseClick(view.plotArea(), Qt::LeftButton, {}, view.compiledPixel().toPoint());
    QCOMPARE(clicked.count(), 3);
    QCOMPARE(clicked.last().first().toInt(), 3);
}

void TestRooflineView::missingCeilingsSaySo()
{
    const Trajectory t = test::rooflineTrajectory(QStringLiteral("m"), 5e7, Ceilings());
    const TurnGraph graph(t);
    RooflineView view;
    view.show();
    showOn(view, t, graph, 1);
    QCOMPARE(view.mode(), BranchRoofline::Mode::Message);
    QCOMPARE(view.message(), QStringLiteral("No calibration for this GPU: run kwb-runner calibrate."));
    QVERIFY(!view.plotArea()->isVisible());
    QVERIFY(view.summary().isEmpty());
    QSignalSpy clicked(&view, &RooflineView::turnClicked);
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.rect().center());
    QCOMPARE(clicked.count(), 0);
    // Calibrated again: the plot comes back.
    const Trajectory calibrated = test::rooflineTrajectory(QStringLiteral("m2"));
    const TurnGraph graph2(calibrated);
    showOn(view, calibrated, graph2, 1);
    QVERIFY(view.message().isEmpty());
    QVERIFY(view.plotArea()->isVisible());
}

void TestRooflineView::missingFloorOrEvaluationSaySo()
{
    const Trajectory noFloor = test::steppingTrajectory(); // evaluations from before floors were counted
    Trajectory calibratedOnly = noFloor;
    for (Turn& turn : calibratedOnly.turns)
        turn.eval->ceilings = test::roundCeilings();
    const TurnGraph graph(noFloor);
    RooflineView view;
    showOn(view, calibratedOnly, graph, 0);
    QVERIFY2(view.message().contains(QStringLiteral("no work floor")), qPrintable(view.message()));
    Trajectory unevaluated = noFloor;
    for (Turn& turn : unevaluated.turns)
        turn.eval.reset();
    showOn(view, unevaluated, graph, 0);
    QCOMPARE(view.message(), QStringLiteral("No turn of this branch was evaluated."));
    view.clear();
    QVERIFY(!view.message().isEmpty());
    QCOMPARE(view.currentTurn(), -1);
}

void TestRooflineView::anotherBranchReplacesThePoints()
{
    const Trajectory t = test::rooflineTrajectory();
    const TurnGraph graph(t);
    TurnNavigator nav;
    nav.setGraph(&graph);
    nav.setCurrent(4); // the fork from turn 2, whose compile failed
    RooflineView view;
    view.setBranch(&t, &graph, nav.branch());
    view.setCurrentTurn(4);
    QCOMPARE(view.roofline().points().size(), 2);
    QVERIFY(view.roofline().pointOf(3) == nullptr);
    QVERIFY(std::isnan(view.coordsOf(4).x()));
    QCOMPARE(view.roofline().eager().turn, 1); // the fork never timed eager: its parent did
    QVERIFY2(view.summary().contains(QStringLiteral("did not pass verification")), qPrintable(view.summary()));
}

// The H200's roofs: fp32 under tf32 under bf16 and fp16 at one rate. Roofs of one rate share a label, and on a small
// plot a label too close to another is left out rather than printed over it.
void TestRooflineView::roofLabelsNeverOverlap()
{
    Ceilings c;
    c.bandwidth = 4.2e12;
    c.fp32 = 51e12;
    c.tf32 = 494e12;
    c.bf16 = c.fp16 = 989e12;
    c.calibratedAt = QStringLiteral("2026-12-01T00:00:00Z");
    const Trajectory t = test::rooflineTrajectory(QStringLiteral("r"), 5e7, c);
    const TurnGraph graph(t);
    for (const QSize size : { QSize(700, 500), QSize(360, 220) }) {
        RooflineView view;
        view.resize(size);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        showOn(view, t, graph, 1);
        auto* plot = view.findChild<QCustomPlot*>(QStringLiteral("rooflinePlotArea"));
        plot->replot();
        QList<QCPItemText*> roofs;
        QStringList texts;
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* label = qobject_cast<QCPItemText*>(plot->item(i));
            if (label && label->text().contains(QStringLiteral("FLOP/s"))) {
                texts << label->text();
                if (label->visible())
                    roofs << label;
            }
        }
        QCOMPARE(texts.size(), 3); // fp32, tf32, and one for bf16 and fp16
        QVERIFY2(texts.filter(QStringLiteral("bf16/fp16")).size() == 1, qPrintable(texts.join(QStringLiteral(" | "))));
        QVERIFY(std::any_of(roofs.cbegin(), roofs.cend(), [](QCPItemText* l) { return l->text().startsWith(QStringLiteral("fp32")); }));
        const double line = QFontMetrics(plot->xAxis->tickLabelFont()).height();
        for (int a = 0; a < roofs.size(); ++a)
            for (int b = a + 1; b < roofs.size(); ++b)
                QVERIFY2(std::abs(plot->yAxis->coordToPixel(roofs[a]->position->value()) - plot->yAxis->coordToPixel(roofs[b]->position->value())) >= line,
                    qPrintable(roofs[a]->text() + QStringLiteral(" over ") + roofs[b]->text()));
        if (size.height() >= 500)
            QCOMPARE(roofs.size(), 3); // room for all three
    }
}

QTEST_MAIN(TestRooflineView)
#include "tst_rooflineview.moc"
