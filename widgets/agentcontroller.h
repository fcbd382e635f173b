#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QWidget;

namespace kwb {

class CurrentTurn;
class TranscriptView;
class WorkbenchActions;

namespace agent {
class ChatPolicy;
class TurnEngine;
}

// The agent in the window: Fork Here, Steer, Continue and Stop on the shown trajectory, with the endpoint and
// texts of Agent Settings. Each run is a TurnEngine with its own policy and workspace folder, driven by the event
// loop (network replies and child processes), so the window never waits; several branches can run at once.
// Each finished turn is stored and shown at once; the newest run's response streams into the transcript.
class AgentController : public QObject
{
    Q_OBJECT
public:
    // It works on `current`'s store and turn; its dialogs open over `dialogParent`, which also owns it.
    AgentController(const CurrentTurn* current, WorkbenchActions* actions, TranscriptView* transcript, QWidget* dialogParent);
    ~AgentController() override;

    bool isRunning() const; // any run
    int runningCount() const;
    // Starts the agent after the turn with this uuid (a leaf continues its branch, an inner turn forks).
    bool startFrom(const QString& turnUuid);
    void stop(); // every run
    void updateActions();

Q_SIGNALS:
    void errorOccurred(const QString& sentence);
    void statusMessage(const QString& sentence);
    void turnStored(qint64 trajectoryId, const QString& turnUuid); // the window reloads the trajectory and shows it
    void runFinished(bool ok, const QString& sentence);

private:
    void forkHere();
    void continueBranch();
    void steer();
    void editSettings();

    const CurrentTurn* m_current;
    QWidget* m_dialogParent;
    WorkbenchActions* m_actions;
    TranscriptView* m_transcript;
    QList<agent::TurnEngine*> m_engines; // running ones; each owns its policy
    agent::ChatPolicy* m_streaming = nullptr; // the newest run's policy, shown live
};

} // namespace kwb
