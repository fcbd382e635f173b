#pragma once

#include "model/evalresult.h"
#include "models/turncache.h"

#include <QMap>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QToolButton;

namespace kwb {

class CodeEditor;
class FilePane;

// The agent's workspace at the current turn: one tab per file, CUDA-aware editors with search, and a toggle to
// compare every file side by side with the previous turn or with a turn picked from the fork tree.
class KernelView : public QWidget
{
    Q_OBJECT
public:
    enum class Base { PreviousTurn, PickedTurn };

    explicit KernelView(QWidget* parent = nullptr);

    // base may be null (no previous turn, or no diff shown); labels name the turns in the diff headers. baseHashes
    // (path -> sha256 of the turn compared with) marks the tabs of files that changed, also when no diff is shown.
    void setTurn(const TurnContent* current, const TurnContent* base, const QString& currentLabel, const QString& baseLabel,
        const QMap<QString, QString>* baseHashes = nullptr);
    enum class FileChange { Same, Changed, Added, Removed };
    FileChange fileChange(const QString& path) const { return m_changes.value(path, FileChange::Same); }
    void clear(const QString& message = {});

    bool isDiffEnabled() const;
    void setDiffEnabled(bool on);
    Base base() const;
    void setPickedBase(const QString& label); // adds or renames the picked entry and selects it
    void clearPickedBase();

    // Opens the tab of a file (matched by path suffix) and marks a 1-based line; false when no tab fits.
    bool openLocation(const QString& file, int line, int column, Diagnostic::Severity severity);
    // Opens the tab of a file (by path suffix) and marks a 1-based line as the source of picked instructions.
    bool showSourceLine(const QString& file, int line);
    FilePane* paneFor(const QString& path) const;
    FilePane* paneEndingWith(const QString& file) const; // by the path's tail, as compilers print paths
    FilePane* currentPane() const;
    CodeEditor* currentEditor() const;
    QStringList paths() const;
    QString message() const;

    bool isUnified() const;
    void setUnified(bool on);
    // Steps through the diff's changed blocks: within the file shown, then on to the next (previous) changed file,
    // round to the first (last); false when no file has a change.
    bool goToNextChange();
    bool goToPreviousChange();
    QString changeStatus() const; // "Change 2 of 5", or empty

    bool findNext(const QString& text, bool forward = true);
    void focusFind();

Q_SIGNALS:
    void diffToggled(bool on);
    void unifiedToggled(bool on);
    void baseChanged(kwb::KernelView::Base base);
    void sourceLineClicked(const QString& path, int line); // the cursor went to a 1-based line of a file

private:
    void findFromBar(bool forward);
    bool stepChange(bool forward);
    void updateChangeControls();
    void markTabs();

    QToolButton* m_diffToggle;
    QToolButton* m_unifiedToggle;
    QToolButton* m_previousChange;
    QToolButton* m_nextChange;
    QLabel* m_changeStatus;
    QMap<QString, FileChange> m_changes;
    QString m_baseLabel;
    QComboBox* m_baseChoice;
    QLineEdit* m_findEdit;
    QLabel* m_findStatus;
    QLabel* m_message;
    QTabWidget* m_tabs;
    QString m_lastFind;
};

} // namespace kwb
