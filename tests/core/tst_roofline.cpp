#include "testutils.h"

#include "model/roofline.h"

#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace kwb;

Q_DECLARE_METATYPE(kwb::WorkFloor)
Q_DECLARE_METATYPE(kwb::Ceilings)

// Every expected figure below is worked out by hand in the comment beside it.
class TestRoofline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }
    void cleanup() { QLocale::setDefault(QLocale::system()); }
    void memoryBound();
    void computeBound();
    void zeroFlopTaskIsMemoryBoundAtIntensityZero();
    void unknownInputsGiveNoPoint_data();
    void unknownInputsGiveNoPoint();
    void tf32PolicyPicksTheTf32Rate();
    void candidateEagerAndCompiledOfOneEvaluation();
    void ridgeAndAttainable();
    void percentText();
    void floorAndCeilingsRoundTrip();
    void absentFloorAndCeilingsStayUnknown();
    void partialFloorAndCeilings();
    void badFloorIsAnError();
};

namespace {

// An H200-like machine in round numbers: 4 TB/s copy, 50 TFLOP/s fp32, 400 TFLOP/s tf32.
Ceilings machine()
{
    Ceilings c;
    c.bandwidth = 4e12;
    c.fp32 = 50e12;
    c.tf32 = 400e12;
    c.bf16 = 800e12;
    c.fp16 = 800e12;
    c.calibratedAt = QStringLiteral("2026-11-29T20:00:00Z");
    return c;
}

WorkFloor floorOf(double in, double out, double parameters, double flops)
{
    return { in, out, parameters, flops };
}

} // namespace

void TestRoofline::memoryBound()
{
    // 2 GB moved, 0.5 GFLOP: intensity 0.25 FLOP/B. Memory needs 2e9 / 4e12 = 0.5 ms, compute 5e8 / 5e13 = 0.01 ms.
    const RooflinePoint p = roofline::point(floorOf(1e9, 0.9e9, 0.1e9, 5e8), machine(), 1000, QStringLiteral("fp32"));
    QVERIFY(p.isValid());
    QCOMPARE(p.limitedBy, RooflinePoint::Limit::Memory);
    QCOMPARE(p.seconds, 1e-3);
    QCOMPARE(p.bytes, 2e9);
    QCOMPARE(p.intensity, 0.25);
    QCOMPARE(p.achievedBandwidth, 2e12); // 2e9 B in 1 ms
    QCOMPARE(p.achievedFlops, 5e11);
    QCOMPARE(p.bandwidthFraction, 0.5);
    QCOMPARE(p.computeFraction, 0.01);
    QCOMPARE(p.boundSeconds, 5e-4);
    QCOMPARE(p.fractionOfRoofline, 0.5);
}

void TestRoofline::computeBound()
{
    // 1 TFLOP over 120 MB: intensity 8333 FLOP/B. Memory 1.2e8 / 4e12 = 30 µs, compute 1e12 / 5e13 = 20 ms.
    const RooflinePoint p = roofline::point(floorOf(8e7, 4e7, 0, 1e12), machine(), 25000, QStringLiteral("fp32"));
    QVERIFY(p.isValid());
    QCOMPARE(p.limitedBy, RooflinePoint::Limit::Compute);
    QCOMPARE(p.intensity, 1e12 / 1.2e8);
    QCOMPARE(p.achievedFlops, 4e13); // 1e12 in 25 ms
    QCOMPARE(p.computeFraction, 0.8);
    QCOMPARE(p.bandwidthFraction, 0.0012); // 1.2e8 / 0.025 = 4.8e9 B/s of 4e12
    QCOMPARE(p.boundSeconds, 0.02);
    QCOMPARE(p.fractionOfRoofline, 0.8);
    // The fraction of the roofline is the achieved rate over the attainable one at that intensity.
    QCOMPARE(p.achievedFlops / roofline::attainable(p.intensity, 4e12, 50e12), p.fractionOfRoofline);
}

void TestRoofline::zeroFlopTaskIsMemoryBoundAtIntensityZero()
{
    // A copy of 2 GB in and 2 GB out in 1.25 ms: 3.2 TB/s of 4 TB/s.
    const RooflinePoint p = roofline::point(floorOf(2e9, 2e9, 0, 0), machine(), 1250, QStringLiteral("fp32"));
    QVERIFY(p.isValid());
    QCOMPARE(p.intensity, 0.0);
    QCOMPARE(p.achievedFlops, 0.0);
    QCOMPARE(p.computeFraction, 0.0);
    QCOMPARE(p.limitedBy, RooflinePoint::Limit::Memory);
    QCOMPARE(p.achievedBandwidth, 3.2e12);
    QCOMPARE(p.bandwidthFraction, 0.8);
    QCOMPARE(p.fractionOfRoofline, 0.8);
}

void TestRoofline::unknownInputsGiveNoPoint_data()
{
    QTest::addColumn<WorkFloor>("floor");
    QTest::addColumn<Ceilings>("ceilings");
    QTest::addColumn<double>("medianUs");
    const WorkFloor known = floorOf(1e9, 1e9, 0, 5e8);
    Ceilings noRate = machine();
    noRate.fp32 = kUnknown;
    noRate.tf32 = kUnknown;
    Ceilings noBandwidth = machine();
    noBandwidth.bandwidth = kUnknown;
    Ceilings zeroBandwidth = machine();
    zeroBandwidth.bandwidth = 0;
    QTest::newRow("no floor") << WorkFloor() << machine() << 1000.0;
    QTest::newRow("no parameter bytes") << floorOf(1e9, 1e9, kUnknown, 5e8) << machine() << 1000.0;
    QTest::newRow("uncounted FLOPs") << floorOf(1e9, 1e9, 0, kUnknown) << machine() << 1000.0;
    QTest::newRow("negative FLOPs") << floorOf(1e9, 1e9, 0, -1) << machine() << 1000.0;
    QTest::newRow("zero bytes") << floorOf(0, 0, 0, 5e8) << machine() << 1000.0;
    QTest::newRow("no ceilings") << known << Ceilings() << 1000.0;
    QTest::newRow("no matrix rate") << known << noRate << 1000.0;
    QTest::newRow("no bandwidth") << known << noBandwidth << 1000.0;
    QTest::newRow("zero bandwidth") << known << zeroBandwidth << 1000.0;
    QTest::newRow("no time") << known << machine() << kUnknown;
    QTest::newRow("zero time") << known << machine() << 0.0;
    QTest::newRow("infinite time") << known << machine() << std::numeric_limits<double>::infinity();
}

void TestRoofline::unknownInputsGiveNoPoint()
{
    QFETCH(WorkFloor, floor);
    QFETCH(Ceilings, ceilings);
    QFETCH(double, medianUs);
    const RooflinePoint p = roofline::point(floor, ceilings, medianUs, QStringLiteral("fp32"));
    QVERIFY(!p.isValid());
    QVERIFY(std::isnan(p.fractionOfRoofline));
    QCOMPARE(roofline::percentText(p.fractionOfRoofline), QStringLiteral("–"));
}

void TestRoofline::tf32PolicyPicksTheTf32Rate()
{
    // The matmul of computeBound() at 400 TFLOP/s: compute 1e12 / 4e14 = 2.5 ms, so 25 ms is 10 % of the roof.
    const WorkFloor matmul = floorOf(8e7, 4e7, 0, 1e12);
    const RooflinePoint tf32 = roofline::point(matmul, machine(), 25000, QStringLiteral("tf32"));
    QCOMPARE(tf32.boundSeconds, 2.5e-3);
    QCOMPARE(tf32.fractionOfRoofline, 0.1);
    QCOMPARE(tf32.computeFraction, 0.1);
    QCOMPARE(tf32.limitedBy, RooflinePoint::Limit::Compute);
    // Through an evaluation: the fingerprint's TF32 policy chooses, fp32 when it says nothing.
    EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Passed, 25000, 30000, 1);
    e.floor = matmul;
    e.ceilings = machine();
    QCOMPARE(roofline::precision(e), QStringLiteral("fp32"));
    QCOMPARE(roofline::candidate(e).fractionOfRoofline, 0.8);
    e.fingerprint.insert(QStringLiteral("tf32_policy"), QStringLiteral("tf32"));
    QCOMPARE(roofline::precision(e), QStringLiteral("tf32"));
    QCOMPARE(roofline::candidate(e).fractionOfRoofline, 0.1);
    // A machine calibrated without a TF32 rate falls back to fp32 rather than to no point.
    e.ceilings.tf32 = kUnknown;
    QCOMPARE(roofline::candidate(e).fractionOfRoofline, 0.8);
}

void TestRoofline::candidateEagerAndCompiledOfOneEvaluation()
{
    // Candidate 1 ms, torch.compile 2 ms, eager 4 ms on the memory-bound task (bound 0.5 ms).
    EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Passed, 1000, 2000, 3);
    e.timing.eager = { 4000, 3900, 4100, 3800, 0.01, 10 };
    e.floor = floorOf(1e9, 1e9, 0, 5e8);
    e.ceilings = machine();
    QCOMPARE(roofline::candidate(e).fractionOfRoofline, 0.5);
    QCOMPARE(roofline::compiled(e).fractionOfRoofline, 0.25);
    QCOMPARE(roofline::eager(e).fractionOfRoofline, 0.125);
    QCOMPARE(roofline::eager(e).intensity, roofline::candidate(e).intensity);
    // Timings with no samples are not measurements, whatever their median field says.
    e.timing.eager.samples = 0;
    QVERIFY(!roofline::eager(e).isValid());
    // An evaluation that never timed (a failed compile) has no point.
    EvalResult failed = test::evalWith(StageStatus::Failed, StageStatus::NotRun, 0, 0, -1);
    failed.floor = e.floor;
    failed.ceilings = e.ceilings;
    QVERIFY(!roofline::candidate(failed).isValid());
    // A timed candidate that failed verification has a point, but no correct one.
    QCOMPARE(roofline::correctCandidate(e).fractionOfRoofline, 0.5);
    e.verify.status = StageStatus::Failed;
    QVERIFY(roofline::candidate(e).isValid());
    QVERIFY(!roofline::correctCandidate(e).isValid());
}

void TestRoofline::ridgeAndAttainable()
{
    QCOMPARE(roofline::ridge(4e12, 50e12), 12.5); // FLOP per byte where 4 TB/s × I reaches 50 TFLOP/s
    QCOMPARE(roofline::ridge(4e12, 400e12), 100.0);
    QCOMPARE(roofline::attainable(1, 4e12, 50e12), 4e12); // under the slope
    QCOMPARE(roofline::attainable(12.5, 4e12, 50e12), 50e12); // at the ridge both roofs agree
    QCOMPARE(roofline::attainable(100, 4e12, 50e12), 50e12); // flat roof
    QCOMPARE(roofline::attainable(0, 4e12, 50e12), 0.0);
    QVERIFY(std::isnan(roofline::ridge(0, 50e12)));
    QVERIFY(std::isnan(roofline::ridge(kUnknown, 50e12)));
    QVERIFY(std::isnan(roofline::ridge(4e12, kUnknown)));
    QVERIFY(std::isnan(roofline::attainable(kUnknown, 4e12, 50e12)));
    QVERIFY(std::isnan(roofline::attainable(1, kUnknown, 50e12)));
    QVERIFY(std::isnan(roofline::attainable(1, 4e12, kUnknown)));
}

void TestRoofline::percentText()
{
    QCOMPARE(roofline::percentText(0.83), QStringLiteral("83 %"));
    QCOMPARE(roofline::percentText(1.0), QStringLiteral("100 %"));
    QCOMPARE(roofline::percentText(1.27), QStringLiteral("127 %"));
    QCOMPARE(roofline::percentText(0.0512), QStringLiteral("5.1 %"));
    QCOMPARE(roofline::percentText(0.0996), QStringLiteral("10 %")); // not "10.0 %"
    QCOMPARE(roofline::percentText(0.0994), QStringLiteral("9.9 %"));
    QCOMPARE(roofline::percentText(0), QStringLiteral("0.0 %"));
    QCOMPARE(roofline::percentText(kUnknown), QStringLiteral("–"));
    QCOMPARE(roofline::percentText(std::numeric_limits<double>::infinity()), QStringLiteral("–"));
    QLocale::setDefault(QLocale(QLocale::Spanish, QLocale::Spain));
    QCOMPARE(roofline::percentText(0.0512), QStringLiteral("5,1 %"));
}

void TestRoofline::floorAndCeilingsRoundTrip()
{
    EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Passed, 1000, 2000, 3);
    e.floor = floorOf(6442450944, 6442450944, 0, 137438953472);
    e.ceilings = machine();
    const QJsonObject o = e.toJson();
    QCOMPARE(o.value(QStringLiteral("floor")).toObject().value(QStringLiteral("input_bytes")).toDouble(), 6442450944.0);
    QCOMPARE(o.value(QStringLiteral("floor")).toObject().value(QStringLiteral("parameter_bytes")).toDouble(), 0.0);
    const QJsonObject c = o.value(QStringLiteral("ceilings")).toObject();
    QCOMPARE(c.value(QStringLiteral("bandwidth_bytes_per_s")).toDouble(), 4e12);
    QCOMPARE(c.value(QStringLiteral("matrix_flops_per_s")).toObject().value(QStringLiteral("tf32")).toDouble(), 400e12);
    QCOMPARE(c.value(QStringLiteral("calibrated_at")).toString(), QStringLiteral("2026-11-29T20:00:00Z"));

    const QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
    QString error;
    const EvalResult back = EvalResult::fromJson(QJsonDocument::fromJson(text).object(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(back.floor == e.floor);
    QVERIFY(back.ceilings == e.ceilings);
    QVERIFY(back == e);
    QCOMPARE(roofline::candidate(back).fractionOfRoofline, roofline::candidate(e).fractionOfRoofline);
    QCOMPARE(QJsonDocument(back.toJson()).toJson(QJsonDocument::Compact), text);
}

void TestRoofline::absentFloorAndCeilingsStayUnknown()
{
    // An evaluation recorded before floors and calibrations existed.
    const EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Passed, 1000, 2000, 3);
    const QJsonObject o = e.toJson();
    QVERIFY(!o.contains(QStringLiteral("floor")));
    QVERIFY(!o.contains(QStringLiteral("ceilings")));
    QString error;
    const EvalResult back = EvalResult::fromJson(o, &error);
    QVERIFY(error.isEmpty());
    QVERIFY(std::isnan(back.floor.inputBytes));
    QVERIFY(std::isnan(back.floor.flops));
    QVERIFY(!back.floor.isKnown());
    QVERIFY(std::isnan(back.ceilings.bandwidth));
    QVERIFY(std::isnan(back.ceilings.fp32));
    QVERIFY(!back.ceilings.isKnown());
    QVERIFY(!roofline::candidate(back).isValid());
}

void TestRoofline::partialFloorAndCeilings()
{
    // A zero kept apart from an absent field: 0 parameter bytes and 0 FLOPs are counts, missing tf32 is unknown.
    const QJsonObject o = QJsonDocument::fromJson(R"({"compile": {"status": "passed"}, "verify": {"status": "passed"},
        "timing": {"status": "passed", "candidate": {"median_us": 1250, "p20_us": 1250, "p80_us": 1250, "min_us": 1250,
        "cv": 0, "n": 10}},
        "floor": {"input_bytes": 2e9, "output_bytes": 2e9, "parameter_bytes": 0, "flops": 0, "flops_by_op": {}},
        "ceilings": {"bandwidth_bytes_per_s": 4e12, "matrix_flops_per_s": {"fp32": 5e13}}})")
                              .object();
    QString error;
    const EvalResult e = EvalResult::fromJson(o, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(e.floor.parameterBytes, 0.0);
    QCOMPARE(e.floor.flops, 0.0);
    QVERIFY(std::isnan(e.ceilings.tf32));
    QVERIFY(std::isnan(e.ceilings.bf16));
    QVERIFY(e.ceilings.calibratedAt.isEmpty());
    QCOMPARE(e.ceilings.matrixRate(QStringLiteral("tf32")), 5e13);
    QVERIFY2(e.timing.candidate.isKnown(), "the fixture's timing keys are not the ones EvalResult reads");
    QCOMPARE(roofline::candidate(e).fractionOfRoofline, 0.8); // the zero-FLOP case, read from JSON
    // Written back, the unknown rates stay absent rather than becoming zeros.
    const QJsonObject ceilings = e.toJson().value(QStringLiteral("ceilings")).toObject();
    const QJsonObject rates = ceilings.value(QStringLiteral("matrix_flops_per_s")).toObject();
    QCOMPARE(rates.keys(), QStringList { QStringLiteral("fp32") });
}

void TestRoofline::badFloorIsAnError()
{
    QString error;
    EvalResult::fromJson(QJsonDocument::fromJson(R"({"floor": {"flops": "many"}})").object(), &error);
    QVERIFY(error.contains(QStringLiteral("flops")));
    error.clear();
    EvalResult::fromJson(QJsonDocument::fromJson(R"({"ceilings": [1, 2]})").object(), &error);
    QVERIFY(error.contains(QStringLiteral("ceilings")));
}

QTEST_MAIN(TestRoofline)
#include "tst_roofline.moc"
