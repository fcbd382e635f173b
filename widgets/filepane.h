#pragma once

#include "models/linediff.h"
#include "models/turncache.h"

#include <QWidget>

class QLabel;
class QSplitter;

namespace kwb {

class CodeEditor;

// One workspace file in the kernel view: the file alone, or side by side with the same file in another turn,
// with added, removed and changed lines marked on both sides and the two scroll positions locked together.
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
    QString notice() const;
    const LineDiff& diff() const { return m_diff; }
    bool isDiffShown() const { return m_diffShown; }

private:
    void showOn(CodeEditor* editor, const FileContent* file, const QString& missingText, QStringList* notes);
    void follow(CodeEditor* from, CodeEditor* to, bool fromIsBase);

    QString m_path;
    QLabel* m_notice;
    QLabel* m_baseTitle;
    QLabel* m_title;
    QSplitter* m_splitter;
    CodeEditor* m_baseEditor;
    CodeEditor* m_editor;
    LineDiff m_diff;
    QString m_shownKey; // what is on screen, so a step that changes nothing here costs nothing
    bool m_diffShown = false;
    bool m_syncing = false;
};

} // namespace kwb
