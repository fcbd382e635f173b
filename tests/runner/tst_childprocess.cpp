#include "runner/childprocess.h"
#include "runner/sandbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <csignal>

using namespace kwb::runner;

// Processes whose command line holds `tag` (what is left of a stage after it was stopped).
static int processesTagged(const QByteArray& tag)
{
    int count = 0;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& pid : pids) {
        QFile cmdline(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(tag))
            ++count;
    }
    return count;
}

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
    void processLimitStopsAForkBomb();
    void processLimitReachesEscapedSessions();
    void cpuLimitStopsASpinner();
    void sandboxConfinesWritesAndNetwork();
    void sandboxWithoutGpuHasNoHostDevices();
    void venvUnderTmpKeepsItsLinkedLibrary();

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


void TestChildProcess::processLimitStopsAForkBomb()
{
    ProcessSpec spec;
    // Each shell starts two more that do the same; without the limit it would fill the process table.
    spec.argv = { "sh", "-c", "bomb() { sleep 0.05; bomb & bomb & wait; }; bomb; echo kwb-bomb-tag" };
    spec.limits.processes = 40;
    spec.limits.wallSeconds = 60;
    const ProcessOutcome o = runProcess(spec);
    QVERIFY(o.processesExceeded);
    QVERIFY(!o.succeeded());
    QVERIFY(o.wallSeconds < 30);
    QCOMPARE(o.describe(), std::string("started more processes than its limit allows"));
}

void TestChildProcess::processLimitReachesEscapedSessions()
{
    // Children that leave the process group with setsid are still the stage's: the limit counts and kills them.
    ProcessSpec spec;
    spec.argv = { "sh", "-c", "for i in 1 2 3 4 5 6 7 8 9 10; do setsid sh -c 'sleep 30; :' kwb-escaped-tag & done; wait" };
    spec.limits.processes = 5;
    spec.limits.wallSeconds = 60;
    const ProcessOutcome o = runProcess(spec);
    QVERIFY(o.processesExceeded);
    QTRY_COMPARE_WITH_TIMEOUT(processesTagged("kwb-escaped-tag"), 0, 5000);
}

void TestChildProcess::cpuLimitStopsASpinner()
{
    ProcessSpec spec;
    spec.argv = { "sh", "-c", "while :; do :; done" };
    spec.limits.cpuSeconds = 1;
    spec.limits.wallSeconds = 60;
    const ProcessOutcome o = runProcess(spec);
    QVERIFY(!o.succeeded());
    QVERIFY(o.signal == SIGXCPU || o.signal == SIGKILL);
    QVERIFY(o.wallSeconds < 30);
}

void TestChildProcess::sandboxConfinesWritesAndNetwork()
{
    const Sandbox& sandbox = Sandbox::instance();
    if (sandbox.kind() != Sandbox::Kind::Bubblewrap)
        QSKIP(sandbox.note().c_str());
    QTemporaryDir writable;
    QTemporaryDir other;
    QVERIFY(QFile(other.filePath(QStringLiteral("keep.txt"))).open(QIODevice::WriteOnly));
    SandboxPaths paths;
    paths.writable = { writable.path().toStdString() };
    paths.hidden = { other.path().toStdString() };
    paths.workingDirectory = writable.path().toStdString();
    ProcessSpec spec;
    spec.argv = sandbox.launcher(paths);
    // Outside the writable folder: the test's own folder (read-only in the sandbox, or absent from its private /tmp).
    const QString outside = QDir::current().filePath(QStringLiteral("kwb-sandbox-outside.txt"));
    QFile::remove(outside);
    const std::string script = "echo in > inside.txt; echo out > " + outside.toStdString()
        + "; ls " + other.path().toStdString() + "; (exec 3<>/dev/tcp/127.0.0.1/9) 2>/dev/null && echo net-open"
        ;
    spec.argv.insert(spec.argv.end(), { "bash", "-c", script });
    spec.logPath = writable.filePath(QStringLiteral("log.txt")).toStdString();
    QVERIFY(runProcess(spec).started);
    QVERIFY(QFileInfo::exists(writable.filePath(QStringLiteral("inside.txt"))));
    QVERIFY(!QFileInfo::exists(outside));
    const QByteArray log = readAll(writable.filePath(QStringLiteral("log.txt")));
    QVERIFY2(!log.contains("keep.txt"), log.constData()); // hidden
    QVERIFY2(!log.contains("net-open"), log.constData());
    // Read-only outside /tmp; a checkout under /tmp has its folder outside the sandbox's private /tmp, where it is absent.
    QVERIFY2(log.contains("Read-only file system")
            || (outside.startsWith(QStringLiteral("/tmp/")) && log.contains("No such file or directory")),
        log.constData());
}

// The compile stage's sandbox: bubblewrap's own minimal /dev (null, zero, random, tty, shm...) instead of the host's,
// so no device file of the host's (a GPU's /dev/nvidia*, here whatever the host has beyond the minimal set) exists.
void TestChildProcess::sandboxWithoutGpuHasNoHostDevices()
{
    const Sandbox& sandbox = Sandbox::instance();
    if (sandbox.kind() != Sandbox::Kind::Bubblewrap)
        QSKIP(sandbox.note().c_str());
    const QStringList minimal = QStringLiteral("console core fd full mqueue null ptmx pts random shm stderr stdin stdout tty "
                                               "urandom zero")
                                    .split(QLatin1Char(' '));
    QStringList hostOnly = QDir(QStringLiteral("/dev")).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
    for (const QString& name : minimal)
        hostOnly.removeAll(name);
    if (hostOnly.isEmpty())
        QSKIP("This host's /dev has nothing beyond bubblewrap's minimal set.");
    QTemporaryDir work;
    auto listDev = [&](bool gpu) {
        SandboxPaths paths;
        paths.writable = { work.path().toStdString() };
        paths.workingDirectory = work.path().toStdString();
        paths.gpu = gpu;
        ProcessSpec spec;
        spec.argv = sandbox.launcher(paths);
        spec.argv.insert(spec.argv.end(), { "ls", "-1", "/dev" });
        const QString log = work.filePath(gpu ? QStringLiteral("with.txt") : QStringLiteral("without.txt"));
        spec.logPath = log.toStdString();
        const ProcessOutcome o = runProcess(spec);
        return o.succeeded() ? QString::fromUtf8(readAll(log)).split(QLatin1Char('\n'), Qt::SkipEmptyParts) : QStringList();
    };
    const QStringList with = listDev(true);
    const QStringList without = listDev(false);
    QVERIFY2(with.contains(hostOnly.first()), qPrintable(with.join(QLatin1Char(' '))));
    QVERIFY(without.contains(QStringLiteral("null")));
    for (const QString& name : hostOnly)
        QVERIFY2(!without.contains(name), qPrintable(name + QStringLiteral(" is visible without the GPU")));
}

// A venv under /tmp whose lib is a link to another folder under /tmp (a copy of a checkout's venv, as a test or a
// user makes one): both are made visible under the sandbox's private /tmp, or its stages would not find torch.
void TestChildProcess::venvUnderTmpKeepsItsLinkedLibrary()
{
    QTemporaryDir work(QStringLiteral("/tmp/kwb-venv-XXXXXX"));
    QVERIFY(work.isValid());
    const QString real = work.filePath(QStringLiteral("real-lib"));
    const QString venv = work.filePath(QStringLiteral("venv"));
    QVERIFY(QDir().mkpath(real + QStringLiteral("/python3/site-packages")));
    QVERIFY(QDir().mkpath(venv + QStringLiteral("/bin")));
    QVERIFY(QFile::link(real, venv + QStringLiteral("/lib")));
    QVERIFY(QFile::link(QStringLiteral("/bin/sh"), venv + QStringLiteral("/bin/python")));
    QVERIFY(QFile::link(QStringLiteral("/tmp"), venv + QStringLiteral("/include"))); // a link to /tmp itself: not bound
    const std::vector<std::string> paths = toolPathsUnderTmp(QString(venv + QStringLiteral("/bin/python")).toStdString());
    const auto has = [&paths](const QString& p) { return std::find(paths.begin(), paths.end(), p.toStdString()) != paths.end(); };
    QVERIFY(has(venv));
    QVERIFY(has(QFileInfo(real).canonicalFilePath()));
    QVERIFY(!has(QStringLiteral("/bin")) && !has(QStringLiteral("/usr"))); // only what lies under /tmp
    QVERIFY(!has(QStringLiteral("/tmp")));

    const Sandbox& sandbox = Sandbox::instance();
    if (sandbox.kind() != Sandbox::Kind::Bubblewrap)
        QSKIP(sandbox.note().c_str());
    SandboxPaths sandboxPaths;
    sandboxPaths.readable = paths;
    sandboxPaths.writable = { work.path().toStdString() + "/out" };
    QVERIFY(QDir().mkpath(work.filePath(QStringLiteral("out"))));
    ProcessSpec spec;
    spec.argv = sandbox.launcher(sandboxPaths);
    // Candidate code sees the linked library and cannot change it.
    const std::string probe = "ls " + QString(venv + QStringLiteral("/lib/python3")).toStdString() + "; echo x > "
        + QString(venv + QStringLiteral("/lib/python3/planted.py")).toStdString() + " || true";
    spec.argv.insert(spec.argv.end(), { "sh", "-c", probe });
    const QString log = work.filePath(QStringLiteral("out/ls.txt"));
    spec.logPath = log.toStdString();
    const ProcessOutcome o = runProcess(spec);
    QVERIFY2(o.succeeded(), readAll(log).constData());
    const QString seen = QString::fromUtf8(readAll(log));
    QVERIFY2(seen.startsWith(QStringLiteral("site-packages\n")) && seen.contains(QStringLiteral("Read-only file system")),
        qPrintable(seen));
    QVERIFY(!QFileInfo::exists(real + QStringLiteral("/python3/planted.py")));
}

QTEST_GUILESS_MAIN(TestChildProcess)
#include "tst_childprocess.moc"
