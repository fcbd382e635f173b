#include "runner/gpulock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

using kwb::runner::GpuLock;

// The runner's side of the GPU turns: which stages it locks itself, and that its lock keeps others out until it
// goes. (The harness's side, between processes, is kwb_harness_gpu_turns.)
class TestGpuLock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void whoLocksWhichStage();
    void prepareFolderMakesTheFiles();
    void exclusiveKeepsOthersOutUntilItGoes();
    void oneFolderPerMachineAndDevices();
};

void TestGpuLock::whoLocksWhichStage()
{
    QCOMPARE(GpuLock::holderForStage("compile"), GpuLock::Holder::None);
    QCOMPARE(GpuLock::holderForStage("environment"), GpuLock::Holder::None);
    QCOMPARE(GpuLock::holderForStage("checks"), GpuLock::Holder::None);
    QCOMPARE(GpuLock::holderForStage("candidate_profile"), GpuLock::Holder::Runner); // Nsight Compute, a process of its own
    for (const char* stage : { "reference", "candidate_trials", "candidate_timing", "baselines", "reference_trace", "candidate_trace" })
        QCOMPARE(GpuLock::holderForStage(stage), GpuLock::Holder::Harness);
}

void TestGpuLock::prepareFolderMakesTheFiles()
{
    QTemporaryDir dir;
    const std::string folder = dir.filePath(QStringLiteral("cache/locks")).toStdString();
    std::string error;
    QVERIFY2(GpuLock::prepareFolder(folder, &error), error.c_str());
    QVERIFY(std::filesystem::is_regular_file(folder + "/gpu.gate"));
    QVERIFY(std::filesystem::is_regular_file(folder + "/gpu.lock"));
    QVERIFY(GpuLock::prepareFolder(folder, &error)); // again: they are there already
    // A file where the folder should be: one sentence, no lock.
    const std::string blocked = dir.filePath(QStringLiteral("file")).toStdString();
    QVERIFY(std::filesystem::create_directories(blocked + "/gpu.gate/x"));
    QVERIFY(!GpuLock::prepareFolder(blocked, &error));
    QVERIFY2(error.find("cannot be opened") != std::string::npos, error.c_str());
}

void TestGpuLock::exclusiveKeepsOthersOutUntilItGoes()
{
    QTemporaryDir dir;
    const std::string folder = dir.path().toStdString();
    auto first = std::make_unique<GpuLock>(folder, GpuLock::Mode::Exclusive);
    QVERIFY(first->held());
    std::atomic<bool> got { false };
    std::thread other([&] {
        GpuLock second(folder, GpuLock::Mode::Shared); // its own descriptor: flock sees another holder
        got = second.held();
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    QVERIFY(!got); // still waiting
    first.reset();
    other.join();
    QVERIFY(got);
    // Two sharers at once do not wait for each other.
    GpuLock a(folder, GpuLock::Mode::Shared);
    GpuLock b(folder, GpuLock::Mode::Shared);
    QVERIFY(a.held() && b.held());
}

// Runners with different cache folders still take turns: the folder is the machine's, one per set of visible GPUs.
void TestGpuLock::oneFolderPerMachineAndDevices()
{
    QTemporaryDir dir;
    qunsetenv("KWB_GPU_LOCK_DIR");
    qunsetenv("CUDA_VISIBLE_DEVICES");
    const std::string all = GpuLock::forDevices(dir.filePath(QStringLiteral("cache-a")).toStdString());
    QCOMPARE(all, std::string("/tmp/kwb-gpu-locks/gpu-all"));
    QCOMPARE(GpuLock::forDevices(dir.filePath(QStringLiteral("cache-b")).toStdString()), all);
    QVERIFY(std::filesystem::is_regular_file(all + "/gpu.lock"));
    const auto perms = std::filesystem::status(all + "/gpu.lock").permissions();
    QVERIFY((perms & std::filesystem::perms::others_read) != std::filesystem::perms::none); // other users' runners
    qputenv("CUDA_VISIBLE_DEVICES", "GPU-1a2b/3");
    QCOMPARE(GpuLock::forDevices("unused"), std::string("/tmp/kwb-gpu-locks/gpu-GPU-1a2b_3"));
    QDir(QStringLiteral("/tmp/kwb-gpu-locks/gpu-GPU-1a2b_3")).removeRecursively();
    qputenv("KWB_GPU_LOCK_DIR", dir.filePath(QStringLiteral("own")).toUtf8());
    QCOMPARE(GpuLock::forDevices("unused"), dir.filePath(QStringLiteral("own")).toStdString());
    qunsetenv("KWB_GPU_LOCK_DIR");
    qunsetenv("CUDA_VISIBLE_DEVICES");
    // A lock file that is not a file: the cache folder's own locks, and a sentence saying what that means.
    QTemporaryDir bad;
    qputenv("CUDA_VISIBLE_DEVICES", QFileInfo(bad.path()).fileName().toUtf8());
    const QString blocked = QString::fromStdString(GpuLock::forDevices("x")); // made now, then spoiled
    QVERIFY(QFile::remove(blocked + QStringLiteral("/gpu.gate")));
    QVERIFY(QDir().mkdir(blocked + QStringLiteral("/gpu.gate")));
    std::string note;
    QCOMPARE(QString::fromStdString(GpuLock::forDevices(dir.path().toStdString(), &note)), dir.path() + QStringLiteral("/locks"));
    QVERIFY2(note.find("sharing the cache folder") != std::string::npos, note.c_str());
    QVERIFY(QDir(blocked).removeRecursively());
    qunsetenv("CUDA_VISIBLE_DEVICES");
}

QTEST_MAIN(TestGpuLock)
#include "tst_gpulock.moc"
