#pragma once

#include "models/linediff.h"
#include "models/turncache.h"

#include <QWidget>

class QLabel;
class QSplitter;

namespace kwb {

class CodeEditor;

// One workspace file in the kernel view: the file alone, or compared with the same file in another turn — side by
// side, with added, removed and changed lines marked on both sides, the changed words of a changed line in a
// deeper colour and the two scroll positions locked together, or unified, as one column of removed and added
// lines numbered from both versions.
class FilePane : public QWidget
{
    Q_OBJECT
public:
    explicit FilePane(const QString& path, QWidget* parent = nullptr);

    const QString& path() const { return m_path; }
    // Either file may be null: not in this turn, or not in the turn compared with.
    void setFile(const FileContent* current, const FileContent* base, bool diff, const QString& currentLabel,
        const QString& baseLabel);

    CodeEditor* editor() const { return m_editor; }
    CodeEditor* baseEditor() const { return m_baseEditor; }
    CodeEditor* unifiedEditor() const { return m_unified; }
    void setUnified(bool on);
    bool isUnified() const { return m_unifiedMode; }

    // The diff's changed blocks in order; going to one puts the cursor on its first line in the view shown.
    int changeCount() const { return int(m_diff.changes().size()); }
    int currentChange() const { return m_currentChange; } // -1 before the first step
    bool goToChange(int index);
    int changeLine(int index) const; // the 0-based line of a change in the editor shown
    QString notice() const;
    const LineDiff& diff() const { return m_diff; }
    bool isDiffShown() const { return m_diffShown; }

private:
    void showOn(CodeEditor* editor, const FileContent* file, const QString& missingText, QStringList* notes);
    void follow(CodeEditor* from, CodeEditor* to, bool fromIsBase);
    void markWords();
    void fillUnified();

    QString m_path;
    QLabel* m_notice;
    QLabel* m_baseTitle;
    QLabel* m_title;
    QSplitter* m_splitter;
    CodeEditor* m_baseEditor;
    CodeEditor* m_editor;
    CodeEditor* m_unified;
    LineDiff m_diff;
    QList<int> m_unifiedChangeLines;
    int m_currentChange = -1;
    bool m_unifiedMode = false;
    QString m_shownKey; // what is on screen, so a step that changes nothing here costs nothing
    bool m_diffShown = false;
    bool m_syncing = false;
};

} // namespace kwb
