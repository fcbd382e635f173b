#include "widgetfixtures.h"

#include "forktreeview.h"
#include "models/branchoutlinemodel.h"
#include "models/turnbadges.h"

#include <QFont>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

using namespace kwb;

class TestForkTreeView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void currentTurnIsSelectedAndBold();
    void clickingARowAsksForItsTurn();
    void badgesArePainted();
    void rooflineBadgeIsPainted();
};

void TestForkTreeView::currentTurnIsSelectedAndBold()
{
    const Trajectory t = test::steppingTrajectory();
    const TurnGraph graph(t);
    BranchOutlineModel model;
    ForkTreeView view;
    view.setOutline(&model);
    model.setTrajectory(&t, &graph);
    view.show();
    QSignalSpy activated(&view, &ForkTreeView::turnActivated);
    view.setCurrentTurn(2);
    QCOMPARE(model.turnAt(view.currentIndex()), 2);
    QVERIFY(view.currentIndex().data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(activated.count(), 0); // following the window is not a request
    // The fork from turn 2 is nested and expanded; the main line stays flat.
    const QModelIndex fork = model.indexOfTurn(4);
    QCOMPARE(fork.parent(), model.indexOfTurn(1));
    QVERIFY(view.isExpanded(model.indexOfTurn(1)));
    QCOMPARE(model.rowCount(), 4);
}

void TestForkTreeView::clickingARowAsksForItsTurn()
{
    const Trajectory t = test::steppingTrajectory();
    const TurnGraph graph(t);
    BranchOutlineModel model;
    ForkTreeView view;
    view.setOutline(&model);
    model.setTrajectory(&t, &graph);
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy activated(&view, &ForkTreeView::turnActivated);
    const QRect row = view.visualRect(model.indexOfTurn(4));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, row.center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.first().first().toInt(), 4);
}

void TestForkTreeView::badgesArePainted()
{
    const Trajectory t = test::steppingTrajectory();
    const TurnGraph graph(t);
    BranchOutlineModel model;
    ForkTreeView view;
    view.setOutline(&model);
    model.setTrajectory(&t, &graph);
    view.resize(500, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto badges = model.indexOfTurn(4, BranchOutlineModel::BadgesColumn).data(BranchOutlineModel::BadgesRole).value<QList<TurnBadge>>();
    QCOMPARE(badges.first().kind, TurnBadge::Kind::CompileFailed);
    // The compile-failed pill is red: look for it in the badge cell.
    const QRect cell = view.visualRect(model.indexOfTurn(4, BranchOutlineModel::BadgesColumn));
    const QImage image = view.viewport()->grab(cell).toImage();
    bool red = false;
    for (int x = 0; x < image.width() && !red; ++x)
        red = image.pixelColor(x, image.height() / 2) == QColor(0xc6, 0x28, 0x28);
    QVERIFY(red);
}

void TestForkTreeView::rooflineBadgeIsPainted()
{
    const Trajectory t = test::rooflineTrajectory();
    const TurnGraph graph(t);
    BranchOutlineModel model;
    ForkTreeView view;
    view.setOutline(&model);
    model.setTrajectory(&t, &graph);
    view.resize(500, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QModelIndex cellIndex = model.indexOfTurn(3, BranchOutlineModel::BadgesColumn);
    const auto badges = cellIndex.data(BranchOutlineModel::BadgesRole).value<QList<TurnBadge>>();
    QCOMPARE(badges.last().kind, TurnBadge::Kind::Roofline);
    QVERIFY(badges.last().text.startsWith(QLocale().toString(100) + QStringLiteral(" %")));
    // The roofline pill is purple and fits beside the speedup pill.
    const QImage image = view.viewport()->grab(view.visualRect(cellIndex)).toImage();
    bool purple = false;
    for (int x = 0; x < image.width() && !purple; ++x)
        purple = image.pixelColor(x, image.height() / 2) == QColor(0x6a, 0x1b, 0x9a);
    QVERIFY(purple);
}

QTEST_MAIN(TestForkTreeView)
#include "tst_forktreeview.moc"
