#include "filepane.h"

#include "codeeditor.h"

#include <QHash>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb {

namespace {

QWidget* titled(QLabel* title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    title->setContentsMargins(6, 2, 6, 2);
    title->setStyleSheet(QStringLiteral("QLabel { background: palette(window); color: palette(window-text); }"));
    layout->addWidget(title);
    layout->addWidget(body);
    return box;
}

} // namespace

FilePane::FilePane(const QString& path, QWidget* parent)
    : QWidget(parent)
    , m_path(path)
    , m_notice(new QLabel(this))
    , m_baseTitle(new QLabel(this))
    , m_title(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_baseEditor(new CodeEditor(this))
    , m_editor(new CodeEditor(this))
    , m_unified(new CodeEditor(this))
{
    m_notice->setObjectName(QStringLiteral("fileNotice"));
    m_notice->setWordWrap(true);
    m_notice->setStyleSheet(QStringLiteral("QLabel { background: #fff4e5; color: #663c00; padding: 4px 6px; }"));
    m_notice->hide();
    m_baseEditor->setObjectName(QStringLiteral("baseEditor"));
    m_editor->setObjectName(QStringLiteral("fileEditor"));
    m_unified->setObjectName(QStringLiteral("unifiedEditor"));
    // Two line numbers per line, the old version's and the new one's, as a text margin.
    m_unified->setMarginType(0, QsciScintilla::TextMarginRightJustified);
    m_unified->setMarginWidth(0, QStringLiteral("00000 00000 "));
    m_unified->hide();
    m_splitter->addWidget(titled(m_baseTitle, m_baseEditor, this));
    m_splitter->addWidget(titled(m_title, m_editor, this));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->widget(0)->hide();
    m_title->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_notice);
    layout->addWidget(m_splitter);
    layout->addWidget(m_unified);

    connect(m_editor, &QsciScintillaBase::SCN_UPDATEUI, this, [this](int updated) {
        if (updated & QsciScintillaBase::SC_UPDATE_V_SCROLL)
            follow(m_editor, m_baseEditor, false);
    });
    connect(m_baseEditor, &QsciScintillaBase::SCN_UPDATEUI, this, [this](int updated) {
        if (updated & QsciScintillaBase::SC_UPDATE_V_SCROLL)
            follow(m_baseEditor, m_editor, true);
    });
}

QString FilePane::notice() const
{
    return m_notice->isHidden() ? QString() : m_notice->text();
}

void FilePane::follow(CodeEditor* from, CodeEditor* to, bool fromIsBase)
{
    if (!m_diffShown || m_syncing)
        return;
    // Locked scrolling: the other side shows the line that corresponds to the first visible one here.
    m_syncing = true;
    const int first = from->firstVisibleLine();
    to->setFirstVisibleLine(fromIsBase ? m_diff.mapOldToNew(first) : m_diff.mapNewToOld(first));
    m_syncing = false;
}

void FilePane::showOn(CodeEditor* editor, const FileContent* file, const QString& missingText, QStringList* notes)
{
    if (!file) {
        editor->setPlainMessage(missingText);
        return;
    }
    if (!file->error.isEmpty()) {
        editor->setPlainMessage(QString());
        notes->append(file->error);
        return;
    }
    const QString note = editor->setContent(file->path, file->data);
    if (!note.isEmpty())
        notes->append(note);
}

void FilePane::setFile(const FileContent* current, const FileContent* base, bool diff, const QString& currentLabel,
    const QString& baseLabel)
{
    diff = diff && base != current;
    const auto keyOf = [](const FileContent* f) { return f ? f->sha256 + f->error.left(1) : QStringLiteral("-"); };
    const QString key = keyOf(current) + QLatin1Char('|') + (diff ? keyOf(base) + baseLabel + currentLabel : QString());
    if (key == m_shownKey)
        return;
    m_shownKey = key;

    QStringList notes;
    const int firstLine = m_editor->firstVisibleLine();
    showOn(m_editor, current, tr("%1 does not exist in this turn.").arg(m_path), &notes);
    m_diffShown = diff;
    m_splitter->widget(0)->setVisible(diff);
    m_title->setVisible(diff);
    if (diff) {
        m_baseTitle->setText(baseLabel);
        m_title->setText(currentLabel);
        showOn(m_baseEditor, base, tr("%1 does not exist in %2.").arg(m_path, baseLabel), &notes);
        const QString oldText = base && base->error.isEmpty() ? m_baseEditor->text() : QString();
        const QString newText = current && current->error.isEmpty() ? m_editor->text() : QString();
        m_diff = LineDiff::compute(oldText, newText);
        m_baseEditor->markDiff(m_diff.oldLineKinds());
        m_editor->markDiff(m_diff.newLineKinds());
        markWords();
        if (m_diff.isApproximate())
            notes.append(tr("The two versions differ too much for a line-by-line diff; the differing block is marked as one change."));
        else if (m_diff.isIdentical() && base && current)
            notes.append(tr("No changes against %1.").arg(baseLabel));
        if (m_splitter->sizes().value(0) == 0)
            m_splitter->setSizes({ 1, 1 });
        follow(m_editor, m_baseEditor, false);
    } else {
        m_diff = LineDiff();
        m_editor->clearDiffMarks();
    }
    m_currentChange = -1;
    fillUnified();
    setUnified(m_unifiedMode);
    m_editor->setFirstVisibleLine(firstLine); // stepping keeps the reader's place
    m_notice->setText(notes.join(QLatin1Char(' ')));
    m_notice->setVisible(!notes.isEmpty());
}

namespace {

// The changed lines of a block paired in order (the first removed with the first added, ...): each pair's
// changed words are what a reader looks for. Long lines and very large blocks are left to the line marks.
template<typename Mark>
void forEachLinePair(const LineDiff& diff, const QStringList& oldLines, const QStringList& newLines, Mark mark)
{
    constexpr int kMaxPairs = 2000;
    constexpr int kMaxLength = 1000;
    int pairs = 0;
    for (const LineDiff::Hunk& h : diff.hunks()) {
        if (h.kind != LineDiff::Kind::Changed)
            continue;
        for (int k = 0; k < std::min(h.oldCount, h.newCount) && pairs < kMaxPairs; ++k, ++pairs) {
            const QString& a = oldLines.value(h.oldStart + k);
            const QString& b = newLines.value(h.newStart + k);
            if (a.size() <= kMaxLength && b.size() <= kMaxLength)
                mark(h, k, LineDiff::wordChanges(a, b));
        }
    }
}

} // namespace

void FilePane::markWords()
{
    const QStringList oldLines = LineDiff::splitLines(m_baseEditor->text());
    const QStringList newLines = LineDiff::splitLines(m_editor->text());
    forEachLinePair(m_diff, oldLines, newLines, [this](const LineDiff::Hunk& h, int k, const LineDiff::WordChanges& words) {
        m_baseEditor->markWords(h.oldStart + k, words.oldRanges, false);
        m_editor->markWords(h.newStart + k, words.newRanges, true);
    });
}

void FilePane::fillUnified()
{
    m_unifiedChangeLines.clear();
    if (!m_diffShown) {
        m_unified->setPlainMessage(QString());
        return;
    }
    // Equal lines once; a changed block as its removed lines, then its added ones.
    const QStringList oldLines = LineDiff::splitLines(m_baseEditor->text());
    const QStringList newLines = LineDiff::splitLines(m_editor->text());
    QStringList lines;
    QList<LineDiff::Kind> kinds;
    QStringList numbers;
    QHash<int, int> oldRow, newRow; // a changed block's first old / new line -> its row in the unified text
    for (const LineDiff::Hunk& h : m_diff.hunks()) {
        if (h.kind != LineDiff::Kind::Equal)
            m_unifiedChangeLines.append(int(lines.size()));
        for (int i = 0; i < h.oldCount && h.kind != LineDiff::Kind::Equal; ++i) {
            oldRow.insert(h.oldStart + i, int(lines.size()));
            lines.append(oldLines.value(h.oldStart + i));
            kinds.append(LineDiff::Kind::Removed);
            numbers.append(QStringLiteral("%1 %2 ").arg(h.oldStart + i + 1, 5).arg(QString(), 5));
        }
        for (int i = 0; i < h.newCount; ++i) {
            newRow.insert(h.newStart + i, int(lines.size()));
            lines.append(newLines.value(h.newStart + i));
            kinds.append(h.kind == LineDiff::Kind::Equal ? LineDiff::Kind::Equal : LineDiff::Kind::Added);
            const QString oldNumber = h.kind == LineDiff::Kind::Equal ? QString::number(h.oldStart + i + 1) : QString();
            numbers.append(QStringLiteral("%1 %2 ").arg(oldNumber, 5).arg(h.newStart + i + 1, 5));
        }
    }
    m_unified->setContent(m_path, lines.join(QLatin1Char('\n')).toUtf8());
    m_unified->markDiff(kinds);
    m_unified->clearMarginText();
    for (int row = 0; row < numbers.size(); ++row)
        m_unified->setMarginText(row, numbers.at(row), QsciScintillaBase::STYLE_LINENUMBER);
    forEachLinePair(m_diff, oldLines, newLines, [&](const LineDiff::Hunk& h, int k, const LineDiff::WordChanges& words) {
        m_unified->markWords(oldRow.value(h.oldStart + k), words.oldRanges, false);
        m_unified->markWords(newRow.value(h.newStart + k), words.newRanges, true);
    });
}

void FilePane::setUnified(bool on)
{
    m_unifiedMode = on;
    const bool unified = on && m_diffShown;
    m_unified->setVisible(unified);
    m_splitter->setVisible(!unified);
}

int FilePane::changeLine(int index) const
{
    const QList<LineDiff::Hunk> changes = m_diff.changes();
    if (index < 0 || index >= changes.size())
        return -1;
    if (m_unifiedMode)
        return m_unifiedChangeLines.value(index, -1);
    return std::min(changes.at(index).newStart, std::max(0, m_editor->lines() - 1));
}

bool FilePane::goToChange(int index)
{
    const int line = changeLine(index);
    if (line < 0)
        return false;
    m_currentChange = index;
    CodeEditor* editor = m_unifiedMode ? m_unified : m_editor;
    editor->setCursorPosition(line, 0);
    editor->setFirstVisibleLine(std::max(0, line - 3)); // a little context above the change
    if (!m_unifiedMode && m_diff.changes().at(index).newCount == 0) // a removal: show its lines on the old side
        m_baseEditor->setFirstVisibleLine(std::max(0, m_diff.changes().at(index).oldStart - 3));
    return true;
}

} // namespace kwb
