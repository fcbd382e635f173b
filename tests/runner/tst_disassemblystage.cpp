// DisassemblyStage: nothing where there is nothing to read, a note where the build left no module, and a disassembly
// kept in the cache under its modules' bytes is copied into the run without running the disassembler again.
#include "fakeharness.h"
#include "runner/disassemblystage.h"
#include "runner/jsonwriter.h"
#include "runner/sha256.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace kwb::runner;

class TestDisassemblyStage : public QObject
{
    Q_OBJECT

private slots:
    void nothingWithoutCuda();
    void noModuleIsANote();
    void keptDisassemblyIsCopiedIntoTheRun();

private:
    EvalRequest request(const QString& name) const;
    QTemporaryDir m_dir;
};

EvalRequest TestDisassemblyStage::request(const QString& name) const
{
    EvalRequest r;
    r.device = "cuda";
    r.python = "/nonexistent/python"; // any search for the tools would fail: the kept file must be used
    r.runDirectory = QString(m_dir.path() + QStringLiteral("/runs/") + name).toStdString();
    r.cacheDirectory = QString(m_dir.path() + QStringLiteral("/cache")).toStdString();
    QDir().mkpath(QString::fromStdString(r.runDirectory));
    return r;
}

void TestDisassemblyStage::nothingWithoutCuda()
{
    EvalRequest cpu = request(QStringLiteral("cpu"));
    cpu.device = "cpu";
    DisassemblyStage onCpu(cpu);
    onCpu.run({ "workspace", "/some/module.so", {}, {} }, true);
    QVERIFY(kwb::test::writtenResult(onCpu, QStringLiteral("disassembly")).isEmpty());
    const EvalRequest plain = request(QStringLiteral("plain"));
    DisassemblyStage noCuda(plain);
    noCuda.run({ "workspace", "/some/module.so", {}, {} }, false); // plain torch: no CUDA sources
    QVERIFY(kwb::test::writtenResult(noCuda, QStringLiteral("disassembly")).isEmpty());
    EvalRequest off = request(QStringLiteral("off"));
    off.disassemble = false;
    DisassemblyStage notAsked(off);
    notAsked.run({ "workspace", "/some/module.so", {}, {} }, true);
    QVERIFY(kwb::test::writtenResult(notAsked, QStringLiteral("disassembly")).isEmpty());
}

void TestDisassemblyStage::noModuleIsANote()
{
    const EvalRequest r = request(QStringLiteral("none"));
    const QString extensions = m_dir.path() + QStringLiteral("/empty-extensions");
    QDir().mkpath(extensions);
    DisassemblyStage stage(r);
    stage.run({ "single-file", {}, extensions.toStdString(), {} }, true);
    QVERIFY(stage.path().empty());
    QCOMPARE(kwb::test::writtenResult(stage, QStringLiteral("disassembly"))[QStringLiteral("message")].toString(),
        QStringLiteral("the build left no module to disassemble"));
}

void TestDisassemblyStage::keptDisassemblyIsCopiedIntoTheRun()
{
    const EvalRequest r = request(QStringLiteral("kept"));
    // A single file's load_inline builds: every module under its folder, in name order, makes the key.
    const QString extensions = m_dir.path() + QStringLiteral("/extensions/abc");
    QVERIFY(kwb::test::writeText(extensions + QStringLiteral("/b/kernel_b.so"), "second module"));
    QVERIFY(kwb::test::writeText(extensions + QStringLiteral("/a/kernel_a.so"), "first module"));
    Sha256 digest;
    digest.addFile(QString(extensions + QStringLiteral("/a/kernel_a.so")).toStdString());
    digest.addFile(QString(extensions + QStringLiteral("/b/kernel_b.so")).toStdString());
    const QString cached = QString::fromStdString(r.cacheDirectory) + QStringLiteral("/disasm/")
        + QString::fromStdString(digest.hex().substr(0, 32)) + QStringLiteral(".json");
    QVERIFY(kwb::test::writeText(cached, R"({"kernels": [{"name": "a", "binding": "STO_CUDA_ENTRY"}, {"name": "b", "binding": "STO_CUDA_ENTRY"}]})"));
    DisassemblyStage stage(r);
    stage.run({ "single-file", {}, extensions.toStdString(), {} }, true);
    QVERIFY2(stage.message().empty(), stage.message().c_str());
    QCOMPARE(QString::fromStdString(stage.path()), QString::fromStdString(r.runDirectory) + QStringLiteral("/disassembly.json"));
    QCOMPARE(stage.kernels(), 2);
    QFile copy(QString::fromStdString(stage.path()));
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QVERIFY(copy.readAll().contains("STO_CUDA_ENTRY"));
    const QJsonObject written = kwb::test::writtenResult(stage, QStringLiteral("disassembly"));
    QCOMPARE(written[QStringLiteral("kernels")].toInt(), 2);
    QCOMPARE(written[QStringLiteral("path")].toString(), QString::fromStdString(stage.path()));
}

QTEST_GUILESS_MAIN(TestDisassemblyStage)
#include "tst_disassemblystage.moc"
