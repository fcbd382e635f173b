// Drives `kwb-runner eval` on the CPU through every outcome a candidate can have; real processes, real builds.
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

class TestEvalPipeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void outcomes_data();
    void outcomes();
    void workersKeepNothingBetweenCandidates();
    void cleanupTestCase();
    void passingWorkspaceIsTimedScoredAndCached();
    void badRequestIsAUsageError();
    void evalSetSummarizesAndRunsAgainIntoTheSameFolder();
    void skippedLayoutWorkIsFlagged();
    void rulesDecideWhetherTorchComputeFails();
    void evalSetReadsAKernelBenchCheckoutAndRun();
    void taskFeatures_data();
    void taskFeatures();
    void baselinesThatFailGiveNoReward();
    void claimingToRunOutOfMemoryBuysNothing();

private:
    QJsonObject eval(const QString& task, const QString& candidate, const QStringList& extra, int* exitCode = nullptr);
    // The same through one `kwb-runner serve` for the whole test: its warm workers serve the rows one after another.
    QJsonObject served(const QString& task, const QString& candidate, const QStringList& extra = {});
    static QByteArray treeDigest(const QString& dir);

    QTemporaryDir m_dir;
    QProcess m_serve;
    QString m_fixtures;
    int m_runs = 0;
};

void TestEvalPipeline::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_fixtures = QFINDTESTDATA("fixtures/eval");
    QVERIFY(!m_fixtures.isEmpty());
}

QByteArray TestEvalPipeline::treeDigest(const QString& dir)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QStringList files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString& f : files) {
        QFile file(f);
        file.open(QIODevice::ReadOnly);
        hash.addData(f.toUtf8());
        hash.addData(file.readAll());
    }
    return hash.result();
}

QJsonObject TestEvalPipeline::eval(const QString& task, const QString& candidate, const QStringList& extra, int* exitCode)
{
    QProcess p;
    QStringList args { QStringLiteral("eval"), QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--task"),
        m_fixtures + QLatin1Char('/') + task, QStringLiteral("--candidate"), m_fixtures + QLatin1Char('/') + candidate,
        QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")), QStringLiteral("--run-dir"),
        m_dir.filePath(QStringLiteral("run%1").arg(++m_runs)), QStringLiteral("--trials"), QStringLiteral("3"),
        QStringLiteral("--min-calls"), QStringLiteral("5"), QStringLiteral("--min-ms"), QStringLiteral("5"),
        QStringLiteral("--warmup-ms"), QStringLiteral("5"), QStringLiteral("--seed"), QStringLiteral("7"),
        QStringLiteral("--pch-dir"), m_dir.filePath(QStringLiteral("pch")) };
    p.start(QStringLiteral(KWB_RUNNER), args + extra);
    if (!p.waitForFinished(600000))
        return {};
    if (exitCode)
        *exitCode = p.exitCode();
    const QJsonDocument doc = QJsonDocument::fromJson(p.readAllStandardOutput());
    if (!doc.isObject())
        qWarning() << p.readAllStandardError();
    return doc.object();
}

QJsonObject TestEvalPipeline::served(const QString& task, const QString& candidate, const QStringList& extra)
{
    if (m_serve.state() != QProcess::Running) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-kwb-test-not-for-candidates"));
        m_serve.setProcessEnvironment(environment); // a secret of the user's that no candidate may see
        m_serve.start(QStringLiteral(KWB_RUNNER), { QStringLiteral("serve"), QStringLiteral("--warm"), QStringLiteral("1"), QStringLiteral("--device"), QStringLiteral("cpu"),
            QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")), QStringLiteral("--trials"), QStringLiteral("3"),
            QStringLiteral("--min-calls"), QStringLiteral("5"), QStringLiteral("--min-ms"), QStringLiteral("5"),
            QStringLiteral("--warmup-ms"), QStringLiteral("5"), QStringLiteral("--seed"), QStringLiteral("7"),
            QStringLiteral("--run-timeout"), QStringLiteral("20"), QStringLiteral("--memory-limit-gb"), QStringLiteral("1.5"),
            QStringLiteral("--no-baselines"), QStringLiteral("--pch-dir"), m_dir.filePath(QStringLiteral("pch")) });
        if (!m_serve.waitForStarted())
            return {};
    }
    const QJsonArray request = QJsonArray::fromStringList(QStringList { QStringLiteral("--task"), m_fixtures + QLatin1Char('/') + task,
        QStringLiteral("--candidate"), m_fixtures + QLatin1Char('/') + candidate, QStringLiteral("--run-dir"),
        m_dir.filePath(QStringLiteral("run%1").arg(++m_runs)) } + extra);
    m_serve.write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    while (!m_serve.canReadLine()) {
        if (!m_serve.waitForReadyRead(600000)) {
            qWarning() << m_serve.readAllStandardError();
            return {};
        }
    }
    return QJsonDocument::fromJson(m_serve.readLine()).object();
}

void TestEvalPipeline::cleanupTestCase()
{
    if (m_serve.state() == QProcess::Running) {
        const qint64 pid = m_serve.processId();
        m_serve.closeWriteChannel(); // end of input: serve ends, and its warm workers with it
        QVERIFY(m_serve.waitForFinished(60000));
        QCOMPARE(m_serve.exitCode(), 0);
        // Its pool's folder (slots, logs, the harness) is gone, and no process runs from it.
        const QString pool = QStringLiteral("kwb-pool-%1-").arg(pid);
        QVERIFY(QDir(QStringLiteral("/tmp")).entryList({ pool + QLatin1Char('*') }, QDir::Dirs).isEmpty());
        for (const QString& proc : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            QFile cmdline(QStringLiteral("/proc/") + proc + QStringLiteral("/cmdline"));
            if (cmdline.open(QIODevice::ReadOnly))
                QVERIFY2(!cmdline.readAll().contains(pool.toUtf8()), qPrintable(proc));
        }
    }
}

// What KernelBench's tasks do beside computing: dropout in training mode, random draws in forward, state kept on the
// module across calls, BatchNorm in the mode the task leaves it. Each call's forward runs with the generators set
// alike in the judge and the candidate's worker, and from the module's first state; a candidate that draws its own
// randomness or computes another mode's answer fails.
void TestEvalPipeline::taskFeatures_data()
{
    QTest::addColumn<QString>("task");
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QString>("verify");
    QTest::newRow("dropout, the same draws") << QStringLiteral("features/task_dropout.py") << QStringLiteral("features/dropout_same_draws.py") << QStringLiteral("passed");
    QTest::newRow("dropout, draws of its own") << QStringLiteral("features/task_dropout.py") << QStringLiteral("features/dropout_own_draws.py") << QStringLiteral("failed");
    QTest::newRow("random state in forward") << QStringLiteral("features/task_random_state.py") << QStringLiteral("features/random_state_same.py") << QStringLiteral("passed");
    QTest::newRow("state kept across calls") << QStringLiteral("features/task_stateful.py") << QStringLiteral("features/stateful_same.py") << QStringLiteral("passed");
    QTest::newRow("state reset switched off in the worker") << QStringLiteral("features/task_stateful.py") << QStringLiteral("features/stateful_skip_reset.py") << QStringLiteral("failed");
    QTest::newRow("batchnorm, training mode") << QStringLiteral("features/task_batchnorm_train.py") << QStringLiteral("features/batchnorm_batch_stats.py") << QStringLiteral("passed");
    QTest::newRow("batchnorm, eval mode's answer") << QStringLiteral("features/task_batchnorm_train.py") << QStringLiteral("features/batchnorm_running_stats.py") << QStringLiteral("failed");
}

void TestEvalPipeline::taskFeatures()
{
    QFETCH(QString, task);
    QFETCH(QString, candidate);
    QFETCH(QString, verify);
    const QJsonObject r = served(task, candidate);
    QVERIFY2(!r.contains(QStringLiteral("error")), qPrintable(r.value(QStringLiteral("error")).toString()));
    const QJsonObject v = r.value(QStringLiteral("verify")).toObject();
    QVERIFY2(v.value(QStringLiteral("status")).toString() == verify, qPrintable(v.value(QStringLiteral("message")).toString()));
    if (verify == QLatin1String("failed"))
        QVERIFY2(v.value(QStringLiteral("message")).toString().contains(QStringLiteral("elements differ")), qPrintable(v.value(QStringLiteral("message")).toString()));
}

void TestEvalPipeline::outcomes_data()
{
    QTest::addColumn<QString>("task");
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("compile");
    QTest::addColumn<QString>("verify");
    QTest::addColumn<QString>("message");
    const QStringList none;
    const QString task = QStringLiteral("task_scale_add.py");
    QTest::newRow("compile error") << task << QStringLiteral("compile_error_workspace") << none << QStringLiteral("failed") << QStringLiteral("not-run") << QStringLiteral("compilation failed");
    QTest::newRow("syntax error") << task << QStringLiteral("syntax_error.py") << none << QStringLiteral("failed") << QStringLiteral("not-run") << QStringLiteral("SyntaxError");
    QTest::newRow("wrong answer") << task << QStringLiteral("wrong_answer.py") << none << QStringLiteral("passed") << QStringLiteral("failed") << QStringLiteral("elements differ by more than");
    QTest::newRow("wrong shape") << task << QStringLiteral("wrong_shape.py") << none << QStringLiteral("passed") << QStringLiteral("failed") << QStringLiteral("has shape [4095], the reference's [4096]");
    QTest::newRow("nan") << task << QStringLiteral("nan_output.py") << none << QStringLiteral("passed") << QStringLiteral("failed") << QStringLiteral("NaN or Inf where the reference's is finite");
    QTest::newRow("segfault") << task << QStringLiteral("crash.py") << none << QStringLiteral("passed") << QStringLiteral("failed") << QStringLiteral("killed by signal 11");
    QTest::newRow("hang") << task << QStringLiteral("hang.py") << QStringList { QStringLiteral("--run-timeout"), QStringLiteral("20") } << QStringLiteral("passed") << QStringLiteral("timed-out") << QStringLiteral("timed out after 20 s");
    QTest::newRow("unbounded memory") << task << QStringLiteral("memory_hog.py") << QStringList { QStringLiteral("--memory-limit-gb"), QStringLiteral("1.5") } << QStringLiteral("passed") << QStringLiteral("failed") << QStringLiteral("exceeded its memory limit");
    QTest::newRow("killed") << task << QStringLiteral("killed.py") << none << QStringLiteral("passed") << QStringLiteral("failed") << QStringLiteral("killed by signal 9");
    QTest::newRow("CUDA on the cpu device") << task << QStringLiteral("cuda_inline.py") << none << QStringLiteral("error") << QStringLiteral("not-run") << QStringLiteral("cannot be built or run on the cpu device");
    // An exploit: the candidate writes its compile stage's result itself, calling its failure the task's. Still -1.
    QTest::newRow("forged task error") << task << QStringLiteral("forged_task_error.py") << none << QStringLiteral("failed") << QStringLiteral("not-run") << QStringLiteral("forged");
    QTest::newRow("task does not import") << QStringLiteral("task_broken.py") << QStringLiteral("plain_torch.py") << none << QStringLiteral("passed") << QStringLiteral("error") << QStringLiteral("ModuleNotFoundError");
}

void TestEvalPipeline::outcomes()
{
    QFETCH(QString, task);
    QFETCH(QString, candidate);
    QFETCH(QStringList, extra);
    QFETCH(QString, compile);
    QFETCH(QString, verify);
    QFETCH(QString, message);
    const QByteArray before = treeDigest(m_fixtures);
    // A failing candidate is a result, not a runner failure; each row gets a fresh warm worker, whatever the row
    // before it did to its own (crashed, hung, was killed, ran out of memory).
    const QJsonObject r = served(task, candidate, extra);
    QVERIFY2(!r.contains(QStringLiteral("error")), qPrintable(r.value(QStringLiteral("error")).toString()));
    if (compile == QLatin1String("passed"))
        QCOMPARE(r.value(QStringLiteral("workers")).toString(), QStringLiteral("warm"));
    QCOMPARE(r.value(QStringLiteral("compile")).toObject().value(QStringLiteral("status")).toString(), compile);
    const QJsonObject v = r.value(QStringLiteral("verify")).toObject();
    QCOMPARE(v.value(QStringLiteral("status")).toString(), verify);
    const QString said = compile != QLatin1String("passed") ? r.value(QStringLiteral("compile")).toObject().value(QStringLiteral("message")).toString()
                                                           : v.value(QStringLiteral("message")).toString();
    QVERIFY2(said.contains(message), qPrintable(said));
    // A task that cannot run is not the candidate's failure: no reward at all, rather than -1.
    const QJsonObject reward = r.value(QStringLiteral("reward")).toObject();
    if (verify == QLatin1String("error") || compile == QLatin1String("error"))
        QVERIFY(!reward.contains(QStringLiteral("value")));
    else
        QCOMPARE(reward.value(QStringLiteral("value")).toDouble(), -1.0);
    QCOMPARE(r.value(QStringLiteral("timing")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("not-run"));
    QCOMPARE(treeDigest(m_fixtures), before); // nothing outside the run directory changed
    // Every result names the torch it ran under, also one that stopped before any stage imported the task.
    const QJsonObject fingerprint = r.value(QStringLiteral("fingerprint")).toObject();
    QVERIFY2(fingerprint.value(QStringLiteral("torch_version")).toString().startsWith(QLatin1Char('2')),
        QJsonDocument(fingerprint).toJson().constData());
    if (candidate == QLatin1String("compile_error_workspace")) {
        const QJsonArray diags = r.value(QStringLiteral("compile")).toObject().value(QStringLiteral("diagnostics")).toArray();
        QVERIFY(!diags.isEmpty());
        const QJsonObject d = diags.first().toObject();
        QCOMPARE(d.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(d.value(QStringLiteral("file")).toString(), QStringLiteral("kernels/scale_add_relu_binding.cpp"));
        QCOMPARE(d.value(QStringLiteral("line")).toInt(), 7);
        QVERIFY(d.value(QStringLiteral("message")).toString().contains(QStringLiteral("undeclared_factor")));
    }
}

void TestEvalPipeline::workersKeepNothingBetweenCandidates()
{
    // The first leaves marks in torch, in sys.modules and in every folder it may write; the second would see them,
    // or the OPENAI_API_KEY serve was started with.
    const QJsonObject first = served(QStringLiteral("task_scale_add.py"), QStringLiteral("leave_state.py"));
    QCOMPARE(first.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    const QJsonObject second = served(QStringLiteral("task_scale_add.py"), QStringLiteral("find_state.py"));
    QCOMPARE(second.value(QStringLiteral("workers")).toString(), QStringLiteral("warm"));
    QCOMPARE(second.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    const QJsonObject phases = second.value(QStringLiteral("stages")).toObject().value(QStringLiteral("evaluate")).toObject()
                                   .value(QStringLiteral("phases")).toObject();
    QVERIFY2(phases.contains(QStringLiteral("calls")), QJsonDocument(second).toJson().constData());
    // A request serve cannot read is answered with a sentence, and the next one is served as before.
    m_serve.write("not json\n");
    while (!m_serve.canReadLine())
        QVERIFY(m_serve.waitForReadyRead(60000));
    const QJsonObject refused = QJsonDocument::fromJson(m_serve.readLine()).object();
    QVERIFY(refused.value(QStringLiteral("error")).toString().contains(QStringLiteral("JSON array")));
}

void TestEvalPipeline::passingWorkspaceIsTimedScoredAndCached()
{
    const QByteArray before = treeDigest(m_fixtures);
    const QJsonObject first = eval(QStringLiteral("task_scale_add.py"), QStringLiteral("pass_workspace"), {});
    const QJsonObject compile = first.value(QStringLiteral("compile")).toObject();
    QCOMPARE(compile.value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QCOMPARE(compile.value(QStringLiteral("cached")).toBool(), false);
    // Its binding begins with the harness's binding_registry.h: built with torch/extension.h precompiled, which an
    // earlier build in this folder made (or this one, when it runs alone).
    QVERIFY2(compile.value(QStringLiteral("precompiled_header")).toBool(), QJsonDocument(compile).toJson().constData());
    QVERIFY(!QDir(m_dir.filePath(QStringLiteral("pch"))).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
    const QJsonObject verify = first.value(QStringLiteral("verify")).toObject();
    QCOMPARE(verify.value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QCOMPARE(verify.value(QStringLiteral("trials")).toArray().size(), 3);
    QCOMPARE(verify.value(QStringLiteral("trials")).toArray().first().toObject().value(QStringLiteral("max_abs_error")).toDouble(), 0.0);
    const QJsonObject timing = first.value(QStringLiteral("timing")).toObject();
    QCOMPARE(timing.value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    for (const char* which : { "candidate", "eager", "compiled" }) {
        const QJsonObject stats = timing.value(QLatin1String(which)).toObject();
        QVERIFY2(stats.value(QStringLiteral("median_us")).toDouble() > 0, which);
        QVERIFY(stats.value(QStringLiteral("n")).toInt() >= 5);
        QVERIFY(stats.value(QStringLiteral("p20_us")).toDouble() <= stats.value(QStringLiteral("p80_us")).toDouble());
    }
    const double reward = first.value(QStringLiteral("reward")).toObject().value(QStringLiteral("value")).toDouble();
    QVERIFY(reward == 1.0 || reward == 2.0 || reward == 3.0);
    QVERIFY(first.value(QStringLiteral("speedup_vs_eager")).toDouble() > 0);
    QCOMPARE(first.value(QStringLiteral("fingerprint")).toObject().value(QStringLiteral("tf32_policy")).toString(), QStringLiteral("fp32"));
    QVERIFY(first.value(QStringLiteral("fingerprint")).toObject().value(QStringLiteral("torch_version")).toString().startsWith(QStringLiteral("2.")));
    QCOMPARE(treeDigest(m_fixtures), before);

    // Again from a Python environment under /tmp, as a checkout there has it: the sandbox's private /tmp must not hide
    // it from the stages (a venv of the project's site-packages when the tests run from one).
    QStringList again { QStringLiteral("--reward"), QStringLiteral("kevin") };
    const QFileInfo python(QStringLiteral(KWB_PYTHON));
    const QString venv = python.absoluteDir().absoluteFilePath(QStringLiteral(".."));
    if (QFileInfo::exists(venv + QStringLiteral("/pyvenv.cfg"))) {
        const QString copy = m_dir.filePath(QStringLiteral("venv"));
        QVERIFY(copy.startsWith(QStringLiteral("/tmp/")));
        QVERIFY(QDir().mkpath(copy + QStringLiteral("/bin")));
        QVERIFY(QFile::copy(venv + QStringLiteral("/pyvenv.cfg"), copy + QStringLiteral("/pyvenv.cfg")));
        QVERIFY(QFile::link(python.canonicalFilePath(), copy + QStringLiteral("/bin/python")));
        QVERIFY(QFile::link(QDir(venv + QStringLiteral("/lib")).canonicalPath(), copy + QStringLiteral("/lib")));
        again << QStringLiteral("--python") << copy + QStringLiteral("/bin/python");
    }
    const QJsonObject second = eval(QStringLiteral("task_scale_add.py"), QStringLiteral("pass_workspace"), again);
    QCOMPARE(second.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QCOMPARE(second.value(QStringLiteral("compile")).toObject().value(QStringLiteral("cached")).toBool(), true);
    QCOMPARE(second.value(QStringLiteral("timing")).toObject().value(QStringLiteral("baselines_cached")).toBool(), true);
    QCOMPARE(second.value(QStringLiteral("timing")).toObject().value(QStringLiteral("eager")), timing.value(QStringLiteral("eager")));
    const double kevin = second.value(QStringLiteral("reward")).toObject().value(QStringLiteral("value")).toDouble();
    QCOMPARE(kevin, 0.3 + second.value(QStringLiteral("speedup_vs_eager")).toDouble());
}

void TestEvalPipeline::badRequestIsAUsageError()
{
    int code = 0;
    QProcess p;
    p.start(QStringLiteral(KWB_RUNNER), { QStringLiteral("eval"), QStringLiteral("--task"), QStringLiteral("x.py") });
    QVERIFY(p.waitForFinished());
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("needs --task and --candidate"));
    for (const QString& warm : { QStringLiteral("many"), QStringLiteral("0"), QStringLiteral("33"), QStringLiteral("2x") }) {
        QProcess set; // a count of warm pairs that is not one is refused before anything starts
        set.start(QStringLiteral(KWB_RUNNER), { QStringLiteral("eval-set"), QStringLiteral("--tasks"), m_dir.path(),
            QStringLiteral("--out"), m_dir.filePath(QStringLiteral("never")), QStringLiteral("--warm"), warm });
        QVERIFY(set.waitForFinished());
        QCOMPARE(set.exitCode(), 2);
        const QByteArray expected = QByteArray("--warm takes 1 to 32 pairs, not '") + warm.toUtf8() + QByteArray("'");
        QVERIFY2(set.readAllStandardError().contains(expected), qPrintable(warm));
    }
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("never"))));
    const QJsonObject r = eval(QStringLiteral("no_such_task.py"), QStringLiteral("plain_torch.py"), {}, &code);
    QCOMPARE(code, 1);
    QVERIFY(r.value(QStringLiteral("error")).toString().contains(QStringLiteral("does not exist")));
    // On a machine without a GPU, an evaluation on cuda is the machine's error, found before any build: never a
    // failed compile, never a reward.
    if (QFileInfo::exists(QStringLiteral("/dev/nvidiactl")))
        return;
    const QJsonObject noGpu = eval(QStringLiteral("task_scale_add.py"), QStringLiteral("plain_torch.py"), { QStringLiteral("--device"), QStringLiteral("cuda") }, &code);
    const QJsonObject compile = noGpu.value(QStringLiteral("compile")).toObject();
    QCOMPARE(compile.value(QStringLiteral("status")).toString(), QStringLiteral("error"));
    QVERIFY2(compile.value(QStringLiteral("message")).toString().startsWith(QStringLiteral("No GPU to evaluate on: ")),
        qPrintable(compile.value(QStringLiteral("message")).toString()));
    QVERIFY(!noGpu.value(QStringLiteral("reward")).toObject().contains(QStringLiteral("value")));
    QCOMPARE(noGpu.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("not-run"));
}

void TestEvalPipeline::evalSetSummarizesAndRunsAgainIntoTheSameFolder()
{
    const QString tasks = m_dir.filePath(QStringLiteral("set/tasks/level1"));
    const QString candidates = m_dir.filePath(QStringLiteral("set/candidates"));
    QVERIFY(QDir().mkpath(tasks) && QDir().mkpath(candidates));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/task_scale_add.py"), tasks + QStringLiteral("/1_scale_add.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/task_scale_add.py"), tasks + QStringLiteral("/2_no_candidate.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/task_scale_add.py"), tasks + QStringLiteral("/3_wrong.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/plain_torch.py"), candidates + QStringLiteral("/level1_1_scale_add.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/wrong_answer.py"), candidates + QStringLiteral("/3_wrong.py")));
    const QString kept = m_dir.filePath(QStringLiteral("set/out/results/level1_1_scale_add.json"));
    QDateTime keptAt;
    // The second run replaces the first one's folders; the third goes on with --resume after a result was lost: it
    // evaluates that one again and keeps the others as they are.
    for (int run = 0; run < 3; ++run) {
        QStringList resume;
        if (run == 2) {
            keptAt = QFileInfo(kept).lastModified();
            QVERIFY(QFile::remove(m_dir.filePath(QStringLiteral("set/out/results/level1_3_wrong.json"))));
            resume << QStringLiteral("--resume");
        }
        QProcess p;
        p.start(QStringLiteral(KWB_RUNNER), QStringList { QStringLiteral("eval-set"), QStringLiteral("--device"), QStringLiteral("cpu"),
            QStringLiteral("--tasks"), m_dir.filePath(QStringLiteral("set/tasks")), QStringLiteral("--candidates"), candidates,
            QStringLiteral("--out"), m_dir.filePath(QStringLiteral("set/out")), QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")),
            QStringLiteral("--trials"), QStringLiteral("3"), QStringLiteral("--min-calls"), QStringLiteral("5"), QStringLiteral("--min-ms"),
            QStringLiteral("5"), QStringLiteral("--warmup-ms"), QStringLiteral("5") } + resume);
        QVERIFY(p.waitForFinished(900000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(summary.value(QStringLiteral("tasks")).toInt(), 3);
        QCOMPARE(summary.value(QStringLiteral("rules")).toString(), QStringLiteral("cuda-agent"));
        QCOMPARE(summary.value(QStringLiteral("evaluated")).toInt(), 2);
        QCOMPARE(summary.value(QStringLiteral("correct")).toInt(), 1);
        QCOMPARE(summary.value(QStringLiteral("pass_rate")).toDouble(), 0.5);
        const QJsonArray results = summary.value(QStringLiteral("results")).toArray();
        QCOMPARE(results.size(), 3);
        QCOMPARE(results.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("level1_1_scale_add"));
        QCOMPARE(results.at(0).toObject().value(QStringLiteral("verify")).toString(), QStringLiteral("passed"));
        QVERIFY(results.at(1).toObject().value(QStringLiteral("eager_median_us")).toDouble() > 0); // baselines only
        QCOMPARE(results.at(2).toObject().value(QStringLiteral("verify")).toString(), QStringLiteral("failed"));
        QVERIFY(summary.value(QStringLiteral("geomean_speedup_vs_eager")).toDouble() > 0);
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("set/out/summary.json"))));
        QCOMPARE(summary.value(QStringLiteral("environment_errors")).toInt(), 0);
        QVERIFY(summary.value(QStringLiteral("retried_alone")).toArray().isEmpty()); // one evaluation at a time on the CPU
        // Baselines alone judge no candidate: no reward, not -1.
        QFile alone(m_dir.filePath(QStringLiteral("set/out/results/level1_2_no_candidate.json")));
        QVERIFY(alone.open(QIODevice::ReadOnly));
        QVERIFY(!QJsonDocument::fromJson(alone.readAll()).object().value(QStringLiteral("reward")).toObject().contains(QStringLiteral("value")));
    }
    QCOMPARE(QFileInfo(kept).lastModified(), keptAt); // kept, not evaluated again
    QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("set/out/results/level1_3_wrong.json"))));
}

void TestEvalPipeline::baselinesThatFailGiveNoReward()
{
    // The reference fails only where the baselines are timed: the candidate is correct and timed, but its speed-up
    // is unknown. That is the task's or the machine's failure, so no reward (not the correct-only 1) and a timing
    // error that says why.
    const QJsonObject r = eval(QStringLiteral("task_baselines_fail.py"), QStringLiteral("plain_torch.py"), {});
    QCOMPARE(r.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    const QJsonObject timing = r.value(QStringLiteral("timing")).toObject();
    QCOMPARE(timing.value(QStringLiteral("status")).toString(), QStringLiteral("error"));
    QVERIFY2(timing.value(QStringLiteral("message")).toString().contains(QStringLiteral("cannot run where the baselines are timed")),
        qPrintable(timing.value(QStringLiteral("message")).toString()));
    const QJsonObject reward = r.value(QStringLiteral("reward")).toObject();
    QVERIFY(!reward.contains(QStringLiteral("value")));
    QCOMPARE(reward.value(QStringLiteral("withheld")).toString(), QStringLiteral("baselines-unavailable"));
}

// An exploit: a wrong candidate that says it ran out of GPU memory, in a batch of two evaluations at once, hoping its
// failure is taken for the machine's. It is evaluated again alone, and that verdict stands: failed, -1.
void TestEvalPipeline::claimingToRunOutOfMemoryBuysNothing()
{
    const QString tasks = m_dir.filePath(QStringLiteral("oom/tasks/level1"));
    const QString candidates = m_dir.filePath(QStringLiteral("oom/candidates"));
    QVERIFY(QDir().mkpath(tasks) && QDir().mkpath(candidates));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/task_scale_add.py"), tasks + QStringLiteral("/1_scale_add.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/task_scale_add.py"), tasks + QStringLiteral("/2_scale_add.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/claims_oom.py"), candidates + QStringLiteral("/level1_1_scale_add.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/plain_torch.py"), candidates + QStringLiteral("/level1_2_scale_add.py")));
    QProcess p;
    p.start(QStringLiteral(KWB_RUNNER), { QStringLiteral("eval-set"), QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--tasks"),
        m_dir.filePath(QStringLiteral("oom/tasks")), QStringLiteral("--candidates"), candidates, QStringLiteral("--out"),
        m_dir.filePath(QStringLiteral("oom/out")), QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")),
        QStringLiteral("--eval-jobs"), QStringLiteral("2"), QStringLiteral("--trials"), QStringLiteral("3"), QStringLiteral("--min-calls"),
        QStringLiteral("5"), QStringLiteral("--min-ms"), QStringLiteral("5"), QStringLiteral("--warmup-ms"), QStringLiteral("5") });
    QVERIFY(p.waitForFinished(900000));
    QCOMPARE(p.exitCode(), 0);
    const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    QCOMPARE(summary.value(QStringLiteral("retried_alone")).toArray(), QJsonArray { QStringLiteral("level1_1_scale_add") });
    QCOMPARE(summary.value(QStringLiteral("environment_errors")).toInt(), 0);
    QCOMPARE(summary.value(QStringLiteral("evaluated")).toInt(), 2);
    QCOMPARE(summary.value(QStringLiteral("correct")).toInt(), 1);
    const QJsonObject claimed = summary.value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(claimed.value(QStringLiteral("verify")).toString(), QStringLiteral("failed"));
    QCOMPARE(claimed.value(QStringLiteral("reward")).toDouble(), -1.0);
}

void TestEvalPipeline::skippedLayoutWorkIsFlagged()
{
    const QJsonObject r = eval(QStringLiteral("task_transpose.py"), QStringLiteral("transpose_view.py"), { QStringLiteral("--no-baselines") });
    QCOMPARE(r.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QVERIFY(r.value(QStringLiteral("hack_flags")).toArray().contains(QStringLiteral("non-contiguous-output")));
    const QJsonObject fair = eval(QStringLiteral("task_transpose.py"), QStringLiteral("task_transpose_fair.py"), { QStringLiteral("--no-baselines") });
    QCOMPARE(fair.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QVERIFY(fair.value(QStringLiteral("hack_flags")).toArray().isEmpty());
}

// The same candidate (its own kernel, then a torch op on the result) against a task that allows no torch ops: the
// cuda-agent rules reject it; KernelBench's accept it and keep the finding as a warning. Each result names its rules.
void TestEvalPipeline::rulesDecideWhetherTorchComputeFails()
{
    const QString folder = m_dir.filePath(QStringLiteral("rules"));
    QVERIFY(QDir().mkpath(folder + QStringLiteral("/torch_tail/kernels")));
    QFile source(m_fixtures + QStringLiteral("/task_scale_add.py"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    QByteArray task = source.readAll();
    task.replace("KWB_ALLOW_TORCH_OPS = True", "");
    QFile strict(folder + QStringLiteral("/task_strict.py"));
    QVERIFY(strict.open(QIODevice::WriteOnly) && strict.write(task) == task.size());
    strict.close();
    for (const QString& name : QDir(m_fixtures + QStringLiteral("/pass_workspace/kernels")).entryList(QDir::Files))
        QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/pass_workspace/kernels/") + name, folder + QStringLiteral("/torch_tail/kernels/") + name));
    QFile model(folder + QStringLiteral("/torch_tail/model_new.py"));
    QVERIFY(model.open(QIODevice::WriteOnly));
    model.write("import torch\n\nimport cuda_extension\n\n\nclass ModelNew(torch.nn.Module):\n"
                "    def __init__(self, scale):\n        super().__init__()\n        self.scale = scale\n\n"
                "    def forward(self, x, y):\n"
                "        out = cuda_extension.scale_add_relu(x.contiguous(), y.contiguous(), self.scale)\n"
                "        return torch.clamp(out, min=0.0)\n");
    model.close();
    const QDir fixtures(m_fixtures);
    const QString taskPath = fixtures.relativeFilePath(strict.fileName());
    const QString candidate = fixtures.relativeFilePath(folder + QStringLiteral("/torch_tail"));

    const QJsonObject strictResult = served(taskPath, candidate);
    QCOMPARE(strictResult.value(QStringLiteral("rules")).toString(), QStringLiteral("cuda-agent"));
    const QJsonObject strictVerify = strictResult.value(QStringLiteral("verify")).toObject();
    QCOMPARE(strictVerify.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QVERIFY2(strictVerify.value(QStringLiteral("message")).toString().startsWith(QStringLiteral("Rejected (torch-op-")),
        qPrintable(strictVerify.value(QStringLiteral("message")).toString()));

    const QJsonObject kb = served(taskPath, candidate, { QStringLiteral("--rules"), QStringLiteral("kernelbench") });
    QCOMPARE(kb.value(QStringLiteral("rules")).toString(), QStringLiteral("kernelbench"));
    QCOMPARE(kb.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    bool warned = false;
    for (const QJsonValue& detail : kb.value(QStringLiteral("hack_details")).toArray()) {
        const QJsonObject d = detail.toObject();
        if (d.value(QStringLiteral("flag")).toString().startsWith(QStringLiteral("torch-op-"))) {
            warned = true;
            QCOMPARE(d.value(QStringLiteral("fails")).toBool(), false);
        }
    }
    QVERIFY(warned);
    QVERIFY(kb.value(QStringLiteral("reward")).toObject().value(QStringLiteral("value")).toDouble() >= 1.0);

    int code = 0;
    const QJsonObject unknown = eval(taskPath, candidate, { QStringLiteral("--rules"), QStringLiteral("lenient") }, &code);
    QCOMPARE(code, 1);
    QCOMPARE(unknown.value(QStringLiteral("error")).toString(), QStringLiteral("Unknown rule profile lenient; use cuda-agent or kernelbench."));
}

// A KernelBench checkout (tasks in KernelBench/levelN, code beside them) and a run folder in KernelBench's naming, two
// samples of one problem: each sample is evaluated, Table 1 takes sample 0, pass@k both; --levels picks level 1.
void TestEvalPipeline::evalSetReadsAKernelBenchCheckoutAndRun()
{
    const QString root = m_dir.filePath(QStringLiteral("kb"));
    const QString run = m_dir.filePath(QStringLiteral("kb-run"));
    for (const QString& folder : QStringList { root + QStringLiteral("/KernelBench/level1"), root + QStringLiteral("/KernelBench/level2"),
             root + QStringLiteral("/scripts"), run })
        QVERIFY(QDir().mkpath(folder));
    const QString task = m_fixtures + QStringLiteral("/task_scale_add.py");
    QVERIFY(QFile::copy(task, root + QStringLiteral("/KernelBench/level1/1_Scale_add.py")));
    QVERIFY(QFile::copy(task, root + QStringLiteral("/KernelBench/level2/1_Scale_add_again.py")));
    QVERIFY(QFile::copy(task, root + QStringLiteral("/scripts/2_not_a_task_folder.py"))); // outside KernelBench/
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/plain_torch.py"), run + QStringLiteral("/level_1_problem_1_sample_0_kernel.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/wrong_answer.py"), run + QStringLiteral("/level_1_problem_1_sample_1_kernel.py")));
    QVERIFY(QFile::copy(m_fixtures + QStringLiteral("/plain_torch.py"), run + QStringLiteral("/level_2_problem_1_sample_0_kernel.py")));
    // KernelBench's own verdicts for the level-1 run: sample 0 failed there (it passes here), sample 1 failed in both.
    QFile verdicts(run + QStringLiteral("/eval_results.json"));
    QVERIFY(verdicts.open(QIODevice::WriteOnly));
    verdicts.write(R"({"1": [{"sample_id": 0, "compiled": true, "correctness": false, "metadata": {}, "runtime": -1.0},
                             {"sample_id": 1, "compiled": true, "correctness": false, "metadata": {}, "runtime": -1.0}]})");
    verdicts.close();
    const QString out = m_dir.filePath(QStringLiteral("kb-out"));
    QProcess p;
    p.start(QStringLiteral(KWB_RUNNER), { QStringLiteral("eval-set"), QStringLiteral("--device"), QStringLiteral("cpu"),
        QStringLiteral("--tasks"), root, QStringLiteral("--candidates"), run, QStringLiteral("--levels"), QStringLiteral("1"),
        QStringLiteral("--out"), out, QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")), QStringLiteral("--no-baselines"),
        QStringLiteral("--trials"), QStringLiteral("3"), QStringLiteral("--min-calls"), QStringLiteral("5"), QStringLiteral("--min-ms"),
        QStringLiteral("5"), QStringLiteral("--warmup-ms"), QStringLiteral("5") });
    QVERIFY(p.waitForFinished(900000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray table = p.readAllStandardError();
    const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    QCOMPARE(summary.value(QStringLiteral("tasks")).toInt(), 1); // level 2 and scripts/ left out
    QCOMPARE(summary.value(QStringLiteral("correct")).toInt(), 1); // sample 0
    QCOMPARE(summary.value(QStringLiteral("samples_evaluated")).toInt(), 2);
    const QJsonArray results = summary.value(QStringLiteral("results")).toArray();
    QCOMPARE(results.size(), 2);
    QCOMPARE(results.at(1).toObject().value(QStringLiteral("sample")).toInt(), 1);
    QCOMPARE(results.at(1).toObject().value(QStringLiteral("verify")).toString(), QStringLiteral("failed"));
    QVERIFY(QFile::exists(out + QStringLiteral("/results/level1_1_Scale_add_sample_1.json")));
    const QJsonObject passAt = summary.value(QStringLiteral("pass_at_k")).toObject();
    QCOMPARE(passAt.value(QStringLiteral("1")).toObject().value(QStringLiteral("value")).toDouble(), 0.5);
    QCOMPARE(passAt.value(QStringLiteral("2")).toObject().value(QStringLiteral("value")).toDouble(), 1.0);
    const QJsonArray levels = summary.value(QStringLiteral("levels")).toArray();
    QCOMPARE(levels.size(), 1);
    QCOMPARE(levels.at(0).toObject().value(QStringLiteral("pass_rate")).toDouble(), 1.0);
    QVERIFY(summary.value(QStringLiteral("fast_p")).isNull()); // no baselines, no speedups
    QCOMPARE(results.at(0).toObject().value(QStringLiteral("kernelbench")).toObject().value(QStringLiteral("correctness")).toBool(true), false);
    const QJsonObject agreement = summary.value(QStringLiteral("kernelbench_agreement")).toObject();
    QCOMPARE(agreement.value(QStringLiteral("correct_only_here")).toInt(), 1);
    QCOMPARE(agreement.value(QStringLiteral("both_incorrect")).toInt(), 1);
    QCOMPARE(agreement.value(QStringLiteral("both_correct")).toInt(), 0);
    QVERIFY2(table.contains("L1 ") && table.contains("@1 50.0 (1 tasks)"), table.constData());
    QFile saved(out + QStringLiteral("/table.txt"));
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QVERIFY(table.endsWith(saved.readAll()));

    QProcess bad;
    bad.start(QStringLiteral(KWB_RUNNER), { QStringLiteral("eval-set"), QStringLiteral("--tasks"), root, QStringLiteral("--out"), out,
        QStringLiteral("--levels"), QStringLiteral("one") });
    QVERIFY(bad.waitForFinished());
    QCOMPARE(bad.exitCode(), 2);
    QVERIFY(bad.readAllStandardError().contains("--levels takes level numbers"));
}

QTEST_GUILESS_MAIN(TestEvalPipeline)
#include "tst_evalpipeline.moc"
