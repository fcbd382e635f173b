#include "widgetfixtures.h"

#include "codeeditor.h"
#include "codefont.h"
#include "cudalexer.h"
#include "filepane.h"
#include "kernelview.h"

#include <Qsci/qscilexerpython.h>

#include <QFontInfo>
#include <QFontMetrics>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace kwb;

class TestKernelView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void oneTabPerFileWithTheRightLexer();
    void steppingKeepsTabAndPlace();
    void diffMarksBothSidesAndLocksScrolling();
    void searchFindsText();
    void openLocationMarksTheLine();
    void badFilesExplainThemselves();
    void turnThatCannotLoad();
    void codeIsMonospaceUnderAChineseLocale();

private:
    static TurnContent content(const QList<FileContent>& files)
    {
        TurnContent c;
        c.files = files;
        return c;
    }
};

void TestKernelView::oneTabPerFileWithTheRightLexer()
{
    KernelView view;
    view.show();
    const TurnContent c = content({ test::file(QStringLiteral("kernels/softmax.cu"), test::kernelSource(0)),
        test::file(QStringLiteral("model_new.py"), "import torch\n") });
    view.setTurn(&c, nullptr, QStringLiteral("Turn 1"), {});
    QCOMPARE(view.paths(), (QStringList { QStringLiteral("kernels/softmax.cu"), QStringLiteral("model_new.py") }));
    auto* tabs = view.findChild<QTabWidget*>(QStringLiteral("kernelTabs"));
    QCOMPARE(tabs->tabText(0), QStringLiteral("softmax.cu"));
    CodeEditor* cuda = view.paneFor(QStringLiteral("kernels/softmax.cu"))->editor();
    QVERIFY(qobject_cast<CudaLexer*>(cuda->lexer()));
    QVERIFY(QByteArray(cuda->lexer()->keywords(1)).contains(" __global__ "));
    QVERIFY(QByteArray(cuda->lexer()->keywords(2)).contains("threadIdx"));
    QVERIFY(QByteArray(cuda->lexer()->keywords(2)).contains("__syncthreads"));
    QVERIFY(cuda->isReadOnly());
    QCOMPARE(cuda->marginType(0), QsciScintilla::NumberMargin);
    QCOMPARE(cuda->folding(), QsciScintilla::BoxedTreeFoldStyle);
    QCOMPARE(cuda->text(), QString::fromUtf8(test::kernelSource(0)));
    QVERIFY(qobject_cast<QsciLexerPython*>(view.paneFor(QStringLiteral("model_new.py"))->editor()->lexer()));
    QVERIFY(view.message().isEmpty());
}

void TestKernelView::steppingKeepsTabAndPlace()
{
    KernelView view;
    view.resize(600, 300);
    view.show();
    QByteArray big;
    for (int i = 0; i < 400; ++i)
        big += "int line" + QByteArray::number(i) + ";\n";
    const TurnContent a = content({ test::file(QStringLiteral("a.cu"), big), test::file(QStringLiteral("b.cu"), "x\n") });
    view.setTurn(&a, nullptr, {}, {});
    view.findChild<QTabWidget*>(QStringLiteral("kernelTabs"))->setCurrentIndex(0);
    view.currentEditor()->setFirstVisibleLine(200);
    const TurnContent b = content({ test::file(QStringLiteral("a.cu"), big + "int more;\n"), test::file(QStringLiteral("c.cu"), "y\n") });
    view.setTurn(&b, nullptr, {}, {});
    QCOMPARE(view.paths(), (QStringList { QStringLiteral("a.cu"), QStringLiteral("c.cu") }));
    QCOMPARE(view.currentPane()->path(), QStringLiteral("a.cu"));
    QCOMPARE(view.currentEditor()->firstVisibleLine(), 200);
    QVERIFY(view.currentEditor()->text().endsWith(QStringLiteral("int more;\n")));
}

void TestKernelView::diffMarksBothSidesAndLocksScrolling()
{
    KernelView view;
    view.resize(900, 300);
    view.show();
    QSignalSpy toggled(&view, &KernelView::diffToggled);
    const TurnContent before = content({ test::file(QStringLiteral("k.cu"), test::kernelSource(0)) });
    const TurnContent after = content({ test::file(QStringLiteral("k.cu"), test::kernelSource(2)) });
    view.setDiffEnabled(true);
    QCOMPARE(toggled.count(), 1);
    view.setTurn(&after, &before, QStringLiteral("Turn 3"), QStringLiteral("Turn 1"));
    FilePane* pane = view.paneFor(QStringLiteral("k.cu"));
    QVERIFY(pane->isDiffShown());
    QVERIFY(pane->baseEditor()->isVisible());
    // variant 0 -> 2: line 2 changed, __shared__ added as line 5, __syncthreads added as line 7 (0-based 1, 4, 6).
    QVERIFY(CodeEditor::hasMarker(pane->baseEditor(), 1, CodeEditor::ChangedSign));
    QVERIFY(CodeEditor::hasMarker(pane->editor(), 1, CodeEditor::ChangedSign));
    QVERIFY(CodeEditor::hasMarker(pane->editor(), 4, CodeEditor::AddedSign));
    QVERIFY(CodeEditor::hasMarker(pane->editor(), 4, CodeEditor::AddedLine));
    QVERIFY(CodeEditor::hasMarker(pane->editor(), 6, CodeEditor::AddedSign));
    QVERIFY(!CodeEditor::hasMarker(pane->editor(), 0, CodeEditor::AddedSign));
    QCOMPARE(pane->diff().addedLines(), 2);

    // Reversed, the same lines are removed on the left.
    view.setTurn(&before, &after, QStringLiteral("Turn 1"), QStringLiteral("Turn 3"));
    QVERIFY(CodeEditor::hasMarker(pane->baseEditor(), 4, CodeEditor::RemovedSign));
    QVERIFY(CodeEditor::hasMarker(pane->baseEditor(), 4, CodeEditor::RemovedLine));

    // Locked scrolling over a long file with a block inserted near the top.
    QByteArray longOld, longNew = "inserted 1\ninserted 2\ninserted 3\n";
    for (int i = 0; i < 300; ++i)
        longOld += "line " + QByteArray::number(i) + "\n";
    longNew += longOld;
    const TurnContent o = content({ test::file(QStringLiteral("k.cu"), longOld) });
    const TurnContent n = content({ test::file(QStringLiteral("k.cu"), longNew) });
    view.setTurn(&n, &o, QStringLiteral("new"), QStringLiteral("old"));
    pane->editor()->setFirstVisibleLine(103);
    QTRY_COMPARE(pane->baseEditor()->firstVisibleLine(), 100);

    view.setDiffEnabled(false);
    view.setTurn(&n, &o, QStringLiteral("new"), QStringLiteral("old"));
    QVERIFY(!pane->isDiffShown());
    QVERIFY(!CodeEditor::hasMarker(pane->editor(), 0, CodeEditor::AddedSign));
}

void TestKernelView::searchFindsText()
{
    KernelView view;
    view.show();
    const TurnContent c = content({ test::file(QStringLiteral("k.cu"), test::kernelSource(2)) });
    view.setTurn(&c, nullptr, {}, {});
    auto* find = view.findChild<QLineEdit*>(QStringLiteral("findEdit"));
    view.focusFind();
    QTest::keyClicks(find, QStringLiteral("__syncthreads"));
    QTest::keyClick(find, Qt::Key_Return);
    int fromLine = -1, fromIndex = -1, toLine = -1, toIndex = -1;
    view.currentEditor()->getSelection(&fromLine, &fromIndex, &toLine, &toIndex);
    QCOMPARE(fromLine, 6);
    QCOMPARE(view.currentEditor()->selectedText(), QStringLiteral("__syncthreads"));
    QVERIFY(!view.findNext(QStringLiteral("no such text")));
}

void TestKernelView::openLocationMarksTheLine()
{
    KernelView view;
    view.show();
    const TurnContent c = content({ test::file(QStringLiteral("kernels/softmax.cu"), test::kernelSource(1)),
        test::file(QStringLiteral("model_new.py"), "import torch\n") });
    view.setTurn(&c, nullptr, {}, {});
    view.findChild<QTabWidget*>(QStringLiteral("kernelTabs"))->setCurrentIndex(1);
    QVERIFY(view.openLocation(QStringLiteral("/tmp/build/kernels/softmax.cu"), 4, 13, Diagnostic::Severity::Error));
    QCOMPARE(view.currentPane()->path(), QStringLiteral("kernels/softmax.cu"));
    int line = -1, index = -1;
    view.currentEditor()->getCursorPosition(&line, &index);
    QCOMPARE(line, 3);
    QCOMPARE(index, 12);
    QVERIFY(CodeEditor::hasMarker(view.currentEditor(), 3, CodeEditor::ErrorSign));
    QVERIFY(CodeEditor::hasMarker(view.currentEditor(), 3, CodeEditor::DiagnosticLine));
    QVERIFY(!view.openLocation(QStringLiteral("other.cu"), 1, 1, Diagnostic::Severity::Error));
}

void TestKernelView::badFilesExplainThemselves()
{
    KernelView view;
    view.show();
    QByteArray huge;
    huge.reserve(50000 * 12);
    for (int i = 0; i < 50000; ++i)
        huge += "int v" + QByteArray::number(i) + ";\n";
    FileContent missing { QStringLiteral("kernels/lost.cu"), QStringLiteral("abc"), {},
        QStringLiteral("The content of kernels/lost.cu could not be read: blob abc is missing.") };
    const TurnContent c = content({ test::file(QStringLiteral("latin1.cu"), "// caf\xe9\nint x;\n"),
        test::file(QStringLiteral("huge.cu"), huge), missing, test::file(QStringLiteral("ok.cu"), "int ok;\n") });
    view.setTurn(&c, nullptr, {}, {});
    QCOMPARE(view.paths().size(), 4);
    FilePane* latin = view.paneFor(QStringLiteral("latin1.cu"));
    QVERIFY2(latin->notice().contains(QStringLiteral("not valid UTF-8")), qPrintable(latin->notice()));
    QVERIFY(latin->editor()->text().contains(QStringLiteral("café")));
    FilePane* large = view.paneFor(QStringLiteral("huge.cu"));
    QVERIFY2(large->notice().contains(QStringLiteral("50,001 lines")) || large->notice().contains(QStringLiteral("lines")),
        qPrintable(large->notice()));
    QVERIFY(large->editor()->isLarge());
    QVERIFY(!large->editor()->lexer());
    QCOMPARE(large->editor()->lines(), 50001);
    FilePane* lost = view.paneFor(QStringLiteral("kernels/lost.cu"));
    QVERIFY(lost->notice().contains(QStringLiteral("missing")));
    QVERIFY(view.paneFor(QStringLiteral("ok.cu"))->notice().isEmpty());
}

void TestKernelView::turnThatCannotLoad()
{
    KernelView view;
    view.show();
    TurnContent broken;
    broken.error = QStringLiteral("turn 7 could not be read");
    view.setTurn(&broken, nullptr, {}, {});
    QVERIFY(view.message().contains(QStringLiteral("turn 7 could not be read")));
    QVERIFY(view.paths().isEmpty());
    const TurnContent empty;
    view.setTurn(&empty, nullptr, {}, {});
    QVERIFY(view.message().contains(QStringLiteral("no workspace files")));
    view.setDiffEnabled(true);
    const TurnContent one = content({ test::file(QStringLiteral("k.cu"), "int a;\n") });
    view.setTurn(&one, nullptr, {}, {});
    QVERIFY(view.message().contains(QStringLiteral("nothing before it")));
}

// Under a Chinese UI the code views keep a Latin monospace face first: every character as wide as the next, so
// `constexpr int kBM` keeps its spaces and columns line up.
void TestKernelView::codeIsMonospaceUnderAChineseLocale()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    CodeEditor editor;
    const QFont font = editor.lexer() ? editor.lexer()->defaultFont() : editor.font();
    QLocale::setDefault(before);
    QVERIFY(QFontInfo(font).fixedPitch());
    const QFontMetrics metrics(font);
    for (const QChar c : QStringLiteral("Mi r.k"))
        QCOMPARE(metrics.horizontalAdvance(c), metrics.horizontalAdvance(QLatin1Char('M')));
    QVERIFY2(!font.families().first().contains(QStringLiteral("CJK")), qPrintable(font.families().first()));
    QCOMPARE(codeFont().families(), font.families());
}

QTEST_MAIN(TestKernelView)
#include "tst_kernelview.moc"
