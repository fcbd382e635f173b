#pragma once

#include <QObject>
#include <QString>

namespace kwb {

class CurrentTurn;
class TeachingPanel;
class TracePanel;
class WindowNavigation;
class WorkbenchActions;

// Teaching Mode: the Lesson pane follows the shown turn, the timeline outlines what the lesson says to look for
// and shows the first of it in the timed calls,
// Go → Next/Previous Lesson walk the lessons (main branch first, then each fork), and Help → Open Case Studies
// opens the case studies recorded on an H200 with the mode on.
class TeachingController : public QObject
{
    Q_OBJECT
public:
    // It follows `current` and asks `navigation` to open the case studies or go to a lesson's turn.
    TeachingController(const CurrentTurn* current, WindowNavigation* navigation, WorkbenchActions* actions,
        TeachingPanel* panel, TracePanel* trace, QObject* parent = nullptr);

    bool isOn() const;
    void setOn(bool on);
    bool openCaseStudies(); // false with the reason shown in the window when there are none

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    void trajectoryShown();
    void turnShown(int turn);
    void lookFor(const QString& pattern);
    void applyHighlight();

    const CurrentTurn* m_current;
    WindowNavigation* m_navigation;
    WorkbenchActions* m_actions;
    TeachingPanel* m_panel;
    TracePanel* m_trace;
    QString m_pendingFocus; // a pattern to find once the turn's trace has loaded
    bool m_pendingQuietly = false; // the lesson's own highlight (no message when nothing matches)
};

} // namespace kwb
