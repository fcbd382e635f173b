#pragma once

#include <QObject>
#include <QString>

namespace kwb {

class MainWindow;
class TranscriptView;
class WorkbenchActions;

namespace agent {
class ChatPolicy;
class TurnEngine;
}

// The agent in the window: Fork Here, Steer, Continue and Stop on the shown trajectory, with the endpoint and
// texts of Agent Settings. The TurnEngine works off the UI thread's event loop (network and child processes);
// each finished turn is stored and shown at once, the response being generated streams into the transcript.
class AgentController : public QObject
{
    Q_OBJECT
public:
    AgentController(MainWindow* window, WorkbenchActions* actions, TranscriptView* transcript);
    ~AgentController() override;

    bool isRunning() const;
    // Starts the agent after the turn with this uuid (a leaf continues its branch, an inner turn forks).
    bool startFrom(const QString& turnUuid);
    void stop();
    void updateActions();
    agent::TurnEngine* engine() const { return m_engine; }

Q_SIGNALS:
    void errorOccurred(const QString& sentence);
    void statusMessage(const QString& sentence);
    void turnStored(const QString& turnUuid); // the window reloads the trajectory and shows it
    void runFinished(bool ok, const QString& sentence);

private:
    void forkHere();
    void continueBranch();
    void steer();
    void editSettings();

    MainWindow* m_window;
    WorkbenchActions* m_actions;
    TranscriptView* m_transcript;
    agent::ChatPolicy* m_policy;
    agent::TurnEngine* m_engine = nullptr;
};

} // namespace kwb
