// TraceReader: a real Kineto trace recorded on the H200, the tracer's own output, and broken files.
#include "cuda/chrometrace.h"
#include "trace/kerneltotals.h"
#include "trace/tracereader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace kwb::trace;

class TestTraceReader : public QObject {
    Q_OBJECT
private slots:
    void readsKinetoTraceFromTheH200();
    void readsTheTracersOwnTraces();
    void readsTheTracersTraceFromTheH200();
    void detailsComeFromTheFile();
    void bareArrayAndBeginEndPairs();
    void categoriesNameTheirKinds();
    void brokenFilesSayWhereAndAreNotComplete_data();
    void brokenFilesSayWhereAndAreNotComplete();
    void cancelStopsLoading();
    void harnessWorkIsWhatLiesOutsideTheCalls();

private:
    static std::map<EventKind, size_t> kinds(const TraceModel& m);
    static const TraceTrack* trackNamed(const TraceModel& m, const std::string& process, const std::string& thread);
    QTemporaryDir m_dir;
};

std::map<EventKind, size_t> TestTraceReader::kinds(const TraceModel& m)
{
    std::map<EventKind, size_t> count;
    for (const TraceTrack& t : m.tracks())
        for (const TraceEvent& e : t.events)
            ++count[e.kind()];
    return count;
}

const TraceTrack* TestTraceReader::trackNamed(const TraceModel& m, const std::string& process, const std::string& thread)
{
    for (const TraceTrack& t : m.tracks())
        if (t.processName.find(process) != std::string::npos && t.threadName == thread)
            return &t;
    return nullptr;
}

void TestTraceReader::readsKinetoTraceFromTheH200()
{
    const QString path = QFINDTESTDATA("fixtures/kineto_mlp_h200.json");
    QVERIFY(!path.isEmpty());
    double lastProgress = -1;
    const TraceReader::Result r = TraceReader::load(path.toStdString(), [&](double f) { lastProgress = f; });
    QVERIFY2(r.complete, r.error.c_str());
    QCOMPARE(lastProgress, 1.0);
    const TraceModel& m = *r.model;
    // The fixture's README counts: 282 CPU ops, 76 runtime and 3 driver calls, 69 kernels, 6 memsets.
    const auto count = kinds(m);
    QCOMPARE(count.at(EventKind::CpuOp), size_t(282));
    QCOMPARE(count.at(EventKind::RuntimeApi), size_t(76));
    QCOMPARE(count.at(EventKind::DriverApi), size_t(3));
    QCOMPARE(count.at(EventKind::Kernel), size_t(69));
    QCOMPARE(count.at(EventKind::Memset), size_t(6));
    QCOMPARE(count.at(EventKind::Range), size_t(27)); // 18 user annotations on the CPU, 9 on the GPU

    for (const TraceTrack& t : m.tracks())
        QVERIFY(std::is_sorted(t.events.begin(), t.events.end(),
                               [](const TraceEvent& a, const TraceEvent& b) { return a.start < b.start; }));
    // Host tracks come first, the GPU's stream tracks after, named from the metadata events.
    QVERIFY(!m.tracks().front().device);
    QVERIFY(m.tracks().back().device);
    const TraceTrack* stream7 = trackNamed(m, "GPU 0 (python3)", "stream 7 "); // Kineto's names, trailing space kept
    QVERIFY(stream7);
    QVERIFY(stream7->device);
    QVERIFY(trackNamed(m, "Spans", "PyTorch Profiler")); // a pid given as a string names its process

    // Nested CPU ops: a train_step annotation holds aten ops, which sit deeper.
    int deepest = 0;
    for (const TraceTrack& t : m.tracks())
        deepest = std::max(deepest, t.maxDepth);
    QVERIFY(deepest >= 3);

    // Launch flows (ac2g): from a cudaLaunchKernel on a host thread to a kernel on a GPU stream.
    size_t launches = 0;
    for (const TraceFlow& f : m.flows()) {
        const TraceEvent& from = m.tracks()[f.fromTrack].events[f.fromEvent];
        const TraceEvent& to = m.tracks()[f.toTrack].events[f.toEvent];
        if (to.kind() == EventKind::Kernel) {
            ++launches;
            QVERIFY(from.kind() == EventKind::RuntimeApi || from.kind() == EventKind::DriverApi); // Triton: cuLaunchKernel
            QVERIFY(m.name(from).find("Launch") != std::string::npos);
            QCOMPARE(from.correlation, to.correlation);
            QVERIFY(from.start <= to.start);
        }
    }
    QCOMPARE(launches, size_t(69));
    QVERIFY(m.memoryBytes() / m.eventCount() < 200); // small file: the names dominate; the 1e6 figure is in bench
}

void TestTraceReader::readsTheTracersOwnTraces()
{
    TraceData d;
    d.processId = 77;
    d.processName = "python3 (pid 77)";
    d.deviceNames = { "NVIDIA H200" };
    ApiRecord launch { { 1'000'000, 1'004'000, 77, 5 }, 9, false, "cudaLaunchKernel" };
    d.apis = { launch };
    KernelRecord k;
    k.start = 1'010'000;
    k.end = 1'110'500;
    k.stream = 7;
    k.correlation = 9;
    k.grid[0] = 132;
    k.block[0] = 256;
    k.registersPerThread = 40;
    k.name = "_Z5saxpyfPKfPfi";
    d.kernels = { k };
    d.ranges = { { { 999'000, 1'200'000, 77, 5 }, "candidate: call 0", "" }, { { 999'500, 1'100'000, 77, 5 }, "inner", "" } };
    const TraceReader::Result r = TraceReader::parse(chromeTraceJson(d), "memory");
    QVERIFY2(r.complete, r.error.c_str());
    const TraceModel& m = *r.model;
    const TraceTrack* gpu = trackNamed(m, "GPU 0: NVIDIA H200", "stream 7");
    QVERIFY(gpu);
    QVERIFY(gpu->device);
    QCOMPARE(gpu->events.size(), size_t(1));
    QCOMPARE(m.name(gpu->events[0]), std::string("saxpy(float, float const*, float*, int)"));
    QCOMPARE(gpu->events[0].start, int64_t(1'010'000)); // µs with three decimals back to exact ns
    QCOMPARE(gpu->events[0].duration, int64_t(100'500));
    const TraceTrack* host = trackNamed(m, "python3 (pid 77)", "thread 5");
    QVERIFY(host);
    QCOMPARE(host->events.size(), size_t(3));
    QCOMPARE(m.name(host->events[0]), std::string("candidate: call 0"));
    QCOMPARE(host->events[0].depth(), 0);
    QCOMPARE(host->events[1].depth(), 1); // "inner"
    QCOMPARE(host->events[2].depth(), 2); // the launch inside both ranges
    QCOMPARE(m.flows().size(), size_t(1));
    QCOMPARE(m.name(m.tracks()[m.flows()[0].fromTrack].events[m.flows()[0].fromEvent]), std::string("cudaLaunchKernel"));
    QCOMPARE(m.tracks()[m.flows()[0].toTrack].events[m.flows()[0].toEvent].kind(), EventKind::Kernel);
    QCOMPARE(m.eventAt(static_cast<size_t>(host - m.tracks().data()), 1'002'000), 2L);
}

void TestTraceReader::readsTheTracersTraceFromTheH200()
{
    // kwb_tracer's candidate trace of `kwb-runner eval` on level1/1_diag_matmul (fixtures/README.md).
    const QString path = QFINDTESTDATA("fixtures/kwb_tracer_diag_matmul_h200.json");
    QVERIFY(!path.isEmpty());
    const TraceReader::Result r = TraceReader::load(path.toStdString());
    QVERIFY2(r.complete, r.error.c_str());
    const TraceModel& m = *r.model;
    const auto count = kinds(m);
    QCOMPARE(count.at(EventKind::Kernel), size_t(9));
    QCOMPARE(count.at(EventKind::RuntimeApi), size_t(164));
    QCOMPARE(count.at(EventKind::DriverApi), size_t(167));
    QCOMPARE(count.at(EventKind::Synchronization), size_t(9));
    QCOMPARE(count.at(EventKind::Range), size_t(7)); // warm-up, three flushes, three calls

    const TraceTrack* stream = trackNamed(m, "GPU 0: NVIDIA H200", "stream 7");
    QVERIFY(stream);
    QVERIFY(stream->device);
    QCOMPARE(stream->events.size(), size_t(9));
    QVERIFY(trackNamed(m, "GPU 0: NVIDIA H200", "host waits"));

    // Every kernel has its launch; the candidate's kernel of each timed call was launched inside that call's range.
    QCOMPARE(m.flows().size(), size_t(9));
    const size_t streamIndex = static_cast<size_t>(stream - m.tracks().data());
    std::vector<std::pair<int64_t, int64_t>> calls;
    for (const TraceTrack& t : m.tracks())
        for (const TraceEvent& e : t.events)
            if (e.kind() == EventKind::Range && m.name(e).rfind("candidate: call ", 0) == 0)
                calls.emplace_back(e.start, e.start + e.duration);
    QCOMPARE(calls.size(), size_t(3));
    int rowScaleInCalls = 0;
    for (const TraceFlow& f : m.flows()) {
        QCOMPARE(size_t(f.toTrack), streamIndex);
        const TraceEvent& launch = m.tracks()[f.fromTrack].events[f.fromEvent];
        const TraceEvent& kernel = m.tracks()[f.toTrack].events[f.toEvent];
        QVERIFY(launch.kind() == EventKind::RuntimeApi || launch.kind() == EventKind::DriverApi);
        QCOMPARE(launch.correlation, kernel.correlation);
        QVERIFY(launch.start < kernel.start);
        const bool inCall = std::any_of(calls.begin(), calls.end(),
                                        [&](const auto& c) { return c.first <= launch.start && launch.start <= c.second; });
        if (inCall && m.name(kernel).find("row_scale_vec4_kernel") != std::string::npos)
            ++rowScaleInCalls;
    }
    QCOMPARE(rowScaleInCalls, 3);

    // The launch details of a kernel come back from the file.
    std::string error;
    const auto fields = TraceReader::details(path.toStdString(), stream->events[2].fileOffset(), &error);
    std::map<std::string, std::string> byKey(fields.begin(), fields.end());
    QVERIFY2(error.empty(), error.c_str());
    QCOMPARE(byKey["args.grid"], std::string("[8,3072,1]"));
    QCOMPARE(byKey["args.registers per thread"], std::string("24"));
    QVERIFY(byKey["args.mangled name"].rfind("_Z", 0) == 0);
}

void TestTraceReader::detailsComeFromTheFile()
{
    const QString path = QFINDTESTDATA("fixtures/kineto_mlp_h200.json");
    const TraceReader::Result r = TraceReader::load(path.toStdString());
    QVERIFY(r.complete);
    const TraceEvent* kernel = nullptr;
    for (const TraceTrack& t : r.model->tracks())
        for (const TraceEvent& e : t.events)
            if (!kernel && e.kind() == EventKind::Kernel)
                kernel = &e;
    QVERIFY(kernel);
    std::string error;
    const auto fields = TraceReader::details(path.toStdString(), kernel->fileOffset(), &error);
    QVERIFY2(error.empty(), error.c_str());
    std::map<std::string, std::string> byKey(fields.begin(), fields.end());
    QCOMPARE(byKey["name"], r.model->name(*kernel));
    QCOMPARE(byKey["cat"], std::string("kernel"));
    QCOMPARE(byKey["args.correlation"], std::to_string(kernel->correlation));
    QVERIFY(byKey["args.grid"].front() == '[');
    QVERIFY(!byKey["args.registers per thread"].empty());

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(TraceReader::detailsInText(std::string_view(text.constData(), size_t(text.size())), kernel->fileOffset(), &error)
            == fields); // the same from a trace held in memory

    QVERIFY(TraceReader::details(path.toStdString(), 1ull << 39, &error).empty());
    QVERIFY(!error.empty());
}

void TestTraceReader::bareArrayAndBeginEndPairs()
{
    const std::string json = R"([
        {"ph":"B","name":"outer","pid":1,"tid":2,"ts":10},
        {"ph":"B","name":"inner","pid":1,"tid":2,"ts":11.5},
        {"ph":"E","pid":1,"tid":2,"ts":12},
        {"ph":"E","pid":1,"tid":2,"ts":20},
        {"ph":"i","name":"mark","pid":1,"tid":"worker","ts":15},
        {"ph":"C","name":"counter","pid":1,"ts":15,"args":{"v":3}}
    ])";
    const TraceReader::Result r = TraceReader::parse(json, "array");
    QVERIFY2(r.complete, r.error.c_str());
    const TraceTrack* t = trackNamed(*r.model, "process 1", "thread 2");
    QVERIFY(t);
    QCOMPARE(t->events.size(), size_t(2));
    QCOMPARE(t->events[0].duration, int64_t(10'000));
    QCOMPARE(t->events[1].start, int64_t(11'500));
    QCOMPARE(t->events[1].depth(), 1);
    const TraceTrack* worker = trackNamed(*r.model, "process 1", "worker");
    QVERIFY(worker);
    QCOMPARE(worker->events[0].kind(), EventKind::Instant);
    QCOMPARE(r.model->eventCount(), size_t(3)); // the counter is not an event on a track
}

// Each category Kineto and kwb_tracer write, one complete event each on a thread of its own: the kind it is read as.
void TestTraceReader::categoriesNameTheirKinds()
{
    const std::pair<const char*, EventKind> expected[] = { { "kernel", EventKind::Kernel },
        { "gpu_memcpy", EventKind::Memcpy }, { "gpu_memset", EventKind::Memset }, { "cuda_runtime", EventKind::RuntimeApi },
        { "cuda_driver", EventKind::DriverApi }, { "cuda_sync", EventKind::Synchronization }, { "nvtx", EventKind::Range },
        { "user_annotation", EventKind::Range }, { "gpu_user_annotation", EventKind::Range }, { "cpu_op", EventKind::CpuOp },
        { "python_function", EventKind::CpuOp }, { "operator", EventKind::CpuOp }, { "ac2g", EventKind::Other },
        { "", EventKind::Other } };
    std::string json = "[";
    for (const auto& [category, kind] : expected)
        json += std::string(json.size() > 1 ? "," : "") + R"({"ph":"X","name":"e","cat":")" + category
            + R"(","pid":1,"tid":")" + (*category ? category : "none") + R"(","ts":1,"dur":2})";
    json += "]";
    const TraceReader::Result r = TraceReader::parse(json, "categories");
    QVERIFY2(r.complete, r.error.c_str());
    for (const auto& [category, kind] : expected) {
        const TraceTrack* track = trackNamed(*r.model, "process 1", *category ? category : "none");
        QVERIFY2(track && track->events.size() == 1, category);
        QVERIFY2(track->events[0].kind() == kind, category);
    }
}

void TestTraceReader::brokenFilesSayWhereAndAreNotComplete_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("says");
    const QByteArray good = R"({"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},)"
                            R"({"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2}]})";
    QTest::newRow("truncated") << good.left(good.size() - 20) << QStringLiteral("at byte");
    QTest::newRow("not json") << QByteArray("this is not a trace") << QStringLiteral("at byte 0");
    QTest::newRow("no events") << QByteArray(R"({"schemaVersion":1})") << QStringLiteral("no traceEvents array");
    QTest::newRow("events not an array") << QByteArray(R"({"traceEvents":{}})") << QStringLiteral("not an array");
    QTest::newRow("event not an object") << QByteArray(R"({"traceEvents":[1]})") << QStringLiteral("not an object");
    QTest::newRow("ts not a number") << QByteArray(R"({"traceEvents":[{"ph":"X","ts":"soon","pid":1,"tid":1}]})")
                                     << QStringLiteral("at byte 16");
}

void TestTraceReader::brokenFilesSayWhereAndAreNotComplete()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, says);
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(json);
    f.close();
    const TraceReader::Result r = TraceReader::load(path.toStdString());
    QVERIFY(!r.complete);
    QVERIFY(r.model);
    const QString error = QString::fromStdString(r.error);
    QVERIFY2(error.contains(says), qPrintable(error));
    QVERIFY2(error.startsWith(path), qPrintable(error));
    QVERIFY(error.endsWith(u'.'));
}

void TestTraceReader::cancelStopsLoading()
{
    std::string json = R"({"traceEvents":[)";
    for (int i = 0; i < 10000; ++i)
        json += (i ? "," : "") + std::string(R"({"ph":"X","name":"k","pid":1,"tid":1,"ts":)") + std::to_string(i) + R"(,"dur":1})";
    json += "]}";
    std::atomic<bool> cancel { true };
    const TraceReader::Result r = TraceReader::parse(json, "big", {}, &cancel);
    QVERIFY(!r.complete);
    QVERIFY2(r.error.find("cancelled") != std::string::npos, r.error.c_str());
}

// Both harness layouts: the driver's worker ("call N" holds the GPU work) and the one before it ("call N" holds the
// launches and "wait N" the GPU work). GPU work in a call, its wait or the warm-up is the candidate's; in a flush,
// or in no range, the harness's; the totals count the calls' work only.
void TestTraceReader::harnessWorkIsWhatLiesOutsideTheCalls()
{
    const std::string json = R"({"traceEvents":[
{"ph":"X","cat":"nvtx","name":"candidate: warm-up","pid":1,"tid":1,"ts":10,"dur":10},
{"ph":"X","cat":"nvtx","name":"candidate: flush","pid":1,"tid":1,"ts":30,"dur":10},
{"ph":"X","cat":"nvtx","name":"candidate: call 0","pid":1,"tid":1,"ts":50,"dur":2},
{"ph":"X","cat":"nvtx","name":"candidate: wait 0","pid":1,"tid":1,"ts":52,"dur":20},
{"ph":"X","cat":"kernel","name":"warm_kernel","pid":2,"tid":7,"ts":12,"dur":5},
{"ph":"X","cat":"kernel","name":"fill_kernel","pid":2,"tid":7,"ts":32,"dur":5},
{"ph":"X","cat":"kernel","name":"my_kernel","pid":2,"tid":7,"ts":54,"dur":8},
{"ph":"X","cat":"gpu_memcpy","name":"Memcpy DtoD","pid":2,"tid":7,"ts":80,"dur":3}]})";
    TraceReader::Result r = TraceReader::parse(json, "ranges");
    QVERIFY2(r.complete, r.error.c_str());
    const kwb::trace::CallRanges calls(*r.model);
    QCOMPARE(calls.count(), 1);
    std::map<std::string, bool> harness;
    for (const kwb::trace::TraceTrack& t : r.model->tracks())
        for (const kwb::trace::TraceEvent& e : t.events)
            if (kwb::trace::CallRanges::isGpuWork(e.kind()))
                harness[r.model->name(e)] = calls.isHarnessWork(e);
    QCOMPARE(harness.size(), size_t(4));
    QVERIFY(!harness.at("warm_kernel"));
    QVERIFY(harness.at("fill_kernel"));
    QVERIFY(!harness.at("my_kernel")); // started in the wait, after the call's launches
    QVERIFY(harness.at("Memcpy DtoD"));
    const kwb::trace::KernelTotals totals = kwb::trace::KernelTotals::of(*r.model);
    QCOMPARE(totals.calls, 1);
    QCOMPARE(totals.rows.size(), size_t(1));
    QCOMPARE(totals.rows.front().name, std::string("my_kernel"));
}

QTEST_GUILESS_MAIN(TestTraceReader)
#include "tst_tracereader.moc"
