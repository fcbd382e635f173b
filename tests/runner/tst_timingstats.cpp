#include "runner/timingstats.h"

#include <QTest>
#include <cmath>

using namespace kwb::runner;

// The runner's statistics of the GPU's own times must read as the harness's of the driver's clock.
class TestTimingStats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void asTheHarnessComputesThem();
};

void TestTimingStats::asTheHarnessComputesThem()
{
    const JsonValue stats = TimingStats::of({ 5, 1, 4, 2, 3 });
    QCOMPARE(stats["median_us"].toNumber(0), 3.0);
    QCOMPARE(stats["p20_us"].toNumber(0), 1.8);
    QCOMPARE(stats["p80_us"].toNumber(0), 4.2);
    QCOMPARE(stats["min_us"].toNumber(0), 1.0);
    QCOMPARE(stats["n"].toNumber(0), 5.0);
    QVERIFY(qAbs(stats["cv"].toNumber(0) - std::sqrt(2.0) / 3.0) < 1e-12);
    QVERIFY(TimingStats::of({}).isNull());
}

QTEST_GUILESS_MAIN(TestTimingStats)
#include "tst_timingstats.moc"
