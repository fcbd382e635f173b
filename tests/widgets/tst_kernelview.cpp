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
#include <QToolButton>

using namespace kwb;

class TestKernelView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void oneTabPerFileWithTheRightLexer();
    void steppingKeepsTabAndPlace();
    void diffMarksBothSidesAndLocksScrolling();
    void changedWordsTabsAndStepping();
    void unifiedDiffNumbersBothVersions();
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

void TestKernelView::changedWordsTabsAndStepping()
{
    KernelView view;
    view.resize(900, 400);
    view.show();
    const TurnContent before = content({ test::file(QStringLiteral("a.py"), "x = 1\n"), test::file(QStringLiteral("gone.cu"), "g\n"),
        test::file(QStringLiteral("k.cu"), test::kernelSource(0)), test::file(QStringLiteral("same.h"), "s\n") });
    const TurnContent after = content({ test::file(QStringLiteral("a.py"), "x = 2\n"), test::file(QStringLiteral("k.cu"), test::kernelSource(2)),
        test::file(QStringLiteral("new.cu"), "n\n"), test::file(QStringLiteral("same.h"), "s\n") });

    // Without a diff, the tabs still say which files changed since the previous turn.
    QMap<QString, QString> hashes;
    for (const FileContent& f : before.files)
        hashes.insert(f.path, f.sha256);
    view.setTurn(&after, nullptr, QStringLiteral("Turn 3"), QStringLiteral("Turn 2"), &hashes);
    auto* tabs = view.findChild<QTabWidget*>(QStringLiteral("kernelTabs"));
    QCOMPARE(view.paths(), (QStringList { QStringLiteral("a.py"), QStringLiteral("k.cu"), QStringLiteral("new.cu"), QStringLiteral("same.h") }));
    QCOMPARE(view.fileChange(QStringLiteral("k.cu")), KernelView::FileChange::Changed);
    QCOMPARE(view.fileChange(QStringLiteral("new.cu")), KernelView::FileChange::Added);
    QCOMPARE(view.fileChange(QStringLiteral("same.h")), KernelView::FileChange::Same);
    QVERIFY(!tabs->tabIcon(1).isNull());
    QVERIFY(tabs->tabIcon(3).isNull());
    QCOMPARE(tabs->tabText(1), QStringLiteral("k.cu"));
    QVERIFY2(tabs->tabToolTip(1).contains(QStringLiteral("changed since Turn 2")), qPrintable(tabs->tabToolTip(1)));
    QVERIFY(tabs->tabToolTip(2).contains(QStringLiteral("new since Turn 2")));
    QVERIFY(!view.goToNextChange()); // nothing to step through without a diff

    view.setDiffEnabled(true);
    view.setTurn(&after, &before, QStringLiteral("Turn 3"), QStringLiteral("Turn 1"));
    QCOMPARE(view.fileChange(QStringLiteral("gone.cu")), KernelView::FileChange::Removed);
    FilePane* pane = view.paneFor(QStringLiteral("k.cu"));
    // "// variant 0" -> "// variant 2": the digit is the changed word on both sides, "variant" is not.
    QVERIFY(pane->baseEditor()->hasWordMark(1, 11));
    QVERIFY(pane->editor()->hasWordMark(1, 11));
    QVERIFY(!pane->editor()->hasWordMark(1, 4));
    QVERIFY(!pane->editor()->hasWordMark(0, 2));

    // Next change walks k.cu's three blocks (lines 1, 4 and 6), then the next changed file, and back.
    tabs->setCurrentWidget(pane);
    QCOMPARE(pane->changeCount(), 3);
    int line = -1, index = -1;
    for (int expected : { 1, 4, 6 }) {
        QVERIFY(view.goToNextChange());
        QCOMPARE(view.currentPane(), pane);
        pane->editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, expected);
    }
    QCOMPARE(view.changeStatus(), QStringLiteral("Change 3 of 3"));
    QVERIFY(view.goToNextChange());
    QCOMPARE(view.currentPane()->path(), QStringLiteral("new.cu"));
    QCOMPARE(view.changeStatus(), QStringLiteral("Change 1 of 1"));
    QVERIFY(view.goToPreviousChange());
    QCOMPARE(view.currentPane(), pane);
    QCOMPARE(pane->currentChange(), 2);
    QVERIFY(view.findChild<QToolButton*>(QStringLiteral("nextChange"))->isEnabled());

    // A turn the same as its base has no change to go to.
    view.setTurn(&after, &after, QStringLiteral("Turn 3"), QStringLiteral("Turn 3"));
    QVERIFY(!view.goToNextChange());
}

void TestKernelView::unifiedDiffNumbersBothVersions()
{
    KernelView view;
    view.resize(900, 400);
    view.show();
    const TurnContent before = content({ test::file(QStringLiteral("k.cu"), test::kernelSource(0)) });
    const TurnContent after = content({ test::file(QStringLiteral("k.cu"), test::kernelSource(2)) });
    view.setDiffEnabled(true);
    view.setUnified(true);
    view.setTurn(&after, &before, QStringLiteral("Turn 3"), QStringLiteral("Turn 1"));
    FilePane* pane = view.paneFor(QStringLiteral("k.cu"));
    CodeEditor* unified = pane->unifiedEditor();
    QVERIFY(unified->isVisible());
    QVERIFY(!pane->editor()->isVisible());
    // The changed line twice (removed, then added), then the rest once with the added lines marked.
    QCOMPARE(unified->text(1).trimmed(), QStringLiteral("// variant 0"));
    QCOMPARE(unified->text(2).trimmed(), QStringLiteral("// variant 2"));
    QVERIFY(CodeEditor::hasMarker(unified, 1, CodeEditor::RemovedLine));
    QVERIFY(CodeEditor::hasMarker(unified, 2, CodeEditor::AddedLine));
    QVERIFY(!CodeEditor::hasMarker(unified, 0, CodeEditor::AddedLine));
    QVERIFY(unified->hasWordMark(1, 11));
    QVERIFY(unified->hasWordMark(2, 11));
    QCOMPARE(unified->lines(), LineDiff::splitLines(QString::fromUtf8(test::kernelSource(2))).size() + 1);
    QCOMPARE(unified->marginType(0), QsciScintilla::TextMarginRightJustified);
    // Stepping lands on the unified rows.
    QVERIFY(view.goToNextChange());
    int line = -1, index = -1;
    unified->getCursorPosition(&line, &index);
    QCOMPARE(line, 1);
    // Off again: the two sides.
    view.setUnified(false);
    QVERIFY(!unified->isVisible());
    QVERIFY(pane->editor()->isVisible());
    QVERIFY(pane->baseEditor()->isVisible());
    view.setUnified(true);
    view.setDiffEnabled(false);
    view.setTurn(&after, nullptr, QStringLiteral("Turn 3"), {});
    QVERIFY(!unified->isVisible());
    QVERIFY(pane->editor()->isVisible());
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
