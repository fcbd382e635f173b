// The Run Summary dock: the metrics of the trajectories the list's filter selects, read only while shown.
#include "runsummaryview.h"
#include "store/store.h"
#include "testutils.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestRunSummaryView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsTheTrajectoriesInView();
};

void TestRunSummaryView::showsTheTrajectoriesInView()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("s.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    // a: best correct turn 2x over torch.compile (eager not timed); b (level 2): never correct.
    QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("a")), &error));
    Trajectory b = test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("gelu"));
    b.task.level = 2;
    for (Turn& t : b.turns)
        t.eval->verify.status = StageStatus::Failed;
    QVERIFY(store->addTrajectory(b, &error));

    RunSummaryView view;
    view.setStore(store.get());
    QVERIFY(view.text().isEmpty()); // nothing read while hidden
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QStringList rows = view.text().split(QLatin1Char('\n'));
    QCOMPARE(rows.size(), 3);
    QVERIFY2(rows[0].startsWith(QStringLiteral("Overall\t2\t50.0\t0.0\t50.0\t")), qPrintable(rows[0]));
    QVERIFY2(rows[1].startsWith(QStringLiteral("L1\t1\t100.0")), qPrintable(rows[1]));
    QVERIFY2(rows[2].startsWith(QStringLiteral("L2\t1\t0.0")), qPrintable(rows[2]));

    TrajectoryFilter onlyGelu;
    onlyGelu.taskContains = QStringLiteral("gelu");
    view.setFilter(onlyGelu);
    rows = view.text().split(QLatin1Char('\n'));
    QCOMPARE(rows.size(), 2);
    QVERIFY2(rows[0].startsWith(QStringLiteral("Overall\t1\t0.0")), qPrintable(rows[0]));

    // A trajectory judged under KernelBench's rules: a block of rows of its own.
    Trajectory c = test::forkedTrajectory(QStringLiteral("c"));
    for (Turn& t : c.turns) {
        if (t.eval)
            t.eval->rules = QStringLiteral("kernelbench");
    }
    QVERIFY(store->addTrajectory(c, &error));
    view.setFilter({});
    rows = view.text().split(QLatin1Char('\n'));
    QCOMPARE(rows.size(), 5);
    QVERIFY2(rows[0].startsWith(QStringLiteral("Overall (cuda-agent rules)\t2\t50.0")), qPrintable(rows[0]));
    QVERIFY2(rows[3].startsWith(QStringLiteral("Overall (kernelbench rules)\t1\t100.0")), qPrintable(rows[3]));
}

QTEST_MAIN(TestRunSummaryView)
#include "tst_runsummaryview.moc"
