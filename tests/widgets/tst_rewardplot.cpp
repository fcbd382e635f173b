#include "widgetfixtures.h"

#include "models/turnnavigator.h"
#include "rewardplot.h"

#include <QSignalSpy>
#include <QTest>

using namespace kwb;

class TestRewardPlot : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void plotsTheBranchAndDimsTheOthers();
    void clickingAPointAsksForItsTurn();
};

void TestRewardPlot::plotsTheBranchAndDimsTheOthers()
{
    const Trajectory t = test::steppingTrajectory();
    const TurnGraph graph(t);
    TurnNavigator nav;
    nav.setGraph(&graph);
    RewardPlot plot;
    plot.setBranches(&t, &graph, nav.branch(), nav.otherBranches());
    plot.setCurrentTurn(2);
    QCOMPARE(plot.rewardValues(), (QList<double> { 1, 3, 3, 3 }));
    QCOMPARE(plot.otherBranchCount(), 1);
    QCOMPARE(plot.currentTurn(), 2);
}

void TestRewardPlot::clickingAPointAsksForItsTurn()
{
    const Trajectory t = test::steppingTrajectory();
    const TurnGraph graph(t);
    TurnNavigator nav;
    nav.setGraph(&graph);
    RewardPlot plot;
    plot.resize(500, 360);
    plot.setBranches(&t, &graph, nav.branch(), nav.otherBranches());
    plot.setCurrentTurn(0);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QCoreApplication::processEvents(); // the queued replot lays out the axes
    QSignalSpy clicked(&plot, &RewardPlot::turnClicked);
    const QPoint third = plot.pixelOf(2).toPoint();
    QVERIFY(plot.plotArea()->rect().contains(third));
    QTest::mouseClick(plot.plotArea(), Qt::LeftButton, {}, third);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().first().toInt(), 2);
    // The fork's point (turn 2 of its branch, reward -1) is on a dimmed line and jumps there too.
    QTest::mouseClick(plot.plotArea(), Qt::LeftButton, {}, plot.pixelOf(4).toPoint());
    QCOMPARE(clicked.count(), 2);
    QCOMPARE(clicked.last().first().toInt(), 4);
}

QTEST_MAIN(TestRewardPlot)
#include "tst_rewardplot.moc"
