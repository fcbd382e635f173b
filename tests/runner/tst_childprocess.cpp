#include "runner/childprocess.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb::runner;

class TestChildProcess : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void capturesOutputAndStatus();
    void environmentAndDirectory();
    void timeoutKillsTheWholeGroup();
    void signalIsReported();
    void fileSizeLimitStopsAWriter();
    void missingProgramIsAStartError();

private:
    QTemporaryDir m_dir;
};

static QByteArray readAll(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

void TestChildProcess::capturesOutputAndStatus()
{
    ProcessSpec spec;
    spec.argv = { "sh", "-c", "echo out; echo err >&2; exit 3" };
    spec.logPath = m_dir.filePath(QStringLiteral("a.log")).toStdString();
    const ProcessOutcome o = runProcess(spec);
    QVERIFY(o.started);
    QCOMPARE(o.exitCode, 3);
    QVERIFY(!o.succeeded());
    QCOMPARE(o.describe(), std::string("exited with status 3"));
    QCOMPARE(readAll(m_dir.filePath(QStringLiteral("a.log"))), QByteArray("out\nerr\n"));
}

void TestChildProcess::environmentAndDirectory()
{
    ProcessSpec spec;
    spec.argv = { "sh", "-c", "echo $KWB_TEST_VALUE; pwd" };
    spec.environment = { "KWB_TEST_VALUE=forty-two" };
    spec.workingDirectory = m_dir.path().toStdString();
    spec.logPath = m_dir.filePath(QStringLiteral("b.log")).toStdString();
    QVERIFY(runProcess(spec).succeeded());
    QCOMPARE(readAll(m_dir.filePath(QStringLiteral("b.log"))), QByteArray("forty-two\n") + m_dir.path().toUtf8() + '\n');
}

void TestChildProcess::timeoutKillsTheWholeGroup()
{
    const QString marker = m_dir.filePath(QStringLiteral("grandchild-survived"));
    ProcessSpec spec;
    // The grandchild would write the marker after 3 s; killing the group must take it down too.
    spec.argv = { "sh", "-c", "(sleep 3; touch " + marker.toStdString() + ") & sleep 60" };
    spec.limits.wallSeconds = 1;
    const ProcessOutcome o = runProcess(spec);
    QVERIFY(o.timedOut);
    QVERIFY(o.wallSeconds < 5);
    QVERIFY(o.describe().rfind("timed out after", 0) == 0);
    QTest::qWait(3500);
    QVERIFY(!QFile::exists(marker));
}

void TestChildProcess::signalIsReported()
{
    ProcessSpec spec;
    spec.argv = { "sh", "-c", "kill -SEGV $$" };
    const ProcessOutcome o = runProcess(spec);
    QCOMPARE(o.signal, 11);
    QVERIFY(o.describe().find("signal 11") != std::string::npos);
}

void TestChildProcess::fileSizeLimitStopsAWriter()
{
    const QString big = m_dir.filePath(QStringLiteral("big"));
    ProcessSpec spec;
    spec.argv = { "sh", "-c", "head -c 4000000 /dev/zero > " + big.toStdString() };
    spec.limits.fileSizeBytes = 1 << 20;
    const ProcessOutcome o = runProcess(spec);
    QVERIFY2(!o.succeeded(), o.describe().c_str()); // head dies of SIGXFSZ; the shell reports it as its status
    QCOMPARE(QFileInfo(big).size(), qint64(1 << 20));
}

void TestChildProcess::missingProgramIsAStartError()
{
    ProcessSpec spec;
    spec.argv = { "/no/such/program" };
    const ProcessOutcome o = runProcess(spec);
    QVERIFY(!o.started);
    QVERIFY(o.describe().find("No such file") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestChildProcess)
#include "tst_childprocess.moc"
