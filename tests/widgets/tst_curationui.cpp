// Curation in the window on a real store file: the Curate menu's actions and the fork tree's context menu store
// annotations at once and show them; Edit → Undo and Redo take them off and put them back; Label All in View labels
// exactly the filtered trajectories.
#include "widgetfixtures.h"

#include "curate/curation.h"
#include "codeeditor.h"
#include "curationcontroller.h"
#include "filepane.h"
#include "forktreeview.h"
#include "kernelview.h"
#include "mainwindow.h"
#include "models/branchoutlinemodel.h"
#include "models/trajectorylistmodel.h"
#include "models/turnbadges.h"
#include "toast.h"
#include "trajectorypanel.h"
#include "windowsettings.h"
#include "workbenchactions.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>

using namespace kwb;

class TestCurationUi : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void acceptUndoRedo();
    void noteAndHumanScore();
    void lessonIsReplacedAndUndoBringsItBack();
    void branchFromTheForkTreesMenu();
    void labelAllInViewIsUndoable();
    void anotherStoreClearsTheUndoStack();
    void shortcutsDoNotClash();
    void starIsConfirmedAndShown();
    void editDuringAnImportWaitsForIt();

private:
    QString makeStore(const QString& name, const QList<Trajectory>& trajectories);
    static QAction* action(const MainWindow& w, const char* name);
    static void answer(const std::function<void(QInputDialog*)>& fill);
    static QStringList badges(const MainWindow& w, int turn);
    static QModelIndex curationCell(const MainWindow& w, int turn);
    static QList<Annotation> stored(const MainWindow& w, int turn);

    QTemporaryDir m_dir;
};

void TestCurationUi::initTestCase()
{
    test::isolateSettings();
    WindowSettings::setCurationAuthor(QStringLiteral("ana"));
}

QString TestCurationUi::makeStore(const QString& name, const QList<Trajectory>& trajectories)
{
    const QString file = m_dir.filePath(name);
    QString error;
    auto store = Store::open(file, &error);
    for (const Trajectory& t : trajectories) {
        if (!store->addTrajectory(t, &error))
            qFatal("%s", qPrintable(error));
    }
    return file;
}

QAction* TestCurationUi::action(const MainWindow& w, const char* name)
{
    auto* a = w.findChild<QAction*>(QLatin1String(name));
    if (!a)
        qFatal("no action %s", name);
    return a;
}

// Answers the next input dialog the way a user would, once it is up.
void TestCurationUi::answer(const std::function<void(QInputDialog*)>& fill)
{
    QTimer::singleShot(0, qApp, [fill] {
        auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        fill(dialog);
        dialog->accept();
    });
}

QStringList TestCurationUi::badges(const MainWindow& w, int turn)
{
    auto* outline = qobject_cast<BranchOutlineModel*>(w.findChild<ForkTreeView*>(QStringLiteral("forkTree"))->model());
    QStringList texts;
    for (const TurnBadge& b : outline->indexOfTurn(turn, BranchOutlineModel::BadgesColumn).data(BranchOutlineModel::BadgesRole).value<QList<TurnBadge>>()) {
        if (b.kind == TurnBadge::Kind::Label)
            texts.append(b.text);
    }
    return texts;
}

QModelIndex TestCurationUi::curationCell(const MainWindow& w, int turn)
{
    auto* outline = qobject_cast<BranchOutlineModel*>(w.findChild<ForkTreeView*>(QStringLiteral("forkTree"))->model());
    return outline->indexOfTurn(turn, BranchOutlineModel::CurationColumn);
}

// What the store file holds for a turn, read through a connection of its own.
QList<Annotation> TestCurationUi::stored(const MainWindow& w, int turn)
{
    QString error;
    auto store = Store::open(w.store()->path(), &error);
    const auto t = store ? store->trajectory(w.trajectory().storeId, Store::Depth::Headers, &error) : std::nullopt;
    if (!t)
        qFatal("%s", qPrintable(error));
    return turn < 0 ? t->annotations : t->turns.at(turn).annotations;
}

void TestCurationUi::acceptUndoRedo()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(makeStore(QStringLiteral("accept.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    QVERIFY(w.goToPosition(2));
    QAction* undo = action(w, "actionUndo");
    QVERIFY(!undo->isEnabled());

    QTest::keyClick(&w, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(badges(w, 2), QStringList { QStringLiteral("accept") });
    QList<Annotation> marks = stored(w, 2);
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.front().kind, Annotation::Kind::Label);
    QCOMPARE(marks.front().scope, Annotation::Scope::Turn);
    QCOMPARE(marks.front().value, QStringLiteral("accept"));
    QCOMPARE(marks.front().author, QStringLiteral("ana"));
    QVERIFY(undo->isEnabled());
    QVERIFY(undo->text().contains(QStringLiteral("accept")));

    action(w, "actionAccept")->trigger(); // once is enough: a second accept adds nothing
    QCOMPARE(stored(w, 2).size(), 1);

    undo->trigger();
    QVERIFY(stored(w, 2).isEmpty());
    QVERIFY(badges(w, 2).isEmpty());
    QVERIFY(action(w, "actionRedo")->isEnabled());
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    kernel->paneFor(QStringLiteral("kernels/softmax.cu"))->editor()->setFocus(); // keys work from a read-only editor too
    QTest::keySequence(&w, action(w, "actionRedo")->shortcut()); // QKeySequence::Redo, whatever the platform's keys
    QCOMPARE(stored(w, 2), marks);
    QCOMPARE(badges(w, 2), QStringList { QStringLiteral("accept") });

    // The trajectory itself: its label reaches the list's Labels column.
    action(w, "actionCurateTrajectory")->trigger();
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    auto* panel = w.findChild<TrajectoryPanel*>(QStringLiteral("trajectoryPanel"));
    QCOMPARE(panel->currentTrajectory(), w.trajectory().storeId); // the edit keeps the selection
    QVERIFY(panel->model()->index(0, int(TrajectoryColumn::Labels)).data().toString().contains(QStringLiteral("reject")));
    QCOMPARE(stored(w, -1).size(), 1);
    QVERIFY(w.lastError().isEmpty());
}

// Another connection (an import in another program) holds the store's write lock: an accept neither freezes the
// window nor fails; it is said to wait and is made, in order with an undo after it, once the lock is free.
void TestCurationUi::editDuringAnImportWaitsForIt()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(makeStore(QStringLiteral("locked.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    QVERIFY(w.goToPosition(2));
    QString error;
    auto importer = Store::open(w.store()->path(), &error);
    QVERIFY2(importer, qPrintable(error));
    auto held = std::make_unique<Store::Transaction>(*importer);
    QVERIFY(held->isActive());
    auto* curation = w.findChild<CurationController*>();
    QVERIFY(curation);
    QStringList said;
    connect(curation, &CurationController::statusMessage, this, [&said](const QString& s) { said.append(s); });
    QElapsedTimer clock;
    clock.start();
    action(w, "actionStar")->trigger();
    QVERIFY2(clock.elapsed() < 2000, "the window waited for the lock"); // SQLite's own wait is 5 s
    QVERIFY(stored(w, 2).isEmpty());
    QVERIFY2(!said.isEmpty() && said.last().contains(QStringLiteral("busy with an import")), qPrintable(said.join(QLatin1Char('|'))));
    QVERIFY(w.lastError().isEmpty());
    QTest::qWait(1000); // retries meanwhile change nothing
    QVERIFY(stored(w, 2).isEmpty());
    QString commitError;
    QVERIFY2(held->commit(&commitError), qPrintable(commitError));
    held.reset();
    QTRY_COMPARE_WITH_TIMEOUT(stored(w, 2).size(), 1, 5000);
    QCOMPARE(stored(w, 2).front().value, QStringLiteral("star"));
    QCOMPARE(badges(w, 2), QStringList { QStringLiteral("star") });
    QVERIFY(w.lastError().isEmpty());
}

void TestCurationUi::lessonIsReplacedAndUndoBringsItBack()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(w.openStore(makeStore(QStringLiteral("lesson.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    QVERIFY(w.goToPosition(1));
    const auto lessons = [&] {
        QStringList texts;
        for (const Annotation& a : stored(w, 1))
            if (a.kind == Annotation::Kind::Lesson)
                texts.append(a.value);
        return texts;
    };
    answer([](QInputDialog* d) { d->setTextValue(QStringLiteral("first draft")); });
    action(w, "actionLesson")->trigger();
    QCOMPARE(lessons(), QStringList { QStringLiteral("first draft") });
    // The dialog offers the lesson there is, and the edit replaces it rather than adding a second one.
    answer([](QInputDialog* d) {
        QCOMPARE(d->textValue(), QStringLiteral("first draft"));
        d->setTextValue(QStringLiteral("what changed: the loads are coalesced"));
    });
    action(w, "actionLesson")->trigger();
    QCOMPARE(lessons(), QStringList { QStringLiteral("what changed: the loads are coalesced") });
    action(w, "actionUndo")->trigger();
    QCOMPARE(lessons(), QStringList { QStringLiteral("first draft") });
    action(w, "actionRedo")->trigger();
    QCOMPARE(lessons(), QStringList { QStringLiteral("what changed: the loads are coalesced") });
    action(w, "actionUndo")->trigger();
    action(w, "actionUndo")->trigger();
    QVERIFY(lessons().isEmpty());
}

void TestCurationUi::noteAndHumanScore()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(w.openStore(makeStore(QStringLiteral("score.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    QVERIFY(w.goToPosition(1)); // its reward is 3

    answer([](QInputDialog* d) { d->setTextValue(QStringLiteral("shared memory tile\nbut the loads are not coalesced")); });
    action(w, "actionNote")->trigger();
    answer([](QInputDialog* d) {
        QCOMPARE(d->doubleValue(), 3.0); // the reward it would override
        d->setDoubleValue(2.5);
    });
    action(w, "actionScore")->trigger();

    const QList<Annotation> marks = stored(w, 1);
    QCOMPARE(marks.size(), 2);
    QCOMPARE(marks.at(0).kind, Annotation::Kind::Note);
    QCOMPARE(marks.at(0).value, QStringLiteral("shared memory tile\nbut the loads are not coalesced"));
    QCOMPARE(marks.at(1).kind, Annotation::Kind::Score);
    QCOMPARE(marks.at(1).value, QStringLiteral("2.5"));
    QCOMPARE(marks.at(1).previous, QStringLiteral("3"));

    action(w, "actionUndo")->trigger();
    QCOMPARE(stored(w, 1).size(), 1);
    action(w, "actionRedo")->trigger();
    QCOMPARE(stored(w, 1).at(1).previous, QStringLiteral("3"));

    // Both show in the fork tree's curation column: the note as a mark whose tooltip holds its text.
    QCOMPARE(curationCell(w, 1).data().toString(), QStringLiteral("✎ score 2.5"));
    const QString tip = curationCell(w, 1).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Note: shared memory tile")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("Human score: 2.5 (was 3)")));

    // A cancelled dialog stores nothing.
    QTimer::singleShot(0, qApp, [] { QApplication::activeModalWidget()->close(); });
    action(w, "actionTag")->trigger();
    QCOMPARE(stored(w, 1).size(), 2);
}

void TestCurationUi::starIsConfirmedAndShown()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(makeStore(QStringLiteral("star.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    QVERIFY(w.goToPosition(2));
    auto* toast = w.findChild<Toast*>(QStringLiteral("toast"));
    QVERIFY(toast);
    QVERIFY(!toast->isVisible());
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    // A confirmation with Undo, over the window's bottom edge, and the star in its own column, wide enough to see.
    QVERIFY(toast->isVisible());
    QCOMPARE(toast->text(), QStringLiteral("Starred turn 3"));
    QVERIFY(toast->actionButton()->isVisible());
    QCOMPARE(toast->actionButton()->text(), QStringLiteral("Undo"));
    QVERIFY(w.rect().contains(toast->geometry()));
    QCOMPARE(curationCell(w, 2).data().toString(), QStringLiteral("★"));
    auto* tree = w.findChild<ForkTreeView*>(QStringLiteral("forkTree"));
    const QRect cell = tree->visualRect(curationCell(w, 2));
    QVERIFY2(cell.width() >= tree->fontMetrics().horizontalAdvance(QStringLiteral("★")), "the column shows the star");
    QVERIFY(tree->viewport()->rect().intersects(cell));
    QCOMPARE(stored(w, 2).size(), 1);

    QTest::mouseClick(toast->actionButton(), Qt::LeftButton);
    QVERIFY(!toast->isVisible());
    QVERIFY(stored(w, 2).isEmpty());
    QVERIFY(curationCell(w, 2).data().toString().isEmpty());
}

void TestCurationUi::branchFromTheForkTreesMenu()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(w.openStore(makeStore(QStringLiteral("branch.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    QCOMPARE(w.currentTurn(), 0);
    action(w, "actionCurateBranch")->trigger();

    // The fork (turn 4) is not on the current branch; its branch ends at itself.
    QMenu menu;
    w.findChild<ForkTreeView*>(QStringLiteral("forkTree"))->fillContextMenu(&menu, 4);
    auto* curate = menu.findChild<QMenu*>(QStringLiteral("curateSubmenu"));
    QVERIFY(curate);
    QAction* star = nullptr;
    for (QAction* a : curate->actions())
        star = a->text() == action(w, "actionStar")->text() ? a : star;
    QVERIFY(star);
    star->trigger();
    QCOMPARE(w.currentTurn(), 0); // curating another turn does not move there
    const QList<Annotation> marks = stored(w, 4);
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.front().scope, Annotation::Scope::Branch);
    QCOMPARE(marks.front().value, QStringLiteral("star"));
    QCOMPARE(badges(w, 4), QStringList { QStringLiteral("star") });

    // From the menu bar the branch is the current one: it ends at turn 3.
    answer([](QInputDialog* d) { d->setTextValue(QStringLiteral("tiled")); });
    action(w, "actionLabel")->trigger();
    QCOMPARE(stored(w, 3).size(), 1);
    QCOMPARE(stored(w, 3).front().value, QStringLiteral("tiled"));
    // The label dialog offers what the store already uses.
    answer([](QInputDialog* d) {
        QVERIFY(d->comboBoxItems().contains(QStringLiteral("tiled")));
        QVERIFY(d->comboBoxItems().contains(QStringLiteral("fixture")));
        d->setTextValue(QStringLiteral("vectorized"));
    });
    action(w, "actionLabel")->trigger();
    QCOMPARE(badges(w, 3), QStringList({ QStringLiteral("tiled"), QStringLiteral("vectorized") }));
}

void TestCurationUi::labelAllInViewIsUndoable()
{
    Trajectory a = test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows"));
    Trajectory b = test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("layernorm"));
    Trajectory c = test::forkedTrajectory(QStringLiteral("c"), QStringLiteral("softmax_cols"));
    c.labels.append(QStringLiteral("batch1")); // carried before: undo leaves it
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(w.openStore(makeStore(QStringLiteral("bulk.kwb"), { a, b, c })));
    auto* panel = w.findChild<TrajectoryPanel*>(QStringLiteral("trajectoryPanel"));
    QTest::keyClicks(panel->findChild<QLineEdit*>(QStringLiteral("trajectoryFilter")), QStringLiteral("softmax"));
    QCOMPARE(panel->model()->rowCount(), 2);
    const QSet<qint64> softmax { panel->model()->trajectoryId(0), panel->model()->trajectoryId(1) };

    answer([](QInputDialog* d) { d->setTextValue(QStringLiteral("batch1")); });
    action(w, "actionLabelAllInView")->trigger();

    panel->findChild<QLineEdit*>(QStringLiteral("trajectoryFilter"))->clear();
    QCOMPARE(panel->model()->rowCount(), 3);
    auto* label = panel->findChild<QComboBox*>(QStringLiteral("labelFilter"));
    QVERIFY(label->findData(QStringLiteral("batch1")) > 0);
    label->setCurrentIndex(label->findData(QStringLiteral("batch1")));
    QCOMPARE(panel->model()->rowCount(), 2);
    QCOMPARE((QSet<qint64> { panel->model()->trajectoryId(0), panel->model()->trajectoryId(1) }), softmax);

    action(w, "actionUndo")->trigger();
    QCOMPARE(panel->model()->rowCount(), 1);
    QCOMPARE(panel->model()->index(0, 0).data().toString(), QStringLiteral("softmax_cols"));
    QCOMPARE(label->currentData().toString(), QStringLiteral("batch1"));
    action(w, "actionRedo")->trigger();
    QCOMPARE(panel->model()->rowCount(), 2);
    QVERIFY(w.lastError().isEmpty());
}

void TestCurationUi::anotherStoreClearsTheUndoStack()
{
    MainWindow w;
    w.setRemembersStores(false);
    w.show();
    QVERIFY(w.openStore(makeStore(QStringLiteral("one.kwb"), { test::steppingTrajectory() })));
    QVERIFY(w.selectTrajectoryRow(0));
    action(w, "actionStar")->trigger();
    auto* stack = w.findChild<QUndoStack*>(QStringLiteral("curationUndoStack"));
    QCOMPARE(stack->count(), 1);
    QVERIFY(w.openStore(makeStore(QStringLiteral("two.kwb"), { test::steppingTrajectory(QStringLiteral("u")) })));
    QCOMPARE(stack->count(), 0);
    QVERIFY(!action(w, "actionUndo")->isEnabled());
    QCOMPARE(w.trajectory().uuid, QStringLiteral("u")); // the new store's first trajectory, shown as it opens
}

void TestCurationUi::shortcutsDoNotClash()
{
    MainWindow w;
    QHash<QKeySequence, QString> seen;
    for (const auto& [group, actions] : w.findChild<WorkbenchActions*>()->groups()) {
        for (const QAction* a : actions) {
            for (const QKeySequence& key : a->shortcuts()) {
                QVERIFY2(!seen.contains(key), qPrintable(a->objectName() + QStringLiteral(" and ") + seen.value(key)));
                seen.insert(key, a->objectName());
            }
        }
    }
    QVERIFY(seen.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A)));
}

QTEST_MAIN(TestCurationUi)
#include "tst_curationui.moc"
