// NcuView on the Nsight Compute profiles kwb-runner measured on the H200 (bench/h200/roofline): labels and units,
// the comparison with another turn, the kernel selector and the states without metrics.
#include "models/ncumetricsmodel.h"
#include "ncuview.h"
#include "widgetfixtures.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QJsonDocument>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <cmath>

using namespace kwb;

class TestNcuView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void noProfile();
    void metricsWithLabelsAndUnits();
    void comparisonWithAnotherTurn();
    void comparisonThatCannotBeMade();
    void kernelSelector();
    void profileWithoutMetrics();
    void busyAndCancel();
    void formatting_data();
    void formatting();

private:
    static NcuProfile profile(const char* file);
    static QString cell(const NcuView& view, const QString& metric, int column);
    static QVariant cellData(const NcuView& view, const QString& metric, int column, int role);
    static void setMetric(NcuKernel* kernel, const QString& metric, double value);

    NcuProfile m_rowScale; // level1_1_diag_matmul, kernels matching row_scale
    NcuProfile m_softmax; // level1_2_softmax_rows, every kernel
    NcuProfile m_noMatch; // no kernel matched the pattern
};

NcuProfile TestNcuView::profile(const char* file)
{
    QFile f(QFINDTESTDATA(QStringLiteral("../../bench/h200/roofline/") + QLatin1String(file)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject result = QJsonDocument::fromJson(f.readAll()).object();
    QString error;
    return EvalResult::fromJson(QJsonObject { { QStringLiteral("ncu"), result.value(QStringLiteral("ncu")) } }, &error)
        .ncu;
}

void TestNcuView::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_rowScale = profile("ncu-diag.json");
    m_softmax = profile("ncu-softmax.json");
    m_noMatch = profile("ncu-nomatch.json");
    QCOMPARE(m_rowScale.status, StageStatus::Passed);
    QCOMPARE(m_rowScale.kernels.size(), 1);
    QCOMPARE(m_softmax.kernels.size(), 1);
    QCOMPARE(m_noMatch.status, StageStatus::Error);
}

QVariant TestNcuView::cellData(const NcuView& view, const QString& metric, int column, int role)
{
    const QAbstractItemModel* m = view.table()->model();
    for (int row = 0; row < m->rowCount(); ++row) {
        if (m->index(row, 0).data(NcuMetricsModel::MetricNameRole).toString() == metric)
            return m->index(row, column).data(role);
    }
    return QStringLiteral("(no row for %1)").arg(metric);
}

QString TestNcuView::cell(const NcuView& view, const QString& metric, int column)
{
    return cellData(view, metric, column, Qt::DisplayRole).toString();
}

void TestNcuView::setMetric(NcuKernel* kernel, const QString& metric, double value)
{
    for (auto& [name, v] : kernel->metrics) {
        if (name == metric)
            v = value;
    }
}

void TestNcuView::noProfile()
{
    NcuView view;
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.stateText(),
        QStringLiteral("No Nsight Compute profile for this turn. Right-click a kernel in the timeline and choose "
                       "Profile kernel with Nsight Compute."));
    QVERIFY(!view.table()->isVisible());
    QVERIFY(!view.kernelSelector()->isVisible());
    QVERIFY(!view.isBusy());
    view.setProfile(&m_rowScale);
    QVERIFY(view.table()->isVisible());
    view.setProfile(nullptr);
    QVERIFY(view.stateText().startsWith(QStringLiteral("No Nsight Compute profile")));
    QVERIFY(!view.table()->isVisible());
}

void TestNcuView::metricsWithLabelsAndUnits()
{
    NcuView view;
    QAbstractItemModelTester tester(view.table()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.show();
    view.setProfile(&m_rowScale);
    const QAbstractItemModel* m = view.table()->model();
    QCOMPARE(m->rowCount(), int(m_rowScale.kernels[0].metrics.size()));
    QCOMPARE(m->columnCount(), 2); // no comparison
    QVERIFY(view.stateText().contains(QStringLiteral("matching row_scale")));
    QVERIFY(!view.kernelSelector()->isVisible()); // one kernel: nothing to choose
    QCOMPARE(m->index(0, 0).data().toString(), QStringLiteral("Duration"));
    QCOMPARE(m->index(0, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("gpu__time_duration.sum"));
    QCOMPARE(m->headerData(NcuMetricsModel::ValueColumn, Qt::Horizontal).toString(), QStringLiteral("This turn"));

    const QStringList expected[] = {
        { QStringLiteral("gpu__time_duration.sum"), QStringLiteral("Duration"),
            QStringLiteral("47.81 µs") }, // 47808 ns
        { QStringLiteral("dram__throughput.avg.pct_of_peak_sustained_elapsed"),
            QStringLiteral("DRAM throughput, % of peak"), QStringLiteral("77.1 %") },
        { QStringLiteral("sm__warps_active.avg.pct_of_peak_sustained_active"), QStringLiteral("Achieved occupancy, %"),
            QStringLiteral("79.5 %") },
        { QStringLiteral("launch__registers_per_thread"), QStringLiteral("Registers per thread"),
            QStringLiteral("24") },
        { QStringLiteral("launch__shared_mem_per_block_static"), QStringLiteral("Static shared memory per block"),
            QStringLiteral("0 B/block") },
        { QStringLiteral("lts__t_sector_hit_rate.pct"), QStringLiteral("L2 hit rate, %"), QStringLiteral("51.2 %") },
        { QStringLiteral("dram__bytes_read.sum"), QStringLiteral("DRAM bytes read"),
            QStringLiteral("100.7 MB") }, // 100682496 B
        { QStringLiteral("dram__bytes_write.sum"), QStringLiteral("DRAM bytes written"), QStringLiteral("76.52 MB") },
        { QStringLiteral("smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"),
            QStringLiteral("Stall: long scoreboard (warps per issue)"), QStringLiteral("39.80") },
    };
    for (const QStringList& row : expected) {
        QCOMPARE(cell(view, row[0], NcuMetricsModel::MetricColumn), row[1]);
        QCOMPARE(cell(view, row[0], NcuMetricsModel::ValueColumn), row[2]);
    }
    // Every metric of the workbench's set has a label of its own.
    for (int row = 0; row < m->rowCount(); ++row)
        QVERIFY(!m->index(row, 0).data().toString().contains(QLatin1String("__")));

    view.setProfile(&m_softmax);
    QCOMPARE(cell(view, QStringLiteral("gpu__time_duration.sum"), 1), QStringLiteral("1.048 ms")); // 1048352 ns
    QCOMPARE(cell(view, QStringLiteral("dram__bytes_read.sum"), 1), QStringLiteral("2.148 GB"));
    QCOMPARE(cell(view, QStringLiteral("launch__shared_mem_per_block_static"), 1), QStringLiteral("64 B/block"));
}

void TestNcuView::comparisonWithAnotherTurn()
{
    // An earlier turn of the same kernel: twice as slow, less DRAM throughput, more registers, a bit more L2 hits.
    NcuProfile earlier = m_rowScale;
    NcuKernel& k = earlier.kernels[0];
    setMetric(&k, QStringLiteral("gpu__time_duration.sum"), 95616);
    setMetric(&k, QStringLiteral("dram__throughput.avg.pct_of_peak_sustained_elapsed"), 60.0);
    setMetric(&k, QStringLiteral("launch__registers_per_thread"), 32);
    setMetric(&k, QStringLiteral("lts__t_sector_hit_rate.pct"), 51.0);
    setMetric(&k, QStringLiteral("dram__bytes_read.sum"), 2 * 100682496.0);
    setMetric(&k, QStringLiteral("smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"), 20.0);

    NcuView view;
    QAbstractItemModelTester tester(view.table()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.show();
    view.setProfile(&m_rowScale);
    view.setComparison(&earlier, QStringLiteral("Turn 2"));
    const QAbstractItemModel* m = view.table()->model();
    QCOMPARE(m->columnCount(), 5);
    QCOMPARE(m->headerData(NcuMetricsModel::ComparisonColumn, Qt::Horizontal).toString(), QStringLiteral("Turn 2"));
    QCOMPARE(view.comparisonText(), QStringLiteral("Compared with Turn 2: row_scale_vec4_kernel (launch 0)."));

    struct Row
    {
        const char* metric;
        QString comparison, difference, change;
        int verdict;
    };
    const Row rows[] = {
        { "gpu__time_duration.sum", QStringLiteral("95.62 µs"), QStringLiteral("−47.81 µs"), QStringLiteral("−50.0 %"),
            1 },
        { "dram__throughput.avg.pct_of_peak_sustained_elapsed", QStringLiteral("60.0 %"), QStringLiteral("+17.1 pp"),
            QStringLiteral("+28.5 %"), 1 }, // 77.076319 / 60 = 1.2846
        { "launch__registers_per_thread", QStringLiteral("32"), QStringLiteral("−8"), QStringLiteral("−25.0 %"),
            0 }, // no direction
        { "lts__t_sector_hit_rate.pct", QStringLiteral("51.0 %"), QStringLiteral("+0.2 pp"), QStringLiteral("+0.3 %"),
            0 }, // noise
        { "dram__bytes_read.sum", QStringLiteral("201.4 MB"), QStringLiteral("−100.7 MB"), QStringLiteral("−50.0 %"),
            1 },
        { "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio", QStringLiteral("20.00"),
            QStringLiteral("+19.80"), QStringLiteral("+99.0 %"), -1 },
        { "launch__shared_mem_per_block_static", QStringLiteral("0 B/block"), QStringLiteral("0 B/block"),
            QStringLiteral("0.0 %"), 0 },
    };
    for (const Row& r : rows) {
        const QString metric = QLatin1String(r.metric);
        QCOMPARE(cell(view, metric, NcuMetricsModel::ComparisonColumn), r.comparison);
        QCOMPARE(cell(view, metric, NcuMetricsModel::DifferenceColumn), r.difference);
        QCOMPARE(cell(view, metric, NcuMetricsModel::ChangeColumn), r.change);
        QCOMPARE(
            cellData(view, metric, NcuMetricsModel::ChangeColumn, NcuMetricsModel::VerdictRole).toInt(), r.verdict);
        const QVariant colour = cellData(view, metric, NcuMetricsModel::DifferenceColumn, Qt::ForegroundRole);
        QCOMPARE(colour.isValid(), r.verdict != 0);
    }
    const QColor better = cellData(
        view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::DifferenceColumn, Qt::ForegroundRole)
                              .value<QColor>();
    const QColor worse
        = cellData(view, QLatin1String(rows[5].metric), NcuMetricsModel::DifferenceColumn, Qt::ForegroundRole)
              .value<QColor>();
    QVERIFY(better.green() > better.red());
    QVERIFY(worse.red() > worse.green());
    QCOMPARE(cellData(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ChangeColumn, Qt::ToolTipRole)
                 .toString(),
        QStringLiteral("Lower is better."));

    // The other way round the verdicts turn.
    view.setProfile(&earlier);
    view.setComparison(&m_rowScale, QStringLiteral("Turn 5"));
    QCOMPARE(cell(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ChangeColumn),
        QStringLiteral("+100.0 %"));
    QCOMPARE(cellData(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ChangeColumn,
                 NcuMetricsModel::VerdictRole)
                 .toInt(),
        -1);

    view.setComparison(nullptr, {});
    QCOMPARE(m->columnCount(), 2);
    QCOMPARE(view.comparisonText(), QString());
}

void TestNcuView::comparisonThatCannotBeMade()
{
    NcuView view;
    view.show();
    view.setProfile(&m_rowScale);
    view.setComparison(&m_noMatch, QStringLiteral("Turn 1"));
    QCOMPARE(view.comparisonText(), QStringLiteral("Turn 1 has no Nsight Compute metrics to compare with."));
    QCOMPARE(view.table()->model()->columnCount(), 2);

    // A turn whose one kernel has another name is still the one to compare with.
    view.setComparison(&m_softmax, QStringLiteral("Turn 1"));
    QCOMPARE(view.comparisonText(), QStringLiteral("Compared with Turn 1: softmax_rows_vec4_kernel<4> (launch 0)."));
    QCOMPARE(cell(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ComparisonColumn),
        QStringLiteral("1.048 ms"));

    // Without a profile of this turn there is nothing to compare.
    view.setProfile(nullptr);
    QCOMPARE(view.comparisonText(), QString());
}

void TestNcuView::kernelSelector()
{
    // Two kernels of one profiled call (the pattern "."): the row scale launch, then the softmax launch.
    NcuProfile both = m_rowScale;
    both.kernelFilter = QStringLiteral(".");
    both.kernels.append(m_softmax.kernels[0]);
    both.kernels[1].launch = 1;
    NcuView view;
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setProfile(&both);
    QComboBox* selector = view.kernelSelector();
    QVERIFY(selector->isVisible());
    QCOMPARE(selector->count(), 2);
    QCOMPARE(selector->itemText(0), QStringLiteral("row_scale_vec4_kernel (launch 0)"));
    QCOMPARE(selector->itemText(1), QStringLiteral("softmax_rows_vec4_kernel<4> (launch 1)"));
    QCOMPARE(selector->itemData(1, Qt::ToolTipRole).toString(), m_softmax.kernels[0].name);
    QCOMPARE(cell(view, QStringLiteral("gpu__time_duration.sum"), 1), QStringLiteral("47.81 µs"));

    // A comparison with the same two kernels in the other order matches them by name.
    NcuProfile swapped = both;
    swapped.kernels.swapItemsAt(0, 1);
    setMetric(&swapped.kernels[0], QStringLiteral("gpu__time_duration.sum"), 2 * 1048352.0);
    view.setComparison(&swapped, QStringLiteral("Turn 3"));
    QCOMPARE(cell(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ComparisonColumn),
        QStringLiteral("47.81 µs"));

    selector->setFocus();
    QTest::keyClick(selector, Qt::Key_Down);
    QCOMPARE(view.currentKernel(), 1);
    QCOMPARE(
        cell(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ValueColumn), QStringLiteral("1.048 ms"));
    QCOMPARE(cell(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ComparisonColumn),
        QStringLiteral("2.097 ms"));
    QCOMPARE(
        cell(view, QStringLiteral("gpu__time_duration.sum"), NcuMetricsModel::ChangeColumn), QStringLiteral("−50.0 %"));
    QCOMPARE(view.comparisonText(), QStringLiteral("Compared with Turn 3: softmax_rows_vec4_kernel<4> (launch 1)."));
    QTest::keyClick(selector, Qt::Key_Up);
    QCOMPARE(view.currentKernel(), 0);
    QCOMPARE(
        cell(view, QStringLiteral("launch__registers_per_thread"), NcuMetricsModel::ValueColumn), QStringLiteral("24"));

    view.setProfile(&m_softmax);
    QVERIFY(!selector->isVisible());
    QCOMPARE(view.currentKernel(), 0);
}

void TestNcuView::profileWithoutMetrics()
{
    NcuView view;
    view.show();
    view.setProfile(&m_noMatch);
    QCOMPARE(view.stateText(),
        QStringLiteral("No kernel whose name matches no_kernel_has_this_name ran in the profiled call."));
    QVERIFY(!view.table()->isVisible());
    QCOMPARE(view.table()->model()->rowCount(), 0);

    NcuProfile cpu;
    cpu.message = QStringLiteral("Nsight Compute profiles CUDA kernels; this evaluation ran on the CPU.");
    view.setProfile(&cpu);
    QCOMPARE(view.stateText(), cpu.message);
    NcuProfile silent;
    silent.status = StageStatus::TimedOut;
    view.setProfile(&silent);
    QCOMPARE(view.stateText(), QStringLiteral("Nsight Compute did not profile this turn (timed-out)."));
}

void TestNcuView::busyAndCancel()
{
    NcuView view;
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setProfile(&m_rowScale);
    QSignalSpy cancelled(&view, &NcuView::cancelRequested);
    view.setBusy(true, QStringLiteral("Profiling kernels matching row_scale…"));
    QVERIFY(view.isBusy());
    QCOMPARE(view.busyText(), QStringLiteral("Profiling kernels matching row_scale…"));
    QVERIFY(view.table()->isVisible()); // what was there stays while the new profile is measured
    auto* cancel = view.findChild<QPushButton*>(QStringLiteral("ncuCancel"));
    QVERIFY(cancel && cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QCOMPARE(cancelled.count(), 1);
    view.setBusy(false);
    QVERIFY(!view.isBusy());
    QVERIFY(!cancel->isVisible());
    view.setBusy(true);
    QCOMPARE(view.busyText(), QStringLiteral("Profiling with Nsight Compute…"));
}

void TestNcuView::formatting_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("text");
    QTest::newRow("ns") << 850.0 << QStringLiteral("ns") << QStringLiteral("850 ns");
    QTest::newRow("fractional ns") << 850.5 << QStringLiteral("ns") << QStringLiteral("850.5 ns");
    QTest::newRow("s") << 1.5e9 << QStringLiteral("ns") << QStringLiteral("1.500 s");
    QTest::newRow("kB per block") << 1024.0 << QStringLiteral("byte/block") << QStringLiteral("1.024 kB/block");
    QTest::newRow("bandwidth") << 4.2e12 << QStringLiteral("byte/second") << QStringLiteral("4.200 TB/s");
    QTest::newRow("unknown") << std::nan("") << QStringLiteral("%") << QStringLiteral("n/a");
    QTest::newRow("count with unit") << 3072.0 << QStringLiteral("block") << QStringLiteral("3,072 block");
    QTest::newRow("plain") << 0.125 << QString() << QStringLiteral("0.125");
}

void TestNcuView::formatting()
{
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(QString, text);
    QCOMPARE(NcuMetricsModel::formatValue(value, unit), text);
    QCOMPARE(NcuMetricsModel::formatChange(1, 0), QStringLiteral("–"));
    QCOMPARE(NcuMetricsModel::formatChange(0, 0), QStringLiteral("0.0 %"));
    QCOMPARE(NcuMetricsModel::formatDifference(std::nan(""), QStringLiteral("ns")), QStringLiteral("–"));
    QCOMPARE(NcuMetricsModel::label(QStringLiteral("some__new_metric.sum")), QStringLiteral("some__new_metric.sum"));
    QCOMPARE(NcuMetricsModel::shortKernelName(QStringLiteral("(anonymous namespace)::k")), QStringLiteral("k"));
}

QTEST_MAIN(TestNcuView)
#include "tst_ncuview.moc"
