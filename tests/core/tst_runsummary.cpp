// The run summary against numbers worked out by hand, from entries and from a store.
#include "curate/runsummary.h"
#include "store/store.h"
#include "testutils.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kwb;

class TestRunSummary : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void metricsByHand();
    void emptySetHasNoRates();
    void entriesFromAStore();
};

static RunSummary::Entry entry(int level, bool correct, double eager = RunSummary::kUnknown, double compiled = RunSummary::kUnknown)
{
    return { level, correct, eager, compiled };
}

void TestRunSummary::metricsByHand()
{
    // L1: 4x/2x, 1x/0.5x (exactly as fast as eager: not faster), a failure. L2: 9x/3x, a correct one never timed.
    const RunSummary s = RunSummary::compute({ entry(1, true, 4, 2), entry(1, true, 1, 0.5), entry(1, false),
        entry(2, true, 9, 3), entry(2, true) });
    const RunSummary::Metrics& all = s.overall();
    QCOMPARE(all.trajectories, 5);
    QCOMPARE(all.passed, 4);
    QCOMPARE(all.fasterThanEager, 2);
    QCOMPARE(all.fasterThanCompile, 2);
    QCOMPARE(all.timed, 3);
    QCOMPARE(all.passRate(), 0.8);
    QCOMPARE(all.fasterRateVsEager(), 0.4);
    QVERIFY(std::abs(all.geomeanVsEager - std::cbrt(36.0)) < 1e-12); // (4 * 1 * 9)^(1/3)
    QVERIFY(std::abs(all.geomeanVsCompile - std::cbrt(3.0)) < 1e-12); // (2 * 0.5 * 3)^(1/3)

    QCOMPARE(s.perLevel().keys(), QList<int>({ 1, 2 }));
    const RunSummary::Metrics& l1 = s.perLevel()[1];
    QCOMPARE(l1.trajectories, 3);
    QCOMPARE(l1.passed, 2);
    QVERIFY(std::abs(l1.geomeanVsEager - 2.0) < 1e-12); // sqrt(4 * 1)
    QVERIFY(std::abs(l1.geomeanVsCompile - 1.0) < 1e-12); // sqrt(2 * 0.5)
    const RunSummary::Metrics& l2 = s.perLevel()[2];
    QCOMPARE(l2.timed, 1);
    QVERIFY(std::abs(l2.geomeanVsCompile - 3.0) < 1e-12);
    QCOMPARE(l2.passRate(), 1.0);

    const QString text = s.toText();
    QVERIFY(text.contains(QStringLiteral("Overall")));
    QVERIFY(text.contains(QStringLiteral(" 80.0 ")));
    QVERIFY(text.contains(QStringLiteral("3.30x"))); // 36^(1/3) = 3.3019
    QCOMPARE(s.toJson().value(QStringLiteral("levels")).toObject().value(QStringLiteral("1")).toObject()
                 .value(QStringLiteral("faster_than_compile")).toInt(),
        1);
}

void TestRunSummary::emptySetHasNoRates()
{
    const RunSummary s = RunSummary::compute({});
    QCOMPARE(s.overall().trajectories, 0);
    QVERIFY(std::isnan(s.overall().passRate()));
    QVERIFY(std::isnan(s.overall().geomeanVsCompile));
    QVERIFY(s.toJson().value(QStringLiteral("overall")).toObject().value(QStringLiteral("pass_rate")).isNull());
}

void TestRunSummary::entriesFromAStore()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("s.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    // a: correct turns at 2x and 4x over torch.compile (eager 300 us): the best, 50 us, counts: 6x eager, 2x compile.
    Trajectory a = test::forkedTrajectory(QStringLiteral("a"));
    for (Turn& t : a.turns) {
        if (t.eval && t.eval->timing.candidate.isKnown())
            t.eval->timing.eager = { 300, 300, 300, 300, 0.01, 10 };
    }
    // b: only the failed fork is left correct-less: no correct turn at all.
    Trajectory b = test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("gelu"));
    b.task.level = 2;
    for (Turn& t : b.turns)
        t.eval->verify.status = StageStatus::Failed;
    QVERIFY(store->addTrajectory(a, &error));
    QVERIFY(store->addTrajectory(b, &error));
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QVERIFY(ids);
    const auto entries = RunSummary::entries(*store, *ids, &error);
    QVERIFY2(entries, qPrintable(error));
    const RunSummary s = RunSummary::compute(*entries);
    QCOMPARE(s.overall().trajectories, 2);
    QCOMPARE(s.overall().passed, 1);
    QCOMPARE(s.overall().timed, 1);
    QVERIFY(std::abs(s.overall().geomeanVsEager - 6.0) < 1e-9);
    QVERIFY(std::abs(s.overall().geomeanVsCompile - 2.0) < 1e-9);
    QCOMPARE(s.perLevel()[2].passed, 0);
    QCOMPARE(s.perLevel()[1].fasterThanCompile, 1);
    QCOMPARE(RunSummary::byRules(*entries).keys(), QStringList { QStringLiteral("cuda-agent") }); // no rules recorded

    // c: judged under KernelBench's rules: a table of its own, never counted with a and b.
    Trajectory c = test::forkedTrajectory(QStringLiteral("c"));
    for (Turn& t : c.turns) {
        if (t.eval)
            t.eval->rules = QStringLiteral("kernelbench");
    }
    QVERIFY(store->addTrajectory(c, &error));
    const auto all = RunSummary::entries(*store, *store->trajectoryIds({}, TrajectoryColumn::Created, false, &error), &error);
    QVERIFY2(all, qPrintable(error));
    const QMap<QString, QList<RunSummary::Entry>> groups = RunSummary::byRules(*all);
    QCOMPARE(groups.keys(), QStringList({ QStringLiteral("cuda-agent"), QStringLiteral("kernelbench") }));
    QCOMPARE(groups.value(QStringLiteral("cuda-agent")).size(), 2);
    QCOMPARE(RunSummary::compute(groups.value(QStringLiteral("kernelbench"))).overall().passed, 1);
}

QTEST_GUILESS_MAIN(TestRunSummary)
#include "tst_runsummary.moc"
