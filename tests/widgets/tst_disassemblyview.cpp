// The disassembly pane offscreen, on real listings (tests/core/data/disasm: vector_ops.cu built by nvcc 13.0 for
// sm_90, a float4 build with PTX and a scalar one): kernels, SASS and PTX, the summary of what a kernel does, the
// rows of a CUDA line, search, the change against another build; and in the window, beside the kernel editor: a
// picked instruction marks its CUDA line in the editor, a CUDA line picked in the editor marks its instructions.
#include "widgetfixtures.h"

#include "codeeditor.h"
#include "disassemblyview.h"
#include "filepane.h"
#include "kernelview.h"
#include "mainwindow.h"
#include "store/store.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestDisassemblyView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void kernelsModesAndSummary();
    void aLinesInstructionsAndSearch();
    void theChangeAgainstAScalarBuild();
    void besideTheKernelEditorBothWays();

private:
    static QByteArray fixture(const char* name);
    static DisassemblyBundle bundle(const char* name);
    static int tagLine(const char* tag);
    static int rowOf(const DisassemblyView& view, const QString& opcodePrefix);
};

QByteArray TestDisassemblyView::fixture(const char* name)
{
    QFile file(QFINDTESTDATA(QStringLiteral("../core/data/disasm/%1").arg(QLatin1String(name))));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no fixture %s", name);
    return file.readAll();
}

DisassemblyBundle TestDisassemblyView::bundle(const char* name)
{
    QString error;
    const auto b = DisassemblyBundle::fromJson(fixture(name), &error);
    if (!b)
        qFatal("%s", qPrintable(error));
    return *b;
}

int TestDisassemblyView::tagLine(const char* tag)
{
    const QList<QByteArray> lines = fixture("vector_ops.cu").split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines.at(i).contains(QByteArray("// ").append(tag)))
            return i + 1;
    }
    return -1;
}

int TestDisassemblyView::rowOf(const DisassemblyView& view, const QString& opcodePrefix)
{
    for (int r = 0; r < view.model()->rowCount(); ++r) {
        if (view.model()->listing().instructions.at(r).opcode.startsWith(opcodePrefix))
            return r;
    }
    return -1;
}

void TestDisassemblyView::initTestCase()
{
    test::isolateSettings();
}

void TestDisassemblyView::kernelsModesAndSummary()
{
    DisassemblyView view;
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.summaryText().contains(QStringLiteral("No turn")));
    view.setBundle(bundle("vector_ops.json"));
    QCOMPARE(view.kernelNames(), (QStringList { QStringLiteral("histogram_local"), QStringLiteral("rowsum"), QStringLiteral("scale") }));
    QVERIFY(view.showKernel(QStringLiteral("scale")));
    QVERIFY(view.currentSymbol().startsWith(QStringLiteral("_Z5scale")));
    QVERIFY2(view.summaryText().contains(QStringLiteral("(sm_90)")) && view.summaryText().contains(QStringLiteral("of 128 bits"))
            && view.summaryText().contains(QStringLiteral("no spills")),
        qPrintable(view.summaryText()));
    QVERIFY(view.showKernel(QStringLiteral("histogram")));
    QVERIFY2(view.summaryText().contains(QStringLiteral("local (spill)")), qPrintable(view.summaryText()));
    QVERIFY(view.showKernel(QStringLiteral("rowsum")));
    QVERIFY2(view.summaryText().contains(QStringLiteral("barrier")), qPrintable(view.summaryText()));
    // PTX of the same kernel, numbered rather than offset.
    view.setMode(DisassemblyView::Mode::Ptx);
    QVERIFY(view.model()->rowCount() > 0);
    QVERIFY(view.model()->listing().instructions.first().offset < 0);
    QVERIFY2(view.summaryText().contains(QStringLiteral("(sm_90)")), qPrintable(view.summaryText()));
    // A scalar cubin carries no PTX: said with how to keep it.
    view.setBundle(bundle("scalar_ops.json"));
    QVERIFY(view.showKernel(QStringLiteral("scale")));
    QCOMPARE(view.model()->rowCount(), 0);
    QVERIFY2(view.summaryText().contains(QStringLiteral("9.0+PTX")), qPrintable(view.summaryText()));
    view.setMode(DisassemblyView::Mode::Sass);
    QVERIFY(view.model()->rowCount() > 0);
    view.setBundle(std::nullopt, QStringLiteral("This turn's build failed: nothing to disassemble."));
    QCOMPARE(view.summaryText(), QStringLiteral("This turn's build failed: nothing to disassemble."));
    QCOMPARE(view.model()->rowCount(), 0);
}

void TestDisassemblyView::aLinesInstructionsAndSearch()
{
    DisassemblyView view;
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setBundle(bundle("vector_ops.json"));
    QVERIFY(view.showKernel(QStringLiteral("rowsum")));
    const int barrier = tagLine("BARRIER");
    view.highlightSourceLine(QStringLiteral("kernels/vector_ops.cu"), barrier);
    QVERIFY(!view.highlightedRows().isEmpty());
    for (int r : view.highlightedRows())
        QCOMPARE(view.model()->listing().instructions.at(r).line, barrier);
    QVERIFY(std::any_of(view.highlightedRows().cbegin(), view.highlightedRows().cend(),
        [&](int r) { return view.model()->listing().instructions.at(r).opcode.startsWith(QLatin1String("BAR")); }));
    // Picking a row names its CUDA line.
    QSignalSpy picked(&view, &DisassemblyView::sourceLineActivated);
    const int store = rowOf(view, QStringLiteral("STS"));
    QVERIFY(store >= 0);
    view.table()->setCurrentIndex(view.model()->index(store, DisassemblyModel::InstructionColumn));
    QCOMPARE(picked.size(), 1);
    QCOMPARE(picked.first().at(1).toInt(), tagLine("SHARED"));
    QVERIFY(picked.first().at(0).toString().endsWith(QStringLiteral("vector_ops.cu")));
    // Search goes from match to match and round again.
    QVERIFY(view.findNext(QStringLiteral("BAR.SYNC")));
    const int first = view.table()->currentIndex().row();
    QVERIFY(view.findNext(QStringLiteral("BAR.SYNC")));
    QVERIFY(view.table()->currentIndex().row() != first);
    QVERIFY(!view.findNext(QStringLiteral("HGMMA")));
}

void TestDisassemblyView::theChangeAgainstAScalarBuild()
{
    DisassemblyView view;
    view.setBundle(bundle("vector_ops.json"));
    view.setBase(bundle("scalar_ops.json"), QStringLiteral("Turn 1"));
    QVERIFY(view.showKernel(QStringLiteral("scale")));
    const QString diff = view.diffText();
    QVERIFY2(diff.startsWith(QStringLiteral("Against Turn 1: ")) && diff.contains(QStringLiteral("LDG.E.128")), qPrintable(diff));
    // rowsum is the same build in both: the same instructions.
    QVERIFY(view.showKernel(QStringLiteral("rowsum")));
    QVERIFY2(view.diffText().contains(QStringLiteral("the same instructions")), qPrintable(view.diffText()));
    view.setBase(std::nullopt, {});
    QVERIFY(view.diffText().isEmpty());
}

void TestDisassemblyView::besideTheKernelEditorBothWays()
{
    QTemporaryDir dir;
    Trajectory t = test::forkedTrajectory(QStringLiteral("d"));
    for (Turn& turn : t.turns) {
        turn.workspace.removeFile(QStringLiteral("kernels/softmax.cu"));
        turn.workspace.setFile(QStringLiteral("kernels/vector_ops.cu"), fixture("vector_ops.cu"));
    }
    QString error;
    {
        auto store = Store::open(dir.filePath(QStringLiteral("d.kwb")), &error);
        QVERIFY2(store && store->addTrajectory(t, &error), qPrintable(error));
        QVERIFY2(store->attachDisassembly(QStringLiteral("d-t0"), fixture("scalar_ops.json"), &error), qPrintable(error));
        QVERIFY2(store->attachDisassembly(QStringLiteral("d-t1"), fixture("vector_ops.json"), &error), qPrintable(error));
    }
    MainWindow w;
    w.setRemembersStores(false);
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(dir.filePath(QStringLiteral("d.kwb"))));
    QVERIFY(w.selectTrajectoryRow(0));
    QVERIFY(w.goToPosition(1)); // turn 2, a float4 build after turn 1's scalar one
    auto* view = w.findChild<DisassemblyView*>(QStringLiteral("disassemblyView"));
    QVERIFY(view);
    QVERIFY(!view->isVisible());
    w.findChild<QAction*>(QStringLiteral("actionShowDisassembly"))->trigger();
    QVERIFY(view->isVisible());
    QVERIFY(view->width() > 200);
    QVERIFY(view->showKernel(QStringLiteral("scale")));
    QVERIFY2(view->diffText().contains(QStringLiteral("LDG.E.128")), qPrintable(view->diffText()));

    // An instruction picked: its CUDA line is marked in the editor.
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    CodeEditor* editor = kernel->paneFor(QStringLiteral("kernels/vector_ops.cu"))->editor();
    const int load = rowOf(*view, QStringLiteral("LDG.E.128"));
    QVERIFY(load >= 0);
    view->table()->setCurrentIndex(view->model()->index(load, DisassemblyModel::InstructionColumn));
    QCOMPARE(editor->markerFindNext(0, 1 << CodeEditor::SourceLine), tagLine("LOAD4") - 1);

    // A CUDA line picked in the editor: its instructions are marked in the pane.
    QVERIFY(view->showKernel(QStringLiteral("rowsum")));
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    editor->setCursorPosition(tagLine("BARRIER") - 1, 4);
    QTRY_VERIFY(!view->highlightedRows().isEmpty());
    for (int r : view->highlightedRows())
        QCOMPARE(view->model()->listing().instructions.at(r).line, tagLine("BARRIER"));

    // A turn whose build failed says so instead of a listing.
    QVERIFY(w.goToPosition(0));
    QVERIFY(view->showKernel(QStringLiteral("scale")));
    QVERIFY(view->model()->rowCount() > 0); // turn 1 has the scalar build
    QVERIFY(w.lastError().isEmpty());
}

QTEST_MAIN(TestDisassemblyView)
#include "tst_disassemblyview.moc"
