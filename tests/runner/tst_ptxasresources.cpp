#include "runner/jsonwriter.h"
#include "runner/ptxasresourceparser.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <sstream>

using kwb::runner::JsonWriter;
using kwb::runner::KernelResources;
using kwb::runner::PtxasResourceParser;

namespace {

std::string readFixture(const QString& name)
{
    QFile file(QFINDTESTDATA(QStringLiteral("fixtures/nvcc/") + name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

// registers, barriers, smem, stack frame, spill stores, spill loads, cumulative stack, cmem, gmem, module cmem.
QList<qlonglong> numbers(const KernelResources& k)
{
    return { k.registers, k.barriers, k.sharedBytes, k.stackBytes, k.spillStoreBytes, k.spillLoadBytes,
        k.cumulativeStackBytes, k.constantBytes, k.globalBytes, k.moduleConstantBytes };
}

} // namespace

class TestPtxasResources : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryKernel_data();
    void readsEveryKernel();
    void keepsCompileOrderAndTimes_data();
    void keepsCompileOrderAndTimes();
    void nothingWithoutReport_data();
    void nothingWithoutReport();
    void toleratesOtherItemLists_data();
    void toleratesOtherItemLists();
    void writesJson();
};

void TestPtxasResources::readsEveryKernel_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("index");
    QTest::addColumn<QByteArray>("kernel");
    QTest::addColumn<QByteArray>("arch");
    QTest::addColumn<QList<qlonglong>>("expected");

    const auto row = [](const char* fixture, int index, const char* kernel, const char* arch,
                         QList<qlonglong> expected) {
        QTest::addRow("%s %s %s", fixture, kernel, arch) << QString::fromLatin1(fixture) + QStringLiteral(".txt")
                                                         << index << QByteArray(kernel) << QByteArray(arch) << expected;
    };
    // sm_80 lists cmem[0] per function and the module's __constant__ banks (64 + 8 bytes); sm_90 lists neither.
    // No "smem" item means none; no "cumulative stack size" means the tool did not say.
    row("resources", 0, "_Z5scaleIdEvPT_S0_i", "sm_80", { 8, 0, 0, 0, 0, 0, -1, 372, 4, 72 });
    row("resources", 1, "_Z5scaleIfEvPT_S0_i", "sm_80", { 8, 0, 0, 0, 0, 0, -1, 368, 4, 72 });
    row("resources", 2, "_Z7stencilPfPKfi", "sm_80", { 32, 0, 0, 256, 376, 448, 256, 372, 4, 72 });
    row("resources", 3, "_Z7scatterPKfPfPKi", "sm_80", { 32, 0, 0, 256, 0, 0, 256, 376, 4, 72 });
    row("resources", 4, "_Z8blockSumPKfPf", "sm_80", { 12, 1, 1024, 0, 0, 0, -1, 368, 4, 72 });
    row("resources", 5, "saxpy", "sm_80", { 10, 0, 0, 0, 0, 0, -1, 380, 4, 72 });
    row("resources", 6, "_Z5scaleIdEvPT_S0_i", "sm_90", { 8, 0, 0, 0, 0, 0, -1, -1, 4, -1 });
    row("resources", 7, "_Z5scaleIfEvPT_S0_i", "sm_90", { 8, 0, 0, 0, 0, 0, -1, -1, 4, -1 });
    row("resources", 8, "_Z7stencilPfPKfi", "sm_90", { 32, 0, 0, 264, 380, 452, 264, -1, 4, -1 });
    row("resources", 9, "_Z7scatterPKfPfPKi", "sm_90", { 32, 0, 0, 256, 0, 0, 256, -1, 4, -1 });
    row("resources", 10, "_Z8blockSumPKfPf", "sm_90", { 12, 1, 1024, 0, 0, 0, -1, -1, 4, -1 });
    row("resources", 11, "saxpy", "sm_90", { 10, 0, 0, 0, 0, 0, -1, -1, 4, -1 });
    // With -rdc the device function's block comes first and must not land on an entry; no cumulative stack at all.
    row("resources_rdc", 0, "_Z5scaleIdEvPT_S0_i", "sm_90", { 8, 0, 0, 0, 0, 0, -1, -1, 4, -1 });
    row("resources_rdc", 2, "_Z7stencilPfPKfi", "sm_90", { 32, 0, 0, 264, 380, 452, -1, -1, 4, -1 });
    row("resources_rdc", 3, "_Z7scatterPKfPfPKi", "sm_90", { 24, 0, 0, 0, 0, 0, -1, -1, 4, -1 });
    row("resources_rdc", 4, "_Z8blockSumPKfPf", "sm_90", { 10, 1, 1024, 0, 0, 0, -1, -1, 4, -1 });
    row("resources_rdc", 5, "saxpy", "sm_90", { 10, 0, 0, 0, 0, 0, -1, -1, 4, -1 });
    // Spill warnings interleaved with the report.
    row("ptxas_spills", 0, "_Z7scatterPfPKfPKi", "sm_90", { 24, 0, 0, 256, 0, 0, 256, -1, 0, -1 });
    row("ptxas_spills", 1, "_Z7stencilPfPKfi", "sm_90", { 24, 0, 0, 192, 264, 312, 192, -1, 0, -1 });
}

void TestPtxasResources::readsEveryKernel()
{
    QFETCH(QString, fixture);
    QFETCH(int, index);
    QFETCH(QByteArray, kernel);
    QFETCH(QByteArray, arch);
    QFETCH(QList<qlonglong>, expected);

    const std::vector<KernelResources> kernels = PtxasResourceParser().parse(readFixture(fixture));
    QVERIFY(std::size_t(index) < kernels.size());
    const KernelResources& k = kernels[std::size_t(index)];
    QCOMPARE(QByteArray::fromStdString(k.kernel), kernel);
    QCOMPARE(QByteArray::fromStdString(k.arch), arch);
    QCOMPARE(numbers(k), expected);
}

void TestPtxasResources::keepsCompileOrderAndTimes_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QByteArrayList>("order");

    const QByteArrayList perArch { "_Z5scaleIdEvPT_S0_i", "_Z5scaleIfEvPT_S0_i", "_Z7stencilPfPKfi",
        "_Z7scatterPKfPfPKi", "_Z8blockSumPKfPf", "saxpy" };
    QTest::newRow("two archs") << QStringLiteral("resources.txt") << perArch + perArch;
    QTest::newRow("rdc") << QStringLiteral("resources_rdc.txt") << perArch;
    QTest::newRow("spills") << QStringLiteral("ptxas_spills.txt")
                            << QByteArrayList { "_Z7scatterPfPKfPKi", "_Z7stencilPfPKfi" };
}

void TestPtxasResources::keepsCompileOrderAndTimes()
{
    QFETCH(QString, fixture);
    QFETCH(QByteArrayList, order);
    QByteArrayList kernels;
    for (const KernelResources& k : PtxasResourceParser().parse(readFixture(fixture))) {
        kernels.append(QByteArray::fromStdString(k.kernel));
        // Times differ on every run of make_fixtures.sh; every entry has one.
        QVERIFY2(k.compileTimeMs > 0, k.kernel.c_str());
    }
    QCOMPARE(kernels, order);
}

void TestPtxasResources::nothingWithoutReport_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("front-end errors") << QStringLiteral("frontend_errors.txt");
    QTest::newRow("ptxas error") << QStringLiteral("ptxas_smem.txt");
    QTest::newRow("nvlink error") << QStringLiteral("nvlink_undefined.txt");
}

void TestPtxasResources::nothingWithoutReport()
{
    QFETCH(QString, fixture);
    const std::string output = readFixture(fixture);
    QVERIFY(!output.empty());
    QCOMPARE(PtxasResourceParser().parse(output).size(), std::size_t(0));
}

void TestPtxasResources::toleratesOtherItemLists_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QList<qlonglong>>("expected");

    // Shapes of older toolkits, written by hand from their documented form.
    QTest::newRow("12.x without barriers")
        << QByteArray("ptxas info    : 0 bytes gmem\nptxas info    : Compiling entry function '_Z1kPf' for 'sm_80'\n"
                      "ptxas info    : Function properties for _Z1kPf\n"
                      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                      "ptxas info    : Used 8 registers, 360 bytes cmem[0], 4 bytes cmem[2]\n")
        << QList<qlonglong> { 8, -1, 0, 0, 0, 0, -1, 364, 0, -1 };
    QTest::newRow("sums and unknown items") << QByteArray(
        "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_52'\n"
        "ptxas info    : Used 16 registers, 8+0 bytes lmem, 16+16 bytes smem, 64 bytes cmem[0], 2 textures, "
        "12 bytes tmem\n") << QList<qlonglong> { 16, -1, 32, -1, -1, -1, -1, 64, -1, -1 };
    QTest::newRow("crlf and colours") << QByteArray(
        "\x1b[0mptxas info    : Compiling entry function '_Z1kPf' for 'sm_100a'\r\n"
        "ptxas info    : Function properties for _Z1kPf\r\n"
        "    16 bytes stack frame, 4 bytes spill stores, 8 bytes spill loads\r\n"
        "ptxas info    : Used 40 registers, used 2 barriers, 16 bytes cumulative stack size\r\n")
                                      << QList<qlonglong> { 40, 2, 0, 16, 4, 8, 16, -1, -1, -1 };
    QTest::newRow("properties of another function")
        << QByteArray("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                      "ptxas info    : Function properties for _Z6helperv\n"
                      "    64 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                      "ptxas info    : Used 20 registers, used 0 barriers\n")
        << QList<qlonglong> { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };
}

void TestPtxasResources::toleratesOtherItemLists()
{
    QFETCH(QByteArray, output);
    QFETCH(QList<qlonglong>, expected);
    const std::vector<KernelResources> kernels = PtxasResourceParser().parse(output.toStdString());
    QCOMPARE(kernels.size(), std::size_t(1));
    QCOMPARE(kernels.front().kernel, std::string("_Z1kPf"));
    QCOMPARE(numbers(kernels.front()), expected);
}

void TestPtxasResources::writesJson()
{
    const std::vector<KernelResources> kernels
        = PtxasResourceParser().parse(readFixture(QStringLiteral("resources.txt")));
    QCOMPARE(kernels.size(), std::size_t(12));
    std::ostringstream out;
    JsonWriter writer(out);
    KernelResources::writeJsonArray(writer, kernels);
    QVERIFY(writer.isComplete());

    const QJsonArray array = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).array();
    QCOMPARE(array.size(), 12);
    const QJsonObject sm80 = array.at(4).toObject();
    QCOMPARE(sm80.value(QStringLiteral("kernel")).toString(), QStringLiteral("_Z8blockSumPKfPf"));
    QCOMPARE(sm80.value(QStringLiteral("arch")).toString(), QStringLiteral("sm_80"));
    QCOMPARE(sm80.value(QStringLiteral("registers")).toInt(), 12);
    QCOMPARE(sm80.value(QStringLiteral("shared_bytes")).toInt(), 1024);
    QCOMPARE(sm80.value(QStringLiteral("stack_bytes")).toInt(), 0);
    QCOMPARE(sm80.value(QStringLiteral("spill_store_bytes")).toInt(), 0);
    QCOMPARE(sm80.value(QStringLiteral("spill_load_bytes")).toInt(), 0);
    QCOMPARE(sm80.value(QStringLiteral("constant_bytes")).toInt(), 368);
    QCOMPARE(sm80.value(QStringLiteral("barriers")).toInt(), 1);
    QCOMPARE(sm80.value(QStringLiteral("global_bytes")).toInt(), 4);
    QCOMPARE(sm80.value(QStringLiteral("module_constant_bytes")).toInt(), 72);
    QVERIFY(sm80.value(QStringLiteral("compile_time_ms")).toDouble() > 0);
    // Unknown numbers are left out rather than written as -1.
    QVERIFY(!sm80.contains(QStringLiteral("cumulative_stack_bytes")));
    const QJsonObject sm90 = array.at(8).toObject();
    QCOMPARE(sm90.value(QStringLiteral("arch")).toString(), QStringLiteral("sm_90"));
    QCOMPARE(sm90.value(QStringLiteral("spill_store_bytes")).toInt(), 380);
    QCOMPARE(sm90.value(QStringLiteral("cumulative_stack_bytes")).toInt(), 264);
    QVERIFY(!sm90.contains(QStringLiteral("constant_bytes")));
    QVERIFY(!sm90.contains(QStringLiteral("module_constant_bytes")));
}

QTEST_GUILESS_MAIN(TestPtxasResources)
#include "tst_ptxasresources.moc"
