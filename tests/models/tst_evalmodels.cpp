#include "testutils.h"

#include "models/diagnosticsmodel.h"
#include "models/kernelresourcesmodel.h"
#include "models/timingmodel.h"
#include "models/verifytrialsmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace kwb;

// The small tables of one evaluation: diagnostics, ptxas resources, verify trials and timings.
class TestEvalModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void diagnostics();
    void kernelResources();
    void verifyTrials();
    void timing();

private:
    static QStringList rows(const QAbstractItemModel& model);
};

QStringList TestEvalModels::rows(const QAbstractItemModel& model)
{
    QStringList out;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c)
        header << model.headerData(c, Qt::Horizontal).toString();
    out << header.join(QLatin1Char('|'));
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < model.columnCount(); ++c)
            cells << model.index(r, c).data().toString();
        out << cells.join(QLatin1Char('|'));
    }
    return out;
}

void TestEvalModels::diagnostics()
{
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiagnostics({ { Diagnostic::Severity::Error, QStringLiteral("kernels/k.cu"), 12, 5, QStringLiteral("20"),
                               QStringLiteral("identifier \"blockIdy\" is undefined"), QStringLiteral("nvcc") },
        { Diagnostic::Severity::Warning, QStringLiteral("ptxas"), 0, 0, {}, QStringLiteral("Registers spilled"), QStringLiteral("ptxas") } });
    QCOMPARE(rows(model),
        (QStringList { QStringLiteral("Severity|File|Line|Column|Code|Message"),
            QStringLiteral("error|kernels/k.cu|12|5|20|identifier \"blockIdy\" is undefined"),
            QStringLiteral("warning|ptxas||||Registers spilled") }));
    QCOMPARE(model.index(0, 3).data(DiagnosticsModel::LineRole).toInt(), 12);
    QCOMPARE(model.index(0, 0).data(DiagnosticsModel::FileRole).toString(), QStringLiteral("kernels/k.cu"));
    model.setDiagnostics({});
    QCOMPARE(model.rowCount(), 0);
}

void TestEvalModels::kernelResources()
{
    KernelResourcesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKernels({ { QStringLiteral("softmax_kernel"), QStringLiteral("sm_90"), 40, 8192, 0, 16, 8, 380 } });
    QCOMPARE(rows(model),
        (QStringList { QStringLiteral("Kernel|Arch|Registers|Shared memory|Stack|Spill stores|Spill loads|Constant"),
            QStringLiteral("softmax_kernel|sm_90|40|8.0 KiB|0 bytes|16 bytes|8 bytes|380 bytes") }));
    QVERIFY(model.index(0, KernelResourcesModel::SpillStoresColumn).data(Qt::ForegroundRole).isValid());
}

void TestEvalModels::verifyTrials()
{
    VerifyTrialsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrials({ { true, 1.5e-5, 2e-4, 0, {} }, { false, 0.75, 1.2, 0.25, QStringLiteral("values differ") } });
    QCOMPARE(rows(model),
        (QStringList { QStringLiteral("Trial|Result|Max abs error|Max rel error|Mismatched|Message"),
            QStringLiteral("1|pass|1.5e-05|0.0002|0.00%|"), QStringLiteral("2|fail|0.75|1.2|25.00%|values differ") }));
}

void TestEvalModels::timing()
{
    TimingModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    EvalResult::Timing timing;
    timing.candidate = { 50, 49, 52, 48, 0.012, 100 };
    timing.eager = { 1500, 1490, 1510, 1480, 0.01, 100 };
    model.setTiming(timing);
    QCOMPARE(rows(model),
        (QStringList { QStringLiteral("Run|Median|p20|p80|Min|Spread (CV)|Samples|Candidate speedup"),
            QStringLiteral("Candidate|50.0 µs|49.0 µs|52.0 µs|48.0 µs|1.2%|100|"),
            QStringLiteral("Eager|1.500 ms|1.490 ms|1.510 ms|1.480 ms|1.0%|100|30.00×"),
            QStringLiteral("torch.compile|not timed||||||") }));
}

QTEST_GUILESS_MAIN(TestEvalModels)
#include "tst_evalmodels.moc"
