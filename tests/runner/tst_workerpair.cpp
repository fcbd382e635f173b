#include "runner/workerpair.h"

#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <csignal>
#include <thread>

using namespace kwb::runner;

// The driver and the worker joined by a channel, as real processes: a message each way, the driver seeing the
// worker's end close when the worker dies, and a process left behind found by its token and killed.
class TestWorkerPair : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void messageEachWay();
    void workerDeathReachesTheDriver();
    void leftoverIsFoundAndKilled();

private:
    ProcessSpec python(const QString& name, const char* script);
    QTemporaryDir m_dir;
};

ProcessSpec TestWorkerPair::python(const QString& name, const char* script)
{
    ProcessSpec spec;
    spec.argv = { KWB_PYTHON, "-c", script, "{fd}" };
    spec.logPath = m_dir.filePath(name + QStringLiteral(".log")).toStdString();
    spec.limits.wallSeconds = 60;
    return spec;
}

static QByteArray readLog(const ProcessSpec& spec)
{
    QFile f(QString::fromStdString(spec.logPath));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestWorkerPair::messageEachWay()
{
    const ProcessSpec driver = python(QStringLiteral("driver1"),
        "import socket,sys; s=socket.socket(fileno=int(sys.argv[1])); s.send(b'ping'); print(s.recv(64).decode())");
    const ProcessSpec worker = python(QStringLiteral("worker1"),
        "import socket,sys; s=socket.socket(fileno=int(sys.argv[1])); s.send(s.recv(64)+b' pong')");
    const WorkerPairOutcome outcome = WorkerPair::run(driver, worker);
    QVERIFY(outcome.setupError.empty());
    QVERIFY(outcome.driver.succeeded());
    QVERIFY(outcome.worker.succeeded());
    QCOMPARE(readLog(driver).trimmed(), QByteArray("ping pong"));
}

void TestWorkerPair::workerDeathReachesTheDriver()
{
    // The worker kills itself mid-conversation; the driver must read end-of-file, not hang.
    const ProcessSpec driver = python(QStringLiteral("driver2"),
        "import socket,sys; s=socket.socket(fileno=int(sys.argv[1])); s.send(b'call'); print('eof' if s.recv(64)==b'' "
        "else 'data')");
    const ProcessSpec worker = python(QStringLiteral("worker2"),
        "import os,signal,socket,sys; s=socket.socket(fileno=int(sys.argv[1])); s.recv(64); os.kill(os.getpid(), "
        "signal.SIGKILL)");
    const auto start = std::chrono::steady_clock::now();
    const WorkerPairOutcome outcome = WorkerPair::run(driver, worker);
    QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    QCOMPARE(outcome.worker.signal, SIGKILL);
    QVERIFY(outcome.driver.succeeded());
    QCOMPARE(readLog(driver).trimmed(), QByteArray("eof"));
}

void TestWorkerPair::leftoverIsFoundAndKilled()
{
    // The worker starts a process in a session of its own (out of its group) that outlives it.
    const ProcessSpec driver
        = python(QStringLiteral("driver3"), "import socket,sys; s=socket.socket(fileno=int(sys.argv[1])); s.recv(64)");
    ProcessSpec worker = python(QStringLiteral("worker3"),
        "import subprocess,sys; subprocess.Popen(['sleep','120'], start_new_session=True, close_fds=True)");
    worker.environment.push_back("KWB_STAGE_ID=tst-workerpair-" + std::to_string(getpid()));
    const WorkerPairOutcome outcome = WorkerPair::run(driver, worker);
    QVERIFY(outcome.worker.succeeded());
    QCOMPARE(outcome.leftovers, 1);
    // SIGKILL takes a moment to land: the process is gone (or a zombie, whose environment reads empty) soon after.
    int stillThere = 1;
    for (int i = 0; i < 100 && stillThere; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        stillThere = WorkerPair::killLeftovers("tst-workerpair-" + std::to_string(getpid()));
    }
    QCOMPARE(stillThere, 0);
}

QTEST_GUILESS_MAIN(TestWorkerPair)
#include "tst_workerpair.moc"
