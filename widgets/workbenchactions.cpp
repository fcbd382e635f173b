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
    quit = make(QStringLiteral("actionQuit"), tr("&Quit"), QKeySequence::Quit);
    m_file = { openStore, quit };

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
    m_go = { previousTurn, nextTurn, firstTurn, lastTurn, parentBranch, childBranch, goToTurn };

    toggleDiff = make(QStringLiteral("actionToggleDiff"), tr("&Diff Against Base"), QKeySequence(Qt::CTRL | Qt::Key_D),
        tr("Compare the kernel files side by side with the previous or a picked turn"));
    toggleDiff->setCheckable(true);
    compareWithCurrent = make(QStringLiteral("actionCompareWithCurrent"), tr("&Use This Turn as Diff Base"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), tr("Later turns are compared with this one"));
    find = make(QStringLiteral("actionFind"), tr("&Find in File…"), QKeySequence::Find);
    focusTrajectories = make(QStringLiteral("actionFocusTrajectories"), tr("Trajectory &List"),
        QKeySequence(Qt::CTRL | Qt::Key_L), tr("Move the keyboard focus to the trajectory list"));
    m_view = { toggleDiff, compareWithCurrent, find, focusTrajectories };

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

    shortcuts = make(QStringLiteral("actionShortcuts"), tr("&Keyboard Shortcuts"), QKeySequence::HelpContents);
    about = make(QStringLiteral("actionAbout"), tr("&About Kernel Workbench"), {});
    m_help = { shortcuts, about };

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
    if (!tip.isEmpty())
        a->setToolTip(tip + QStringLiteral(" (") + key.toString(QKeySequence::NativeText) + QLatin1Char(')'));
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
    file->addAction(quit);

    QMenu* go = bar->addMenu(tr("&Go"));
    go->addActions({ previousTurn, nextTurn, firstTurn, lastTurn });
    go->addSeparator();
    go->addActions({ parentBranch, childBranch });
    go->addSeparator();
    go->addAction(goToTurn);

    QMenu* view = bar->addMenu(tr("&View"));
    view->addActions({ toggleDiff, compareWithCurrent, find, focusTrajectories });
    view->addSeparator();
    view->addActions(dockToggles);

    QMenu* agent = bar->addMenu(tr("&Agent"));
    agent->addActions({ forkHere, steer, continueAgent, stopAgent });
    agent->addSeparator();
    agent->addAction(agentSettings);

    QMenu* settings = bar->addMenu(tr("&Settings"));
    QMenu* language = settings->addMenu(tr("&Language"));
    language->addActions(languages->actions());

    QMenu* help = bar->addMenu(tr("&Help"));
    help->addActions(m_help);
}

QList<std::pair<QString, QList<QAction*>>> WorkbenchActions::groups() const
{
    return { { tr("File"), m_file }, { tr("Go"), m_go }, { tr("View"), m_view }, { tr("Agent"), m_agent }, { tr("Help"), m_help } };
}

} // namespace kwb
