#include "widgetfixtures.h"

#include "transcriptview.h"

#include <QTest>
#include <QTextBlock>

using namespace kwb;

class TestTranscriptView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsEveryKindOfMessage();
    void reasoningCollapsesAndLongOutputExpands();
    void errorsAndEmptyTurns();
    void toolCallsShowWhatTheyDo();

private:
    static void clickText(TranscriptView& view, const QString& text);
};

void TestTranscriptView::clickText(TranscriptView& view, const QString& text)
{
    const QTextCursor found = view.document()->find(text);
    QVERIFY2(!found.isNull(), qPrintable(text));
    QTextCursor at(view.document());
    at.setPosition(found.selectionStart() + 1);
    const QRect r = view.cursorRect(at);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, r.center());
}

void TestTranscriptView::showsEveryKindOfMessage()
{
    const Trajectory t = test::steppingTrajectory();
    TranscriptView view;
    view.show();
    view.setMessages(t.turns.at(2).messages);
    const QString text = view.toPlainText();
    QVERIFY(text.contains(QStringLiteral("Assistant")));
    QVERIFY(text.contains(QStringLiteral("reasoning of step 2")));
    QVERIFY(text.contains(QStringLiteral("step 2 text")));
    QVERIFY(text.contains(QStringLiteral("Tool call write_file")));
    QVERIFY2(text.contains(QStringLiteral("Tool call write_file path: kernels/softmax.cu")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Tool result · write_file")));
    QVERIFY(text.contains(QStringLiteral("wrote kernels/softmax.cu")));
    QVERIFY2(text.contains(QStringLiteral("1,002 prompt tokens")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("200 completion tokens")));
    QVERIFY(text.contains(QStringLiteral("2.5 s")));

    // A call whose arguments were not a JSON object shows what the model wrote.
    Message broken = test::assistant(QStringLiteral("editing"), {});
    ToolCall call { QStringLiteral("call_9"), QStringLiteral("edit_file"), {} };
    call.rawArguments = QStringLiteral("{\"path\": \"kernels/a.cu\", \"old_string\": ");
    broken.toolCalls = { call };
    view.setMessages({ broken });
    const QString shown = view.toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("Tool call edit_file (arguments are not a JSON object)")), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("{\"path\": \"kernels/a.cu\", \"old_string\": ")));
}

void TestTranscriptView::reasoningCollapsesAndLongOutputExpands()
{
    QStringList lines;
    for (int i = 1; i <= 30; ++i)
        lines << QStringLiteral("output line %1").arg(i);
    const QList<Message> messages { test::assistant(QStringLiteral("compiling"), QStringLiteral("think first")),
        test::toolResult(QStringLiteral("bash"), lines.join(QLatin1Char('\n'))) };
    TranscriptView view;
    view.resize(700, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMessages(messages);
    QVERIFY(view.toPlainText().contains(QStringLiteral("think first")));
    QVERIFY(view.toPlainText().contains(QStringLiteral("output line 12")));
    QVERIFY(!view.toPlainText().contains(QStringLiteral("output line 13")));
    QVERIFY(!view.isExpanded(QStringLiteral("output-1")));

    clickText(view, QStringLiteral("Show all 30 line(s)"));
    QTRY_VERIFY(view.toPlainText().contains(QStringLiteral("output line 30")));
    QVERIFY(view.isExpanded(QStringLiteral("output-1")));
    QVERIFY(view.toPlainText().contains(QStringLiteral("Fold to 12 line(s)")));

    clickText(view, QStringLiteral("Reasoning"));
    QTRY_VERIFY(!view.toPlainText().contains(QStringLiteral("think first")));
    QVERIFY(!view.isExpanded(QStringLiteral("reasoning-0")));
    view.setExpanded(QStringLiteral("reasoning-0"), true);
    QVERIFY(view.toPlainText().contains(QStringLiteral("think first")));
}

void TestTranscriptView::errorsAndEmptyTurns()
{
    TranscriptView view;
    view.setMessages({}, QStringLiteral("turn 9 has damaged messages."));
    QVERIFY(view.toPlainText().contains(QStringLiteral("could not be loaded: turn 9 has damaged messages.")));
    view.setMessages({});
    QVERIFY(view.toPlainText().contains(QStringLiteral("no messages")));
}

void TestTranscriptView::toolCallsShowWhatTheyDo()
{
    QStringList kernel;
    for (int i = 1; i <= 20; ++i)
        kernel << QStringLiteral("    out[%1] = in[%1]; // line %1").arg(i);
    Message m = test::assistant(QStringLiteral("writing"), {});
    m.toolCalls = {
        { QStringLiteral("c1"), QStringLiteral("bash"), QJsonObject { { QStringLiteral("command"), QStringLiteral("nvcc -O3 -c kernels/a.cu") } } },
        { QStringLiteral("c2"), QStringLiteral("write_file"),
            QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/a.cu") },
                { QStringLiteral("content"), QString(QStringLiteral("__global__ void k(float* out, const float* in) {\n") + kernel.join(QLatin1Char('\n')) + QStringLiteral("\n}\n")) } } },
        { QStringLiteral("c3"), QStringLiteral("edit_file"),
            QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/a.cu") }, { QStringLiteral("old_string"), QStringLiteral("in[1]") },
                { QStringLiteral("new_string"), QStringLiteral("__ldg(in + 1)\n") } } },
        { QStringLiteral("c4"), QStringLiteral("read_file"),
            QJsonObject { { QStringLiteral("path"), QStringLiteral("model.py") }, { QStringLiteral("offset"), 10 }, { QStringLiteral("limit"), 5 } } },
    };
    TranscriptView view;
    view.resize(800, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMessages({ m });
    const QString text = view.toPlainText();
    // The command as a command line, never as JSON with escapes.
    QVERIFY2(text.contains(QStringLiteral("Tool call bash nvcc -O3 -c kernels/a.cu")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("$ nvcc -O3 -c kernels/a.cu")));
    QVERIFY(!text.contains(QStringLiteral("\\n")));
    QVERIFY(!text.contains(QStringLiteral("\"command\"")));
    // A long written file is folded to its heading (path and size), and opens as code, coloured.
    QVERIFY(text.contains(QStringLiteral("Tool call write_file kernels/a.cu · 22 line(s)")));
    QVERIFY(!view.isExpanded(QStringLiteral("call-0-1")));
    QVERIFY(!text.contains(QStringLiteral("line 20")));
    clickText(view, QStringLiteral("▸"));
    QTRY_VERIFY(view.toPlainText().contains(QStringLiteral("    out[20] = in[20]; // line 20")));
    QVERIFY(view.isExpanded(QStringLiteral("call-0-1")));
    QVERIFY2(view.toHtml().contains(QStringLiteral("__global__")), "the keyword is in the document");
    const QTextCursor keyword = view.document()->find(QStringLiteral("__global__"));
    QVERIFY(!keyword.isNull());
    QCOMPARE(keyword.charFormat().foreground().color(), QColor(QStringLiteral("#0000c0")));
    const QTextCursor comment = view.document()->find(QStringLiteral("// line 20"));
    QCOMPARE(comment.charFormat().foreground().color(), QColor(QStringLiteral("#6a737d")));
    // An edit shows what it removes and adds; a read names its lines.
    QVERIFY(view.toPlainText().contains(QStringLiteral("- in[1]")));
    QVERIFY(view.toPlainText().contains(QStringLiteral("+ __ldg(in + 1)")));
    QVERIFY(view.toPlainText().contains(QStringLiteral("Tool call read_file model.py · lines 10–14")));
    // Short calls start open and fold on a click.
    QVERIFY(view.isExpanded(QStringLiteral("call-0-0")));
    clickText(view, QStringLiteral("▾"));
    QTRY_VERIFY(!view.toPlainText().contains(QStringLiteral("$ nvcc")));
}

QTEST_MAIN(TestTranscriptView)
#include "tst_transcriptview.moc"
