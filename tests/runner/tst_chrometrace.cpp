// The tracer's Chrome trace writer: tracks, times, kernel arguments, flows and escaping, read back as JSON.
#include "cuda/chrometrace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sstream>

using namespace kwb::trace;

class TestChromeTrace : public QObject {
    Q_OBJECT
private slots:
    void demangles();
    void writesTracksEventsAndFlows();
    void emptyTraceIsValidJson();

private:
    static QJsonObject parse(const TraceData& data);
    static QList<QJsonObject> events(const QJsonObject& root, const QString& ph, const QString& cat = {});
};

QJsonObject TestChromeTrace::parse(const TraceData& data)
{
    std::ostringstream out;
    writeChromeTrace(data, out);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << error.errorString() << "at" << error.offset;
    return doc.object();
}

QList<QJsonObject> TestChromeTrace::events(const QJsonObject& root, const QString& ph, const QString& cat)
{
    QList<QJsonObject> out;
    for (const QJsonValue& v : root.value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() == ph && (cat.isEmpty() || e.value(QStringLiteral("cat")).toString() == cat))
            out << e;
    }
    return out;
}

void TestChromeTrace::demangles()
{
    QCOMPARE(demangle("_Z5saxpyfPKfPfi"), std::string("saxpy(float, float const*, float*, int)"));
    QCOMPARE(demangle("triton_poi_fused_add_0"), std::string("triton_poi_fused_add_0"));
    QCOMPARE(demangle("_Zgarbage"), std::string("_Zgarbage"));
    QCOMPARE(demangle(""), std::string());
}

void TestChromeTrace::writesTracksEventsAndFlows()
{
    TraceData d;
    d.processId = 4242;
    d.processName = "python3 (pid 4242)";
    d.deviceNames = { "NVIDIA H200" };
    d.cuptiHeaderVersion = d.cuptiRuntimeVersion = 130001;
    d.droppedRecords = 3;
    d.warnings = { "1 NVTX range(s) never ended" };
    ApiRecord launch;
    launch.start = 1'000'000'250;
    launch.end = 1'000'004'000;
    launch.processId = 4242;
    launch.threadId = 11;
    launch.correlation = 5;
    launch.name = "cudaLaunchKernel";
    ApiRecord copyCall = launch;
    copyCall.start = 1'000'010'000;
    copyCall.end = 1'000'020'000;
    copyCall.correlation = 6;
    copyCall.name = "cudaMemcpyAsync";
    ApiRecord driverCall = launch;
    driverCall.correlation = 40;
    driverCall.driver = true;
    driverCall.name = "cuLaunchKernel";
    driverCall.start = 1'000'030'000;
    driverCall.end = 1'000'031'000;
    d.apis = { launch, copyCall, driverCall };
    KernelRecord k;
    k.start = 1'000'005'000;
    k.end = 1'000'105'500;
    k.device = 0;
    k.stream = 7;
    k.correlation = 5;
    k.grid[0] = 132, k.grid[1] = 2, k.grid[2] = 1;
    k.block[0] = 256, k.block[1] = 1, k.block[2] = 1;
    k.cluster[0] = 8, k.cluster[1] = 1, k.cluster[2] = 1;
    k.registersPerThread = 64;
    k.staticSharedBytes = 136;
    k.dynamicSharedBytes = 4096;
    k.localBytesPerThread = 0;
    k.name = "_Z5saxpyfPKfPfi";
    KernelRecord triton = k;
    triton.correlation = 40;
    triton.stream = 13;
    triton.cluster[0] = 1;
    triton.name = "triton_poi_fused_\"odd\"\nname";
    d.kernels = { k, triton };
    TransferRecord copy;
    copy.start = 1'000'200'000;
    copy.end = 1'000'201'000; // 1 µs
    copy.bytes = 1'000'000;   // 1 MB in 1 µs = 1000 GB/s
    copy.stream = 7;
    copy.correlation = 6;
    copy.direction = "HtoD";
    TransferRecord set;
    set.kind = TransferRecord::Kind::Memset;
    set.start = 1'000'300'000;
    set.end = 1'000'300'500;
    set.bytes = 64;
    set.stream = 7;
    set.correlation = 99; // no API record: no flow
    set.value = 0;
    d.transfers = { copy, set };
    SyncRecord sync;
    sync.start = 1'000'040'000;
    sync.end = 1'000'106'000;
    sync.stream = 7;
    sync.type = "stream";
    d.syncs = { sync };
    RangeRecord outer { { 1'000'000'000, 1'000'400'000, 4242, 11 }, "trials", "" };
    RangeRecord inner { { 1'000'000'100, 1'000'110'000, 4242, 11 }, "trial 0", "" };
    d.ranges = { outer, inner };

    const QJsonObject root = parse(d);
    QVERIFY(!root.isEmpty());
    const QJsonObject meta = root.value(QStringLiteral("kwbTrace")).toObject();
    QCOMPARE(meta.value(QStringLiteral("dropped_records")).toInt(), 3);
    QCOMPARE(meta.value(QStringLiteral("cupti_runtime_version")).toInt(), 130001);
    QCOMPARE(meta.value(QStringLiteral("warnings")).toArray().size(), 1);

    // Tracks: the host process, its thread, the device and its two streams.
    QStringList names;
    for (const QJsonObject& m : events(root, QStringLiteral("M")))
        names << QStringLiteral("%1/%2/%3").arg(m.value(QStringLiteral("name")).toString()).arg(m.value(QStringLiteral("pid")).toInteger())
                     .arg(m.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString());
    const qint64 gpu = kDevicePidBase;
    QVERIFY2(names.contains(QStringLiteral("process_name/4242/python3 (pid 4242)")), qPrintable(names.join(u'\n')));
    QVERIFY(names.contains(QStringLiteral("process_name/%1/GPU 0: NVIDIA H200").arg(gpu)));
    QVERIFY(names.contains(QStringLiteral("thread_name/%1/stream 7").arg(gpu)));
    QVERIFY(names.contains(QStringLiteral("thread_name/%1/stream 13").arg(gpu)));
    QVERIFY(names.contains(QStringLiteral("thread_name/4242/thread 11")));

    const QList<QJsonObject> kernels = events(root, QStringLiteral("X"), QStringLiteral("kernel"));
    QCOMPARE(kernels.size(), 2);
    const QJsonObject saxpy = kernels[0];
    QCOMPARE(saxpy.value(QStringLiteral("name")).toString(), QStringLiteral("saxpy(float, float const*, float*, int)"));
    QCOMPARE(saxpy.value(QStringLiteral("pid")).toInteger(), gpu);
    QCOMPARE(saxpy.value(QStringLiteral("tid")).toInt(), 7);
    QCOMPARE(saxpy.value(QStringLiteral("ts")).toDouble(), 1000005.0);
    QCOMPARE(saxpy.value(QStringLiteral("dur")).toDouble(), 100.5);
    const QJsonObject args = saxpy.value(QStringLiteral("args")).toObject();
    QCOMPARE(args.value(QStringLiteral("mangled name")).toString(), QStringLiteral("_Z5saxpyfPKfPfi"));
    QCOMPARE(args.value(QStringLiteral("grid")).toArray(), (QJsonArray { 132, 2, 1 }));
    QCOMPARE(args.value(QStringLiteral("block")).toArray(), (QJsonArray { 256, 1, 1 }));
    QCOMPARE(args.value(QStringLiteral("cluster")).toArray(), (QJsonArray { 8, 1, 1 }));
    QCOMPARE(args.value(QStringLiteral("registers per thread")).toInt(), 64);
    QCOMPARE(args.value(QStringLiteral("static shared memory")).toInt(), 136);
    QCOMPARE(args.value(QStringLiteral("dynamic shared memory")).toInt(), 4096);
    QCOMPARE(args.value(QStringLiteral("correlation")).toInt(), 5);
    QCOMPARE(kernels[1].value(QStringLiteral("name")).toString(), QStringLiteral("triton_poi_fused_\"odd\"\nname"));
    QVERIFY(!kernels[1].value(QStringLiteral("args")).toObject().contains(QStringLiteral("cluster")));

    const QList<QJsonObject> copies = events(root, QStringLiteral("X"), QStringLiteral("gpu_memcpy"));
    QCOMPARE(copies.size(), 1);
    QCOMPARE(copies[0].value(QStringLiteral("name")).toString(), QStringLiteral("Memcpy HtoD"));
    QCOMPARE(copies[0].value(QStringLiteral("args")).toObject().value(QStringLiteral("memory bandwidth (GB/s)")).toDouble(), 1000.0);
    QCOMPARE(events(root, QStringLiteral("X"), QStringLiteral("gpu_memset")).size(), 1);
    QCOMPARE(events(root, QStringLiteral("X"), QStringLiteral("cuda_runtime")).size(), 2);
    QCOMPARE(events(root, QStringLiteral("X"), QStringLiteral("cuda_driver")).size(), 1);
    QCOMPARE(events(root, QStringLiteral("X"), QStringLiteral("cuda_sync")).size(), 1);
    const QList<QJsonObject> ranges = events(root, QStringLiteral("X"), QStringLiteral("nvtx"));
    QCOMPARE(ranges.size(), 2);
    QCOMPARE(ranges[1].value(QStringLiteral("name")).toString(), QStringLiteral("trial 0"));
    QCOMPARE(ranges[1].value(QStringLiteral("tid")).toInt(), 11);

    // One flow per GPU record whose launch was recorded: the kernel, the driver-launched kernel, the copy.
    const QList<QJsonObject> starts = events(root, QStringLiteral("s"));
    const QList<QJsonObject> finishes = events(root, QStringLiteral("f"));
    QCOMPARE(starts.size(), 3);
    QCOMPARE(finishes.size(), 3);
    for (int i = 0; i < starts.size(); ++i) {
        QCOMPARE(starts[i].value(QStringLiteral("id")), finishes[i].value(QStringLiteral("id")));
        QCOMPARE(starts[i].value(QStringLiteral("pid")).toInteger(), 4242);
        QCOMPARE(finishes[i].value(QStringLiteral("pid")).toInteger(), gpu);
        QCOMPARE(finishes[i].value(QStringLiteral("bp")).toString(), QStringLiteral("e"));
    }
    QCOMPARE(starts[0].value(QStringLiteral("ts")).toDouble(), 1000000.25); // the launch call's start
    QCOMPARE(finishes[0].value(QStringLiteral("ts")).toDouble(), 1000005.0); // the kernel's start
    QCOMPARE(finishes[1].value(QStringLiteral("tid")).toInt(), 13);
}

void TestChromeTrace::emptyTraceIsValidJson()
{
    const QJsonObject root = parse(TraceData {});
    QVERIFY(root.contains(QStringLiteral("traceEvents")));
    QCOMPARE(events(root, QStringLiteral("X")).size(), 0);
}

QTEST_GUILESS_MAIN(TestChromeTrace)
#include "tst_chrometrace.moc"
