#include "widgetfixtures.h"

#include "verificationview.h"

#include <QTableView>
#include <QTest>

using namespace kwb;

class TestVerificationView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void trialsAndTolerance();
    void failedAndNotRun();
};

void TestVerificationView::trialsAndTolerance()
{
    const Trajectory t = test::steppingTrajectory();
    VerificationView view;
    view.show();
    view.setEval(&*t.turns.at(1).eval);
    QVERIFY2(view.summary().startsWith(QStringLiteral("Correct")), qPrintable(view.summary()));
    QVERIFY(view.summary().contains(QStringLiteral("2 of 2 trial(s) passed")));
    QVERIFY(view.summary().contains(QStringLiteral("atol 0.01, rtol 0.01")));
    QAbstractItemModel* trials = view.trialsView()->model();
    QCOMPARE(trials->rowCount(), 2);
    QCOMPARE(trials->index(0, 1).data().toString(), QStringLiteral("pass"));
    QCOMPARE(trials->index(0, 2).data().toString(), QStringLiteral("2e-05"));
    QCOMPARE(trials->index(1, 4).data().toString(), QStringLiteral("0.00%"));
}

void TestVerificationView::failedAndNotRun()
{
    EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Failed, 0, 0, -1);
    e.verify.trials = { { false, 0.5, 1.5, 0.25, QStringLiteral("values differ") } };
    e.hackFlags = { QStringLiteral("timing-escape") };
    e.hackDetails = { QStringLiteral("A kernel was launched after the call returned.") };
    e.isolation = QStringLiteral("rlimits");
    VerificationView view;
    view.setEval(&e);
    QVERIFY(view.summary().contains(QStringLiteral("Flagged timing-escape: A kernel was launched after the call returned.")));
    QVERIFY(view.summary().contains(QStringLiteral("resource limits only (no sandbox)")));
    QVERIFY(view.summary().startsWith(QStringLiteral("Incorrect")));
    QVERIFY(view.summary().contains(QStringLiteral("0 of 1 trial(s) passed")));
    QVERIFY(view.summary().contains(QStringLiteral("timing-escape")));
    QCOMPARE(view.trialsView()->model()->index(0, 1).data().toString(), QStringLiteral("fail"));
    QCOMPARE(view.trialsView()->model()->index(0, 4).data().toString(), QStringLiteral("25.00%"));

    const EvalResult compileFailed = test::evalWith(StageStatus::Failed, StageStatus::NotRun, 0, 0, -1);
    view.setEval(&compileFailed);
    QVERIFY(view.summary().contains(QStringLiteral("did not compile")));
    QCOMPARE(view.trialsView()->model()->rowCount(), 0);
    view.setEval(nullptr);
    QVERIFY(view.summary().contains(QStringLiteral("not evaluated")));
}

QTEST_MAIN(TestVerificationView)
#include "tst_verificationview.moc"
