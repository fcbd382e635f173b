#pragma once

#include <QObject>

class QAction;
class QActionGroup;
class QMenu;
class QMenuBar;

namespace kwb {

// Every command of the window as a QAction with its text and shortcut, built once; the window connects them.
// Shortcuts live here so the menus, the toolbar and the shortcuts dialog all show the same keys.
class WorkbenchActions : public QObject
{
    Q_OBJECT
public:
    explicit WorkbenchActions(QObject* parent);

    void buildMenus(QMenuBar* bar, const QList<QAction*>& dockToggles);
    QList<std::pair<QString, QList<QAction*>>> groups() const; // for the shortcuts dialog

    QAction* openStore;
    QAction* importFile;
    QAction* importFolder;
    QAction* exportInView;
    QAction* quit;
    QMenu* recentMenu = nullptr;
    QAction* undo;
    QAction* redo;
    QAction* nextTurn;
    QAction* previousTurn;
    QAction* firstTurn;
    QAction* lastTurn;
    QAction* parentBranch;
    QAction* childBranch;
    QAction* goToTurn;
    QAction* toggleDiff;
    QAction* compareWithCurrent;
    QAction* unifiedDiff; // one column of removed and added lines instead of two sides
    QAction* showDisassembly; // the SASS/PTX pane beside the kernel editor
    QAction* nextChange;
    QAction* previousChange;
    QAction* find;
    QAction* focusTrajectories;
    QAction* forkHere;
    QAction* steer;
    QAction* continueAgent;
    QAction* stopAgent;
    QAction* agentSettings;
    QAction* accept;
    QAction* reject;
    QAction* star;
    QAction* label;
    QAction* tag;
    QAction* note;
    QAction* score;
    QAction* curateTurn; // what the curation actions apply to: this turn, its branch or the trajectory
    QAction* curateBranch;
    QAction* curateTrajectory;
    QActionGroup* curateScope;
    QAction* labelAllInView;
    QAction* teachingMode; // the Lesson pane beside the code, highlights in the timeline
    QAction* previousLesson;
    QAction* nextLesson;
    QAction* lesson; // write the teaching note of a turn, branch or trajectory
    QAction* openCaseStudies;
    QAction* shortcuts;
    QAction* about;
    QActionGroup* languages;

private:
    QAction* make(const QString& name, const QString& text, const QKeySequence& key, const QString& tip = {});
    QList<QAction*> m_file;
    QList<QAction*> m_edit;
    QList<QAction*> m_curate;
    QList<QAction*> m_go;
    QList<QAction*> m_view;
    QList<QAction*> m_agent;
    QList<QAction*> m_help;
};

} // namespace kwb
