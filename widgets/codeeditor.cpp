#include "codeeditor.h"
#include "codefont.h"

#include "cudalexer.h"

#include <Qsci/qscilexerpython.h>

#include <QLocale>
#include <QStringDecoder>

#include <algorithm>

namespace kwb {

CodeEditor::CodeEditor(QWidget* parent)
    : QsciScintilla(parent)
    , m_cuda(new CudaLexer(this))
    , m_python(new QsciLexerPython(this))
{
    const QFont mono = codeFont();
    for (QsciLexer* lexer : { m_cuda, m_python }) {
        lexer->setDefaultFont(mono);
        lexer->setFont(mono);
    }
    setFont(mono);
    setUtf8(true);
    setReadOnly(true);
    setTabWidth(4);
    setScrollWidthTracking(true);
    setScrollWidth(200);
    setCaretLineVisible(true);
    setCaretLineBackgroundColor(QColor(0xf3, 0xf6, 0xfa));
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("00000"));
    setMarginType(1, QsciScintilla::SymbolMargin);
    setMarginWidth(1, 14);
    setMarginSensitivity(1, false);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);

    // The markers: line backgrounds for a diff and for diagnostics, signs in the symbol margin.
    struct MarkerStyle {
        QsciScintilla::MarkerSymbol symbol;
        int number;
        QColor background;
        QColor foreground;
    };
    const MarkerStyle markers[] = {
        { QsciScintilla::Background, AddedLine, QColor(0xe6, 0xff, 0xec), {} },
        { QsciScintilla::Background, RemovedLine, QColor(0xff, 0xeb, 0xe9), {} },
        { QsciScintilla::Background, ChangedLine, QColor(0xff, 0xf5, 0xd6), {} },
        { QsciScintilla::Plus, AddedSign, QColor(0x2e, 0x7d, 0x32), Qt::white },
        { QsciScintilla::Minus, RemovedSign, QColor(0xc6, 0x28, 0x28), Qt::white },
        { QsciScintilla::Circle, ChangedSign, QColor(0xd9, 0x8c, 0x00), {} },
        { QsciScintilla::Background, DiagnosticLine, QColor(0xfd, 0xdc, 0xdc), {} },
        { QsciScintilla::RightArrow, ErrorSign, QColor(0xc6, 0x28, 0x28), {} },
        { QsciScintilla::RightArrow, WarningSign, QColor(0xd9, 0x8c, 0x00), {} },
        { QsciScintilla::Background, SourceLine, QColor(0xff, 0xe0, 0x82), {} },
    };
    for (const MarkerStyle& m : markers) {
        markerDefine(m.symbol, m.number);
        setMarkerBackgroundColor(m.background, m.number);
        if (m.foreground.isValid())
            setMarkerForegroundColor(m.foreground, m.number);
    }

    m_chevronIndicator = indicatorDefine(QsciScintilla::StraightBoxIndicator);
    setIndicatorForegroundColor(QColor(0x8e, 0x24, 0xaa, 60), m_chevronIndicator);
    m_addedWordIndicator = indicatorDefine(QsciScintilla::FullBoxIndicator);
    setIndicatorForegroundColor(QColor(0x2e, 0xa0, 0x43, 90), m_addedWordIndicator);
    setIndicatorDrawUnder(true, m_addedWordIndicator);
    m_removedWordIndicator = indicatorDefine(QsciScintilla::FullBoxIndicator);
    setIndicatorForegroundColor(QColor(0xcf, 0x22, 0x2e, 80), m_removedWordIndicator);
    setIndicatorDrawUnder(true, m_removedWordIndicator);
}

bool CodeEditor::hasMarker(const QsciScintilla* editor, int line, int marker)
{
    return (editor->markersAtLine(line) & (1u << marker)) != 0;
}

void CodeEditor::useLexerFor(const QString& path)
{
    const QString suffix = path.section(QLatin1Char('.'), -1).toLower();
    QsciLexer* wanted = nullptr;
    if (suffix == QLatin1String("py"))
        wanted = m_python;
    else if (QStringList { QStringLiteral("cu"), QStringLiteral("cuh"), QStringLiteral("cpp"), QStringLiteral("cc"),
                 QStringLiteral("cxx"), QStringLiteral("c"), QStringLiteral("h"), QStringLiteral("hpp") }
                 .contains(suffix))
        wanted = m_cuda;
    if (m_large)
        wanted = nullptr; // colouring and folding 50,000 lines would make every step slow
    if (lexer() != wanted) {
        setLexer(wanted);
        if (!wanted)
            setFont(codeFont());
        setFolding(wanted ? QsciScintilla::BoxedTreeFoldStyle : QsciScintilla::NoFoldStyle, 2);
        setMarginWidth(0, QStringLiteral("00000"));
    }
}

QString CodeEditor::setContent(const QString& path, const QByteArray& bytes)
{
    QString note;
    QStringDecoder utf8(QStringDecoder::Utf8);
    QString text = utf8.decode(bytes);
    if (utf8.hasError()) {
        text = QString::fromLatin1(bytes);
        note = tr("%1 is not valid UTF-8 text; it is shown as Latin-1, so some characters may be wrong.").arg(path);
    }
    const qsizetype lines = bytes.count('\n') + 1;
    m_large = lines > kLargeLines;
    if (m_large) {
        const QString large = tr("%1 has %2 lines: syntax colouring and folding are off for it.")
                                  .arg(path, QLocale().toString(lines));
        note = note.isEmpty() ? large : note + QLatin1Char(' ') + large;
    }
    useLexerFor(path);
    m_diagnosticLine = -1;
    setText(text);
    if (lines >= 100000)
        setMarginWidth(0, QStringLiteral("0000000"));
    if (!m_large && lexer() == m_cuda)
        markLaunchChevrons(bytes);
    return note;
}

void CodeEditor::setPlainMessage(const QString& text)
{
    m_large = false;
    useLexerFor(QString());
    setText(text);
}

void CodeEditor::markLaunchChevrons(const QByteArray& utf8)
{
    // <<<grid, block>>> is CUDA's launch syntax; the C++ lexer sees only shift operators.
    qsizetype from = 0;
    while ((from = utf8.indexOf("<<<", from)) >= 0) {
        const qsizetype end = utf8.indexOf(">>>", from + 3);
        const qsizetype newline = utf8.indexOf('\n', from);
        if (end < 0 || (newline >= 0 && newline < end))
            break;
        SendScintilla(SCI_SETINDICATORCURRENT, m_chevronIndicator);
        SendScintilla(SCI_INDICATORFILLRANGE, static_cast<unsigned long>(from), static_cast<long>(end + 3 - from));
        from = end + 3;
    }
}

void CodeEditor::markDiff(const QList<LineDiff::Kind>& kinds)
{
    clearDiffMarks();
    for (int line = 0; line < kinds.size(); ++line) {
        switch (kinds.at(line)) {
        case LineDiff::Kind::Equal:
            break;
        case LineDiff::Kind::Added:
            markerAdd(line, AddedLine);
            markerAdd(line, AddedSign);
            break;
        case LineDiff::Kind::Removed:
            markerAdd(line, RemovedLine);
            markerAdd(line, RemovedSign);
            break;
        case LineDiff::Kind::Changed:
            markerAdd(line, ChangedLine);
            markerAdd(line, ChangedSign);
            break;
        }
    }
}

void CodeEditor::markWords(int line, const QList<LineDiff::Range>& ranges, bool added)
{
    const int indicator = added ? m_addedWordIndicator : m_removedWordIndicator;
    for (const LineDiff::Range& r : ranges)
        fillIndicatorRange(line, r.start, line, r.start + r.length, indicator);
}

bool CodeEditor::hasWordMark(int line, int index) const
{
    const long position = positionFromLineIndex(line, index);
    for (int indicator : { m_addedWordIndicator, m_removedWordIndicator }) {
        if (const_cast<CodeEditor*>(this)->SendScintilla(SCI_INDICATORVALUEAT, static_cast<unsigned long>(indicator), position) != 0)
            return true;
    }
    return false;
}

void CodeEditor::clearDiffMarks()
{
    for (int m : { AddedLine, RemovedLine, ChangedLine, AddedSign, RemovedSign, ChangedSign })
        markerDeleteAll(m);
    const int lastLine = std::max(0, lines() - 1);
    for (int indicator : { m_addedWordIndicator, m_removedWordIndicator })
        clearIndicatorRange(0, 0, lastLine, lineLength(lastLine), indicator);
}

void CodeEditor::markDiagnostic(int line, int column, Diagnostic::Severity severity)
{
    clearDiagnosticMark();
    line = std::clamp(line, 0, std::max(0, lines() - 1));
    m_diagnosticLine = line;
    markerAdd(line, DiagnosticLine);
    const bool error = severity == Diagnostic::Severity::Error || severity == Diagnostic::Severity::Fatal;
    markerAdd(line, error ? ErrorSign : WarningSign);
    ensureLineVisible(line);
    setCursorPosition(line, std::max(0, column));
    // Keep a little context above the marked line.
    setFirstVisibleLine(std::max(0, line - 5));
}

void CodeEditor::markSourceLine(int line)
{
    markerDeleteAll(SourceLine);
    if (line < 0 || line >= lines())
        return;
    markerAdd(line, SourceLine);
    if (line < firstVisibleLine() || line >= firstVisibleLine() + SendScintilla(SCI_LINESONSCREEN))
        setFirstVisibleLine(std::max(0, line - 5));
}

void CodeEditor::clearDiagnosticMark()
{
    m_diagnosticLine = -1;
    for (int m : { DiagnosticLine, ErrorSign, WarningSign })
        markerDeleteAll(m);
}

} // namespace kwb
