#include "testutils.h"

#include "models/turnnavigator.h"

#include <QTest>

using namespace kwb;

namespace {

// 0 - 1 - 2 - 3 - 4        main line (the first children made)
//      \- 5 - 6            fork from 1
//          \- 7            fork from 5
Trajectory tree()
{
    Trajectory t;
    const QList<int> parents { -1, 0, 1, 2, 3, 1, 5, 5 };
    for (int i = 0; i < parents.size(); ++i) {
        Turn turn;
        turn.uuid = QString::number(i);
        turn.parentUuid = parents.at(i) < 0 ? QString() : QString::number(parents.at(i));
        t.turns.append(turn);
    }
    return t;
}

} // namespace

class TestTurnNavigator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void graph();
    void walkTheMainBranch();
    void forksAndBack();
    void otherBranches();
    void emptyTrajectory();
};

void TestTurnNavigator::graph()
{
    const TurnGraph g(tree());
    QCOMPARE(g.size(), 8);
    QCOMPARE(g.roots(), QList<int> { 0 });
    QCOMPARE(g.children(1), (QList<int> { 2, 5 }));
    QCOMPARE(g.height(0), 5);
    QCOMPARE(g.mainChild(1), 2);
    QCOMPARE(g.mainChild(5), 6); // equal heights: the first child
    QCOMPARE(g.depth(7), 3);
    QCOMPARE(g.pathTo(7), (QList<int> { 0, 1, 5, 7 }));
    QCOMPARE(g.leafFrom(0), 4);
    QCOMPARE(g.leaves(), (QList<int> { 4, 6, 7 }));
    QVERIFY(g.isAncestorOrSelf(1, 7));
    QVERIFY(!g.isAncestorOrSelf(2, 7));
    QCOMPARE(g.indexOf(QStringLiteral("5")), 5);

    // A fork that grows longer than the main line stays a fork: the main line is the first child made, as git's
    // first parent, so the tree's order does not change as turns are added.
    Trajectory longer = tree();
    for (int i = 8; i < 12; ++i) {
        Turn turn;
        turn.uuid = QString::number(i);
        turn.parentUuid = QString::number(i == 8 ? 7 : i - 1);
        longer.turns.append(turn);
    }
    const TurnGraph grown(longer);
    QVERIFY(grown.height(5) > grown.height(2));
    QCOMPARE(grown.mainChild(1), 2);
    QCOMPARE(grown.leafFrom(0), 4);
}

void TestTurnNavigator::walkTheMainBranch()
{
    const TurnGraph g(tree());
    TurnNavigator nav;
    nav.setGraph(&g);
    QCOMPARE(nav.current(), 0);
    QCOMPARE(nav.branch(), (QList<int> { 0, 1, 2, 3, 4 }));
    QVERIFY(!nav.previous());
    QVERIFY(nav.next());
    QVERIFY(nav.next());
    QCOMPARE(nav.current(), 2);
    QVERIFY(nav.last());
    QCOMPARE(nav.current(), 4);
    QVERIFY(!nav.next());
    QVERIFY(nav.first());
    QCOMPARE(nav.current(), 0);
    QVERIFY(nav.setPosition(3));
    QCOMPARE(nav.current(), 3);
    QVERIFY(!nav.canParentBranch());
    QVERIFY(!nav.canChildBranch()); // no fork at or below turn 3
}

void TestTurnNavigator::forksAndBack()
{
    const TurnGraph g(tree());
    TurnNavigator nav;
    nav.setGraph(&g);
    QVERIFY(nav.childBranch()); // the first fork below the root is at turn 1
    QCOMPARE(nav.current(), 5);
    QCOMPARE(nav.branch(), (QList<int> { 0, 1, 5, 6 }));
    QVERIFY(nav.childBranch());
    QCOMPARE(nav.current(), 7);
    QVERIFY(nav.parentBranch());
    QCOMPARE(nav.current(), 5);
    QCOMPARE(nav.leaf(), 6);
    QVERIFY(nav.parentBranch());
    QCOMPARE(nav.current(), 1);
    QCOMPARE(nav.leaf(), 4);
    QVERIFY(!nav.parentBranch());

    nav.setCurrent(6); // picking a turn off the branch moves the branch there
    QCOMPARE(nav.branch(), (QList<int> { 0, 1, 5, 6 }));
    nav.setCurrent(1); // picking one on it keeps the branch
    QCOMPARE(nav.leaf(), 6);
    QVERIFY(nav.next());
    QCOMPARE(nav.current(), 5);
}

void TestTurnNavigator::otherBranches()
{
    const TurnGraph g(tree());
    TurnNavigator nav;
    nav.setGraph(&g);
    QCOMPARE(nav.otherBranches(), (QList<QList<int>> { { 1, 5, 6 }, { 1, 5, 7 } }));
}

void TestTurnNavigator::emptyTrajectory()
{
    const TurnGraph g { Trajectory() };
    TurnNavigator nav;
    nav.setGraph(&g);
    QCOMPARE(nav.current(), -1);
    QVERIFY(!nav.next());
    QVERIFY(!nav.previous());
    QVERIFY(!nav.last());
    QVERIFY(!nav.childBranch());
    QVERIFY(!nav.parentBranch());
}

QTEST_GUILESS_MAIN(TestTurnNavigator)
#include "tst_turnnavigator.moc"
