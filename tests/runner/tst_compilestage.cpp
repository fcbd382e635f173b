// CompileStage on real processes with a stand-in harness (fakeharness.h): the build is kept under a key of its
// sources and the report of the same files is reused without a process; a changed source builds again; a build the
// stage says lies outside its folder fails; CUDA on the cpu device is the machine's error before anything runs.
#include "fakeharness.h"
#include "runner/compilestage.h"
#include "runner/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace kwb::runner;

class TestCompileStage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void buildIsKeptAndItsReportReused();
    void changedSourceBuildsAgain();
    void buildOutsideItsFolderFails();
    void cudaOnTheCpuDeviceIsTheMachinesError();

private:
    struct Run
    {
        EvalRequest request;
        HackFlags flags;
        std::unique_ptr<StageRunner> runner;
        std::unique_ptr<CompileStage> stage;
        QString directory;
    };
    std::unique_ptr<Run> compile(const QString& workspace, const QString& name);
    QString workspace(const QString& name, const QByteArray& source, const QByteArray& marker = {});

    QTemporaryDir m_dir;
    QString m_harness;
};

void TestCompileStage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The checks subcommand finds one torch op and the task's cuBLAS. The compile subcommand "builds" into its own
    // folder and says so, with one nvcc-style warning in its output, and claims what only the runner and the checks
    // may say (a cached build, torch ops allowed, other libraries, no static flag), as candidate code in that process
    // could; a workspace with a file named outside/ claims a build elsewhere.
    m_harness = kwb::test::writeFakeHarness(m_dir.path() + QStringLiteral("/cache"),
        "case \"$cmd\" in\n"
        "  toolchain) echo '{\"ok\": true, \"toolchain\": [\"stand-in 1\"], \"arch\": \"\"}' > \"$out/toolchain.json\" ;;\n"
        "  checks) echo '{\"ok\": true, \"libraries\": [\"cublas\"], \"allow_torch_ops\": false, \"static_flags\": "
        "[{\"name\": \"torch-op-in-forward\", \"detail\": \"torch.matmul in forward\"}]}' > \"$out/checks.json\" ;;\n"
        "  compile)\n"
        "    build=\"$out/build/ext\"; mkdir -p \"$build\"; : > \"$build/cuda_extension.so\"\n"
        "    [ -e \"$workspace/outside\" ] && build=/usr\n"
        "    echo \"$workspace/kernels/add.cpp(3): warning #177-D: variable \\\"unused\\\" was declared but never referenced\"\n"
        "    printf '{\"ok\": true, \"module\": \"%s/cuda_extension.so\", \"build_dir\": \"%s\", \"libraries\": [\"cudnn\"], "
        "\"static_flags\": [], \"allow_torch_ops\": true, \"cached\": true}\\n' \"$build\" \"$build\" > \"$out/compile.json\" ;;\n"
        "esac\n");
    QVERIFY(!m_harness.isEmpty());
}

QString TestCompileStage::workspace(const QString& name, const QByteArray& source, const QByteArray& marker)
{
    const QString dir = m_dir.path() + QStringLiteral("/sources/") + name;
    kwb::test::writeText(dir + QStringLiteral("/model_new.py"), "class ModelNew: pass\n");
    kwb::test::writeText(dir + QStringLiteral("/binding.cpp"), "// its own binding\n");
    kwb::test::writeText(dir + QStringLiteral("/kernels/add.cpp"), source);
    if (!marker.isEmpty())
        kwb::test::writeText(dir + QStringLiteral("/") + QString::fromLatin1(marker), "");
    return dir;
}

// The stage over a copy of the workspace in a run folder of its own, as prepare() leaves it.
std::unique_ptr<TestCompileStage::Run> TestCompileStage::compile(const QString& workspace, const QString& name)
{
    auto run = std::make_unique<Run>();
    run->directory = m_dir.path() + QStringLiteral("/runs/") + name;
    const QString copy = run->directory + QStringLiteral("/workspace");
    QDir().mkpath(copy + QStringLiteral("/kernels"));
    for (const QString& file : { QStringLiteral("model_new.py"), QStringLiteral("binding.cpp"), QStringLiteral("kernels/add.cpp"),
             QStringLiteral("kernels/neg.cu"), QStringLiteral("outside") }) {
        if (QFile::exists(workspace + QLatin1Char('/') + file))
            QFile::copy(workspace + QLatin1Char('/') + file, copy + QLatin1Char('/') + file);
    }
    const QString task = run->directory + QStringLiteral("/task.py");
    kwb::test::writeText(task, "class Model: pass\n");
    run->request.device = "cpu";
    run->request.python = "/bin/sh";
    run->request.harnessPath = m_harness.toStdString();
    run->request.runDirectory = run->directory.toStdString();
    run->request.cacheDirectory = QString(m_dir.path() + QStringLiteral("/cache")).toStdString();
    run->runner = std::make_unique<StageRunner>(run->request, run->flags);
    run->stage = std::make_unique<CompileStage>(run->request, *run->runner, run->flags);
    run->stage->setCandidate("workspace", copy.toStdString(), task.toStdString());
    run->stage->run();
    return run;
}

void TestCompileStage::buildIsKeptAndItsReportReused()
{
    const QString sources = workspace(QStringLiteral("add"), "int add(int a, int b) { return a + b; }\n");
    auto first = compile(sources, QStringLiteral("first"));
    QCOMPARE(QString::fromStdString(first->stage->record().status), QStringLiteral("passed"));
    QVERIFY(!first->stage->cached());
    const QString kept = QString::fromStdString(first->request.cacheDirectory) + QStringLiteral("/build/")
        + QString::fromStdString(first->stage->buildKey());
    // Moved into the cache by the runner, under the key it computed.
    QCOMPARE(QString::fromStdString(first->stage->module()), QFileInfo(kept + QStringLiteral("/cuda_extension.so")).absoluteFilePath());
    // The compiler output and the report are the runner's, where no candidate stage writes; what the checks found
    // stands against the compile stage's claims.
    const QString reports = QString::fromStdString(first->request.cacheDirectory) + QStringLiteral("/compile-reports/");
    QVERIFY(QFile::exists(reports + QString::fromStdString(first->stage->buildKey()) + QStringLiteral(".log")));
    QCOMPARE(QDir(reports).entryList({ QStringLiteral("*.json") }).size(), 1);
    QVERIFY(QDir(kept).entryList({ QStringLiteral("*.json"), QStringLiteral("*.log") }).isEmpty());
    QVERIFY(QFile::exists(first->directory + QStringLiteral("/checks/checks.json")));
    QCOMPARE(first->stage->allowedLibraries(), std::vector<std::string> { "cublas" });
    QVERIFY(first->flags.contains("torch-op-in-forward"));
    QCOMPARE(first->stage->diagnostics().size(), std::size_t(1));
    QCOMPARE(int(first->stage->diagnostics().front().line), 3);
    QCOMPARE(QString::fromStdString(first->stage->diagnostics().front().file), QStringLiteral("kernels/add.cpp"));
    QCOMPARE(kwb::test::writtenResult(*first->stage, QStringLiteral("compile"))[QStringLiteral("cached")].toBool(), false);

    // The same files again: the kept report, no process (no compile folder), the same module and findings.
    auto second = compile(sources, QStringLiteral("second"));
    QCOMPARE(QString::fromStdString(second->stage->record().status), QStringLiteral("passed"));
    QVERIFY(second->stage->cached());
    QVERIFY(!QFile::exists(second->directory + QStringLiteral("/compile/log.txt")));
    QCOMPARE(second->stage->buildKey(), first->stage->buildKey());
    QCOMPARE(second->stage->module(), first->stage->module());
    QVERIFY(!QFile::exists(second->directory + QStringLiteral("/checks")));
    QCOMPARE(second->stage->allowedLibraries(), std::vector<std::string> { "cublas" });
    QVERIFY(second->flags.contains("torch-op-in-forward"));
    QCOMPARE(second->stage->diagnostics().size(), std::size_t(1)); // parsed from the kept compiler output
    const QJsonObject written = kwb::test::writtenResult(*second->stage, QStringLiteral("compile"));
    QCOMPARE(written[QStringLiteral("cached")].toBool(), true);
    QCOMPARE(written[QStringLiteral("seconds")].toDouble(), 0.0);
    QCOMPARE(written[QStringLiteral("diagnostics")].toArray().size(), 1);
}

void TestCompileStage::changedSourceBuildsAgain()
{
    auto a = compile(workspace(QStringLiteral("mul"), "int mul(int a, int b) { return a * b; }\n"), QStringLiteral("mul"));
    auto b = compile(workspace(QStringLiteral("mul2"), "int mul(int a, int b) { return b * a; }\n"), QStringLiteral("mul2"));
    QVERIFY(a->stage->passed());
    QVERIFY(b->stage->passed());
    QVERIFY(a->stage->buildKey() != b->stage->buildKey());
    QVERIFY(!b->stage->cached());
    QVERIFY(QFile::exists(b->directory + QStringLiteral("/compile/log.txt")));
}

void TestCompileStage::buildOutsideItsFolderFails()
{
    auto run = compile(workspace(QStringLiteral("outside"), "int sub(int a, int b) { return a - b; }\n", "outside"),
        QStringLiteral("outside"));
    QCOMPARE(QString::fromStdString(run->stage->record().status), QStringLiteral("failed"));
    QCOMPARE(QString::fromStdString(run->stage->record().message), QStringLiteral("The compile stage reported a build outside its own folder."));
    QVERIFY(!QFile::exists(QString::fromStdString(run->request.cacheDirectory) + QStringLiteral("/build/")
        + QString::fromStdString(run->stage->buildKey())));
}

void TestCompileStage::cudaOnTheCpuDeviceIsTheMachinesError()
{
    const QString sources = workspace(QStringLiteral("cuda"), "int neg(int a) { return -a; }\n");
    kwb::test::writeText(sources + QStringLiteral("/kernels/neg.cu"), "__global__ void neg(float* x) { x[0] = -x[0]; }\n");
    auto run = compile(sources, QStringLiteral("cuda"));
    QVERIFY(run->stage->hasCudaSources());
    QCOMPARE(QString::fromStdString(run->stage->record().status), QStringLiteral("error"));
    QVERIFY(QString::fromStdString(run->stage->record().message).contains(QStringLiteral("cannot be built or run on the cpu device")));
    QVERIFY(!QFile::exists(run->directory + QStringLiteral("/compile/log.txt"))); // nothing of the candidate's ran
    QVERIFY(run->stage->buildKey().empty());
}

QTEST_GUILESS_MAIN(TestCompileStage)
#include "tst_compilestage.moc"
