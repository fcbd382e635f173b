#pragma once

#include "model/trajectory.h"

#include <QList>
#include <QLocale>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace kwb {

// Teaching Mode's pane: the trajectory's summary (every branch's final kernel against eager PyTorch and
// torch.compile, the paper's figure beside ours where a lesson gives one), then the current turn's lesson with what
// the turn's own evaluation measured, the kernels' resources and what to look for in the timeline. Lessons are
// Lesson annotations; their order is the main branch's turns, then each fork's own turns.
class TeachingPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TeachingPanel(QWidget* parent = nullptr);

    void setTrajectory(const Trajectory* trajectory); // not owned; nullptr clears
    void showTurn(int turn); // an index into the trajectory's turns

    // The turns in lesson order, and the neighbours of `turn` in it (-1 at either end).
    static QList<int> lessonOrder(const Trajectory& trajectory);
    // The turn of the main branch that taught the most: the correct turn with the largest step in speed-up over
    // torch.compile beyond the best correct turn before it; the first turn when no turn improved on one before.
    static int keyTurn(const Trajectory& trajectory);
    int previousLesson() const;
    int nextLesson() const;
    // The newest Lesson annotation of that scope among these, or nullptr.
    static const Annotation* lessonOf(const QList<Annotation>& annotations, Annotation::Scope scope);
    // A lesson's text in the UI's language where the lesson carries it (details.translations: {"es": {"text": ...,
    // "look_for": [notes]}, "zh_CN": ...}, matched by locale name, then by language), else as written.
    static QString lessonText(const Annotation* lesson, const QString& localeName = QLocale().name());
    static QString lookForNote(const Annotation& lesson, int index, const QString& localeName = QLocale().name());
    // The line under a lesson: what the turn's own evaluation found (the compile error, the wrong answer, or its times,
    // speed-ups and, on a calibrated machine, its fraction of the roofline).
    static QString measured(const Turn& turn);

    // What is shown, for tests and for copying.
    QString lessonText() const;
    QString measuredText() const;
    QStringList lookForPatterns() const;
    QTableWidget* summaryTable() const { return m_summary; }
    QTableWidget* resourcesTable() const { return m_resources; }
    QListWidget* lookForList() const { return m_lookFor; }

Q_SIGNALS:
    void turnRequested(int turn);
    void lookForRequested(const QString& pattern); // a "what to look for" entry was picked

private:
    void fillSummary();

    const Trajectory* m_trajectory = nullptr;
    QList<int> m_allTurns; // every turn in lesson order
    QList<int> m_order; // the stops of next/previous: the turns with a lesson (all of them where none has one)
    int m_turn = -1;
    QLabel* m_title;
    QLabel* m_intro;
    QTableWidget* m_summary;
    QLabel* m_paper;
    QLabel* m_step;
    QLabel* m_lesson;
    QLabel* m_measured;
    QTableWidget* m_resources;
    QLabel* m_lookForTitle;
    QListWidget* m_lookFor;
    QPushButton* m_previous;
    QPushButton* m_next;
};

} // namespace kwb
