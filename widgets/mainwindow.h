#pragma once

#include "model/trajectory.h"
#include "models/turngraph.h"
#include "models/turnnavigator.h"
#include "windownavigation.h"

#include <QFrame>
#include <QMainWindow>

#include <memory>

class QLabel;
class QSlider;
class QSplitter;
class QStackedWidget;
class QTabWidget;

namespace kwb {

class BranchOutlineModel;
class CompilerOutputView;
class CurrentTurn;
class ForkTreeView;
class AgentController;
class CurationController;
class ImportExportController;
class KernelView;
class KernelController;
class NcuController;
class TraceController;
class DisassemblyController;
class DisassemblyView;
class NcuView;
class ReferenceView;
class RewardPlot;
class RooflineView;
class RunSummaryView;
class Store;
class TeachingController;
class TeachingPanel;
class TimingView;
class Toast;
class TracePanel;
class TrajectoryPanel;
class TranscriptView;
class VerificationView;
class WelcomePage;
class WorkbenchActions;

// The workbench window. Left: the trajectories of the open store. Centre: the task's reference beside the
// agent's workspace, and below them compiler output, transcript and verification. Right: the fork tree and the
// reward curve with the roofline. Bottom: the timeline. Every pane shows the current turn; stepping moves them all together.
class MainWindow : public QMainWindow, public WindowNavigation
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openStore(const QString& path) override; // a store that cannot be opened leaves the previous one open
    const Store* store() const { return m_store.get(); }
    Store* writableStore() { return m_store.get(); } // for the agent, which adds turns
    // Reads the shown trajectory again when it is this one (turns were added) and goes to the turn with this uuid.
    void reloadTrajectory(qint64 trajectoryId, const QString& goToUuid);
    QString lastError() const;

    bool selectTrajectory(qint64 id);
    bool selectTrajectoryByUuid(const QString& uuid);
    bool selectTrajectoryRow(int row) override;
    const Trajectory& trajectory() const { return m_trajectory; }
    const TurnNavigator& navigator() const { return m_navigator; }
    int currentTurn() const { return m_navigator.current(); } // index into trajectory().turns
    // The number a turn is shown with (the toolbar's "Turn N"): its depth in the fork tree, from 1.
    int turnNumber(int turn) const;
    const CurrentTurn* current() const { return m_current; } // what the controllers and panes follow
    void goToTurn(int turn) override;
    bool goToPosition(int position); // along the current branch, 0-based
    void setDiffBase(int turn); // -1: the previous turn
    bool showPane(const QString& name); // "compiler", "transcript", "verification"

    void setRemembersStores(bool on) { m_remembersStores = on; } // off for --screenshot: no trace in settings
    // Layout and splitters as they were; the store is the caller's choice. False on a first start (nothing saved):
    // the window then takes the size that fits the screen it opens on.
    bool restoreSettings();
    void fitToScreen(); // at most 1600x1000, within the screen's available area, centred on it
    // The first start: the case studies open at the first one's most instructive turn, in Teaching Mode, with a card
    // on how to step, fork and steer.
    void startTour();
    QWidget* guideCard() const { return m_guide; }
    void saveSettings() const;

Q_SIGNALS:
    void storeOpened(const QString& path);
    void trajectoryShown(); // another trajectory, or the same one with new turns or marks
    void turnShown(int turn);

protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    QWidget* buildCentre();
    void buildDocks();
    void buildToolBar();
    void connectActions();
    void showError(const QString& message);
    void clearError();
    void showTrajectory(qint64 id);
    void showTurn();
    void showFloor();
    void refreshAnnotations(qint64 trajectoryId); // after a curation edit: labels, badges and the list
    void updateNavigation();
    void updateCentre();
    void applyPendingSplitters();
    void chooseStore();
    void fillRecentMenu();
    void chooseTurnNumber();
    void showShortcuts();
    void step(bool (TurnNavigator::*moveTo)());
    QString turnLabel(int turn) const;

    std::unique_ptr<Store> m_store;
    Trajectory m_trajectory; // headers of the open trajectory
    TurnGraph m_graph;
    TurnNavigator m_navigator;
    CurrentTurn* m_current; // a view of the three above, announced as they change
    int m_plottedLeaf = -1;
    bool m_remembersStores = true;
    QList<QByteArray> m_pendingSplitters; // restored on the first show, when the sizes mean something

    WorkbenchActions* m_actions;
    BranchOutlineModel* m_outline;
    TrajectoryPanel* m_trajectories;
    QStackedWidget* m_centre;
    WelcomePage* m_welcome;
    ReferenceView* m_reference;
    KernelView* m_kernel;
    QTabWidget* m_bottomTabs;
    CompilerOutputView* m_compiler;
    TranscriptView* m_transcript;
    VerificationView* m_verification;
    TimingView* m_timing;
    TracePanel* m_trace;
    NcuView* m_ncu;
    NcuController* m_ncuController;
    TraceController* m_traceController;
    DisassemblyView* m_disassembly;
    DisassemblyController* m_disassemblyController;
    KernelController* m_kernelController;
    AgentController* m_agent = nullptr;
    Toast* m_toast = nullptr;
    CurationController* m_curation = nullptr;
    ImportExportController* m_transfer = nullptr;
    TeachingController* m_teachingController = nullptr;
    ForkTreeView* m_forkTree;
    RewardPlot* m_reward;
    RooflineView* m_roofline;
    RunSummaryView* m_summary;
    TeachingPanel* m_teaching;
    QSlider* m_slider;
    QLabel* m_position;
    QLabel* m_errorBanner;
    QFrame* m_guide; // the first start's card
    QSplitter* m_codeSplitter;
    QSplitter* m_centreSplitter;
};

} // namespace kwb
