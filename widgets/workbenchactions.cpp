#include "workbenchactions.h"

#include "windowsettings.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>

namespace kwb {

WorkbenchActions::WorkbenchActions(QObject* parent)
    : QObject(parent)
{
    openStore = make(QStringLiteral("actionOpenStore"), tr("&Open Store…"), QKeySequence::Open);
    importFile = make(QStringLiteral("actionImportFile"), tr("&Import File…"), QKeySequence(Qt::CTRL | Qt::Key_I));
    importFolder = make(QStringLiteral("actionImportFolder"), tr("Import F&older…"), {},
        tr("A KernelBench run, a CUDA Agent workspace, or a folder of trajectory files (ATIF, OpenAI chat, native), each file on its own"));
    exportInView = make(QStringLiteral("actionExport"), tr("&Export Trajectories in View…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    quit = make(QStringLiteral("actionQuit"), tr("&Quit"), QKeySequence::Quit);
    m_file = { openStore, importFile, importFolder, exportInView, quit };

    undo = make(QStringLiteral("actionUndo"), tr("&Undo"), QKeySequence::Undo);
    redo = make(QStringLiteral("actionRedo"), tr("&Redo"), QKeySequence::Redo);
    undo->setEnabled(false);
    redo->setEnabled(false);
    m_edit = { undo, redo };

    previousTurn = make(QStringLiteral("actionPreviousTurn"), tr("&Previous Turn"), QKeySequence(Qt::ALT | Qt::Key_Left),
        tr("Go to the turn before this one"));
    nextTurn = make(QStringLiteral("actionNextTurn"), tr("&Next Turn"), QKeySequence(Qt::ALT | Qt::Key_Right),
        tr("Go to the next turn of this branch"));
    firstTurn = make(QStringLiteral("actionFirstTurn"), tr("&First Turn"), QKeySequence(Qt::ALT | Qt::Key_Home),
        tr("Go to the first turn"));
    lastTurn = make(QStringLiteral("actionLastTurn"), tr("&Last Turn"), QKeySequence(Qt::ALT | Qt::Key_End),
        tr("Go to the last turn of this branch"));
    parentBranch = make(QStringLiteral("actionParentBranch"), tr("P&arent Branch"), QKeySequence(Qt::ALT | Qt::Key_Up),
        tr("Go back to the turn this branch forked from"));
    childBranch = make(QStringLiteral("actionChildBranch"), tr("&Child Branch"), QKeySequence(Qt::ALT | Qt::Key_Down),
        tr("Take the next fork at or below this turn"));
    goToTurn = make(QStringLiteral("actionGoToTurn"), tr("&Go to Turn…"), QKeySequence(Qt::CTRL | Qt::Key_G));
    previousLesson = make(QStringLiteral("actionPreviousLesson"), tr("Pre&vious Lesson"), QKeySequence(Qt::ALT | Qt::Key_PageUp),
        tr("Go to the lesson before this one (main branch first, then each fork)"));
    nextLesson = make(QStringLiteral("actionNextLesson"), tr("Ne&xt Lesson"), QKeySequence(Qt::ALT | Qt::Key_PageDown),
        tr("Go to the next lesson (main branch first, then each fork)"));
    m_go = { previousTurn, nextTurn, firstTurn, lastTurn, parentBranch, childBranch, goToTurn, previousLesson, nextLesson };

    toggleDiff = make(QStringLiteral("actionToggleDiff"), tr("&Diff Against Base"), QKeySequence(Qt::CTRL | Qt::Key_D),
        tr("Compare the kernel files side by side with the previous or a picked turn"));
    toggleDiff->setCheckable(true);
    compareWithCurrent = make(QStringLiteral("actionCompareWithCurrent"), tr("&Use This Turn as Diff Base"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), tr("Later turns are compared with this one"));
    unifiedDiff = make(QStringLiteral("actionUnifiedDiff"), tr("U&nified Diff"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D),
        tr("Show a diff as one column of removed and added lines instead of two sides"));
    unifiedDiff->setCheckable(true);
    showDisassembly = make(QStringLiteral("actionShowDisassembly"), tr("Disassembly (SASS/&PTX)"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A),
        tr("Show the code the GPU runs beside the kernel files, line by line"));
    showDisassembly->setCheckable(true);
    nextChange = make(QStringLiteral("actionNextChange"), tr("Ne&xt Change"), QKeySequence(Qt::Key_F7),
        tr("Go to the next changed block of the diff (then the next changed file)"));
    previousChange = make(QStringLiteral("actionPreviousChange"), tr("Pre&vious Change"), QKeySequence(Qt::SHIFT | Qt::Key_F7),
        tr("Go to the previous changed block of the diff"));
    find = make(QStringLiteral("actionFind"), tr("&Find in File…"), QKeySequence::Find);
    focusTrajectories = make(QStringLiteral("actionFocusTrajectories"), tr("Trajectory &List"),
        QKeySequence(Qt::CTRL | Qt::Key_L), tr("Move the keyboard focus to the trajectory list"));
    teachingMode = make(QStringLiteral("actionTeachingMode"), tr("&Teaching Mode"), QKeySequence(Qt::Key_F8),
        tr("Show each turn's lesson beside the code and what to look for in the timeline"));
    teachingMode->setCheckable(true);
    m_view = { toggleDiff, compareWithCurrent, unifiedDiff, showDisassembly, nextChange, previousChange, find, focusTrajectories, teachingMode };

    forkHere = make(QStringLiteral("actionForkHere"), tr("&Fork Here"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K),
        tr("Let the agent go on from this turn on a new branch; the turns up to here are shared"));
    steer = make(QStringLiteral("actionSteer"), tr("&Steer…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        tr("Edit this turn's code or tell the agent something; the edit becomes a new turn on a new branch"));
    continueAgent = make(QStringLiteral("actionContinue"), tr("&Continue"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return),
        tr("Let the agent go on at the end of this branch"));
    stopAgent = make(QStringLiteral("actionStop"), tr("S&top"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Period),
        tr("Stop the agent; the turns it finished stay"));
    agentSettings = make(QStringLiteral("actionAgentSettings"), tr("Agent S&ettings…"), {});
    m_agent = { forkHere, steer, continueAgent, stopAgent, agentSettings };

    accept = make(QStringLiteral("actionAccept"), tr("&Accept"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A),
        tr("Label it \"accept\": good enough to train on"));
    reject = make(QStringLiteral("actionReject"), tr("&Reject"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
        tr("Label it \"reject\": kept out of training data"));
    star = make(QStringLiteral("actionStar"), tr("&Star"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
        tr("Label it \"star\": worth coming back to"));
    label = make(QStringLiteral("actionLabel"), tr("&Label…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L),
        tr("Give it a label of your own"));
    tag = make(QStringLiteral("actionTag"), tr("&Tag…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T),
        tr("Tag it with a free word or phrase"));
    note = make(QStringLiteral("actionNote"), tr("&Note…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N),
        tr("Write a note on it"));
    score = make(QStringLiteral("actionScore"), tr("Human S&core…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H),
        tr("Score it by hand; the reward it overrides is kept beside the score"));
    curateTurn = make(QStringLiteral("actionCurateTurn"), tr("Apply to This T&urn"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_1));
    curateBranch = make(QStringLiteral("actionCurateBranch"), tr("Apply to This &Branch"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_2));
    curateTrajectory = make(QStringLiteral("actionCurateTrajectory"), tr("Apply to This Tra&jectory"),
        QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_3));
    curateScope = new QActionGroup(this);
    for (QAction* a : { curateTurn, curateBranch, curateTrajectory }) {
        a->setCheckable(true);
        curateScope->addAction(a);
    }
    curateTurn->setChecked(true);
    labelAllInView = make(QStringLiteral("actionLabelAllInView"), tr("Label All in &View…"),
        QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L), tr("Give every trajectory the list shows now the same label"));
    lesson = make(QStringLiteral("actionLesson"), tr("L&esson…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y),
        tr("Write the teaching note that Teaching Mode shows for it"));
    m_curate = { accept, reject, star, label, tag, note, score, lesson, curateTurn, curateBranch, curateTrajectory, labelAllInView };

    shortcuts = make(QStringLiteral("actionShortcuts"), tr("&Keyboard Shortcuts"), QKeySequence::HelpContents);
    about = make(QStringLiteral("actionAbout"), tr("&About Kernel Workbench"), {});
    openCaseStudies = make(QStringLiteral("actionOpenCaseStudies"), tr("Open &Case Studies"), {},
        tr("Open the trajectories recorded on an H200 that come with the workbench, in Teaching Mode"));
    m_help = { openCaseStudies, shortcuts, about };

    languages = new QActionGroup(this);
    const QString current = WindowSettings::language();
    const QList<std::pair<QString, QString>> choices { { QString(), tr("System Default") },
        { QStringLiteral("en"), QStringLiteral("English") }, { QStringLiteral("es"), QStringLiteral("Español") },
        { QStringLiteral("zh_CN"), QStringLiteral("中文（简体）") } };
    for (const auto& [code, name] : choices) {
        QAction* a = languages->addAction(name);
        a->setObjectName(QStringLiteral("actionLanguage_") + (code.isEmpty() ? QStringLiteral("system") : code));
        a->setData(code);
        a->setCheckable(true);
        a->setChecked(code == current);
    }
}

QAction* WorkbenchActions::make(const QString& name, const QString& text, const QKeySequence& key, const QString& tip)
{
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    if (!key.isEmpty())
        a->setShortcut(key);
    if (!tip.isEmpty()) {
        a->setToolTip(key.isEmpty() ? tip : tip + QStringLiteral(" (") + key.toString(QKeySequence::NativeText) + QLatin1Char(')'));
        a->setStatusTip(tip); // menus show it in the status bar
    }
    a->setShortcutContext(Qt::WindowShortcut);
    return a;
}

void WorkbenchActions::buildMenus(QMenuBar* bar, const QList<QAction*>& dockToggles)
{
    QMenu* file = bar->addMenu(tr("&File"));
    file->addAction(openStore);
    recentMenu = file->addMenu(tr("Open &Recent"));
    recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addSeparator();
    file->addActions({ importFile, importFolder, exportInView });
    file->addSeparator();
    file->addAction(quit);

    QMenu* edit = bar->addMenu(tr("&Edit"));
    edit->addActions(m_edit);

    QMenu* go = bar->addMenu(tr("&Go"));
    go->addActions({ previousTurn, nextTurn, firstTurn, lastTurn });
    go->addSeparator();
    go->addActions({ parentBranch, childBranch });
    go->addSeparator();
    go->addAction(goToTurn);
    go->addSeparator();
    go->addActions({ previousLesson, nextLesson });

    QMenu* view = bar->addMenu(tr("&View"));
    view->addActions({ toggleDiff, compareWithCurrent, unifiedDiff, showDisassembly, nextChange, previousChange, find, focusTrajectories });
    view->addSeparator();
    view->addAction(teachingMode);
    view->addSeparator();
    view->addActions(dockToggles);

    QMenu* agent = bar->addMenu(tr("&Agent"));
    agent->addActions({ forkHere, steer, continueAgent, stopAgent });
    agent->addSeparator();
    agent->addAction(agentSettings);

    QMenu* curate = bar->addMenu(tr("&Curate"));
    curate->setObjectName(QStringLiteral("curateMenu"));
    curate->addActions({ accept, reject, star, label, tag, note, score, lesson });
    curate->addSeparator();
    curate->addActions(curateScope->actions());
    curate->addSeparator();
    curate->addAction(labelAllInView);

    QMenu* settings = bar->addMenu(tr("&Settings"));
    QMenu* language = settings->addMenu(tr("&Language"));
    language->addActions(languages->actions());

    QMenu* help = bar->addMenu(tr("&Help"));
    help->addActions(m_help);
}

QList<std::pair<QString, QList<QAction*>>> WorkbenchActions::groups() const
{
    return { { tr("File"), m_file }, { tr("Edit"), m_edit }, { tr("Go"), m_go }, { tr("View"), m_view }, { tr("Agent"), m_agent },
        { tr("Curate"), m_curate }, { tr("Help"), m_help } };
}

} // namespace kwb
