#include "testutils.h"

#include "models/branchroofline.h"
#include "models/turngraph.h"

#include <QTest>

using namespace kwb;

class TestBranchRoofline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }
    void cleanup() { QLocale::setDefault(QLocale::system()); }
    void withPrefix_data();
    void withPrefix();
    void roofsComeFromTheLatestCalibratedTurn();
    void summarySaysWhyThereIsNoPoint();
    void incorrectTurnsHaveNoPoint();
};

namespace {

Ceilings ceilings(double bandwidth, double fp32)
{
    Ceilings c;
    c.bandwidth = bandwidth;
    c.fp32 = fp32;
    return c;
}

// A root (t0), its child (t1) and a failed fork (t2); the task moves 200 MB and does 50 MFLOP.
Trajectory measured()
{
    Trajectory t = test::forkedTrajectory(QStringLiteral("b"));
    for (Turn& turn : t.turns) {
        turn.eval->floor = { 1e8, 1e8, 0, 5e7 };
        turn.eval->ceilings = ceilings(4e12, 50e12);
    }
    return t;
}

} // namespace

void TestBranchRoofline::withPrefix_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("TB/s") << 3.6123e12 << QStringLiteral("3.61 TB/s");
    QTest::newRow("tens") << 40e12 << QStringLiteral("40.0 TB/s");
    QTest::newRow("hundreds") << 512e6 << QStringLiteral("512 MB/s");
    QTest::newRow("rounds up a prefix") << 999.96e9 << QStringLiteral("1.00 TB/s");
    QTest::newRow("below a kilo") << 12.0 << QStringLiteral("12.0 B/s");
    QTest::newRow("unknown") << kUnknown << QStringLiteral("–");
}

void TestBranchRoofline::withPrefix()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(BranchRoofline::withPrefix(value, QStringLiteral("B/s")), text);
}

void TestBranchRoofline::roofsComeFromTheLatestCalibratedTurn()
{
    Trajectory t = measured();
    t.turns[0].eval->ceilings = ceilings(3e12, 40e12); // the root was timed on another machine
    t.turns[1].eval->ceilings.bf16 = 600e12;
    const TurnGraph graph(t);
    const BranchRoofline r(t, graph, { 0, 1 });
    QCOMPARE(r.mode(), BranchRoofline::Mode::Roofline);
    QCOMPARE(r.length(), 2);
    QCOMPARE(r.bandwidth(), 4e12);
    QCOMPARE(r.roof().rate, 50e12);
    QCOMPARE(r.ridge(), 12.5);
    QCOMPARE(r.otherRoofs().size(), 1);
    QCOMPARE(r.otherRoofs().first().precision, QStringLiteral("bf16"));
    // Each point keeps its own calibration: the root's 200 µs against 3 TB/s is 2e8 / 3e12 / 2e-4 = 1/3.
    QCOMPARE(r.pointOf(0)->point.fractionOfRoofline, 1.0 / 3);
    QVERIFY2(r.summary(t, 0).contains(QStringLiteral("not the roofs drawn")), qPrintable(r.summary(t, 0)));
    QVERIFY(!r.summary(t, 1).contains(QStringLiteral("not the roofs drawn")));
    // t1: 200 MB in 50 µs is 4 TB/s, the roof itself.
    QVERIFY2(r.summary(t, 1).startsWith(QStringLiteral("bound: memory, 100 % of roofline, 4.00 TB/s of 4.00 TB/s")),
        qPrintable(r.summary(t, 1)));
    QVERIFY(!r.summary(t, 1).contains(QStringLiteral("above the roof")));

    // A reference that does 1e11 FLOPs (2 ms at 50 TFLOP/s) done in 50 µs: the kernel changed the algorithm.
    for (Turn& turn : t.turns)
        if (turn.eval)
            turn.eval->floor.flops = 1e11;
    const BranchRoofline algebraic(t, graph, { 0, 1 });
    QVERIFY2(algebraic.summary(t, 1).contains(QStringLiteral("above the roof: this kernel does fewer FLOPs than the reference counts")),
        qPrintable(algebraic.summary(t, 1)));
}

void TestBranchRoofline::summarySaysWhyThereIsNoPoint()
{
    Trajectory t = measured();
    const TurnGraph graph(t);
    t.turns[1].eval->ceilings = Ceilings();
    BranchRoofline r(t, graph, { 0, 1 });
    QCOMPARE(r.mode(), BranchRoofline::Mode::Roofline); // the root's calibration still draws the roofs
    QVERIFY2(r.summary(t, 1).contains(QStringLiteral("kwb-runner calibrate")), qPrintable(r.summary(t, 1)));
    t.turns[1].eval->ceilings = ceilings(4e12, 50e12);
    t.turns[1].eval->floor.flops = kUnknown;
    r = BranchRoofline(t, graph, { 0, 1 });
    QVERIFY2(r.summary(t, 1).contains(QStringLiteral("no work floor")), qPrintable(r.summary(t, 1)));
    t.turns[1].eval->timing = {};
    r = BranchRoofline(t, graph, { 0, 1 });
    QVERIFY2(r.summary(t, 1).contains(QStringLiteral("not timed")), qPrintable(r.summary(t, 1)));
    t.turns[1].eval.reset();
    r = BranchRoofline(t, graph, { 0, 1 });
    QCOMPARE(r.summary(t, 1), QStringLiteral("This turn was not evaluated."));
    QCOMPARE(r.summary(t, 7), QString());
}

void TestBranchRoofline::incorrectTurnsHaveNoPoint()
{
    Trajectory t = measured();
    t.turns[1].eval->verify.status = StageStatus::Failed; // timed, but wrong: its speed means nothing
    const TurnGraph graph(t);
    const BranchRoofline r(t, graph, { 0, 1 });
    QCOMPARE(r.points().size(), 1);
    QCOMPARE(r.points().first().turn, 0);
    QVERIFY(r.summary(t, 1).contains(QStringLiteral("did not pass verification")));
    const BranchRoofline fork(t, graph, { 0, 2 });
    QCOMPARE(fork.points().size(), 1);
    QCOMPARE(fork.compiled().turn, 0); // the failed fork timed nothing
}

QTEST_MAIN(TestBranchRoofline)
#include "tst_branchroofline.moc"
