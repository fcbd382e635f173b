// NcuStage: every way Nsight Compute can come to nothing is a message and never the candidate's failure, and a
// report's metrics and source counters come into the result. The profiled run is the test's own (the candidate
// callback); `ncu --import` is a stand-in script that prints Nsight Compute CSV recorded on the H200 (fixtures/ncu).
#include "fakeharness.h"
#include "runner/jsonwriter.h"
#include "runner/ncustage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace kwb::runner;

class TestNcuStage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void nothingToProfileOnTheCpu();
    void ncuMissing();
    void noAccessToTheCounters();
    void reportComesIntoTheResult();

private:
    EvalRequest request(const QString& name) const;
    void endsBeforeTheRun(const EvalRequest& r, const QString& why);
    QTemporaryDir m_dir;
    QString m_ncu;
};

void TestNcuStage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_ncu = m_dir.path() + QStringLiteral("/bin/ncu");
    const QByteArray raw = QFINDTESTDATA("fixtures/ncu/diag_matmul_row_scale_h200.csv").toUtf8();
    const QByteArray source = QFINDTESTDATA("fixtures/ncu/source_row_scale_vec4_h200.csv").toUtf8();
    QVERIFY(!raw.isEmpty() && !source.isEmpty());
    QVERIFY(kwb::test::writeText(m_ncu,
        "#!/bin/sh\n"
        "case \"$*\" in\n"
        "  *'--page raw'*) cat '" + raw + "' ;;\n"
        "  *'--page source'*) cat '" + source + "' ;;\n"
        "  *) exit 1 ;;\n"
        "esac\n"));
    QVERIFY(QFile::setPermissions(m_ncu, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

EvalRequest TestNcuStage::request(const QString& name) const
{
    EvalRequest r;
    r.device = "cuda";
    r.runDirectory = QString(m_dir.path() + QStringLiteral("/runs/") + name).toStdString();
    r.cacheDirectory = QString(m_dir.path() + QStringLiteral("/cache")).toStdString();
    r.ncuPath = m_ncu.toStdString();
    r.ncuKernelRegex = "row_scale";
    return r;
}

// The stage ends before the candidate runs again, with a message that contains `why`.
void TestNcuStage::endsBeforeTheRun(const EvalRequest& r, const QString& why)
{
    HackFlags flags;
    StageRunner runner(r, flags);
    NcuStage stage(r, runner);
    bool ran = false;
    stage.run([&](const std::vector<std::string>&, StageRecord&) { ran = true; });
    QVERIFY(!ran);
    QCOMPARE(QString::fromStdString(stage.record().status), QStringLiteral("not-run"));
    QVERIFY2(QString::fromStdString(stage.record().message).contains(why), stage.record().message.c_str());
    QCOMPARE(kwb::test::writtenResult(stage, QStringLiteral("ncu"))[QStringLiteral("kernels")].toArray().size(), 0);
}

void TestNcuStage::nothingToProfileOnTheCpu()
{
    EvalRequest r = request(QStringLiteral("cpu"));
    r.device = "cpu";
    endsBeforeTheRun(r, QStringLiteral("ran on the CPU"));
}

void TestNcuStage::ncuMissing()
{
    EvalRequest r = request(QStringLiteral("missing"));
    r.ncuPath = m_dir.path().toStdString() + "/bin/no-ncu-here";
    endsBeforeTheRun(r, QStringLiteral("is not installed on this machine"));
}

// The candidate's profiled run failed because ncu could not read the counters: the machine's error, said plainly.
void TestNcuStage::noAccessToTheCounters()
{
    const EvalRequest r = request(QStringLiteral("perm"));
    HackFlags flags;
    StageRunner runner(r, flags);
    NcuStage stage(r, runner);
    stage.run([](const std::vector<std::string>&, StageRecord& s) {
        s.status = "failed";
        s.log = "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters";
    });
    QCOMPARE(QString::fromStdString(stage.record().status), QStringLiteral("error"));
    QVERIFY(QString::fromStdString(stage.record().message).contains(QStringLiteral("ERR_NVGPUCTRPERM")));
}

void TestNcuStage::reportComesIntoTheResult()
{
    const EvalRequest r = request(QStringLiteral("report"));
    HackFlags flags;
    StageRunner runner(r, flags);
    NcuStage stage(r, runner);
    std::vector<std::string> launcher;
    stage.run([&](const std::vector<std::string>& given, StageRecord& s) {
        launcher = given;
        // What the profiled run leaves: the report where --export said.
        const auto at = std::find(given.begin(), given.end(), "--export");
        QVERIFY(at != given.end() && at + 1 != given.end());
        kwb::test::writeText(QString::fromStdString(*(at + 1)) + QStringLiteral(".ncu-rep"), "report");
        s.status = "passed";
    });
    QVERIFY(!launcher.empty());
    QCOMPARE(QString::fromStdString(launcher.front()), m_ncu);
    QVERIFY(std::find(launcher.begin(), launcher.end(), "regex:row_scale") != launcher.end());
    QVERIFY(std::find(launcher.begin(), launcher.end(), "none") != launcher.end()); // --clock-control none
    QCOMPARE(QString::fromStdString(stage.record().status), QStringLiteral("passed"));
    QCOMPARE(stage.launches().size(), std::size_t(1));
    const QJsonObject ncu = kwb::test::writtenResult(stage, QStringLiteral("ncu"));
    QVERIFY(ncu[QStringLiteral("report")].toString().endsWith(QStringLiteral("/candidate_profile/report.ncu-rep")));
    QVERIFY(ncu[QStringLiteral("source_csv")].toString().endsWith(QStringLiteral("/source.csv")));
    const QJsonObject kernel = ncu[QStringLiteral("kernels")].toArray().first().toObject();
    QCOMPARE(kernel[QStringLiteral("grid")].toString(), QStringLiteral("(8, 3072, 1)"));
    QCOMPARE(kernel[QStringLiteral("source")].toArray().size(), 80); // [offset, executed, stall samples] per instruction
    // The workbench's metric set, in its order, each with its unit.
    bool sawTime = false;
    for (const QJsonValue& metric : kernel[QStringLiteral("metrics")].toArray()) {
        const QJsonArray m = metric.toArray();
        QCOMPARE(m.size(), 3);
        if (m[0].toString() == QLatin1String("gpu__time_duration.sum")) {
            sawTime = true;
            QCOMPARE(m[1].toDouble(), 47712.0);
            QCOMPARE(m[2].toString(), QStringLiteral("ns"));
        }
    }
    QVERIFY(sawTime);
}

QTEST_GUILESS_MAIN(TestNcuStage)
#include "tst_ncustage.moc"
