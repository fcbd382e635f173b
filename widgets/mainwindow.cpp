// The window: its panes, docks, menus and the wiring between the store, the controllers and the panes. Over 500
// lines because it builds every pane and dock and wires them; it changes the current turn, and the controllers and
// panes follow CurrentTurn.
#include "mainwindow.h"
#include "toast.h"

#include "agentcontroller.h"
#include "compileroutputview.h"
#include "disassemblycontroller.h"
#include "disassemblyview.h"
#include "curationcontroller.h"
#include "forktreeview.h"
#include "importexportcontroller.h"
#include "kernelcontroller.h"
#include "kernelview.h"
#include "ncucontroller.h"
#include "ncuview.h"
#include "model/roofline.h"
#include "models/branchoutlinemodel.h"
#include "models/currentturn.h"
#include "models/trajectorylistmodel.h"
#include "referenceview.h"
#include "rewardplot.h"
#include "rooflineview.h"
#include "runsummaryview.h"
#include "shortcutsdialog.h"
#include "teachingcontroller.h"
#include "teachingpanel.h"
#include "tracecontroller.h"
#include "store/store.h"
#include "timingview.h"
#include "tracepanel.h"
#include "trajectorypanel.h"
#include "transcriptview.h"
#include "verificationview.h"
#include "welcomepage.h"
#include "windowsettings.h"
#include "workbenchactions.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QScreen>
#include <QSignalBlocker>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_current(new CurrentTurn(&m_trajectory, &m_graph, &m_navigator, this))
    , m_actions(new WorkbenchActions(this))
    , m_outline(new BranchOutlineModel(this))
    , m_trajectories(new TrajectoryPanel(this))
    , m_centre(new QStackedWidget(this))
    , m_welcome(new WelcomePage(this))
    , m_reference(new ReferenceView(this))
    , m_kernel(new KernelView(this))
    , m_bottomTabs(new QTabWidget(this))
    , m_compiler(new CompilerOutputView(this))
    , m_transcript(new TranscriptView(this))
    , m_verification(new VerificationView(this))
    , m_timing(new TimingView(this))
    , m_trace(new TracePanel(this))
    , m_ncu(new NcuView(this))
    , m_ncuController(new NcuController(m_current, m_ncu, m_trace, this))
    , m_traceController(new TraceController(m_current, m_trace, this))
    , m_disassembly(new DisassemblyView(this))
    , m_disassemblyController(new DisassemblyController(m_disassembly, m_kernel, this))
    , m_kernelController(new KernelController(m_current, m_kernel, m_transcript, m_disassemblyController, this))
    , m_forkTree(new ForkTreeView(this))
    , m_reward(new RewardPlot(this))
    , m_roofline(new RooflineView(this))
    , m_summary(new RunSummaryView(this))
    , m_teaching(new TeachingPanel(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_position(new QLabel(this))
    , m_errorBanner(new QLabel(this))
    , m_guide(new QFrame(this))
    , m_codeSplitter(new QSplitter(Qt::Horizontal, this))
    , m_centreSplitter(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kernel Workbench"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    m_forkTree->setOutline(m_outline);
    setCentralWidget(buildCentre());
    buildDocks();
    buildToolBar();
    QList<QAction*> toggles;
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        toggles << dock->toggleViewAction();
    m_actions->buildMenus(menuBar(), toggles);
    connectActions();
    resize(1600, 1000);
    resizeDocks(findChildren<QDockWidget*>(QStringLiteral("trajectoriesDock")), { 400 }, Qt::Horizontal);
    resizeDocks(findChildren<QDockWidget*>(QStringLiteral("forkTreeDock")), { 380 }, Qt::Horizontal);
    // The bottom area (timeline, timing, Nsight Compute) gets about a third of the height: the GPU rows and the
    // event's fields readable without dragging.
    resizeDocks(findChildren<QDockWidget*>(QStringLiteral("timingDock")), { 330 }, Qt::Vertical);
    updateNavigation();
    updateCentre();
}

MainWindow::~MainWindow()
{
    // Models hold pointers into the store and the trajectory: detach them before those go.
    m_trajectories->setStore(nullptr);
    m_summary->setStore(nullptr);
    m_outline->setTrajectory(nullptr, nullptr);
}

QWidget* MainWindow::buildCentre()
{
    m_errorBanner->setObjectName(QStringLiteral("errorBanner"));
    m_errorBanner->setWordWrap(true);
    m_errorBanner->setStyleSheet(QStringLiteral("QLabel { background: #fdecea; color: #611a15; padding: 6px; }"));
    m_errorBanner->hide();
    auto* errorRow = new QWidget(this);
    errorRow->setObjectName(QStringLiteral("errorRow"));
    auto* errorLayout = new QHBoxLayout(errorRow);
    errorLayout->setContentsMargins(0, 0, 0, 0);
    errorLayout->setSpacing(0);
    errorLayout->addWidget(m_errorBanner, 1);
    auto* closeError = new QToolButton(errorRow);
    closeError->setObjectName(QStringLiteral("closeErrorButton"));
    closeError->setAutoRaise(true);
    closeError->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    closeError->setToolTip(tr("Dismiss this message"));
    closeError->setStyleSheet(QStringLiteral("QToolButton { background: #fdecea; }"));
    errorLayout->addWidget(closeError, 0, Qt::AlignTop);
    connect(closeError, &QToolButton::clicked, this, &MainWindow::clearError);
    errorRow->hide();

    // The first start's card: what the window shows and the three moves that matter, dismissed once read.
    m_guide->setObjectName(QStringLiteral("guideCard"));
    m_guide->setFrameShape(QFrame::StyledPanel);
    m_guide->setStyleSheet(QStringLiteral("QFrame#guideCard { background: #e8f1fb; border: 1px solid #90b8e0; }"));
    auto* guideLayout = new QHBoxLayout(m_guide);
    guideLayout->setContentsMargins(10, 6, 6, 6);
    auto* guideText = new QLabel(m_guide);
    guideText->setObjectName(QStringLiteral("guideText"));
    guideText->setWordWrap(true);
    guideText->setTextFormat(Qt::RichText);
    guideText->setText(tr("<b>A case study recorded on an H200</b>: an agent's turns from the PyTorch reference (left) "
                          "to its CUDA (right), with what each turn measured, opened at the turn that taught the most. "
                          "<b>Step</b> through turns with Alt+← and Alt+→ or the slider; <b>Fork</b> (Agent → Fork Here, "
                          "Ctrl+Shift+K) lets the agent go on from this turn on a branch of its own; <b>Steer</b> (Agent → "
                          "Steer, Ctrl+Shift+E) edits the code or adds a message first. The Lesson pane says what each turn shows."));
    guideLayout->addWidget(guideText, 1);
    auto* gotIt = new QToolButton(m_guide);
    gotIt->setObjectName(QStringLiteral("guideDismiss"));
    gotIt->setText(tr("Got it"));
    guideLayout->addWidget(gotIt, 0, Qt::AlignVCenter);
    connect(gotIt, &QToolButton::clicked, m_guide, &QWidget::hide);
    m_guide->hide();

    m_codeSplitter->setObjectName(QStringLiteral("codeSplitter"));
    m_codeSplitter->addWidget(m_reference);
    m_codeSplitter->addWidget(m_kernel);
    m_codeSplitter->addWidget(m_disassembly); // View → Disassembly shows it
    m_codeSplitter->setSizes({ 330, 670, 0 });
    m_disassembly->hide();
    m_bottomTabs->setObjectName(QStringLiteral("bottomTabs"));
    m_bottomTabs->setDocumentMode(true);
    m_bottomTabs->addTab(m_compiler, tr("Compiler Output"));
    m_bottomTabs->addTab(m_transcript, tr("Transcript"));
    m_bottomTabs->addTab(m_verification, tr("Verification"));
    m_centreSplitter->setObjectName(QStringLiteral("centreSplitter"));
    m_centreSplitter->addWidget(m_codeSplitter);
    m_centreSplitter->addWidget(m_bottomTabs);
    m_centreSplitter->setSizes({ 560, 340 });
    m_centreSplitter->setChildrenCollapsible(false);
    m_centre->addWidget(m_welcome);
    m_centre->addWidget(m_centreSplitter);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(errorRow);
    layout->addWidget(m_guide);
    layout->addWidget(m_centre, 1);
    return central;
}

void MainWindow::buildDocks()
{
    const auto dock = [this](const QString& name, const QString& title, QWidget* body, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(body);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetFloatable);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget* list = dock(QStringLiteral("trajectoriesDock"), tr("Trajectories"), m_trajectories, Qt::LeftDockWidgetArea);
    tabifyDockWidget(list, dock(QStringLiteral("summaryDock"), tr("Run Summary"), m_summary, Qt::LeftDockWidgetArea));
    QDockWidget* lesson = dock(QStringLiteral("teachingDock"), tr("Lesson"), m_teaching, Qt::LeftDockWidgetArea);
    tabifyDockWidget(list, lesson);
    lesson->hide(); // Teaching Mode shows it
    list->raise();
    dock(QStringLiteral("forkTreeDock"), tr("Fork Tree"), m_forkTree, Qt::RightDockWidgetArea);
    QDockWidget* reward = dock(QStringLiteral("rewardDock"), tr("Reward Curve"), m_reward, Qt::RightDockWidgetArea);
    tabifyDockWidget(reward, dock(QStringLiteral("rooflineDock"), tr("Roofline"), m_roofline, Qt::RightDockWidgetArea));
    reward->raise();
    dock(QStringLiteral("timingDock"), tr("Timing"), m_timing, Qt::BottomDockWidgetArea);
    QDockWidget* timeline = dock(QStringLiteral("timelineDock"), tr("Timeline"), m_trace, Qt::BottomDockWidgetArea);
    tabifyDockWidget(findChild<QDockWidget*>(QStringLiteral("timingDock")), timeline);
    tabifyDockWidget(timeline, dock(QStringLiteral("ncuDock"), tr("Nsight Compute"), m_ncu, Qt::BottomDockWidgetArea));
    timeline->raise(); // the timeline in front, not an empty Nsight Compute tab
    // The bottom area spans the whole width: a timeline wants width more than the side panes want height.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
}

void MainWindow::buildToolBar()
{
    QToolBar* bar = addToolBar(tr("Navigation"));
    bar->setObjectName(QStringLiteral("navigationBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    const auto icon = [this](QStyle::StandardPixmap p) { return style()->standardIcon(p); };
    m_actions->firstTurn->setIcon(icon(QStyle::SP_MediaSkipBackward));
    m_actions->previousTurn->setIcon(icon(QStyle::SP_MediaSeekBackward));
    m_actions->nextTurn->setIcon(icon(QStyle::SP_MediaSeekForward));
    m_actions->lastTurn->setIcon(icon(QStyle::SP_MediaSkipForward));
    m_actions->parentBranch->setIcon(icon(QStyle::SP_ArrowUp));
    m_actions->childBranch->setIcon(icon(QStyle::SP_ArrowDown));
    bar->addAction(m_actions->firstTurn);
    bar->addAction(m_actions->previousTurn);
    m_slider->setObjectName(QStringLiteral("turnSlider"));
    m_slider->setMinimumWidth(240);
    m_slider->setPageStep(5);
    m_slider->setToolTip(tr("Turn along the current branch"));
    bar->addWidget(m_slider);
    bar->addAction(m_actions->nextTurn);
    bar->addAction(m_actions->lastTurn);
    for (QAction* a : { m_actions->firstTurn, m_actions->previousTurn, m_actions->nextTurn, m_actions->lastTurn }) {
        if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }
    bar->addSeparator();
    bar->addAction(m_actions->parentBranch);
    bar->addAction(m_actions->childBranch);
    bar->addSeparator();
    bar->addAction(m_actions->toggleDiff);
    m_position->setObjectName(QStringLiteral("turnPosition"));
    m_position->setContentsMargins(12, 0, 12, 0);
    bar->addWidget(m_position);
}

void MainWindow::connectActions()
{
    connect(m_actions->openStore, &QAction::triggered, this, &MainWindow::chooseStore);
    connect(m_actions->quit, &QAction::triggered, qApp, &QApplication::closeAllWindows);
    connect(m_actions->recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    connect(m_actions->nextTurn, &QAction::triggered, this, [this] { step(&TurnNavigator::next); });
    connect(m_actions->previousTurn, &QAction::triggered, this, [this] { step(&TurnNavigator::previous); });
    connect(m_actions->firstTurn, &QAction::triggered, this, [this] { step(&TurnNavigator::first); });
    connect(m_actions->lastTurn, &QAction::triggered, this, [this] { step(&TurnNavigator::last); });
    connect(m_actions->parentBranch, &QAction::triggered, this, [this] { step(&TurnNavigator::parentBranch); });
    connect(m_actions->childBranch, &QAction::triggered, this, [this] { step(&TurnNavigator::childBranch); });
    connect(m_actions->goToTurn, &QAction::triggered, this, &MainWindow::chooseTurnNumber);
    connect(m_actions->toggleDiff, &QAction::toggled, m_kernel, &KernelView::setDiffEnabled);
    connect(m_kernel, &KernelView::diffToggled, m_actions->toggleDiff, &QAction::setChecked);
    connect(m_actions->compareWithCurrent, &QAction::triggered, this, [this] { setDiffBase(currentTurn()); });
    connect(m_actions->find, &QAction::triggered, m_kernel, &KernelView::focusFind);
    connect(m_actions->unifiedDiff, &QAction::toggled, m_kernel, &KernelView::setUnified);
    connect(m_kernel, &KernelView::unifiedToggled, m_actions->unifiedDiff, &QAction::setChecked);
    connect(m_actions->nextChange, &QAction::triggered, m_kernel, &KernelView::goToNextChange);
    connect(m_actions->previousChange, &QAction::triggered, m_kernel, &KernelView::goToPreviousChange);
    connect(m_actions->focusTrajectories, &QAction::triggered, this, [this] { m_trajectories->view()->setFocus(); });
    connect(m_actions->shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    connect(m_actions->about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Kernel Workbench"),
            tr("<p><b>Kernel Workbench %1</b></p><p>A workbench for agent trajectories that write and optimize CUDA "
               "kernels: step through turns, compare kernels, read compiler output, verification and rewards.</p>")
                .arg(QApplication::applicationVersion()));
    });
    connect(m_actions->languages, &QActionGroup::triggered, this, [this](QAction* a) {
        WindowSettings::setLanguage(a->data().toString());
        statusBar()->showMessage(tr("The language changes the next time Kernel Workbench starts."), 8000);
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) { goToPosition(value); });
    connect(m_trajectories, &TrajectoryPanel::trajectorySelected, this, &MainWindow::showTrajectory);
    connect(m_trajectories, &TrajectoryPanel::errorOccurred, this, &MainWindow::showError);
    connect(m_trajectories, &TrajectoryPanel::countChanged, this, [this](int rows) {
        statusBar()->showMessage(tr("%n trajectories", nullptr, rows));
        m_summary->setFilter(m_trajectories->model()->filter());
    });
    connect(m_welcome, &WelcomePage::openStoreRequested, this, &MainWindow::chooseStore);
    connect(m_welcome, &WelcomePage::openCaseStudiesRequested, m_actions->openCaseStudies, &QAction::trigger);
    connect(m_forkTree, &ForkTreeView::turnActivated, this, &MainWindow::goToTurn);
    connect(m_forkTree, &ForkTreeView::compareRequested, this, &MainWindow::setDiffBase);
    connect(m_reward, &RewardPlot::turnClicked, this, &MainWindow::goToTurn);
    connect(m_roofline, &RooflineView::turnClicked, this, &MainWindow::goToTurn);
    connect(m_ncuController, &NcuController::errorOccurred, this, &MainWindow::showError);
    connect(m_disassemblyController, &DisassemblyController::errorOccurred, this, &MainWindow::showError);
    connect(m_actions->showDisassembly, &QAction::toggled, this, [this](bool on) {
        m_disassembly->setVisible(on);
        if (on) { // room for the listing: the reference narrows, the CUDA and its SASS share the rest
            const QList<int> sizes = m_codeSplitter->sizes();
            const int width = std::max(m_codeSplitter->width(), sizes.value(0) + sizes.value(1) + sizes.value(2));
            m_codeSplitter->setSizes({ width * 18 / 100, width * 37 / 100, width * 45 / 100 });
        }
        m_disassemblyController->setActive(on);
    });
    // The panes that show the current turn as it is follow it; the Kernel, Transcript, Timeline and Nsight Compute
    // panes follow it and the compared turn through their controllers.
    connect(m_current, &CurrentTurn::turnChanged, this, [this](int turn) {
        const EvalResult* eval = m_current->eval();
        m_compiler->setEval(eval);
        m_verification->setEval(eval);
        m_timing->setEval(eval);
        m_forkTree->setCurrentTurn(turn);
        if (m_navigator.leaf() != m_plottedLeaf) {
            m_plottedLeaf = m_navigator.leaf();
            m_reward->setBranches(&m_trajectory, &m_graph, m_navigator.branch(), m_navigator.otherBranches());
            m_roofline->setBranch(&m_trajectory, &m_graph, m_navigator.branch());
        }
        m_reward->setCurrentTurn(turn);
        m_roofline->setCurrentTurn(turn);
    });
    connect(m_current, &CurrentTurn::trajectoryChanged, this, &MainWindow::trajectoryShown);
    connect(m_current, &CurrentTurn::turnChanged, this, &MainWindow::turnShown);
    m_agent = new AgentController(m_current, m_actions, m_transcript, this);
    connect(m_agent, &AgentController::errorOccurred, this, &MainWindow::showError);
    connect(m_agent, &AgentController::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_agent, &AgentController::turnStored, this, &MainWindow::reloadTrajectory);
    connect(m_agent, &AgentController::runFinished, this, [this](bool ok) {
        if (ok)
            clearError(); // an earlier failure is no longer the news
    });
    m_curation = new CurationController(m_current, m_actions, m_trajectories, this);
    connect(m_curation, &CurationController::errorOccurred, this, &MainWindow::showError);
    connect(m_curation, &CurationController::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_curation, &CurationController::edited, this, &MainWindow::refreshAnnotations);
    m_toast = new Toast(this);
    connect(m_curation, &CurationController::confirmed, this, [this](const QString& sentence) { m_toast->showMessage(sentence, tr("Undo")); });
    connect(m_toast, &Toast::actionTriggered, m_actions->undo, &QAction::trigger);
    m_transfer = new ImportExportController(this);
    connect(m_actions->importFile, &QAction::triggered, m_transfer, &ImportExportController::chooseImportFile);
    connect(m_actions->importFolder, &QAction::triggered, m_transfer, &ImportExportController::chooseImportFolder);
    connect(m_actions->exportInView, &QAction::triggered, this, [this] { m_transfer->chooseExport(m_trajectories->model()->filter()); });
    connect(m_transfer, &ImportExportController::imported, this, [this] {
        m_trajectories->refresh();
        m_summary->setFilter(m_trajectories->model()->filter());
        updateCentre();
    });
    connect(m_transfer, &ImportExportController::finished, this, [this](bool ok, const QString& message) {
        if (ok) {
            clearError();
            statusBar()->showMessage(message, 10000);
        } else {
            showError(message);
        }
    });
    m_teachingController = new TeachingController(m_current, this, m_actions, m_teaching, m_trace, this);
    connect(m_teachingController, &TeachingController::errorOccurred, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_forkTree, &ForkTreeView::contextMenuFilled, m_curation, &CurationController::addMenuEntries, Qt::DirectConnection);
    connect(m_ncuController, &NcuController::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    connect(m_ncuController, &NcuController::profiled, m_disassemblyController, &DisassemblyController::refreshCounters);
    connect(m_ncuController, &NcuController::profiled, this, [this] {
        statusBar()->showMessage(tr("Nsight Compute profile stored with the turn."), 6000);
        findChild<QDockWidget*>(QStringLiteral("ncuDock"))->raise();
    });
    connect(m_compiler, &CompilerOutputView::diagnosticActivated, this,
        [this](const QString& file, int line, int column, Diagnostic::Severity severity) {
            if (!m_kernel->openLocation(file, line, column, severity))
                statusBar()->showMessage(tr("%1 is not a file of this turn's workspace.").arg(file), 6000);
        });
}

void MainWindow::chooseStore()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Store"), QFileInfo(WindowSettings::lastStore()).path(),
        tr("Kernel Workbench stores (*.kwb);;All files (*)"));
    if (!path.isEmpty())
        openStore(path);
}

void MainWindow::fillRecentMenu()
{
    QMenu* menu = m_actions->recentMenu;
    menu->clear();
    const QStringList recent = WindowSettings::recentStores();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        QAction* a = menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
            [this, path] { openStore(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    if (recent.isEmpty())
        menu->addAction(tr("No recent stores"))->setEnabled(false);
}

bool MainWindow::openStore(const QString& path)
{
    QString error;
    auto store = Store::open(path, &error, Store::OpenMode::CreateIfMissing);
    if (!store) {
        showError(tr("%1 Choose another store with File → Open Store.").arg(error));
        if (m_remembersStores)
            WindowSettings::removeRecentStore(path);
        return false;
    }
    clearError();
    m_agent->stop(); // its runs write to the store being closed; they stop at once, keeping what they stored
    showTrajectory(0);
    m_trajectories->setStore(nullptr);
    m_summary->setStore(nullptr);
    m_ncuController->setStore(nullptr);
    m_disassemblyController->setStore(nullptr);
    m_current->setStore(nullptr);
    m_transfer->cancel(); // an import into the store being closed is rolled back
    m_transfer->setStorePath(path);
    m_store = std::move(store);
    m_current->setStore(m_store.get());
    m_ncuController->setStore(m_store.get());
    m_disassemblyController->setStore(m_store.get());
    m_trajectories->setStore(m_store.get());
    m_summary->setStore(m_store.get());
    m_welcome->setStorePath(path);
    if (m_remembersStores)
        WindowSettings::addRecentStore(path);
    setWindowTitle(tr("%1 — Kernel Workbench").arg(QFileInfo(path).fileName()));
    updateCentre();
    Q_EMIT storeOpened(path);
    selectTrajectoryRow(0); // something to look at at once, not empty panes
    return true;
}

QString MainWindow::lastError() const
{
    return m_errorBanner->isHidden() ? QString() : m_errorBanner->text();
}

void MainWindow::showError(const QString& message)
{
    m_errorBanner->setText(message);
    m_errorBanner->show();
    m_errorBanner->parentWidget()->show();
}

void MainWindow::clearError()
{
    m_errorBanner->clear();
    m_errorBanner->hide();
    m_errorBanner->parentWidget()->hide();
}

bool MainWindow::selectTrajectory(qint64 id)
{
    return m_trajectories->selectTrajectory(id);
}

bool MainWindow::selectTrajectoryRow(int row)
{
    return m_trajectories->selectRow(row);
}

bool MainWindow::selectTrajectoryByUuid(const QString& uuid)
{
    QString error;
    const auto id = m_store ? m_store->trajectoryId(uuid, &error) : std::nullopt;
    return id && *id > 0 && selectTrajectory(*id); // one indexed lookup, not a walk over every row
}

void MainWindow::showTrajectory(qint64 id)
{
    m_outline->setTrajectory(nullptr, nullptr);
    m_trajectory = Trajectory();
    m_graph = TurnGraph();
    m_navigator.setGraph(nullptr);
    m_plottedLeaf = -1;
    m_current->setComparedTurn(-1);
    m_kernel->clearPickedBase();
    if (m_store && id > 0) {
        QString error;
        auto t = m_store->trajectory(id, Store::Depth::Headers, &error);
        if (!t)
            showError(tr("%1 The rest of the store can still be browsed.").arg(error));
        else
            m_trajectory = std::move(*t);
    }
    m_graph = TurnGraph(m_trajectory);
    m_navigator.setGraph(&m_graph);
    m_outline->setTrajectory(&m_trajectory, &m_graph);
    m_reference->setSource(m_trajectory.task.source);
    showFloor();
    m_current->announceTrajectory();
    showTurn();
    updateCentre();
}

void MainWindow::reloadTrajectory(qint64 trajectoryId, const QString& goToUuid)
{
    m_trajectories->refresh(); // the list's turn and branch counts, status and best figures include the new turn
    if (trajectoryId != m_trajectory.storeId)
        return; // the agent works on a trajectory that is not shown; it is read when it is selected
    showTrajectory(m_trajectory.storeId);
    for (int i = 0; i < m_trajectory.turns.size(); ++i) {
        if (m_trajectory.turns.at(i).uuid == goToUuid) {
            goToTurn(i);
            return;
        }
    }
}

void MainWindow::refreshAnnotations(qint64 trajectoryId)
{
    m_trajectories->refresh();
    if (!m_store || m_trajectory.storeId <= 0 || (trajectoryId != 0 && trajectoryId != m_trajectory.storeId))
        return;
    QString error;
    const auto fresh = m_store->trajectory(m_trajectory.storeId, Store::Depth::Headers, &error);
    if (!fresh) {
        showError(tr("%1 The marks shown may be out of date.").arg(error));
        return;
    }
    m_trajectory.labels = fresh->labels;
    m_trajectory.annotations = fresh->annotations;
    for (Turn& turn : m_trajectory.turns) {
        const auto same = std::find_if(fresh->turns.cbegin(), fresh->turns.cend(), [&](const Turn& t) { return t.storeId == turn.storeId; });
        if (same != fresh->turns.cend())
            turn.annotations = same->annotations;
    }
    m_outline->refreshBadges();
    m_current->announceTrajectory(); // the Lesson pane reads the marks again
}

// The task's floor beside its source, with the roofline time on the machine that timed the latest evaluation.
void MainWindow::showFloor()
{
    const EvalResult* latest = nullptr;
    for (const Turn& turn : m_trajectory.turns) {
        if (turn.eval && turn.eval->floor.isKnown() && (!latest || turn.eval->ceilings.isKnown() || !latest->ceilings.isKnown()))
            latest = &*turn.eval;
    }
    if (!latest) {
        m_reference->setFloor(WorkFloor(), Ceilings(), {}, {});
        return;
    }
    m_reference->setFloor(latest->floor, latest->ceilings, roofline::precision(*latest),
        latest->fingerprint.value(QLatin1String("gpu_name")).toString());
}

void MainWindow::goToTurn(int turn)
{
    if (turn < 0 || turn >= m_graph.size() || turn == m_navigator.current())
        return;
    m_navigator.setCurrent(turn);
    showTurn();
}

bool MainWindow::goToPosition(int position)
{
    if (!m_navigator.setPosition(position))
        return false;
    showTurn();
    return true;
}

void MainWindow::step(bool (TurnNavigator::*moveTo)())
{
    if ((m_navigator.*moveTo)())
        showTurn();
}

void MainWindow::setDiffBase(int turn)
{
    const int picked = turn < 0 || turn >= m_graph.size() ? -1 : turn;
    {
        const QSignalBlocker quiet(m_kernel); // one refresh below rather than one per changed control
        if (picked < 0) {
            m_kernel->clearPickedBase();
        } else {
            m_kernel->setPickedBase(turnLabel(picked));
            m_kernel->setDiffEnabled(true);
        }
    }
    m_actions->toggleDiff->setChecked(m_kernel->isDiffEnabled());
    // The panes that compare follow the compared turn themselves (KernelController, TraceController, NcuController).
    m_current->setComparedTurn(picked);
}

bool MainWindow::showPane(const QString& name)
{
    const QHash<QString, QWidget*> panes { { QStringLiteral("compiler"), m_compiler },
        { QStringLiteral("transcript"), m_transcript }, { QStringLiteral("verification"), m_verification } };
    if (QWidget* pane = panes.value(name)) {
        m_bottomTabs->setCurrentWidget(pane);
        return true;
    }
    if (name == QLatin1String("disassembly")) {
        m_actions->showDisassembly->setChecked(true);
        return true;
    }
    // A dock's pane: brought to the front of its tabs.
    const QHash<QString, QString> docks { { QStringLiteral("roofline"), QStringLiteral("rooflineDock") },
        { QStringLiteral("timing"), QStringLiteral("timingDock") }, { QStringLiteral("timeline"), QStringLiteral("timelineDock") } };
    auto* dock = findChild<QDockWidget*>(docks.value(name));
    if (!dock)
        return false;
    dock->show();
    dock->raise();
    return true;
}

int MainWindow::turnNumber(int turn) const
{
    return m_current->turnNumber(turn);
}

QString MainWindow::turnLabel(int turn) const
{
    return m_current->turnLabel(turn);
}

void MainWindow::showTurn()
{
    updateNavigation();
    m_current->announceTurn(); // every pane and controller that shows the turn follows CurrentTurn
}

void MainWindow::updateNavigation()
{
    const int position = m_navigator.position();
    const int length = int(m_navigator.branch().size());
    m_actions->previousTurn->setEnabled(position > 0);
    m_actions->firstTurn->setEnabled(position > 0);
    m_actions->nextTurn->setEnabled(position >= 0 && position + 1 < length);
    m_actions->lastTurn->setEnabled(position >= 0 && position + 1 < length);
    m_actions->parentBranch->setEnabled(m_navigator.canParentBranch());
    m_actions->childBranch->setEnabled(m_navigator.canChildBranch());
    m_actions->goToTurn->setEnabled(length > 0);
    m_actions->compareWithCurrent->setEnabled(position >= 0);
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, std::max(0, length - 1));
    m_slider->setValue(std::max(0, position));
    m_slider->setEnabled(length > 1);
    const int leaves = int(m_graph.leaves().size());
    m_position->setText(position < 0 ? QString()
                                     : tr("Turn %1 of %2 · %n branch(es)", nullptr, leaves).arg(position + 1).arg(length));
}

void MainWindow::updateCentre()
{
    const bool empty = !m_store
        || (m_trajectories->model()->rowCount() == 0 && m_trajectories->model()->filter().isEmpty());
    m_centre->setCurrentWidget(empty ? static_cast<QWidget*>(m_welcome) : m_centreSplitter);
    applyPendingSplitters();
}

void MainWindow::chooseTurnNumber()
{
    bool ok = false;
    const int length = int(m_navigator.branch().size());
    const int value = QInputDialog::getInt(this, tr("Go to Turn"), tr("Turn on this branch (1–%1):").arg(length),
        m_navigator.position() + 1, 1, std::max(1, length), 1, &ok);
    if (ok)
        goToPosition(value - 1);
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(m_actions->groups(), this);
    dialog.exec();
}

bool MainWindow::restoreSettings()
{
    QByteArray header;
    if (!WindowSettings::restoreLayout(this, &m_pendingSplitters, { m_codeSplitter, m_centreSplitter }, &header)) {
        fitToScreen();
        return false;
    }
    m_trajectories->restoreHeaderState(header);
    applyPendingSplitters();
    return true;
}

void MainWindow::fitToScreen()
{
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect room = screen->availableGeometry();
    resize(std::min(1600, room.width() * 96 / 100), std::min(1000, room.height() * 94 / 100));
    move(room.left() + (room.width() - frameGeometry().width()) / 2, room.top() + (room.height() - frameGeometry().height()) / 2);
}

void MainWindow::startTour()
{
    if (!m_store || !selectTrajectoryRow(0))
        return;
    m_actions->teachingMode->setChecked(true);
    goToTurn(TeachingPanel::keyTurn(m_trajectory));
    m_guide->show();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    applyPendingSplitters();
}

void MainWindow::applyPendingSplitters()
{
    if (m_pendingSplitters.isEmpty() || !isVisible() || m_centre->currentWidget() != m_centreSplitter)
        return;
    m_centreSplitter->setGeometry(m_centre->contentsRect()); // lays the splitters out at their real size first
    const QList<QSplitter*> splitters { m_codeSplitter, m_centreSplitter };
    for (int i = 0; i < m_pendingSplitters.size() && i < splitters.size(); ++i)
        splitters.at(i)->restoreState(m_pendingSplitters.at(i));
    m_pendingSplitters.clear();
}

void MainWindow::saveSettings() const
{
    WindowSettings::saveLayout(this, { m_codeSplitter, m_centreSplitter }, m_trajectories->saveHeaderState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString path = urls.first().toLocalFile();
    if (!QFileInfo(path).isFile()) {
        showError(tr("%1 is not a file. Drop a Kernel Workbench store (.kwb).").arg(path));
        return;
    }
    openStore(path);
}

} // namespace kwb
