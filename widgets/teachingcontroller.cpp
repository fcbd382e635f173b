#include "teachingcontroller.h"

#include "models/currentturn.h"
#include "io/samplestore.h"
#include "teachingpanel.h"
#include "timelineview.h"
#include "tracepanel.h"
#include "windownavigation.h"
#include "workbenchactions.h"

#include <QAction>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonObject>
#include <QMainWindow>
#include <QTimer>

namespace kwb {

namespace {

QDockWidget* dockOf(QWidget* w)
{
    for (QWidget* p = w; p; p = p->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(p))
            return dock;
    return nullptr;
}

} // namespace

TeachingController::TeachingController(const CurrentTurn* current, WindowNavigation* navigation, WorkbenchActions* actions,
    TeachingPanel* panel, TracePanel* trace, QObject* parent)
    : QObject(parent)
    , m_current(current)
    , m_navigation(navigation)
    , m_actions(actions)
    , m_panel(panel)
    , m_trace(trace)
{
    connect(actions->teachingMode, &QAction::toggled, this, &TeachingController::setOn);
    connect(actions->openCaseStudies, &QAction::triggered, this, &TeachingController::openCaseStudies);
    actions->openCaseStudies->setEnabled(!SampleStore::bundledPath().isEmpty()); // a build without them says so by graying
    connect(actions->nextLesson, &QAction::triggered, this, [this] {
        if (const int t = m_panel->nextLesson(); t >= 0)
            m_navigation->goToTurn(t);
    });
    connect(actions->previousLesson, &QAction::triggered, this, [this] {
        if (const int t = m_panel->previousLesson(); t >= 0)
            m_navigation->goToTurn(t);
    });
    connect(panel, &TeachingPanel::turnRequested, this, [this](int turn) { m_navigation->goToTurn(turn); });
    connect(panel, &TeachingPanel::lookForRequested, this, &TeachingController::lookFor);
    connect(current, &CurrentTurn::trajectoryChanged, this, &TeachingController::trajectoryShown);
    connect(current, &CurrentTurn::turnChanged, this, &TeachingController::turnShown);
    connect(trace, &TracePanel::loaded, this, [this] {
        const QString pattern = m_pendingFocus;
        m_pendingFocus.clear();
        if (pattern.isEmpty() || !isOn())
            return;
        if (m_pendingQuietly) // the lesson's own: zoom when something matches, say nothing otherwise
            m_trace->timeline()->showFirstHighlight();
        else
            lookFor(pattern);
    });
    if (QDockWidget* dock = dockOf(panel))
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            // Closing the pane leaves the mode; a pane only hidden behind another tab does not.
            if (!visible && dock->isHidden())
                m_actions->teachingMode->setChecked(false);
        });
    trajectoryShown();
}

bool TeachingController::isOn() const
{
    return m_actions->teachingMode->isChecked();
}

void TeachingController::setOn(bool on)
{
    if (m_actions->teachingMode->isChecked() != on) {
        m_actions->teachingMode->setChecked(on); // comes back here through toggled
        return;
    }
    if (!on)
        m_pendingFocus.clear();
    if (QDockWidget* dock = dockOf(m_panel)) {
        dock->setVisible(on);
        if (on) {
            // The lesson in front on the left and the timeline below, where the lesson's highlights are; again once
            // the window is laid out, for a mode switched on before it was shown.
            const auto front = [this, dock] {
                dock->raise();
                auto* window = qobject_cast<QMainWindow*>(dock->parentWidget());
                if (dock->width() < 420 && window)
                    window->resizeDocks({ dock }, { 440 }, Qt::Horizontal); // room for the summary table
                if (QDockWidget* timeline = dockOf(m_trace))
                    timeline->raise();
            };
            front();
            QTimer::singleShot(0, this, front);
        }
    }
    applyHighlight();
}

bool TeachingController::openCaseStudies()
{
    QString error;
    const QString path = SampleStore::userCopy(&error);
    if (path.isEmpty()) {
        Q_EMIT errorOccurred(error);
        return false;
    }
    if (!m_navigation->openStore(path))
        return false;
    setOn(true);
    m_navigation->selectTrajectoryRow(0);
    return true;
}

void TeachingController::trajectoryShown()
{
    m_panel->setTrajectory(m_current->trajectory().uuid.isEmpty() ? nullptr : &m_current->trajectory());
    turnShown(m_current->turn());
}

void TeachingController::turnShown(int turn)
{
    m_panel->showTurn(turn);
    m_actions->nextLesson->setEnabled(m_panel->nextLesson() >= 0);
    m_actions->previousLesson->setEnabled(m_panel->previousLesson() >= 0);
    m_pendingFocus.clear();
    applyHighlight();
    // A lesson that names kernels shows the first of them in the timed calls as soon as the trace is there.
    const QString lesson = m_trace->timeline()->highlight();
    if (!isOn() || lesson.isEmpty())
        return;
    if (m_trace->isLoading()) {
        m_pendingFocus = lesson;
        m_pendingQuietly = true;
    } else {
        m_trace->timeline()->showFirstHighlight();
    }
}

// In Teaching Mode the timeline outlines every kernel the lesson names; out of it, nothing.
void TeachingController::applyHighlight()
{
    const QStringList patterns = isOn() ? m_panel->lookForPatterns() : QStringList();
    QStringList groups;
    for (const QString& p : patterns)
        groups.append(QStringLiteral("(?:%1)").arg(p));
    m_trace->timeline()->setHighlight(groups.join(QLatin1Char('|')));
}

void TeachingController::lookFor(const QString& pattern)
{
    if (QDockWidget* dock = dockOf(m_trace)) {
        dock->show();
        dock->raise();
    }
    if (m_trace->isLoading()) {
        m_pendingFocus = pattern;
        m_pendingQuietly = false;
        return;
    }
    m_trace->timeline()->setHighlight(pattern);
    if (!m_trace->timeline()->showFirstHighlight())
        Q_EMIT errorOccurred(m_trace->timeline()->model()
                ? tr("Nothing in this turn's trace matches “%1”.").arg(pattern)
                : tr("This turn has no trace to look in."));
}

} // namespace kwb
