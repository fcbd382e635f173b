#include "runner/tracecheck.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <map>

using namespace kwb::runner;

// The trace of a real candidate worker on the H200 (diag(d) @ B as a row-scaling kernel, the first 20 of its calls),
// checked as it is and with single events changed the way a hack would change them.
class TestTraceCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void honestTraceHasNoFlags();
    void eachCallHasItsGpuTime();
    void libraryKernelInACall();
    void libraryKernelAllowedByPolicy();
    void kernelOnAnotherStreamIsHonest();
    void launchOutsideTheCalls();
    void noOwnKernel();
    void notATrace();
    void clockAndTraceAgree();
    void busyMachineIsNotAShortenedTrace();
    void handshakeIsNotTheCalls();
    void shortenedTraceDisagrees();
    void earlyAnswerDisagrees();
    void tooFewCallsInTheTrace();

private:
    QStringList flagsOf(const std::function<void(QJsonObject&)>& change, const std::vector<std::string>& libraries = {},
        std::map<int, double>* spans = nullptr);
    QTemporaryDir m_dir;
};

static QJsonObject fixture()
{
    QFile f(QStringLiteral(KWB_TRACE_FIXTURE));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("the trace fixture cannot be read");
    return QJsonDocument::fromJson(f.readAll()).object();
}

static bool isOwnKernel(const QJsonObject& e)
{
    return e.value(QStringLiteral("cat")).toString() == QStringLiteral("kernel")
        && e.value(QStringLiteral("name")).toString().contains(QStringLiteral("row_scale_vec4_kernel"));
}

QStringList TestTraceCheck::flagsOf(const std::function<void(QJsonObject&)>& change, const std::vector<std::string>& libraries,
    std::map<int, double>* spans)
{
    QJsonObject trace = fixture();
    QJsonArray events = trace.value(QStringLiteral("traceEvents")).toArray();
    for (qsizetype i = 0; i < events.size(); ++i) {
        QJsonObject e = events[i].toObject();
        change(e);
        events[i] = e;
    }
    trace.insert(QStringLiteral("traceEvents"), events);
    const QString path = m_dir.filePath(QStringLiteral("trace.json"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return { QStringLiteral("cannot write") };
    out.write(QJsonDocument(trace).toJson(QJsonDocument::Compact));
    out.close();
    HackFlags flags;
    std::string error;
    if (!checkCandidateTrace(path.toStdString(), libraries, flags, spans, &error))
        return { QStringLiteral("error: ") + QString::fromStdString(error) };
    QStringList names;
    for (const HackFlag& f : flags.all())
        names << QString::fromStdString(f.name);
    return names;
}

void TestTraceCheck::honestTraceHasNoFlags()
{
    QCOMPARE(flagsOf([](QJsonObject&) {}), QStringList());
}

void TestTraceCheck::eachCallHasItsGpuTime()
{
    std::map<int, double> spans;
    QCOMPARE(flagsOf([](QJsonObject&) {}, {}, &spans), QStringList());
    QCOMPARE(int(spans.size()), 20);
    QCOMPARE(spans.begin()->first, 0);
    QCOMPARE(spans.rbegin()->first, 19);
    // One row-scaling kernel per call on a 4096 x 4096 matrix: tens of microseconds on an H200, never zero.
    for (const auto& [call, us] : spans)
        QVERIFY2(us > 10 && us < 1000, qPrintable(QStringLiteral("call %1: %2 us").arg(call).arg(us)));
    // A call whose kernel is shortened in the trace shows it: the span is the kernel's own record.
    std::map<int, double> forged;
    flagsOf([](QJsonObject& e) {
        if (isOwnKernel(e))
            e.insert(QStringLiteral("dur"), 1.0);
    }, {}, &forged);
    QCOMPARE(forged.at(5), 1.0);
}

void TestTraceCheck::libraryKernelInACall()
{
    const QStringList flags = flagsOf([](QJsonObject& e) {
        if (isOwnKernel(e))
            e.insert(QStringLiteral("name"), QStringLiteral("void at::native::elementwise_kernel<128, 2, mul_kernel>(int)"));
    });
    QVERIFY(flags.contains(QStringLiteral("torch-kernel-in-trace")));
    QVERIFY(flags.contains(QStringLiteral("no-kernel-in-trace")));
}

void TestTraceCheck::libraryKernelAllowedByPolicy()
{
    const auto toCublas = [](QJsonObject& e) {
        if (isOwnKernel(e))
            e.insert(QStringLiteral("name"), QStringLiteral("nvjet_sm90_tst_128x128_64x4_1x2_h_bz_coopA_NNT"));
    };
    QCOMPARE(flagsOf(toCublas), QStringList({ QStringLiteral("torch-kernel-in-trace"), QStringLiteral("no-kernel-in-trace") }));
    QCOMPARE(flagsOf(toCublas, { "cublas" }), QStringList());
}

void TestTraceCheck::kernelOnAnotherStreamIsHonest()
{
    // The worker waits for the whole device before it answers, so a kernel on another stream is inside the call.
    const QStringList flags = flagsOf([](QJsonObject& e) {
        if (isOwnKernel(e)) {
            QJsonObject args = e.value(QStringLiteral("args")).toObject();
            args.insert(QStringLiteral("stream"), 13);
            e.insert(QStringLiteral("args"), args);
        }
    });
    QCOMPARE(flags, QStringList());
}

void TestTraceCheck::launchOutsideTheCalls()
{
    // Every call range ends before its kernel's launch: the launches now fall between the calls.
    const QStringList flags = flagsOf([](QJsonObject& e) {
        if (e.value(QStringLiteral("cat")).toString() == QStringLiteral("nvtx")
            && e.value(QStringLiteral("name")).toString().contains(QStringLiteral("call")))
            e.insert(QStringLiteral("dur"), 0.001);
    });
    QVERIFY(flags.contains(QStringLiteral("work-outside-timed-calls")));
}

void TestTraceCheck::noOwnKernel()
{
    const QStringList flags = flagsOf([](QJsonObject& e) {
        if (isOwnKernel(e))
            e.insert(QStringLiteral("cat"), QStringLiteral("dropped"));
    });
    QCOMPARE(flags, QStringList({ QStringLiteral("no-kernel-in-trace") }));
}

void TestTraceCheck::notATrace()
{
    const QStringList flags = flagsOf([](QJsonObject& e) {
        if (e.value(QStringLiteral("cat")).toString() == QStringLiteral("nvtx"))
            e.insert(QStringLiteral("name"), QStringLiteral("something else"));
    });
    QCOMPARE(flags.size(), 1);
    QVERIFY(flags.front().startsWith(QStringLiteral("error: ")));
}

static QStringList flagNames(const HackFlags& flags)
{
    QStringList names;
    for (const HackFlag& flag : flags.all())
        names << QString::fromStdString(flag.name);
    return names;
}

static std::map<int, double> spans(int warmup, const std::vector<double>& gpu)
{
    std::map<int, double> out;
    for (std::size_t i = 0; i < gpu.size(); ++i)
        out[warmup + int(i)] = gpu[i];
    return out;
}

void TestTraceCheck::clockAndTraceAgree()
{
    // A 1 ms kernel: the driver's clock less the handshake is a little above it.
    HackFlags flags;
    const TraceAgainstClock r = compareTraceWithClock({ 1010, 1012, 1030, 1008 }, 0, spans(2, { 1000, 1001, 1000, 999 }), 2, flags);
    QVERIFY(r.judged);
    QVERIFY2(flags.all().empty(), qPrintable(flagNames(flags).join(QLatin1Char(','))));
    QCOMPARE(r.gpuSpans.size(), std::size_t(4));
    QVERIFY(r.gpuOverWall > 0.97 && r.gpuOverWall < 1.0);
}

void TestTraceCheck::busyMachineIsNotAShortenedTrace()
{
    // A 2.5 µs kernel timed while compiles ran beside it (seen on the H200): most handshakes were slow, not all.
    HackFlags flags;
    compareTraceWithClock({ 817, 2544, 176, 898, 726, 200, 1986, 786 }, 86,
        spans(0, { 2.5, 2.5, 2.4, 2.6, 2.5, 2.5, 2.5, 2.5 }), 0, flags);
    QVERIFY2(flags.all().empty(), qPrintable(flagNames(flags).join(QLatin1Char(','))));
}

void TestTraceCheck::handshakeIsNotTheCalls()
{
    // A 54 µs kernel whose calls took 458-600 µs on the driver's clock, 400 µs of it the handshake and the output
    // copy (the diag task on the H200): in agreement once the overhead is taken off, not before.
    const std::vector<double> raw { 458, 470, 520, 600, 466 };
    HackFlags flags;
    compareTraceWithClock(raw, 400, spans(3, { 54, 54.5, 54, 54, 55 }), 3, flags);
    QVERIFY2(flags.all().empty(), qPrintable(flagNames(flags).join(QLatin1Char(','))));
    HackFlags without;
    compareTraceWithClock(raw, 0, spans(3, { 54, 54.5, 54, 54, 55 }), 3, without);
    QCOMPARE(flagNames(without), QStringList { QStringLiteral("timing-disagrees") });
}

void TestTraceCheck::shortenedTraceDisagrees()
{
    // Kernels of 2 ms that the trace says took 0.2 ms: every call on the driver's clock says otherwise.
    HackFlags flags;
    compareTraceWithClock({ 2150, 2200, 2400, 2140, 2180 }, 100, spans(1, { 200, 201, 199, 200, 200 }), 1, flags);
    QCOMPARE(flagNames(flags), QStringList { QStringLiteral("timing-disagrees") });
    QVERIFY(flags.all().front().detail.find("quickest call, 2040.0 µs") != std::string::npos);
}

void TestTraceCheck::earlyAnswerDisagrees()
{
    // The worker answered before its kernels ended: the GPU ran longer than the call took.
    HackFlags flags;
    compareTraceWithClock({ 100, 100, 100, 100, 100 }, 80, spans(0, { 500, 500, 100, 500, 99 }), 0, flags);
    QCOMPARE(flagNames(flags), QStringList { QStringLiteral("timing-disagrees") });
}

void TestTraceCheck::tooFewCallsInTheTrace()
{
    HackFlags flags;
    const TraceAgainstClock r = compareTraceWithClock({ 100, 100, 100, 100, 100 }, 0, spans(0, { 90, 90 }), 0, flags);
    QVERIFY(!r.judged);
    QCOMPARE(flagNames(flags), QStringList { QStringLiteral("check-not-run") });
    HackFlags none;
    QVERIFY(!compareTraceWithClock({}, 0, {}, 0, none).judged); // nothing timed: nothing to compare, and no crash
}

QTEST_GUILESS_MAIN(TestTraceCheck)
#include "tst_tracecheck.moc"
