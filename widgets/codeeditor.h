#pragma once

#include "model/evalresult.h"
#include "models/linediff.h"

#include <Qsci/qsciscintilla.h>

namespace kwb {

// A read-only source view: line numbers, folding, a marker margin for diff and diagnostic marks, and the lexer
// that fits the file (CUDA/C++ or Python). Bytes that are not UTF-8 or files too large to colour are shown with
// a note rather than refused.
class CodeEditor : public QsciScintilla
{
    Q_OBJECT
public:
    enum Marker { AddedLine, RemovedLine, ChangedLine, AddedSign, RemovedSign, ChangedSign, DiagnosticLine,
        ErrorSign, WarningSign, SourceLine };
    static constexpr int kLargeLines = 20000;

    explicit CodeEditor(QWidget* parent = nullptr);

    // Shows the bytes of a file; returns a note for the user when something about them is unusual.
    QString setContent(const QString& path, const QByteArray& bytes);
    void setPlainMessage(const QString& text); // e.g. "this file does not exist in that turn"

    void markDiff(const QList<LineDiff::Kind>& kinds);
    // Marks the changed words of a 0-based line (character ranges of LineDiff::wordChanges) in a deeper colour.
    void markWords(int line, const QList<LineDiff::Range>& ranges, bool added);
    bool hasWordMark(int line, int index) const; // a character of a line is marked as a changed word
    void clearDiffMarks();
    // Puts the cursor on a 0-based line and marks it as the place a diagnostic points to.
    void markDiagnostic(int line, int column, Diagnostic::Severity severity);
    void clearDiagnosticMark();
    // The line a picked SASS/PTX instruction came from (0-based), marked and scrolled to; -1 clears it.
    void markSourceLine(int line);
    int diagnosticLine() const { return m_diagnosticLine; }
    bool isLarge() const { return m_large; }

    static bool hasMarker(const QsciScintilla* editor, int line, int marker);

private:
    void useLexerFor(const QString& path);
    void markLaunchChevrons(const QByteArray& utf8);

    QsciLexer* m_cuda;
    QsciLexer* m_python;
    int m_chevronIndicator = -1;
    int m_addedWordIndicator = -1;
    int m_removedWordIndicator = -1;
    int m_diagnosticLine = -1;
    bool m_large = false;
};

} // namespace kwb
