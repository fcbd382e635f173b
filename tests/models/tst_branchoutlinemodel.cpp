#include "testutils.h"

#include "models/branchoutlinemodel.h"
#include "models/turnbadges.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace kwb;

class TestBranchOutlineModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void outlineKeepsBranchesFlat();
    void badgesAndCurrentTurn();
    void rooflineBadge();

private:
    static QStringList print(const QAbstractItemModel& model, const QModelIndex& parent = {}, int indent = 0);
};

QStringList TestBranchOutlineModel::print(const QAbstractItemModel& model, const QModelIndex& parent, int indent)
{
    QStringList lines;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        QStringList cells;
        for (int column = 0; column < model.columnCount(parent); ++column)
            cells << model.index(row, column, parent).data().toString();
        lines << QString(indent, QLatin1Char(' ')) + cells.join(QLatin1Char('|'));
        lines << print(model, model.index(row, 0, parent), indent + 2);
    }
    return lines;
}

void TestBranchOutlineModel::outlineKeepsBranchesFlat()
{
    // A chain of 6 turns with a fork from the second: the chain stays at one level.
    Trajectory t = test::forkedTrajectory(QStringLiteral("o"));
    Turn tail = t.turns.at(1);
    for (int i = 3; i < 7; ++i) {
        tail.parentUuid = tail.uuid;
        tail.uuid = QStringLiteral("o-t%1").arg(i);
        tail.eval.reset();
        t.turns.append(tail);
    }
    const TurnGraph graph(t);
    BranchOutlineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrajectory(&t, &graph);
    QCOMPARE(print(model),
        (QStringList { QStringLiteral("Turn 1|0.50× vs compile||1.00"),
            QStringLiteral("  ↳ Turn 2 · fork 1|compile failed||-1.00"),
            QStringLiteral("Turn 2|2.00× vs compile||3.00"),
            QStringLiteral("Turn 3|||"),
            QStringLiteral("Turn 4|||"),
            QStringLiteral("Turn 5|||"),
            QStringLiteral("Turn 6|||") }));
    const QModelIndex fork = model.indexOfTurn(2);
    QCOMPARE(fork.parent(), model.index(0, 0));
    QCOMPARE(fork.data(Qt::ToolTipRole).toString(), QStringLiteral("Fork 1, from turn 1"));
    QCOMPARE(model.index(1, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("The main line"));
    QVERIFY(fork.data(BranchOutlineModel::BranchHeadRole).toBool());
    QCOMPARE(model.turnAt(model.index(2, 0)), 3);
    QCOMPARE(model.index(2, 0).data(BranchOutlineModel::UuidRole).toString(), QStringLiteral("o-t3"));
}

void TestBranchOutlineModel::badgesAndCurrentTurn()
{
    Trajectory t = test::forkedTrajectory(QStringLiteral("b"));
    Annotation label;
    label.kind = Annotation::Kind::Label;
    label.value = QStringLiteral("good");
    t.turns[1].annotations.append(label);
    t.turns[1].eval->verify.status = StageStatus::Failed;
    const TurnGraph graph(t);
    BranchOutlineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrajectory(&t, &graph);

    const auto badges = model.indexOfTurn(1).data(BranchOutlineModel::BadgesRole).value<QList<TurnBadge>>();
    QCOMPARE(badges.size(), 3);
    QCOMPARE(badges.at(0).kind, TurnBadge::Kind::VerifyFailed);
    QCOMPARE(badges.at(1).kind, TurnBadge::Kind::Faster);
    QCOMPARE(badges.at(2), (TurnBadge { TurnBadge::Kind::Label, QStringLiteral("good") }));
    // The label is said in the curation column, not among the results.
    QCOMPARE(model.indexOfTurn(1, BranchOutlineModel::CurationColumn).data().toString(), QStringLiteral("good"));
    QVERIFY(!model.indexOfTurn(1, BranchOutlineModel::BadgesColumn).data().toString().contains(QStringLiteral("good")));
    QCOMPARE(TurnBadges::of(t.turns.at(2)).first().kind, TurnBadge::Kind::CompileFailed);
    QCOMPARE(TurnBadges::of(t.turns.at(0)).first().kind, TurnBadge::Kind::Slower);
    t.turns[1].eval->hackFlags = { QStringLiteral("result-reuse"), QStringLiteral("excessive-speedup") };
    QCOMPARE(TurnBadges::of(t.turns.at(1)).at(1), (TurnBadge { TurnBadge::Kind::Hack, QStringLiteral("flagged: result-reuse +1") }));
    t.turns[1].eval->hackFlags = { QStringLiteral("side-stream") };
    QCOMPARE(TurnBadges::of(t.turns.at(1)).at(1), (TurnBadge { TurnBadge::Kind::Hack, QStringLiteral("flagged: side-stream") }));
    t.turns[1].eval->hackFlags.clear();
    // A flag that only asks for a look (a correct turn 40x faster) is amber, not a failure.
    Turn fast = t.turns.at(0);
    fast.eval->hackFlags = { QStringLiteral("excessive-speedup") };
    fast.eval->source.insert(QStringLiteral("hack_details"), QJsonArray { QJsonObject { { QStringLiteral("flag"), QStringLiteral("excessive-speedup") },
                                                                  { QStringLiteral("fails"), false } } });
    QCOMPARE(TurnBadges::of(fast).at(0), (TurnBadge { TurnBadge::Kind::Review, QStringLiteral("flagged: excessive-speedup") }));
    // An evaluation the machine could not run is neither a failed compile nor a reward: its own neutral badge.
    Turn lost = t.turns.at(2);
    lost.eval = EvalResult::environmentFailure(QStringLiteral("The host gpu-1 was lost."));
    QCOMPARE(TurnBadges::of(lost).first(), (TurnBadge { TurnBadge::Kind::EnvironmentError, QStringLiteral("environment error") }));
    QCOMPARE(lost.eval->environmentError(), QStringLiteral("The host gpu-1 was lost."));
    QVERIFY(t.turns.at(2).eval->environmentError().isEmpty());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setCurrentTurn(1);
    QCOMPARE(changed.count(), 1);
    QVERIFY(model.indexOfTurn(1).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(model.indexOfTurn(1).data(BranchOutlineModel::CurrentRole).toBool());
    model.setCurrentTurn(2);
    QVERIFY(!model.indexOfTurn(1).data(BranchOutlineModel::CurrentRole).toBool());
    QCOMPARE(changed.count(), 3);
}

void TestBranchOutlineModel::rooflineBadge()
{
    QLocale::setDefault(QLocale::c());
    Trajectory t = test::forkedTrajectory(QStringLiteral("r"));
    Ceilings machine;
    machine.bandwidth = 4e12;
    machine.fp32 = 50e12;
    for (Turn& turn : t.turns) {
        turn.eval->floor = { 1e8, 1e8, 0, 5e7 }; // 200 MB: 50 µs at 4 TB/s
        turn.eval->ceilings = machine;
    }
    // The root took 200 µs: a quarter of the roofline; its child 50 µs: all of it.
    QCOMPARE(TurnBadges::of(t.turns.at(0)).last(), (TurnBadge { TurnBadge::Kind::Roofline, QStringLiteral("25 % roofline") }));
    QCOMPARE(TurnBadges::of(t.turns.at(1)).last(), (TurnBadge { TurnBadge::Kind::Roofline, QStringLiteral("100 % roofline") }));
    for (const TurnBadge& b : TurnBadges::of(t.turns.at(2)))
        QVERIFY(b.kind != TurnBadge::Kind::Roofline); // did not compile
    t.turns[1].eval->verify.status = StageStatus::Failed;
    for (const TurnBadge& b : TurnBadges::of(t.turns.at(1)))
        QVERIFY(b.kind != TurnBadge::Kind::Roofline); // timed but wrong
    t.turns[0].eval->ceilings = Ceilings();
    for (const TurnBadge& b : TurnBadges::of(t.turns.at(0)))
        QVERIFY(b.kind != TurnBadge::Kind::Roofline); // no calibration, no claim
    QLocale::setDefault(QLocale::system());
}

QTEST_GUILESS_MAIN(TestBranchOutlineModel)
#include "tst_branchoutlinemodel.moc"
