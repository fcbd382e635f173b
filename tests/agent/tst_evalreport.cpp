// EvalReport: the texts the compile, verify and profile tools give the model, from runner results and the H200
// candidate trace (kernels totalled inside the traced calls, the cache flushes left out).
#include "agent/evalreport.h"
#include "trace/kerneltotals.h"
#include "trace/tracereader.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace kwb;
using namespace kwb::agent;

class TestEvalReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void durations_data();
    void durations();
    void compileErrorsComeFirst();
    void compileFailureWithoutDiagnosticsShowsTheLog();
    void verifyFailureListsTrials();
    void profileOfAnIncorrectCandidate();
    void profileWithRoofline();
    void kernelTotalsInsideTheTracedCalls();
    void traceText();
    void traceWithoutCallRanges();

private:
    static QJsonObject json(const char* text);
    static QByteArray fixture(const QString& path);
};

QJsonObject TestEvalReport::json(const char* text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(text), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << error.errorString() << error.offset;
    return document.object();
}

QByteArray TestEvalReport::fixture(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestEvalReport::durations_data()
{
    QTest::addColumn<double>("us");
    QTest::addColumn<QString>("text");
    QTest::newRow("sub-microsecond") << 0.25 << QStringLiteral("0.25 µs");
    QTest::newRow("microseconds") << 52.03 << QStringLiteral("52.0 µs");
    QTest::newRow("milliseconds") << 4561.0 << QStringLiteral("4.561 ms");
    QTest::newRow("tens of ms") << 45610.0 << QStringLiteral("45.61 ms");
    QTest::newRow("seconds") << 2.5e6 << QStringLiteral("2.50 s");
    QTest::newRow("unknown") << std::nan("") << QStringLiteral("?");
}

void TestEvalReport::durations()
{
    QFETCH(double, us);
    QFETCH(QString, text);
    QCOMPARE(EvalReport::duration(us), text);
}

void TestEvalReport::compileErrorsComeFirst()
{
    const QJsonObject runner = json(R"j({"compile": {"status": "failed", "seconds": 12.34, "cached": false,
        "message": "compilation failed: Error building extension 'cuda_extension'",
        "diagnostics": [
          {"severity": "warning", "file": "kernels/a.cu", "line": 3, "column": 9, "message": "variable \"n\" was declared but never referenced"},
          {"severity": "error", "file": "kernels/a.cu", "line": 12, "column": 5, "message": "identifier \"blockDimx\" is undefined"},
          {"severity": "fatal", "file": "", "line": 0, "message": "nvcc failed"}],
        "kernels": [{"kernel": "_Z6kernelPfS_i", "arch": "sm_90", "registers": 40, "shared_bytes": 4096, "stack_bytes": 0,
                     "spill_store_bytes": 8, "spill_load_bytes": 12}]},
        "verify": {"status": "not-run"}, "device": "cuda", "reward": {"scheme": "cuda-agent", "value": -1}})j");
    QString error;
    const EvalResult e = EvalResult::fromJson(runner, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(EvalReport::text(EvalReport::Depth::Compile, runner, e, {}),
        QStringLiteral(
            "compile: failed (12.3 s)\n"
            "kernels/a.cu:12:5: error: identifier \"blockDimx\" is undefined\n"
            "fatal error: nvcc failed\n"
            "kernels/a.cu:3:9: warning: variable \"n\" was declared but never referenced\n"
            "2 error(s), 1 warning(s).\n"
            "kernels (ptxas):\n"
            "  kernel(float*, float*, int) [sm_90]: 40 registers, 4.0 KiB shared, SPILLS 8 B stored, 12 B loaded\n"));
    // verify says why it did not run; profile adds the reward.
    const QString verify = EvalReport::text(EvalReport::Depth::Verify, runner, e, {});
    QVERIFY(verify.endsWith(QLatin1String("verify: not run, since the build failed.\n")));
    const QString profile = EvalReport::text(EvalReport::Depth::Profile, runner, e, {});
    QVERIFY2(profile.endsWith(QLatin1String("timing: not run, since the candidate did not pass verification.\n"
                                            "reward: -1 (cuda-agent)\nflags: none\n")),
        qPrintable(profile));
}

void TestEvalReport::compileFailureWithoutDiagnosticsShowsTheLog()
{
    QString log;
    for (int i = 1; i <= 40; ++i)
        log += QStringLiteral("line %1\n").arg(i);
    QJsonObject runner = json(R"j({"compile": {"status": "failed", "cached": true,
        "message": "the candidate could not be imported: SyntaxError: expected ':' (model_new.py, line 4)"}})j");
    QJsonObject compile = runner.value(QStringLiteral("compile")).toObject();
    compile.insert(QStringLiteral("log"), log);
    runner.insert(QStringLiteral("compile"), compile);
    const QString text = EvalReport::compileText(runner, EvalResult::fromJson(runner, nullptr));
    QVERIFY2(text.startsWith(QLatin1String("compile: failed (cached build)\nthe candidate could not be imported: "
                                           "SyntaxError: expected ':' (model_new.py, line 4)\nend of the build log:\n"
                                           "line 16\n")),
        qPrintable(text));
    QVERIFY(text.endsWith(QLatin1String("line 40\n")));
    QVERIFY(!text.contains(QLatin1String("line 15\n")));
}

void TestEvalReport::verifyFailureListsTrials()
{
    const QJsonObject runner = json(R"j({"compile": {"status": "passed", "cached": true, "seconds": 0.4},
        "verify": {"status": "failed", "atol": 0.01, "rtol": 0.01,
          "message": "Trial 2: 4096 of 4096 elements differ by more than atol 0.01 + rtol 0.01 x |reference| (largest difference 0.5).",
          "trials": [{"passed": true, "max_abs_error": 1e-7, "max_rel_error": 2e-6, "mismatch_fraction": 0},
                     {"passed": false, "max_abs_error": 0.5, "max_rel_error": 1.25, "mismatch_fraction": 1,
                      "message": "4096 of 4096 elements differ by more than atol 0.01 + rtol 0.01 x |reference| (largest difference 0.5)."}]},
        "device": "cpu"})j");
    const EvalResult e = EvalResult::fromJson(runner, nullptr);
    QCOMPARE(EvalReport::text(EvalReport::Depth::Verify, runner, e, {}),
        QStringLiteral(
            "compile: passed (cached build, 0.4 s)\n"
            "verify: failed, 1 of 2 trials within atol 0.01 and rtol 0.01 (largest errors: abs 0.5, rel 1.25)\n"
            "Trial 2: 4096 of 4096 elements differ by more than atol 0.01 + rtol 0.01 x |reference| (largest "
            "difference 0.5).\n"
            "  trial 1: passed, max abs error 1e-07, max rel error 2e-06\n"
            "  trial 2: FAILED, max abs error 0.5, max rel error 1.25, 100 % of elements off: 4096 of 4096 "
            "elements differ by more than atol 0.01 + rtol 0.01 x |reference| (largest difference 0.5).\n"));
}

void TestEvalReport::profileOfAnIncorrectCandidate()
{
    const QJsonObject runner = json(R"j({"compile": {"status": "passed"}, "verify": {"status": "timed-out",
        "message": "The candidate_trials stage timed out after 20 s."}, "timing": {"status": "not-run"},
        "device": "cuda", "reward": {"scheme": "kevin", "value": 0}})j");
    const QString text
        = EvalReport::text(EvalReport::Depth::Profile, runner, EvalResult::fromJson(runner, nullptr), {});
    QCOMPARE(text,
        QStringLiteral("compile: passed\n"
                       "ptxas reported no CUDA kernels in the build.\n"
                       "verify: timed-out\n"
                       "The candidate_trials stage timed out after 20 s.\n"
                       "timing: not run, since the candidate did not pass verification.\n"
                       "reward: 0 (kevin)\n"
                       "flags: none\n"));
}

void TestEvalReport::profileWithRoofline()
{
    // 64 MiB read and written at 3.2 TB/s: 21 µs at the roof; the candidate takes 52 µs.
    const QJsonObject runner = json(R"j({"compile": {"status": "passed", "cached": true},
        "verify": {"status": "passed", "atol": 0.01, "rtol": 0.01, "trials": [{"passed": true, "max_abs_error": 0, "max_rel_error": 0}]},
        "timing": {"status": "passed", "candidate": {"median_us": 52, "p20_us": 51.5, "p80_us": 53.3, "n": 300},
                   "eager": {"median_us": 104, "p20_us": 103, "p80_us": 105, "n": 300},
                   "compiled": {"median_us": 78, "p20_us": 77, "p80_us": 79, "n": 300}},
        "floor": {"input_bytes": 33554432, "output_bytes": 33554432, "parameter_bytes": 0, "flops": 0},
        "ceilings": {"bandwidth_bytes_per_s": 3.2e12, "matrix_flops_per_s": {"fp32": 5e13}},
        "trace": {"status": "error", "message": "The tracer wrote no trace for the candidate_trace stage."},
        "device": "cuda", "hack_flags": ["non-contiguous-output"], "reward": {"scheme": "cuda-agent", "value": 3}})j");
    const EvalResult e = EvalResult::fromJson(runner, nullptr);
    const QString text = EvalReport::text(EvalReport::Depth::Profile, runner, e, {});
    QCOMPARE(text,
        QStringLiteral("compile: passed (cached build)\n"
                       "ptxas reported no CUDA kernels in the build.\n"
                       "verify: passed, 1 of 1 trials within atol 0.01 and rtol 0.01 (largest errors: abs 0, rel 0)\n"
                       "timing: passed\n"
                       "  candidate       52.0 µs     (p20-p80 51.5 µs-53.3 µs, 300 calls)\n"
                       "  eager PyTorch   104.0 µs    (p20-p80 103.0 µs-105.0 µs, 300 calls)\n"
                       "  torch.compile   78.0 µs     (p20-p80 77.0 µs-79.0 µs, 300 calls)\n"
                       "speedup: 2.00x over eager PyTorch, 1.50x over torch.compile\n"
                       "roofline: 40 % of what this machine allows (memory-bound; the least work, 64.0 MiB and 0 "
                       "FLOPs, takes at least 21.0 µs here)\n"
                       "reward: 3 (cuda-agent)\n"
                       "flags: non-contiguous-output (an output's strides differ from the reference's: work may have "
                       "been skipped)\n"
                       "trace: error: The tracer wrote no trace for the candidate_trace stage.\n"));
}

void TestEvalReport::kernelTotalsInsideTheTracedCalls()
{
    const QByteArray bytes = fixture(QFINDTESTDATA("../trace/fixtures/kwb_tracer_diag_matmul_h200.json"));
    QVERIFY(!bytes.isEmpty());
    const auto read = trace::TraceReader::parse(std::string_view(bytes.constData(), size_t(bytes.size())), "candidate");
    QVERIFY(read.complete);
    const trace::KernelTotals totals = trace::KernelTotals::of(*read.model);
    QVERIFY(totals.fromCallRanges);
    QCOMPARE(totals.calls, 3);
    // 9 kernels in the file: two for the inputs, the warm-up call, three flushes, three timed calls.
    QCOMPARE(totals.rows.size(), size_t(1));
    QCOMPARE(QString::fromStdString(totals.rows[0].name),
        QStringLiteral(
            "(anonymous namespace)::row_scale_vec4_kernel(float const*, float4 const*, float4*, long, long)"));
    QCOMPARE(totals.rows[0].launches, 3);
    QCOMPARE(totals.rows[0].totalNs, qint64(52288 + 52575 + 51232));
    QCOMPARE(totals.totalNs, totals.rows[0].totalNs);
}

void TestEvalReport::traceText()
{
    const QByteArray bytes = fixture(QFINDTESTDATA("../trace/fixtures/kwb_tracer_diag_matmul_h200.json"));
    QCOMPARE(EvalReport::traceText(bytes),
        QStringLiteral(
            "GPU work per call (trace of 3 calls, cache flushes left out): 52.0 µs\n"
            "     52.0 µs  100.0 %  3 launch(es)  (anonymous namespace)::row_scale_vec4_kernel(float const*, "
            "float4 const*, float4*, long, long)\n"));
    QCOMPARE(EvalReport::traceText({}), QString());
    QCOMPARE(EvalReport::traceText("not a trace"), QString());
}

void TestEvalReport::traceWithoutCallRanges()
{
    // torch.profiler's trace has no "call N" ranges: all its GPU work counts, as one call.
    const QByteArray bytes = fixture(QFINDTESTDATA("../trace/fixtures/kineto_mlp_h200.json"));
    QVERIFY(!bytes.isEmpty());
    const auto read = trace::TraceReader::parse(std::string_view(bytes.constData(), size_t(bytes.size())), "kineto");
    const trace::KernelTotals totals = trace::KernelTotals::of(*read.model);
    QVERIFY(!totals.fromCallRanges);
    QCOMPARE(totals.calls, 1);
    int launches = 0;
    for (const auto& row : totals.rows)
        launches += row.launches;
    QCOMPARE(launches, 69 + 6); // every kernel and memset of the fixture
    for (size_t i = 1; i < totals.rows.size(); ++i)
        QVERIFY(totals.rows[i - 1].totalNs >= totals.rows[i].totalNs);
    const QString text = EvalReport::traceText(bytes);
    QVERIFY2(text.startsWith(QLatin1String("GPU work in the trace: ")), qPrintable(text));
    QCOMPARE(text.count(QLatin1Char('\n')), 1 + EvalReport::kMaxTraceRows + 1);
    QVERIFY(text.contains(QStringLiteral("  ... and %1 more\n").arg(totals.rows.size() - EvalReport::kMaxTraceRows)));
}

QTEST_GUILESS_MAIN(TestEvalReport)
#include "tst_evalreport.moc"
