// File → Import and File → Export without their dialogs: the trajectories in view go out through a job, and come
// back into another store, which then announces new trajectories.
#include "exportdialog.h"
#include "importexportcontroller.h"
#include "store/store.h"
#include "testutils.h"

#include <QFile>
#include <QLabel>
#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using namespace kwb;

class TestImportExportController : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exportInViewThenImport();
    void nothingStartsWithoutAStore();
    void exportDialogCountsBeforeWriting();
};

void TestImportExportController::exportInViewThenImport()
{
    QTemporaryDir dir;
    QString error;
    const QString source = dir.filePath(QStringLiteral("a.kwb"));
    {
        auto store = Store::open(source, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("a")), &error));
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("gelu")), &error));
    }
    QWidget window;
    ImportExportController controller(&window);
    QSignalSpy finished(&controller, &ImportExportController::finished);
    controller.setStorePath(source);
    TrajectoryFilter gelu;
    gelu.taskContains = QStringLiteral("gelu");
    const QString out = dir.filePath(QStringLiteral("gelu.jsonl"));
    QVERIFY(controller.startExport(out, QStringLiteral("jsonl"), gelu, {}));
    QVERIFY(!controller.startExport(out, QStringLiteral("jsonl"), gelu, {})); // one job at a time
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
    QVERIFY(finished.last().at(1).toString().contains(QStringLiteral("1 trajectories")));
    QFile exported(out);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QCOMPARE(exported.readAll().count('\n'), 1);
    // Training data says what it wrote: each fork's better and worse branch is one preference pair.
    QVERIFY(controller.startExport(dir.filePath(QStringLiteral("pairs.jsonl")), QStringLiteral("pairs"), {}, {}));
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.last().at(1).toString().startsWith(QStringLiteral("Wrote 2 preference pair")),
        qPrintable(finished.last().at(1).toString()));

    const QString target = dir.filePath(QStringLiteral("b.kwb"));
    QVERIFY(Store::open(target, &error));
    controller.setStorePath(target);
    QSignalSpy imported(&controller, &ImportExportController::imported);
    QVERIFY(controller.startImport(out, QStringLiteral("native"), {}));
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
    QCOMPARE(imported.count(), 1);
    auto store = Store::open(target, &error, Store::OpenMode::MustExist);
    QCOMPARE(store->info(&error)->trajectories, 1);

    // The same file again: refused with a sentence, and the store keeps what it had.
    QVERIFY(controller.startImport(out, QStringLiteral("native"), {}));
    QVERIFY(finished.wait(30000));
    QVERIFY(!finished.last().at(0).toBool());
    QVERIFY(!finished.last().at(1).toString().isEmpty());
    QCOMPARE(imported.count(), 1);
    QCOMPARE(store->info(&error)->trajectories, 1);
}

void TestImportExportController::nothingStartsWithoutAStore()
{
    QWidget window;
    ImportExportController controller(&window);
    QVERIFY(!controller.startImport(QStringLiteral("x.jsonl"), QStringLiteral("native"), {}));
    QVERIFY(!controller.startExport(QStringLiteral("x.jsonl"), QStringLiteral("jsonl"), {}, {}));
}

void TestImportExportController::exportDialogCountsBeforeWriting()
{
    QTemporaryDir dir;
    QString error;
    const QString source = dir.filePath(QStringLiteral("a.kwb"));
    {
        auto store = Store::open(source, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("a")), &error));
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("gelu")), &error));
    }
    TrajectoryFilter inView;
    inView.taskContains = QStringLiteral("gelu");
    ExportDialog dialog(source, inView);
    auto* button = dialog.findChild<QPushButton*>(QStringLiteral("exportButton"));
    // The list's filter is where it starts; one trajectory matches it.
    QCOMPARE(dialog.filter().taskContains, QStringLiteral("gelu"));
    QCOMPARE(dialog.matchingTrajectories(), 1);
    QVERIFY(!button->isEnabled()); // no file chosen yet
    dialog.setOutput(dir.filePath(QStringLiteral("pairs.jsonl")));
    // A training format is counted by a dry run: the fork gives one preference pair, and nothing is written yet.
    dialog.setFormat(QStringLiteral("pairs"));
    dialog.recount();
    QCOMPARE(dialog.records(), 1);
    QVERIFY2(dialog.countText().contains(QStringLiteral("1 preference pair")), qPrintable(dialog.countText()));
    QVERIFY(button->isEnabled());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("pairs.jsonl"))));
    QVERIFY(dialog.commandLine().contains(QStringLiteral("--format pairs")));
    // Accepted branches only (which pairs do not take): none is labelled accept, so the chat export would write
    // nothing, says why, and cannot start.
    QVERIFY(!dialog.findChild<QCheckBox*>(QStringLiteral("exportAcceptedOnly"))->isEnabled());
    dialog.setFormat(QStringLiteral("sft"));
    dialog.findChild<QCheckBox*>(QStringLiteral("exportAcceptedOnly"))->setChecked(true);
    dialog.recount();
    QVERIFY2(dialog.countText().contains(QStringLiteral("Nothing would be written")), qPrintable(dialog.countText()));
    QVERIFY(!button->isEnabled());
    QVERIFY(dialog.commandLine().contains(QStringLiteral("--accepted-only")));
    QCOMPARE(dialog.findChild<QLabel*>(QStringLiteral("exportCount"))->text(), dialog.countText());
    // Every trajectory, the native format: both, written as they are.
    dialog.findChild<QCheckBox*>(QStringLiteral("exportAcceptedOnly"))->setChecked(false);
    dialog.findChild<QLineEdit*>(QStringLiteral("exportTask"))->clear();
    dialog.setFormat(QStringLiteral("jsonl"));
    dialog.recount();
    QCOMPARE(dialog.matchingTrajectories(), 2);
    QVERIFY(dialog.countText().contains(QStringLiteral("2 trajectories match")));
    QVERIFY(button->isEnabled());
    // A filter nothing matches.
    dialog.findChild<QSpinBox*>(QStringLiteral("exportLevel"))->setValue(7);
    dialog.recount();
    QCOMPARE(dialog.matchingTrajectories(), 0);
    QVERIFY(dialog.countText().contains(QStringLiteral("No trajectory matches")));
    QVERIFY(!button->isEnabled());
    QVERIFY(dialog.commandLine().contains(QStringLiteral("--level 7")));
}

QTEST_MAIN(TestImportExportController)
#include "tst_importexportcontroller.moc"
