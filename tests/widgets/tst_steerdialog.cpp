// SteerDialog: only files the user typed in count as edited, whatever a text round trip would change.
#include "steerdialog.h"

#include <QComboBox>
#include <QPlainTextEdit>
#include <QTest>

using namespace kwb;

class TestSteerDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void onlyTypedFilesAreEdits();
};

void TestSteerDialog::onlyTypedFilesAreEdits()
{
    // CRLF line ends and a byte that is not UTF-8: showing them must not make them edits.
    const QMap<QString, QByteArray> files { { QStringLiteral("a.cu"), QByteArray("int a;\r\nint b;\r\n") },
        { QStringLiteral("b.py"), QByteArray("x = '\xff'\n") } };
    SteerDialog dialog(QStringLiteral("turn 2"), files);
    dialog.show();
    dialog.fileChooser()->setCurrentText(QStringLiteral("b.py"));
    dialog.fileChooser()->setCurrentText(QStringLiteral("a.cu"));
    QVERIFY(dialog.editedFiles().isEmpty());
    QVERIFY(!dialog.hasChanges());

    dialog.fileEdit()->setFocus();
    dialog.fileEdit()->moveCursor(QTextCursor::End);
    QTest::keyClicks(dialog.fileEdit(), QStringLiteral("int c;"));
    dialog.fileChooser()->setCurrentText(QStringLiteral("b.py")); // the edit is kept when another file is shown
    const auto edited = dialog.editedFiles();
    QCOMPARE(edited.keys(), QStringList { QStringLiteral("a.cu") });
    QVERIFY(edited.value(QStringLiteral("a.cu")).endsWith("int c;"));
    QVERIFY(dialog.hasChanges());

    dialog.messageEdit()->setPlainText(QStringLiteral("Use shared memory."));
    QCOMPARE(dialog.message(), QStringLiteral("Use shared memory."));
}

QTEST_MAIN(TestSteerDialog)
#include "tst_steerdialog.moc"
