#include "runner/rewardscheme.h"

#include <QTest>

#include <cmath>
#include <limits>

using kwb::runner::RewardScheme;

class TestRewardScheme : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void schemes_data();
    void schemes();
    void names();
};

void TestRewardScheme::schemes_data()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<bool>("correct");
    QTest::addColumn<double>("eager");
    QTest::addColumn<double>("compiled");
    QTest::addColumn<double>("expected");
    QTest::newRow("cuda-agent incorrect") << "cuda-agent" << false << 5.0 << 5.0 << -1.0;
    QTest::newRow("cuda-agent correct, not timed") << "cuda-agent" << true << nan << nan << 1.0;
    QTest::newRow("cuda-agent 5% is not enough") << "cuda-agent" << true << 1.0 / 0.95 << 2.0 << 1.0;
    QTest::newRow("cuda-agent beats eager") << "cuda-agent" << true << 1.06 << 0.9 << 2.0;
    QTest::newRow("cuda-agent beats both") << "cuda-agent" << true << 1.2 << 1.06 << 3.0;
    QTest::newRow("cuda-agent compile only") << "cuda-agent" << true << 1.0 << 1.5 << 1.0;
    QTest::newRow("kevin incorrect") << "kevin" << false << 3.0 << 3.0 << 0.0;
    QTest::newRow("kevin correct") << "kevin" << true << 2.5 << 1.0 << 2.8;
    QTest::newRow("kevin correct, not timed") << "kevin" << true << nan << nan << 0.3;
    QTest::newRow("speedup incorrect") << "speedup" << false << 3.0 << 3.0 << -1.0;
    QTest::newRow("speedup e") << "speedup" << true << 1.0 << std::exp(1.0) << 1.0;
    QTest::newRow("speedup slow but correct beats incorrect") << "speedup" << true << 0.1 << 0.01 << -0.9;
    // Not timed: no claim to match torch.compile (ln 1 = 0), only the floor of a correct kernel.
    QTest::newRow("speedup correct, not timed") << "speedup" << true << nan << nan << -0.9;
}

void TestRewardScheme::schemes()
{
    QFETCH(QString, scheme);
    QFETCH(bool, correct);
    QFETCH(double, eager);
    QFETCH(double, compiled);
    QFETCH(double, expected);
    QCOMPARE(RewardScheme::reward(scheme.toStdString(), correct, eager, compiled), expected);
}

void TestRewardScheme::names()
{
    QVERIFY(RewardScheme::isKnown("cuda-agent"));
    QVERIFY(!RewardScheme::isKnown("log"));
}

QTEST_GUILESS_MAIN(TestRewardScheme)
#include "tst_rewardscheme.moc"
