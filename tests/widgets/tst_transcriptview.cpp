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
    QVERIFY(text.contains(QStringLiteral("\"path\": \"kernels/softmax.cu\"")));
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

QTEST_MAIN(TestTranscriptView)
#include "tst_transcriptview.moc"
