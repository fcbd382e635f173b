#include "storeaccess.h"
#include "widgetfixtures.h"
#include "../env/fakerunner.h"
#include "loopbackserver.h"
#include "agent/agentsettings.h"
#include "agentcontroller.h"
#include "steerdialog.h"
#include "transcriptview.h"

#include "codeeditor.h"
#include "compileroutputview.h"
#include "filepane.h"
#include "forktreeview.h"
#include "kernelview.h"
#include "mainwindow.h"
#include "ncucontroller.h"
#include "ncuview.h"
#include "referenceview.h"
#include "rewardplot.h"
#include "rooflineview.h"
#include "shortcutsdialog.h"
#include "timelineview.h"
#include "timingview.h"
#include "trace/tracemodel.h"
#include "tracepanel.h"
#include "transcriptview.h"
#include "verificationview.h"
#include "store/trajectoryfilter.h"
#include "welcomepage.h"
#include "windowsettings.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QSqlQuery>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace kwb;

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }
    void emptyStoreShowsWelcome();
    void selectingATrajectoryShowsItsTurnsAndReference();
    void typingFiltersTheList();
    void badStoreKeepsTheOpenOne();
    void steppingUpdatesEveryPane();
    void shortcutsStepAndBranch();
    void clickingADiagnosticMovesTheCursor();
    void clickingARewardPointJumps();
    void rooflineDockFollowsTheTurn();
    void diffAgainstAPickedTurn();
    void turnTraceShowsInTheTimeline();
    void nsightComputeProfileIsKeptWithTheTurn();
    void agentContinuesForksAndSteers();
    void missingBlobAndBadFilesStayInTheirPane();
    void layoutAndStoreAreRemembered();
    void droppingAStoreOpensIt();
    void shortcutsDialogListsTheKeys();

private:
    QString makeStore(const QString& name, const QList<Trajectory>& trajectories);
    QTemporaryDir m_dir;
};

QString TestMainWindow::makeStore(const QString& name, const QList<Trajectory>& trajectories)
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

void TestMainWindow::emptyStoreShowsWelcome()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(m_dir.filePath(QStringLiteral("empty.kwb"))));
    auto* welcome = w.findChild<WelcomePage*>(QStringLiteral("welcomePage"));
    QVERIFY(welcome && welcome->isVisible());
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("errorBanner"))->isHidden());
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("empty.kwb")));
}

void TestMainWindow::selectingATrajectoryShowsItsTurnsAndReference()
{
    const QString file = makeStore(QStringLiteral("two.kwb"),
        { test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows")),
            test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("layernorm")) });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    auto* table = w.findChild<QTableView*>(QStringLiteral("trajectoryView"));
    auto* tree = w.findChild<ForkTreeView*>(QStringLiteral("forkTree"));
    auto* reference = w.findChild<ReferenceView*>(QStringLiteral("referenceView"));
    QCOMPARE(table->model()->rowCount(), 2);
    QVERIFY(reference->isVisible());
    // The first row is shown as the store opens: something to look at, not empty panes.
    QCOMPARE(table->currentIndex().row(), 0);
    QCOMPARE(tree->model()->rowCount(), 2);
    const QString first = w.trajectory().uuid;

    const QRect cell = table->visualRect(table->model()->index(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QVERIFY(w.trajectory().uuid != first);
    QCOMPARE(tree->model()->rowCount(), 2); // the main line: root and its longest child
    QCOMPARE(tree->model()->rowCount(tree->model()->index(0, 0)), 1); // the fork, nested under the root
    QVERIFY(tree->isExpanded(tree->model()->index(0, 0)));
    QVERIFY(reference->text().contains(QStringLiteral("class Model")));
    QCOMPARE(w.currentTurn(), 0);

    QTest::keyClick(table, Qt::Key_Up); // keyboard navigation follows too
    QCOMPARE(table->currentIndex().row(), 0);
    QCOMPARE(tree->model()->rowCount(), 2);
}

void TestMainWindow::typingFiltersTheList()
{
    const QString file = makeStore(QStringLiteral("f.kwb"),
        { test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows")),
            test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("layernorm")) });
    MainWindow w;
    w.show();
    QVERIFY(w.openStore(file));
    auto* filter = w.findChild<QLineEdit*>(QStringLiteral("trajectoryFilter"));
    auto* table = w.findChild<QTableView*>(QStringLiteral("trajectoryView"));
    QTest::keyClicks(filter, QStringLiteral("layer"));
    QCOMPARE(table->model()->rowCount(), 1);
    QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("layernorm"));
    QTest::keyClicks(filter, QStringLiteral("xyz"));
    QCOMPARE(table->model()->rowCount(), 0);
    // An empty result of a filter is not an empty store: the workbench stays, not the welcome page.
    QVERIFY(w.findChild<WelcomePage*>(QStringLiteral("welcomePage"))->isHidden());
}

void TestMainWindow::badStoreKeepsTheOpenOne()
{
    const QString good = makeStore(QStringLiteral("good.kwb"), { test::forkedTrajectory(QStringLiteral("a")) });
    QFile bad(m_dir.filePath(QStringLiteral("bad.kwb")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("this is not a database, just text that someone renamed\n");
    bad.close();

    MainWindow w;
    w.show();
    QVERIFY(w.openStore(good));
    QVERIFY(!w.openStore(bad.fileName()));
    auto* banner = w.findChild<QLabel*>(QStringLiteral("errorBanner"));
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("bad.kwb is not a Kernel Workbench store")), qPrintable(banner->text()));
    QCOMPARE(w.store()->path(), good);
    QCOMPARE(w.findChild<QTableView*>(QStringLiteral("trajectoryView"))->model()->rowCount(), 1);
    QVERIFY(w.openStore(good)); // a good open clears the error
    QVERIFY(banner->isHidden());
}

void TestMainWindow::steppingUpdatesEveryPane()
{
    const QString file = makeStore(QStringLiteral("step.kwb"), { test::steppingTrajectory() });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    auto* transcript = w.findChild<TranscriptView*>(QStringLiteral("transcriptView"));
    auto* compiler = w.findChild<CompilerOutputView*>(QStringLiteral("compilerOutputView"));
    auto* verification = w.findChild<VerificationView*>(QStringLiteral("verificationView"));
    auto* timing = w.findChild<TimingView*>(QStringLiteral("timingView"));
    auto* tree = w.findChild<ForkTreeView*>(QStringLiteral("forkTree"));
    auto* plot = w.findChild<RewardPlot*>(QStringLiteral("rewardPlot"));
    auto* slider = w.findChild<QSlider*>(QStringLiteral("turnSlider"));
    auto* next = w.findChild<QAction*>(QStringLiteral("actionNextTurn"));
    const QString kernelPath = QStringLiteral("kernels/softmax.cu");

    QCOMPARE(w.navigator().branch().size(), 4);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(w.currentTurn(), i);
        QVERIFY(kernel->paneFor(kernelPath)->editor()->text().contains(QStringLiteral("// variant %1").arg(std::min(i, 2))));
        QVERIFY(transcript->toPlainText().contains(QStringLiteral("step %1 text").arg(i)));
        QVERIFY(compiler->log().contains(QStringLiteral("Used %1 registers").arg(32 + i)));
        QCOMPARE(compiler->resourcesView()->model()->index(0, 2).data().toInt(), 32 + i);
        QVERIFY(verification->summary().startsWith(QStringLiteral("Correct")));
        QVERIFY(timing->summary().contains(QStringLiteral("%1× vs eager").arg(QLocale().toString(2.0 * (i + 1), 'f', 2))));
        QCOMPARE(tree->model()->data(tree->currentIndex(), Qt::UserRole + 1).toInt(), i);
        QCOMPARE(plot->currentTurn(), i);
        QCOMPARE(slider->value(), i);
        QCOMPARE(next->isEnabled(), i < 3);
        next->trigger();
    }
    QCOMPARE(w.currentTurn(), 3); // the last turn: next does nothing
    slider->setValue(1);
    QCOMPARE(w.currentTurn(), 1);
    QVERIFY(transcript->toPlainText().contains(QStringLiteral("step 1 text")));
}

void TestMainWindow::shortcutsStepAndBranch()
{
    const QString file = makeStore(QStringLiteral("keys.kwb"), { test::steppingTrajectory() });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    kernel->paneFor(QStringLiteral("kernels/softmax.cu"))->editor()->setFocus(); // keys work from a read-only editor too
    QTest::keyClick(&w, Qt::Key_End, Qt::AltModifier);
    QCOMPARE(w.currentTurn(), 3);
    QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(w.currentTurn(), 2);
    QTest::keyClick(&w, Qt::Key_Home, Qt::AltModifier);
    QCOMPARE(w.currentTurn(), 0);
    QTest::keyClick(&w, Qt::Key_Down, Qt::AltModifier); // child branch: the fork from turn 2
    QCOMPARE(w.currentTurn(), 4);
    auto* compiler = w.findChild<CompilerOutputView*>(QStringLiteral("compilerOutputView"));
    QVERIFY(compiler->summary().startsWith(QStringLiteral("Compile failed")));
    QTest::keyClick(&w, Qt::Key_Up, Qt::AltModifier); // back to where it forked
    QCOMPARE(w.currentTurn(), 1);
    QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
    QCOMPARE(w.currentTurn(), 2); // on the main branch again
}

void TestMainWindow::clickingADiagnosticMovesTheCursor()
{
    const QString file = makeStore(QStringLiteral("diag.kwb"), { test::steppingTrajectory() });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    w.goToTurn(4);
    QVERIFY(w.showPane(QStringLiteral("compiler")));
    auto* compiler = w.findChild<CompilerOutputView*>(QStringLiteral("compilerOutputView"));
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    kernel->findChild<QTabWidget*>(QStringLiteral("kernelTabs"))->setCurrentIndex(1); // model_new.py
    QTableView* table = compiler->diagnosticsView();
    QTRY_VERIFY(table->isVisible());
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(0, 5)).center());
    QCOMPARE(kernel->currentPane()->path(), QStringLiteral("kernels/softmax.cu"));
    int line = -1, index = -1;
    kernel->currentEditor()->getCursorPosition(&line, &index);
    QCOMPARE(line, 3); // diagnostics count lines from 1
    QCOMPARE(kernel->currentEditor()->diagnosticLine(), 3);
    QVERIFY(CodeEditor::hasMarker(kernel->currentEditor(), 3, CodeEditor::ErrorSign));
    QVERIFY(kernel->currentEditor()->text(3).contains(QStringLiteral("blockIdy")));
}

void TestMainWindow::clickingARewardPointJumps()
{
    const QString file = makeStore(QStringLiteral("reward.kwb"), { test::steppingTrajectory() });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* plot = w.findChild<RewardPlot*>(QStringLiteral("rewardPlot"));
    QCoreApplication::processEvents();
    QTest::mouseClick(plot->plotArea(), Qt::LeftButton, {}, plot->pixelOf(3).toPoint());
    QCOMPARE(w.currentTurn(), 3);
    QCOMPARE(plot->currentTurn(), 3);
    QCOMPARE(w.findChild<QSlider*>(QStringLiteral("turnSlider"))->value(), 3);
}

void TestMainWindow::rooflineDockFollowsTheTurn()
{
    const QString file = makeStore(QStringLiteral("roofline.kwb"), { test::rooflineTrajectory() });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("rooflineDock"));
    QVERIFY(dock);
    QVERIFY(w.tabifiedDockWidgets(dock).contains(w.findChild<QDockWidget*>(QStringLiteral("rewardDock"))));
    auto* roofline = w.findChild<RooflineView*>(QStringLiteral("rooflineView"));
    QCOMPARE(roofline->mode(), BranchRoofline::Mode::Roofline);
    QCOMPARE(roofline->roofline().points().size(), 4);
    const QLocale locale;
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(roofline->currentTurn(), i);
        // Turns 1..4 reach 25, 50, 75 and 100 % of the memory roof.
        QVERIFY2(roofline->summary().contains(roofline::percentText(0.25 * (i + 1)) + QStringLiteral(" of roofline")),
            qPrintable(roofline->summary()));
        w.findChild<QAction*>(QStringLiteral("actionNextTurn"))->trigger();
    }
    w.goToTurn(4); // the fork: a branch of two evaluated turns and one that did not compile
    QCOMPARE(roofline->roofline().points().size(), 2);
    QVERIFY(roofline->summary().contains(QStringLiteral("verification")));

    w.goToTurn(0);
    dock->raise();
    QTRY_VERIFY(roofline->plotArea()->isVisible());
    QCoreApplication::processEvents(); // the queued replot lays out the axes
    QTest::mouseClick(roofline->plotArea(), Qt::LeftButton, {}, roofline->pixelOf(1).toPoint());
    QCOMPARE(w.currentTurn(), 1);
    QCOMPARE(roofline->currentTurn(), 1);
    QCOMPARE(w.findChild<RewardPlot*>(QStringLiteral("rewardPlot"))->currentTurn(), 1);
}

void TestMainWindow::diffAgainstAPickedTurn()
{
    const QString file = makeStore(QStringLiteral("diff.kwb"), { test::steppingTrajectory() });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    w.findChild<QAction*>(QStringLiteral("actionNextTurn"))->trigger();
    QTest::keyClick(&w, Qt::Key_D, Qt::ControlModifier); // diff against the previous turn
    QVERIFY(kernel->isDiffEnabled());
    FilePane* pane = kernel->paneFor(QStringLiteral("kernels/softmax.cu"));
    QVERIFY(pane->isDiffShown());
    QVERIFY(CodeEditor::hasMarker(pane->baseEditor(), 1, CodeEditor::ChangedSign)); // "// variant 0" -> "// variant 1"
    QVERIFY(CodeEditor::hasMarker(pane->editor(), 4, CodeEditor::AddedSign)); // __shared__
    QCOMPARE(pane->diff().addedLines(), 1);

    // Compare the fork (turn 4) with turn 3 of the main branch, picked from the tree.
    w.setDiffBase(3);
    QCOMPARE(kernel->base(), KernelView::Base::PickedTurn);
    w.goToTurn(4);
    QVERIFY(pane->isDiffShown());
    QVERIFY(pane->baseEditor()->text().contains(QStringLiteral("__syncthreads")));
    QVERIFY(pane->editor()->text().contains(QStringLiteral("blockIdy")));
    QVERIFY(CodeEditor::hasMarker(pane->editor(), 3, CodeEditor::ChangedSign)); // blockIdx -> blockIdy
    QVERIFY(CodeEditor::hasMarker(pane->baseEditor(), 6, CodeEditor::RemovedSign)); // __syncthreads is gone
    QVERIFY(!CodeEditor::hasMarker(pane->editor(), 0, CodeEditor::ChangedSign));

    // Back to the previous turn and then to the picked one again: the picked turn is still the base.
    auto* choice = kernel->findChild<QComboBox*>();
    QVERIFY(choice);
    const QString pickedText = pane->baseEditor()->text();
    choice->setCurrentIndex(0);
    QCOMPARE(kernel->base(), KernelView::Base::PreviousTurn);
    QVERIFY(pane->baseEditor()->text() != pickedText);
    choice->setCurrentIndex(1);
    QCOMPARE(kernel->base(), KernelView::Base::PickedTurn);
    QCOMPARE(pane->baseEditor()->text(), pickedText);
}

// The trace an evaluation captured (here the torch.profiler trace recorded on the H200) loads off the UI
// thread into the Timeline dock; a broken one says why and shows nothing as if it were whole.
void TestMainWindow::turnTraceShowsInTheTimeline()
{
    QFile fixture(QFINDTESTDATA("../trace/fixtures/kineto_mlp_h200.json"));
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    const QByteArray trace = fixture.readAll();
    const QByteArray broken = trace.left(trace.size() / 2);
    Trajectory t = test::steppingTrajectory(QStringLiteral("traced"));
    t.turns[1].eval->traceBlob = WorkspaceSnapshot::sha256Hex(trace);
    t.turns[2].eval->traceBlob = WorkspaceSnapshot::sha256Hex(broken);
    const QString file = m_dir.filePath(QStringLiteral("traced.kwb"));
    {
        QString error;
        auto store = Store::open(file, &error);
        QVERIFY2(store && store->addBlob(trace, &error) && store->addBlob(broken, &error) && store->addTrajectory(t, &error),
                 qPrintable(error));
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* panel = w.findChild<TracePanel*>(QStringLiteral("tracePanel"));
    QVERIFY(panel);
    QVERIFY(!panel->timeline()->model()); // turn 1 has no trace
    w.goToTurn(1);
    QTRY_VERIFY(!panel->isLoading());
    QVERIFY2(panel->timeline()->model(), qPrintable(panel->status()));
    QCOMPARE(panel->timeline()->model()->eventCount(), size_t(466)); // the fixture's 464 X and 2 i events
    QVERIFY(panel->kernelTable()->rowCount() > 5);
    QVERIFY(panel->status().contains(QStringLiteral("events")));
    const QString exported = m_dir.filePath(QStringLiteral("exported.json"));
    QString error;
    QVERIFY2(panel->exportTo(exported, &error), qPrintable(error));
    QFile out(exported);
    QVERIFY(out.open(QIODevice::ReadOnly));
    QCOMPARE(out.readAll(), trace);

    w.goToTurn(2);
    QTRY_VERIFY(!panel->isLoading());
    QVERIFY(!panel->timeline()->model());
    QVERIFY2(panel->status().contains(QStringLiteral("is not a complete Chrome trace")), qPrintable(panel->status()));
    QCOMPARE(panel->kernelTable()->rowCount(), 0);
}

// "Profile kernel with Nsight Compute" on the timeline runs kwb-runner for the turn (here a stand-in that prints
// the H200's real result), stores the profile with its report, and the pane shows it; another turn compares.
void TestMainWindow::nsightComputeProfileIsKeptWithTheTurn()
{
    QFile result(QFINDTESTDATA("../../bench/h200/roofline/ncu-diag.json"));
    QVERIFY(result.open(QIODevice::ReadOnly));
    QJsonObject recorded = QJsonDocument::fromJson(result.readAll()).object();
    const QString report = m_dir.filePath(QStringLiteral("report.ncu-rep"));
    {
        QFile r(report);
        QVERIFY(r.open(QIODevice::WriteOnly));
        r.write("ncu report bytes");
    }
    QJsonObject ncu = recorded.value(QLatin1String("ncu")).toObject();
    ncu.insert(QLatin1String("report"), report);
    recorded.insert(QLatin1String("ncu"), ncu);
    const QString canned = m_dir.filePath(QStringLiteral("ncu-result.json"));
    {
        QFile c(canned);
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write(QJsonDocument(recorded).toJson());
    }
    const QString arguments = m_dir.filePath(QStringLiteral("runner-arguments.txt"));
    const QString runner = test::writeFakeRunner(m_dir.path(), QStringLiteral("kwb-runner-ncu.sh"),
        "printf '%s\\n' \"$@\" > " + test::shellQuoted(arguments) + "\ncat " + test::shellQuoted(canned) + "\n");

    const QString file = makeStore(QStringLiteral("ncu.kwb"), { test::steppingTrajectory(QStringLiteral("ncu")) });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* controller = w.findChild<NcuController*>();
    auto* view = w.findChild<NcuView*>(QStringLiteral("ncuView"));
    auto* panel = w.findChild<TracePanel*>(QStringLiteral("tracePanel"));
    QVERIFY(controller && view && panel);
    QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("ncuDock")));
    controller->setRunnerPath(runner);
    w.goToTurn(2);
    QVERIFY2(view->stateText().contains(QStringLiteral("No Nsight Compute profile")), qPrintable(view->stateText()));

    Q_EMIT panel->profileKernelRequested(QStringLiteral("(anonymous namespace)::row_scale_vec4_kernel(float const*, float4 const*, float4*, int)"));
    QVERIFY(controller->isProfiling());
    QVERIFY(view->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!controller->isProfiling(), 20000);
    QVERIFY2(w.lastError().isEmpty(), qPrintable(w.lastError()));
    QVERIFY(!view->isBusy());
    QVERIFY2(view->stateText().contains(QStringLiteral("1 kernel launch")), qPrintable(view->stateText()));
    QVERIFY2(view->kernelSelector()->currentText().contains(QStringLiteral("row_scale_vec4_kernel")),
        qPrintable(view->kernelSelector()->currentText()));
    QVERIFY(view->table()->model()->rowCount() >= 20);
    QFile args(arguments);
    QVERIFY(args.open(QIODevice::ReadOnly));
    const QStringList passed = QString::fromUtf8(args.readAll()).split(QLatin1Char('\n'));
    QCOMPARE(passed.at(passed.indexOf(QStringLiteral("--ncu")) + 1), QStringLiteral("^row_scale_vec4_kernel$"));

    // Kept with the turn: the profile and its report, read back by the store.
    QString error;
    const qint64 turnId = w.trajectory().turns.at(2).storeId;
    const auto stored = w.store()->ncuProfiles(turnId, &error);
    QVERIFY2(stored && stored->size() == 1, qPrintable(error));
    QCOMPARE(*w.store()->blob(stored->first().reportBlob, &error), QByteArray("ncu report bytes"));
    QCOMPARE(stored->first().kernels.size(), 1);

    // Another turn has none until it is profiled too; then each compares with the other.
    w.goToTurn(3);
    QVERIFY(view->stateText().contains(QStringLiteral("No Nsight Compute profile")));
    w.setDiffBase(2);
    QVERIFY(view->comparisonText().isEmpty()); // nothing of its own to compare yet
    Q_EMIT panel->profileKernelRequested(QStringLiteral("row_scale_vec4_kernel"));
    QTRY_VERIFY_WITH_TIMEOUT(!controller->isProfiling(), 20000);
    QVERIFY2(view->comparisonText().contains(QStringLiteral("Turn 3")), qPrintable(view->comparisonText()));
    QCOMPARE(w.store()->ncuProfiles(w.trajectory().turns.at(3).storeId, &error)->size(), 1);
}

// The agent in the window against a real HTTP server on 127.0.0.1: Continue adds the model's turns to the shown
// branch as they finish, Fork Here starts a new branch from an inner turn, Steer adds a human edit; the turns
// that were there stay as they were.
void TestMainWindow::agentContinuesForksAndSteers()
{
    test::LoopbackServer server;
    QVERIFY(server.listen());
    const auto writes = [](const QString& text, const QString& path, const QString& content) {
        Message m = test::assistant(text, {});
        m.toolCalls = { { QStringLiteral("call_w"), QStringLiteral("write_file"),
            QJsonObject { { QStringLiteral("path"), path }, { QStringLiteral("content"), content } } } };
        return test::ScriptedReply::reply(m);
    };
    server.enqueue(writes(QStringLiteral("I write the kernel."), QStringLiteral("kernels/agent.cu"), QStringLiteral("// v1\n")));
    server.enqueue(test::ScriptedReply::reply(test::assistant(QStringLiteral("Done: the kernel is written."), {})));
    {
        QSettings settings;
        agent::AgentSettings a;
        a.endpoint.baseUrl = server.baseUrl();
        a.endpoint.model = QStringLiteral("scripted-model");
        a.engine.evaluateAtEnd = false;
        a.engine.maxTurns = 4;
        a.environment.device = QStringLiteral("cpu");
        a.save(settings);
    }
    const QString file = makeStore(QStringLiteral("agent.kwb"), { test::steppingTrajectory(QStringLiteral("agent")) });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    const Trajectory before = w.trajectory();
    auto* controller = w.findChild<AgentController*>();
    QVERIFY(controller);
    auto* continueAction = w.findChild<QAction*>(QStringLiteral("actionContinue"));
    auto* stopAction = w.findChild<QAction*>(QStringLiteral("actionStop"));
    QVERIFY(continueAction->isEnabled() && !stopAction->isEnabled());

    // Continue from the end of the shown branch (turn 4 of 0-1-2-3).
    QSignalSpy finished(controller, &AgentController::runFinished);
    continueAction->trigger();
    QVERIFY(controller->isRunning());
    QVERIFY(stopAction->isEnabled() && continueAction->isEnabled()); // another branch may start meanwhile
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(w.trajectory().turns.size(), before.turns.size() + 2);
    const Turn& written = w.trajectory().turns.at(before.turns.size());
    QCOMPARE(written.parentUuid, before.turns.at(3).uuid);
    QCOMPARE(w.currentTurn(), before.turns.size() + 1); // the window follows the agent to its last turn
    // The list counts the new turns too, not the numbers it had when the store opened.
    auto* list = w.findChild<QTableView*>(QStringLiteral("trajectoryView"));
    const QModelIndex turnsCell = list->model()->index(list->currentIndex().row(), int(TrajectoryColumn::Turns));
    QCOMPARE(turnsCell.data().toInt(), w.trajectory().turns.size());
    QString error;
    const auto stored = w.store()->turn(written.storeId, true, &error);
    QVERIFY2(stored, qPrintable(error));
    QCOMPARE(stored->workspace.content(QStringLiteral("kernels/agent.cu")), QByteArray("// v1\n"));
    QCOMPARE(stored->provenance.model, QStringLiteral("scripted-model"));
    QVERIFY(continueAction->isEnabled());

    // Two branches at once: Fork Here at turn 2 and at turn 1 while the first still streams (slowly).
    auto slow = test::ScriptedReply::reply(test::assistant(QStringLiteral("Another way, streamed slowly."), {}));
    slow.chunkDelayMs = 150;
    server.enqueue(slow);
    server.enqueue(test::ScriptedReply::reply(test::assistant(QStringLiteral("A third way."), {})));
    w.goToTurn(1);
    w.findChild<QAction*>(QStringLiteral("actionForkHere"))->trigger();
    w.goToTurn(0);
    QVERIFY(w.findChild<QAction*>(QStringLiteral("actionForkHere"))->isEnabled());
    w.findChild<QAction*>(QStringLiteral("actionForkHere"))->trigger();
    QCOMPARE(controller->runningCount(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 30000);
    QVERIFY(!controller->isRunning());
    QStringList forkParents;
    for (int i = before.turns.size() + 2; i < w.trajectory().turns.size(); ++i)
        forkParents << w.trajectory().turns.at(i).parentUuid;
    forkParents.sort();
    QStringList expectedParents { before.turns.at(0).uuid, before.turns.at(1).uuid };
    expectedParents.sort();
    QCOMPARE(forkParents, expectedParents);

    // Turns are numbered by their place on their branch, as the toolbar shows them: a fork's first turn after turn 1
    // is turn 2, whatever its place in the store.
    const int forkTurn = before.turns.size() + 2;
    QCOMPARE(w.turnNumber(forkTurn), w.trajectory().turns.at(forkTurn).parentUuid == before.turns.at(0).uuid ? 2 : 3);

    // Steer after turn 3: a message and an edited file become a human-edit turn; nothing runs.
    w.goToTurn(2);
    QTimer::singleShot(0, &w, [] {
        auto* dialog = qobject_cast<SteerDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Steer after turn 3"));
        dialog->messageEdit()->setPlainText(QStringLiteral("Use shared memory."));
        dialog->fileChooser()->setCurrentText(QStringLiteral("kernels/softmax.cu"));
        dialog->fileEdit()->setPlainText(QStringLiteral("// edited by hand\n"));
        dialog->accept();
    });
    w.findChild<QAction*>(QStringLiteral("actionSteer"))->trigger();
    const Turn& steered = w.trajectory().turns.constLast();
    QCOMPARE(steered.parentUuid, before.turns.at(2).uuid);
    QCOMPARE(steered.provenance.kind, Provenance::Kind::HumanEdit);
    const auto steeredFull = w.store()->turn(steered.storeId, true, &error);
    QCOMPARE(steeredFull->workspace.content(QStringLiteral("kernels/softmax.cu")), QByteArray("// edited by hand\n"));
    QVERIFY(steeredFull->messages.constFirst().text.contains(QStringLiteral("Use shared memory.")));

    // The turns that were there are unchanged.
    const auto again = w.store()->trajectory(before.storeId, Store::Depth::Headers, &error);
    for (int i = 0; i < before.turns.size(); ++i)
        QCOMPARE(again->turns.at(i), before.turns.at(i));
    QCOMPARE(server.completionRequests().size(), 4);
}

void TestMainWindow::missingBlobAndBadFilesStayInTheirPane()
{
    Trajectory t = test::steppingTrajectory(QStringLiteral("bad"));
    QByteArray huge;
    for (int i = 0; i < 50000; ++i)
        huge += "float v" + QByteArray::number(i) + ";\n";
    t.turns[1].workspace.setFile(QStringLiteral("kernels/table.cuh"), huge);
    t.turns[1].workspace.setFile(QStringLiteral("notes.txt"), QByteArrayLiteral("r\xe9sum\xe9 of the kernel\n"));
    const QString file = makeStore(QStringLiteral("badfiles.kwb"), { t });
    {
        QString error;
        auto store = Store::open(file, &error);
        QSqlQuery q(kwb::StoreTestAccess::database(*store));
        q.prepare(QStringLiteral("DELETE FROM blobs WHERE hash = ?"));
        q.addBindValue(t.turns.at(2).workspace.hash(QStringLiteral("kernels/softmax.cu")));
        QVERIFY(q.exec());
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* kernel = w.findChild<KernelView*>(QStringLiteral("kernelView"));
    w.goToPosition(1);
    QVERIFY(kernel->paneFor(QStringLiteral("notes.txt"))->notice().contains(QStringLiteral("not valid UTF-8")));
    QVERIFY(kernel->paneFor(QStringLiteral("kernels/table.cuh"))->editor()->isLarge());
    QVERIFY(!kernel->paneFor(QStringLiteral("kernels/table.cuh"))->notice().isEmpty());
    w.goToPosition(2);
    const QString notice = kernel->paneFor(QStringLiteral("kernels/softmax.cu"))->notice();
    QVERIFY2(notice.contains(QStringLiteral("missing")), qPrintable(notice));
    QVERIFY(kernel->paneFor(QStringLiteral("model_new.py"))->notice().isEmpty());
    // The rest of the turn is still shown and the window keeps working.
    QVERIFY(w.findChild<TranscriptView*>(QStringLiteral("transcriptView"))->toPlainText().contains(QStringLiteral("step 2 text")));
    QVERIFY(w.lastError().isEmpty());
    w.goToPosition(1);
    QVERIFY(kernel->paneFor(QStringLiteral("kernels/softmax.cu"))->notice().isEmpty());
}

void TestMainWindow::layoutAndStoreAreRemembered()
{
    const QString file = makeStore(QStringLiteral("remember.kwb"), { test::forkedTrajectory(QStringLiteral("r")) });
    QList<int> sizes;
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openStore(file));
        auto* code = w.findChild<QSplitter*>(QStringLiteral("codeSplitter"));
        code->setSizes({ 150, 700 });
        sizes = code->sizes();
        w.findChild<QDockWidget*>(QStringLiteral("timelineDock"))->hide();
        w.close();
    }
    QCOMPARE(QFileInfo(WindowSettings::lastStore()).fileName(), QStringLiteral("remember.kwb"));
    QCOMPARE(QFileInfo(WindowSettings::recentStores().first()).fileName(), QStringLiteral("remember.kwb"));
    MainWindow again;
    again.restoreSettings();
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(again.openStore(WindowSettings::lastStore()));
    QCOMPARE(again.findChild<QSplitter*>(QStringLiteral("codeSplitter"))->sizes(), sizes);
    QVERIFY(again.findChild<QDockWidget*>(QStringLiteral("timelineDock"))->isHidden());
}

void TestMainWindow::droppingAStoreOpensIt()
{
    const QString file = makeStore(QStringLiteral("dropped.kwb"), { test::forkedTrajectory(QStringLiteral("d")) });
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(file) });
    QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    QVERIFY(w.store());
    QCOMPARE(w.store()->path(), file);
    QCOMPARE(w.findChild<QTableView*>(QStringLiteral("trajectoryView"))->model()->rowCount(), 1);
}

void TestMainWindow::shortcutsDialogListsTheKeys()
{
    MainWindow w;
    w.show();
    auto* next = w.findChild<QAction*>(QStringLiteral("actionNextTurn"));
    QCOMPARE(next->shortcut(), QKeySequence(Qt::ALT | Qt::Key_Right));
    // A tooltip names the key only where there is one ("… ()" was the empty key), and menus show it in the status bar.
    for (const QAction* a : w.findChildren<QAction*>()) {
        QVERIFY2(!a->toolTip().endsWith(QStringLiteral("()")), qPrintable(a->objectName() + QStringLiteral(": ") + a->toolTip()));
        if (a->toolTip() != a->text().remove(QLatin1Char('&')).remove(QStringLiteral("…")) && !a->statusTip().isEmpty())
            QVERIFY(a->toolTip().startsWith(a->statusTip()));
    }
    QVERIFY(w.findChild<QAction*>(QStringLiteral("actionImportFolder"))->statusTip().contains(QStringLiteral("folder of trajectory files")));
    bool seen = false;
    QTimer::singleShot(0, &w, [&seen] {
        auto* dialog = qobject_cast<ShortcutsDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        QTableWidget* table = dialog->table();
        for (int row = 0; row < table->rowCount(); ++row) {
            if (table->item(row, 1)->text() == QStringLiteral("Next Turn"))
                seen = table->item(row, 2)->text() == QKeySequence(Qt::ALT | Qt::Key_Right).toString(QKeySequence::NativeText);
        }
        seen = seen && table->rowCount() >= 10;
        dialog->reject();
    });
    w.findChild<QAction*>(QStringLiteral("actionShortcuts"))->trigger();
    QVERIFY(seen);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
