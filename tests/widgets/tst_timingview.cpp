#include "widgetfixtures.h"

#include "timingview.h"

#include <QTableView>
#include <QTest>

using namespace kwb;

class TestTimingView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void mediansSpreadAndSpeedups();
    void notTimed();
};

void TestTimingView::mediansSpreadAndSpeedups()
{
    const Trajectory t = test::steppingTrajectory();
    TimingView view;
    view.show();
    view.setEval(&*t.turns.at(3).eval); // candidate 50 µs, eager 400 µs, torch.compile 100 µs
    QVERIFY2(view.summary().contains(QStringLiteral("8.00× vs eager, 2.00× vs torch.compile")), qPrintable(view.summary()));
    QVERIFY(view.summary().contains(QStringLiteral("reward 3.00 (cuda-agent) · cuda-agent rules")));
    QAbstractItemModel* m = view.table()->model();
    QCOMPARE(m->index(0, 1).data().toString(), QStringLiteral("50.0 µs"));
    QCOMPARE(m->index(1, 1).data().toString(), QStringLiteral("400.0 µs"));
    QCOMPARE(m->index(1, 5).data().toString(), QStringLiteral("2.0%"));
    QCOMPARE(m->index(2, 7).data().toString(), QStringLiteral("2.00×"));

    // Which machine timed it: the machine's own name, or the GPU host the result came from over SSH.
    EvalResult e = *t.turns.at(3).eval;
    e.fingerprint.insert(QStringLiteral("host_name"), QStringLiteral("gpu-box-3"));
    view.setEval(&e);
    QVERIFY2(view.summary().endsWith(QStringLiteral(" · on gpu-box-3")), qPrintable(view.summary()));
    e.fingerprint.insert(QStringLiteral("runner_host"), QStringLiteral("rack-7 (ssh://me@rack-7)"));
    view.setEval(&e);
    QVERIFY2(view.summary().endsWith(QStringLiteral(" · on rack-7 (ssh://me@rack-7)")), qPrintable(view.summary()));
    e.rules = QStringLiteral("kernelbench");
    view.setEval(&e);
    QVERIFY2(view.summary().contains(QStringLiteral("reward 3.00 (cuda-agent) · kernelbench rules")), qPrintable(view.summary()));
}

void TestTimingView::notTimed()
{
    const EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Failed, 0, 0, -1);
    TimingView view;
    view.setEval(&e);
    QVERIFY(view.summary().contains(QStringLiteral("Not timed")));
    QCOMPARE(view.table()->model()->index(0, 1).data().toString(), QStringLiteral("not timed"));
    view.setEval(nullptr);
    QVERIFY(view.summary().contains(QStringLiteral("not evaluated")));
}

QTEST_MAIN(TestTimingView)
#include "tst_timingview.moc"
