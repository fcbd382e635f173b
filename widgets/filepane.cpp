#include "filepane.h"

#include "codeeditor.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

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
{
    m_notice->setObjectName(QStringLiteral("fileNotice"));
    m_notice->setWordWrap(true);
    m_notice->setStyleSheet(QStringLiteral("QLabel { background: #fff4e5; color: #663c00; padding: 4px 6px; }"));
    m_notice->hide();
    m_baseEditor->setObjectName(QStringLiteral("baseEditor"));
    m_editor->setObjectName(QStringLiteral("fileEditor"));
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
    m_editor->setFirstVisibleLine(firstLine); // stepping keeps the reader's place
    m_notice->setText(notes.join(QLatin1Char(' ')));
    m_notice->setVisible(!notes.isEmpty());
}

} // namespace kwb
