// NcuProfileJob: a fake kwb-runner prints real results of kwb-runner eval --ncu on the H200 (the diag_matmul
// candidate; checked against the CSV ncu printed for it); the real kwb-runner runs it on the CPU.
#include "env/ncuprofilejob.h"
#include "fakerunner.h"
#include "runner/ncucsv.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace kwb;

class TestNcuProfileJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void profilesTheTurnsWorkspace();
    void deviceAndExtraArguments();
    void nullMetricsAreUnknown();
    void ncuThatDidNotMeasureIsAProfile();
    void candidateFailuresSaySo_data();
    void candidateFailuresSaySo();
    void resultWithoutNcu();
    void refusedBeforeTheRunnerStarts_data();
    void refusedBeforeTheRunnerStarts();
    void cancel();
    void realRunnerOnTheCpu();

private:
    struct Outcome
    {
        QList<NcuProfile> profiles;
        QList<QByteArray> reports;
        QStringList failures;
        QStringList progress;
        int ends() const { return int(profiles.size() + failures.size()); }
    };
    static void watch(NcuProfileJob& job, Outcome* outcome);
    QString fakeRunner(const QJsonObject& result, const QByteArray& before = {});
    QStringList recordedArguments() const;
    static QJsonObject readJson(const QString& path);
    static QByteArray readFile(const QString& path);

    QTemporaryDir m_dir;
    Turn m_turn; // bench/candidates/level1_1_diag_matmul
    TaskRef m_task; // resources/tasks/level1/1_diag_matmul.py
    QJsonObject m_passed; // bench/h200/roofline/ncu-diag.json, its report path pointing at m_reportPath
    QJsonObject m_noMatch; // bench/h200/roofline/ncu-nomatch.json
    std::vector<runner::NcuLaunch> m_launches; // ncu-diag.csv as the runner's parser reads it
    QString m_reportPath;
    QByteArray m_reportBytes;
    int m_runners = 0;
};

QJsonObject TestNcuProfileJob::readJson(const QString& path)
{
    return QJsonDocument::fromJson(readFile(path)).object();
}

QByteArray TestNcuProfileJob::readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestNcuProfileJob::initTestCase()
{
    const QString source = QStringLiteral(KWB_SOURCE_DIR);
    const QString candidate = source + QStringLiteral("/bench/candidates/level1_1_diag_matmul");
    QDirIterator it(candidate, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        m_turn.workspace.setFile(QDir(candidate).relativeFilePath(path), readFile(path));
    }
    QCOMPARE(m_turn.workspace.paths(),
        (QStringList { QStringLiteral("kernels/diag_matmul.cu"), QStringLiteral("kernels/diag_matmul_binding.cpp"),
            QStringLiteral("model_new.py") }));
    m_task = { QStringLiteral("1_diag_matmul"), 1,
        QString::fromUtf8(readFile(source + QStringLiteral("/resources/tasks/level1/1_diag_matmul.py"))) };
    QVERIFY(!m_task.source.isEmpty());

    // Real results of kwb-runner eval --ncu on the H200 (bench/h200/roofline.sh): a profile that measured, with
    // the CSV ncu printed for it, and one where no kernel matched.
    m_passed = readJson(source + QStringLiteral("/bench/h200/roofline/ncu-diag.json"));
    m_noMatch = readJson(source + QStringLiteral("/bench/h200/roofline/ncu-nomatch.json"));
    QJsonObject ncu = m_passed.value(QStringLiteral("ncu")).toObject();
    QCOMPARE(ncu.value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QCOMPARE(m_noMatch.value(QStringLiteral("ncu")).toObject().value(QStringLiteral("status")).toString(),
        QStringLiteral("error"));
    std::string error;
    const QByteArray csv = readFile(source + QStringLiteral("/bench/h200/roofline/ncu-diag.csv"));
    QVERIFY2(runner::parseNcuCsv(csv.toStdString(), &m_launches, &error), error.c_str());

    // The report was written on the H200; here a stand-in with bytes that text handling would spoil.
    m_reportPath = m_dir.filePath(QStringLiteral("report.ncu-rep"));
    m_reportBytes = QByteArray("NVIDIA Nsight Compute report\0\xff\x01", 31).repeated(100);
    QFile report(m_reportPath);
    QVERIFY(report.open(QIODevice::WriteOnly));
    report.write(m_reportBytes);
    report.close();
    ncu.insert(QStringLiteral("report"), m_reportPath);
    m_passed.insert(QStringLiteral("ncu"), ncu);
}

void TestNcuProfileJob::watch(NcuProfileJob& job, Outcome* outcome)
{
    connect(&job, &NcuProfileJob::progress, &job, [outcome](const QString& line) { outcome->progress.append(line); });
    connect(&job, &NcuProfileJob::finished, &job, [outcome](const NcuProfile& profile, const QByteArray& report) {
        outcome->profiles.append(profile);
        outcome->reports.append(report);
    });
    connect(
        &job, &NcuProfileJob::failed, &job, [outcome](const QString& sentence) { outcome->failures.append(sentence); });
}

// A runner that records its arguments and the task and candidate it was given, then prints the result.
QString TestNcuProfileJob::fakeRunner(const QJsonObject& result, const QByteArray& before)
{
    const QString name = QStringLiteral("runner%1").arg(++m_runners);
    const QString resultPath = m_dir.filePath(name + QStringLiteral(".json"));
    QFile file(resultPath);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(result).toJson());
    file.close();
    const QString seen = m_dir.filePath(QStringLiteral("seen"));
    QDir(seen).removeRecursively();
    QDir().mkpath(seen);
    QByteArray body = "printf '%s\\n' \"$@\" > " + test::shellQuoted(m_dir.filePath(QStringLiteral("arguments"))) + "\n"
        + "while [ $# -gt 0 ]; do\n"
          "  case \"$1\" in\n"
          "    --task) cp \"$2\" "
        + test::shellQuoted(seen + QStringLiteral("/task.py")) + " ;;\n" + "    --candidate) cp -r \"$2\" "
        + test::shellQuoted(seen + QStringLiteral("/candidate")) + " ;;\n"
        + "  esac\n  shift\ndone\n"
          "echo 'compile: cached' >&2\n"
        + before + "cat " + test::shellQuoted(resultPath) + "\n";
    return test::writeFakeRunner(m_dir.path(), name + QStringLiteral(".sh"), body);
}

QStringList TestNcuProfileJob::recordedArguments() const
{
    return QString::fromUtf8(readFile(m_dir.filePath(QStringLiteral("arguments"))))
        .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void TestNcuProfileJob::profilesTheTurnsWorkspace()
{
    NcuProfileJob job;
    job.setRunnerPath(fakeRunner(m_passed));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(m_turn, m_task, QStringLiteral("row_scale")));
    QVERIFY(job.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 20000);
    QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.value(0)));
    QCOMPARE(outcome.progress, QStringList { QStringLiteral("compile: cached") });

    // What the runner was asked to do, on a copy of the turn's files.
    const QStringList args = recordedArguments();
    QCOMPARE(args.value(0), QStringLiteral("eval"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--ncu")) + 1), QStringLiteral("row_scale"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--trials")) + 1), QStringLiteral("1"));
    QVERIFY(args.contains(QStringLiteral("--no-baselines")) && args.contains(QStringLiteral("--no-trace")));
    QVERIFY(!args.contains(QStringLiteral("--device")));
    const QString seen = m_dir.filePath(QStringLiteral("seen"));
    QCOMPARE(QString::fromUtf8(readFile(seen + QStringLiteral("/task.py"))), m_task.source);
    for (const QString& path : m_turn.workspace.paths())
        QCOMPARE(readFile(seen + QStringLiteral("/candidate/") + path), m_turn.workspace.content(path));
    const QString candidate = args.value(args.indexOf(QStringLiteral("--candidate")) + 1);
    QVERIFY(candidate.endsWith(QStringLiteral("/workspace")));
    QVERIFY2(!QFileInfo::exists(candidate), "the temporary workspace outlived the job");

    // The profile: the recording's launch, the workbench's metrics in order with their base units.
    const NcuProfile& profile = outcome.profiles.first();
    QCOMPARE(profile.status, StageStatus::Passed);
    QCOMPARE(profile.kernelFilter, QStringLiteral("row_scale"));
    QVERIFY(profile.reportBlob.isEmpty()); // the caller stores the bytes and sets it
    QCOMPARE(outcome.reports.first(), m_reportBytes);
    QCOMPARE(profile.kernels.size(), qsizetype(m_launches.size()));
    const NcuKernel& kernel = profile.kernels.first();
    QVERIFY(kernel.name.contains(QStringLiteral("row_scale_vec4_kernel(const float *, const float4 *")));
    QCOMPARE(kernel.launch, m_launches[0].id);
    QCOMPARE(kernel.metrics.size(), qsizetype(runner::ncuMetricNames().size()));
    QCOMPARE(kernel.units.size(), kernel.metrics.size());
    for (qsizetype i = 0; i < kernel.metrics.size(); ++i) {
        const std::string& metric = runner::ncuMetricNames()[std::size_t(i)];
        QCOMPARE(kernel.metrics[i].first, QString::fromStdString(metric));
        QCOMPARE(kernel.metrics[i].second, m_launches[0].value(metric));
    }
    QCOMPARE(kernel.metric(QStringLiteral("gpu__time_duration.sum")), 47808.0); // 47.808 us in the CSV
    QCOMPARE(kernel.metric(QStringLiteral("dram__bytes_read.sum")), 100682496.0); // 100.682496 Mbyte
    QCOMPARE(kernel.metric(QStringLiteral("launch__registers_per_thread")), 24.0);
    QCOMPARE(kernel.units.value(0), QStringLiteral("ns"));
    QCOMPARE(kernel.units.value(10), QStringLiteral("byte"));
    QCOMPARE(kernel.units.value(5), QStringLiteral("register/thread"));

    // What the store keeps reads back the same.
    EvalResult e;
    e.ncu = profile;
    QString error;
    QCOMPARE(EvalResult::fromJson(e.toJson(), &error).ncu, profile);
}

void TestNcuProfileJob::deviceAndExtraArguments()
{
    NcuProfileJob job;
    job.setRunnerPath(fakeRunner(m_passed));
    job.setExtraArguments({ QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")) });
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(m_turn, m_task, QStringLiteral("row_scale|softmax"), QStringLiteral("cuda")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 20000);
    const QStringList args = recordedArguments();
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--device")) + 1), QStringLiteral("cuda"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--ncu")) + 1), QStringLiteral("row_scale|softmax"));
    QCOMPARE(args.mid(args.size() - 2),
        (QStringList { QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")) }));
}

void TestNcuProfileJob::nullMetricsAreUnknown()
{
    QJsonObject result = m_passed;
    QJsonObject ncu = result.value(QStringLiteral("ncu")).toObject();
    QJsonArray kernels = ncu.value(QStringLiteral("kernels")).toArray();
    QJsonObject kernel = kernels.at(0).toObject();
    QJsonArray metrics = kernel.value(QStringLiteral("metrics")).toArray();
    metrics.replace(
        8, QJsonArray { QStringLiteral("l1tex__t_sector_hit_rate.pct"), QJsonValue::Null, QStringLiteral("%") });
    kernel.insert(QStringLiteral("metrics"), metrics);
    kernels.replace(0, kernel);
    kernels.append(kernel); // a second launch of the kernel
    ncu.insert(QStringLiteral("kernels"), kernels);
    result.insert(QStringLiteral("ncu"), ncu);

    NcuProfile profile;
    QString error;
    QVERIFY2(NcuProfileJob::profileFromResult(result, &profile, &error), qPrintable(error));
    QCOMPARE(profile.kernels.size(), 2);
    QVERIFY(std::isnan(profile.kernels[1].metric(QStringLiteral("l1tex__t_sector_hit_rate.pct"), 0)));
    QCOMPARE(profile.kernels[1].units.value(8), QStringLiteral("%"));
    QCOMPARE(profile.kernels[1].metric(QStringLiteral("lts__t_sector_hit_rate.pct")),
        m_launches[0].value("lts__t_sector_hit_rate.pct"));
}

void TestNcuProfileJob::ncuThatDidNotMeasureIsAProfile()
{
    // ncu ran, but no kernel matched; the candidate itself was fine.
    NcuProfileJob job;
    job.setRunnerPath(fakeRunner(m_noMatch));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(m_turn, m_task, QStringLiteral("row_scale")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 20000);
    QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.value(0)));
    const NcuProfile& profile = outcome.profiles.first();
    QCOMPARE(profile.status, StageStatus::Error);
    QCOMPARE(profile.message,
        QStringLiteral("No kernel whose name matches no_kernel_has_this_name ran in the profiled call."));
    QCOMPARE(profile.kernelFilter, QStringLiteral("no_kernel_has_this_name"));
    QVERIFY(profile.kernels.isEmpty());
    QVERIFY(outcome.reports.first().isEmpty());
}

void TestNcuProfileJob::candidateFailuresSaySo_data()
{
    QTest::addColumn<QJsonObject>("result");
    QTest::addColumn<QString>("sentence");
    const QJsonObject notRun { { QStringLiteral("status"), QStringLiteral("not-run") } };
    const QJsonObject ncuNotRun { { QStringLiteral("status"), QStringLiteral("not-run") },
        { QStringLiteral("kernel_filter"), QStringLiteral("row_scale") } };

    QJsonObject compileFailed = m_passed;
    compileFailed.insert(QStringLiteral("compile"),
        QJsonObject { { QStringLiteral("status"), QStringLiteral("failed") },
            { QStringLiteral("message"),
                QStringLiteral("compilation failed: Error building extension 'cuda_extension'") },
            { QStringLiteral("diagnostics"),
                QJsonArray { QJsonObject { { QStringLiteral("severity"), QStringLiteral("warning") },
                                 { QStringLiteral("file"), QStringLiteral("kernels/diag_matmul.cu") },
                                 { QStringLiteral("line"), 3 },
                                 { QStringLiteral("message"), QStringLiteral("unused variable") } },
                    QJsonObject { { QStringLiteral("severity"), QStringLiteral("error") },
                        { QStringLiteral("file"), QStringLiteral("kernels/diag_matmul.cu") },
                        { QStringLiteral("line"), 12 }, { QStringLiteral("column"), 5 },
                        { QStringLiteral("message"), QStringLiteral("expected a \";\"") } } } } });
    compileFailed.insert(QStringLiteral("verify"), notRun);
    compileFailed.insert(QStringLiteral("timing"), notRun);
    compileFailed.insert(QStringLiteral("ncu"), ncuNotRun);
    QTest::newRow("compile error") << compileFailed
                                   << QStringLiteral("The candidate did not compile, so there is nothing to profile: "
                                                     "kernels/diag_matmul.cu:12:5: expected a \";\".");
    QJsonObject linkFailed = compileFailed;
    linkFailed.insert(QStringLiteral("compile"),
        QJsonObject { { QStringLiteral("status"), QStringLiteral("error") },
            { QStringLiteral("message"), QStringLiteral("nvcc was not found.") } });
    // A stage's error is the machine's (here no nvcc), never said to be the candidate's.
    QTest::newRow("machine's error")
        << linkFailed
        << QStringLiteral("Nothing was profiled, because the evaluation could not run on this machine: nvcc was not found.");

    QJsonObject wrong = m_passed;
    wrong.insert(QStringLiteral("verify"),
        QJsonObject { { QStringLiteral("status"), QStringLiteral("failed") },
            { QStringLiteral("message"),
                QStringLiteral("Trial 1: 4096 of 4096 elements differ by more than atol 0.01 + rtol 0.01 x |reference| "
                               "(largest difference 0.5).") } });
    wrong.insert(QStringLiteral("timing"), notRun);
    wrong.insert(QStringLiteral("ncu"), ncuNotRun);
    QTest::newRow("wrong output") << wrong
                                  << QStringLiteral(
                                         "The candidate failed verification, so it was not profiled: Trial 1: 4096 of "
                                         "4096 elements differ by more "
                                         "than atol 0.01 + rtol 0.01 x |reference| (largest difference 0.5).");
    QJsonObject timedOut = wrong;
    timedOut.insert(
        QStringLiteral("verify"), QJsonObject { { QStringLiteral("status"), QStringLiteral("timed-out") } });
    QTest::newRow("verify timed out")
        << timedOut << QStringLiteral("The candidate could not be verified, so it was not profiled: status timed-out.");
}

void TestNcuProfileJob::candidateFailuresSaySo()
{
    QFETCH(QJsonObject, result);
    QFETCH(QString, sentence);
    QCOMPARE(NcuProfileJob::candidateFailure(m_passed), QString());
    NcuProfileJob job;
    job.setRunnerPath(fakeRunner(result));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(m_turn, m_task, QStringLiteral("row_scale")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 20000);
    QCOMPARE(outcome.failures, QStringList { sentence });
}

void TestNcuProfileJob::resultWithoutNcu()
{
    QJsonObject result = m_passed;
    result.remove(QStringLiteral("ncu"));
    NcuProfileJob job;
    job.setRunnerPath(fakeRunner(result));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(m_turn, m_task, QStringLiteral("row_scale")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 20000);
    QVERIFY2(outcome.failures.value(0).contains(QStringLiteral("has no Nsight Compute part")),
        qPrintable(outcome.failures.value(0)));

    QJsonObject broken = m_passed;
    broken.insert(QStringLiteral("ncu"), QJsonObject { { QStringLiteral("status"), QStringLiteral("melted") } });
    NcuProfile profile;
    QString error;
    QVERIFY(!NcuProfileJob::profileFromResult(broken, &profile, &error));
    QVERIFY2(error.contains(QStringLiteral("melted")), qPrintable(error));
}

void TestNcuProfileJob::refusedBeforeTheRunnerStarts_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("regex");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("unsafe path") << QStringLiteral("../../outside.cu") << QStringLiteral("row_scale")
                                 << QStringLiteral("has an unsafe path");
    QTest::newRow("empty pattern") << QString() << QStringLiteral(" ") << QStringLiteral("Give a pattern");
    QTest::newRow("bad pattern") << QString() << QStringLiteral("row_scale(")
                                 << QStringLiteral("is not a valid regular expression");
}

void TestNcuProfileJob::refusedBeforeTheRunnerStarts()
{
    QFETCH(QString, path);
    QFETCH(QString, regex);
    QFETCH(QString, sentence);
    Turn turn = m_turn;
    if (!path.isEmpty())
        turn.workspace.setFile(path, "escape\n");
    NcuProfileJob job;
    job.setRunnerPath(m_dir.filePath(QStringLiteral("never-started")));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(turn, m_task, regex));
    QCOMPARE(outcome.ends(), 0); // from the event loop, not from inside start()
    QVERIFY(job.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 5000);
    QVERIFY2(outcome.failures.value(0).contains(sentence), qPrintable(outcome.failures.value(0)));
    QVERIFY(!job.isRunning());
}

void TestNcuProfileJob::cancel()
{
    NcuProfileJob job;
    job.setRunnerPath(fakeRunner(m_passed, "sleep 300\n"));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(m_turn, m_task, QStringLiteral("row_scale")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.progress.size(), 1, 10000);
    const QStringList args = recordedArguments();
    const QString candidate = args.value(args.indexOf(QStringLiteral("--candidate")) + 1);
    QVERIFY(QFileInfo::exists(candidate));
    job.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 10000);
    QCOMPARE(outcome.failures, QStringList { QStringLiteral("The kwb-runner run was cancelled.") });
    QVERIFY(!QFileInfo::exists(candidate));
}

void TestNcuProfileJob::realRunnerOnTheCpu()
{
    if (!KWB_RUNNER_EVALUATES)
        QSKIP("this kwb-runner was built without LibTorch and cannot evaluate");
    const QString fixtures = QStringLiteral(KWB_SOURCE_DIR) + QStringLiteral("/tests/runner/fixtures/eval/");
    const TaskRef task { QStringLiteral("task_scale_add"), 0,
        QString::fromUtf8(readFile(fixtures + QStringLiteral("task_scale_add.py"))) };
    Turn correct;
    correct.workspace.setFile(QStringLiteral("candidate.py"), readFile(fixtures + QStringLiteral("plain_torch.py")));
    NcuProfileJob job;
    job.setRunnerPath(QStringLiteral(KWB_RUNNER));
    job.setExtraArguments({ QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("runner-cache")) });
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(correct, task, QStringLiteral("."), QStringLiteral("cpu")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 240000);
    QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.value(0)));
    QCOMPARE(outcome.profiles.first().status, StageStatus::NotRun);
    QCOMPARE(outcome.profiles.first().message,
        QStringLiteral("Nsight Compute profiles CUDA kernels; this evaluation ran on the CPU."));
    QCOMPARE(outcome.profiles.first().kernelFilter, QStringLiteral("."));
    QVERIFY(outcome.reports.first().isEmpty());

    Turn wrong;
    wrong.workspace.setFile(QStringLiteral("candidate.py"), readFile(fixtures + QStringLiteral("wrong_answer.py")));
    QVERIFY(job.start(wrong, task, QStringLiteral("."), QStringLiteral("cpu")));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 2, 240000);
    const QString sentence = outcome.failures.value(0);
    // How many elements differ depends on the call's inputs (where both outputs are clipped to zero they agree).
    QVERIFY2(sentence.startsWith(QStringLiteral("The candidate failed verification, so it was not profiled: Trial 1: "))
            && sentence.contains(QStringLiteral(" of 4096 elements differ by more than atol")),
        qPrintable(sentence));
}

QTEST_GUILESS_MAIN(TestNcuProfileJob)
#include "tst_ncuprofilejob.moc"
