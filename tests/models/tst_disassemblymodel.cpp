// The listing model over a real disassembly (tests/core/data/disasm: kwb-runner disasm of vector_ops.cu built by nvcc
// 13.0 for sm_90 with -lineinfo and PTX), under QAbstractItemModelTester: rows, the columns that counters add, the
// rows of a CUDA line, counters summed per line, search; and the parsers on listings of their own.
#include "disasm/disassemblybundle.h"
#include "models/disassemblymodel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTest>

using namespace kwb;

class TestDisassemblyModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void rowsColumnsAndRoles();
    void countersAddColumnsAndSumPerLine();
    void rowsOfALineAndSearch();
    void classesAndWidths_data();
    void classesAndWidths();
    void aBrokenBundleIsASentence();

private:
    std::optional<DisassemblyBundle> m_bundle;
    const ListingFunction* m_scale = nullptr;
};

void TestDisassemblyModel::initTestCase()
{
    QFile file(QFINDTESTDATA("../core/data/disasm/vector_ops.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString error;
    m_bundle = DisassemblyBundle::fromJson(file.readAll(), &error);
    QVERIFY2(m_bundle, qPrintable(error));
    for (const QString& symbol : m_bundle->symbols()) {
        if (symbol.startsWith(QLatin1String("_Z5scale")))
            m_scale = m_bundle->sassOf(symbol);
    }
    QVERIFY(m_scale);
}

void TestDisassemblyModel::rowsColumnsAndRoles()
{
    DisassemblyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setListing(*m_scale);
    QCOMPARE(model.rowCount(), m_scale->instructions.size());
    QCOMPARE(model.columnCount(), 3); // no counters: offset, line, instruction
    QCOMPARE(model.headerData(DisassemblyModel::AddressColumn, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Offset"));
    int wide = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(DisassemblyModel::WidthRole).toInt() == 128 && model.index(r, 0).data(DisassemblyModel::KindRole).toInt() == int(InstructionKind::GlobalLoad))
            wide = r;
    }
    QVERIFY(wide >= 0);
    QVERIFY(model.index(wide, DisassemblyModel::InstructionColumn).data().toString().contains(QStringLiteral("LDG.E.128")));
    QCOMPARE(model.index(wide, DisassemblyModel::AddressColumn).data().toString(), QStringLiteral("%1").arg(m_scale->instructions.at(wide).offset, 4, 16, QLatin1Char('0')));
    QCOMPARE(model.index(wide, DisassemblyModel::LineColumn).data().toInt(), m_scale->instructions.at(wide).line);
    QVERIFY(model.index(wide, DisassemblyModel::InstructionColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("global load, 128 bits per thread")));
    // PTX rows are numbered, not offset.
    const ListingFunction* ptx = m_bundle->ptxOf(m_scale->symbol);
    QVERIFY(ptx);
    model.setListing(*ptx);
    QCOMPARE(model.index(0, DisassemblyModel::AddressColumn).data().toString(), QStringLiteral("1"));
    QCOMPARE(model.headerData(DisassemblyModel::AddressColumn, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("#"));
}

void TestDisassemblyModel::countersAddColumnsAndSumPerLine()
{
    DisassemblyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setListing(*m_scale);
    QHash<qint64, InstructionCounters> counters;
    QHash<int, InstructionCounters> expected;
    for (const Instruction& i : m_scale->instructions) {
        counters.insert(i.offset, { 10 * (i.offset / 16 + 1), i.offset / 16 });
        InstructionCounters& e = expected[i.line];
        e.executed = std::max<qint64>(e.executed, 0) + 10 * (i.offset / 16 + 1);
        e.stallSamples = std::max<qint64>(e.stallSamples, 0) + i.offset / 16;
    }
    model.setCounters(counters);
    QCOMPARE(model.columnCount(), int(DisassemblyModel::ColumnCount));
    QCOMPARE(model.headerData(DisassemblyModel::StallsColumn, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Stall samples"));
    QCOMPARE(model.index(1, DisassemblyModel::ExecutedColumn).data().toString(), QLocale().toString(qint64(20)));
    const QHash<int, InstructionCounters> totals = model.lineTotals();
    QCOMPARE(totals.size(), expected.size());
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        QCOMPARE(totals.value(it.key()).executed, it->executed);
        QCOMPARE(totals.value(it.key()).stallSamples, it->stallSamples);
    }
    model.setCounters({});
    QCOMPARE(model.columnCount(), 3);
}

void TestDisassemblyModel::rowsOfALineAndSearch()
{
    DisassemblyModel model;
    model.setListing(*m_scale);
    int loadLine = 0;
    for (const Instruction& i : m_scale->instructions) {
        if (i.opcode.startsWith(QLatin1String("LDG.E.128")))
            loadLine = i.line;
    }
    const QList<int> rows = model.rowsOfLine(QStringLiteral("vector_ops.cu"), loadLine);
    QVERIFY(!rows.isEmpty());
    for (int r : rows)
        QCOMPARE(m_scale->instructions.at(r).line, loadLine);
    QVERIFY(model.rowsOfLine(QStringLiteral("other.cu"), loadLine).isEmpty());
    QCOMPARE(model.find(QStringLiteral("ldg.e.128")).size(), 1);
    QVERIFY(model.find(QStringLiteral("no such")).isEmpty());
}

void TestDisassemblyModel::classesAndWidths_data()
{
    QTest::addColumn<QString>("opcode");
    QTest::addColumn<bool>("ptx");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("width");
    QTest::newRow("LDG.E") << QStringLiteral("LDG.E") << false << int(InstructionKind::GlobalLoad) << 32;
    QTest::newRow("LDG.E.64") << QStringLiteral("LDG.E.64.CONSTANT") << false << int(InstructionKind::GlobalLoad) << 64;
    QTest::newRow("STG.E.128") << QStringLiteral("STG.E.128") << false << int(InstructionKind::GlobalStore) << 128;
    QTest::newRow("LDS.U8") << QStringLiteral("LDS.U8") << false << int(InstructionKind::SharedLoad) << 8;
    QTest::newRow("STL") << QStringLiteral("STL.128") << false << int(InstructionKind::LocalStore) << 128;
    QTest::newRow("HGMMA") << QStringLiteral("HGMMA.64x128x16.F32.BF16") << false << int(InstructionKind::TensorCore) << 0;
    QTest::newRow("BAR") << QStringLiteral("BAR.SYNC.DEFER_BLOCKING") << false << int(InstructionKind::Barrier) << 0;
    QTest::newRow("EXIT") << QStringLiteral("EXIT") << false << int(InstructionKind::Branch) << 0;
    QTest::newRow("FFMA") << QStringLiteral("FFMA") << false << int(InstructionKind::Other) << 0;
    QTest::newRow("ld.global.nc.v4.f32") << QStringLiteral("ld.global.nc.v4.f32") << true << int(InstructionKind::GlobalLoad) << 128;
    QTest::newRow("st.shared.f32") << QStringLiteral("st.shared.f32") << true << int(InstructionKind::SharedStore) << 32;
    QTest::newRow("ld.param.u64") << QStringLiteral("ld.param.u64") << true << int(InstructionKind::ConstantLoad) << 64;
    QTest::newRow("bar.sync") << QStringLiteral("bar.sync") << true << int(InstructionKind::Barrier) << 0;
    QTest::newRow("wgmma") << QStringLiteral("wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16") << true << int(InstructionKind::TensorCore) << 0;
}

void TestDisassemblyModel::classesAndWidths()
{
    QFETCH(QString, opcode);
    QFETCH(bool, ptx);
    QFETCH(int, kind);
    QFETCH(int, width);
    int bits = -1;
    const InstructionKind found = ptx ? PtxListing::classify(opcode, &bits) : SassListing::classify(opcode, &bits);
    QCOMPARE(int(found), kind);
    QCOMPARE(bits, width);
}

void TestDisassemblyModel::aBrokenBundleIsASentence()
{
    QString error;
    QVERIFY(!DisassemblyBundle::fromJson("{\"format\": \"something-else\"}", &error));
    QVERIFY2(error.contains(QStringLiteral("kwb-disassembly/1")), qPrintable(error));
    QVERIFY(!DisassemblyBundle::fromJson("{not json", &error));
    QVERIFY2(error.contains(QStringLiteral("not valid JSON")), qPrintable(error));
    error.clear();
    QVERIFY(SassListing::parse(QStringLiteral("hello"), QStringLiteral("sm_90"), &error).isEmpty());
    QVERIFY(!error.isEmpty());
}

QTEST_GUILESS_MAIN(TestDisassemblyModel)
#include "tst_disassemblymodel.moc"
