// parseNcuCsv on Nsight Compute output recorded on the H200 (fixtures/ncu/README.md) and on broken tables.
#include "runner/ncucsv.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kwb::runner;

class TestNcuCsv : public QObject {
    Q_OBJECT
private slots:
    void readsRowScaleProfile();
    void readsSoftmaxProfileInBaseUnits();
    void everyWorkbenchMetricIsInTheRecording();
    void skipsNotesBeforeTheTable();
    void brokenTablesSayWhere_data();
    void brokenTablesSayWhere();
    void readsTheSourcePage();
    void aSourcePageWithoutInstructionsIsASentence();

private:
    static std::string fixture(const char* name);
};

std::string TestNcuCsv::fixture(const char* name)
{
    QFile f(QFINDTESTDATA(QStringLiteral("fixtures/ncu/") + QLatin1String(name)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

void TestNcuCsv::readsRowScaleProfile()
{
    std::vector<NcuLaunch> launches;
    std::string error;
    QVERIFY2(parseNcuCsv(fixture("diag_matmul_row_scale_h200.csv"), &launches, &error), error.c_str());
    QCOMPARE(launches.size(), size_t(1));
    const NcuLaunch& l = launches[0];
    QCOMPARE(l.id, 0);
    QVERIFY(l.kernel.find("row_scale_vec4_kernel(const float *, const float4 *") != std::string::npos);
    QCOMPARE(l.block, std::string("(256, 1, 1)"));
    QCOMPARE(l.grid, std::string("(8, 3072, 1)"));
    QCOMPARE(l.value("launch__registers_per_thread"), 24.0);
    QCOMPARE(l.value("launch__grid_dim_y"), 3072.0); // "3,072" in the file
    QCOMPARE(l.value("gpu__time_duration.sum"), 47712.0); // 47.712 us
    QCOMPARE(l.value("dram__bytes_read.sum"), 100684544.0); // 100.684544 Mbyte
    QCOMPARE(l.value("dram__bytes_write.min"), 808192.0); // 808.192 Kbyte
    QCOMPARE(l.value("launch__shared_mem_per_block"), 1024.0); // 1.024 Kbyte/block
    const auto unit = [&](std::string_view metric) {
        const auto at = std::find(l.metrics.begin(), l.metrics.end(), metric);
        return at == l.metrics.end() ? std::string("(missing)") : l.units[size_t(at - l.metrics.begin())];
    };
    QCOMPARE(unit("dram__bytes_read.sum"), std::string("byte"));
    QCOMPARE(unit("launch__shared_mem_per_block"), std::string("byte/block"));
    QCOMPARE(unit("gpu__time_duration.sum"), std::string("ns"));
    QCOMPARE(unit("lts__t_sector_hit_rate.pct"), std::string("%"));
    // Text attributes are not measurements and are left out.
    QVERIFY(std::isnan(l.value("device__attribute_confidential_computing_mode")));
    QVERIFY(std::isnan(l.value("launch__cluster_scheduling_policy")));
    QCOMPARE(l.value("device__attribute_multiprocessor_count"), 132.0);
}

void TestNcuCsv::readsSoftmaxProfileInBaseUnits()
{
    std::vector<NcuLaunch> launches;
    std::string error;
    QVERIFY2(parseNcuCsv(fixture("softmax_rows_h200.csv"), &launches, &error), error.c_str());
    QCOMPARE(launches.size(), size_t(1));
    const NcuLaunch& l = launches[0];
    QVERIFY(l.kernel.find("softmax_rows_vec4_kernel<4>") != std::string::npos);
    QCOMPARE(l.value("gpu__time_duration.sum"), 1049312.0); // 1.049312 ms
    QCOMPARE(l.value("dram__bytes_read.sum"), 2147499000.0); // 2.147499 Gbyte: the 2 GiB input read once
    QCOMPARE(l.value("launch__registers_per_thread"), 40.0);
    QCOMPARE(l.value("dram__throughput.avg.pct_of_peak_sustained_elapsed"), 84.557048);
}

void TestNcuCsv::everyWorkbenchMetricIsInTheRecording()
{
    // The metric set the runner asks for is the one recorded: a renamed metric would make ncu fail on the GPU.
    std::vector<NcuLaunch> launches;
    std::string error;
    QVERIFY(parseNcuCsv(fixture("diag_matmul_row_scale_h200.csv"), &launches, &error));
    for (const std::string& metric : ncuMetricNames())
        QVERIFY2(!std::isnan(launches[0].value(metric)), metric.c_str());
}

void TestNcuCsv::skipsNotesBeforeTheTable()
{
    const std::string text = "==PROF== Connected to process 1\n==WARNING== Note: unmodified clocks\n"
                             "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n\"\",\"\",\"us\"\n\"3\",\"k(int)\",\"1.5\"\n";
    std::vector<NcuLaunch> launches;
    std::string error;
    QVERIFY2(parseNcuCsv(text, &launches, &error), error.c_str());
    QCOMPARE(launches.size(), size_t(1));
    QCOMPARE(launches[0].id, 3);
    QCOMPARE(launches[0].value("gpu__time_duration.sum"), 1500.0);
}

void TestNcuCsv::brokenTablesSayWhere_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("no table") << "==ERROR== ERR_NVGPUCTRPERM\n" << "no header line";
    QTest::newRow("no kernel column") << "\"ID\",\"x__y\"\n" << "no \"Kernel Name\" column";
    QTest::newRow("short row") << "\"ID\",\"Kernel Name\",\"a__b\"\n\"\",\"\",\"\"\n\"0\",\"k\"\n" << "Line 3";
    QTest::newRow("open quote") << "\"ID\",\"Kernel Name\",\"a__b\"\n\"0\",\"k\",\"1\n" << "ends inside a quoted field";
    QTest::newRow("id not a number") << "\"ID\",\"Kernel Name\",\"a__b\"\n\"\",\"\",\"\"\n\"x\",\"k\",\"1\"\n" << "launch ID \"x\"";
}

void TestNcuCsv::brokenTablesSayWhere()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    std::vector<NcuLaunch> launches;
    std::string error;
    QVERIFY(!parseNcuCsv(text.toStdString(), &launches, &error));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

// The source page of a real profile (SourceCounters): one row per SASS instruction at its loaded address, offsets
// from the function's start as nvdisasm numbers them.
void TestNcuCsv::readsTheSourcePage()
{
    std::vector<NcuSourceCounters> kernels;
    std::string error;
    QVERIFY2(parseNcuSourceCsv(fixture("source_row_scale_vec4_h200.csv"), &kernels, &error), error.c_str());
    QCOMPARE(kernels.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(kernels[0].kernel),
        QStringLiteral("<unnamed>::row_scale_vec4_kernel(const float *, const float4 *, float4 *, long, long)"));
    const auto& rows = kernels[0].instructions;
    QCOMPARE(rows.size(), std::size_t(80));
    long long samples = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i].offset, static_cast<long long>(16 * i)); // every SASS instruction is 16 bytes on sm_90
        QVERIFY(rows[i].executed >= 0);
        samples += rows[i].stallSamples;
    }
    QCOMPARE(samples, 5880LL);
    QCOMPARE(rows[0].executed, 196608LL); // the first instruction runs once per warp: 8 x 3072 blocks of 8 warps
}

void TestNcuCsv::aSourcePageWithoutInstructionsIsASentence()
{
    std::vector<NcuSourceCounters> kernels;
    std::string error;
    QVERIFY(!parseNcuSourceCsv("==PROF== Disconnected\n", &kernels, &error));
    QVERIFY2(error.find("SourceCounters") != std::string::npos, error.c_str());
    QVERIFY(!parseNcuSourceCsv("\"Kernel Name\",\"k\",\n\"Address\",\"Source\",\"Instructions Executed\"\n\"zz\",\"NOP\",\"1\"\n", &kernels, &error));
    QVERIFY2(error.find("line 3") != std::string::npos, error.c_str());
}

QTEST_GUILESS_MAIN(TestNcuCsv)
#include "tst_ncucsv.moc"
