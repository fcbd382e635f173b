#include "kernelview.h"

#include "codeeditor.h"
#include "filepane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QIcon>
#include <QMap>
#include <QPainter>
#include <QPixmap>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb {

namespace {

// The diff base's choice: as wide as its longest entry where there is room, down to a few words where there is not.
class ShrinkingComboBox : public QComboBox
{
public:
    using QComboBox::QComboBox;
    QSize minimumSizeHint() const override
    {
        const QSize full = QComboBox::minimumSizeHint();
        return { std::min(full.width(), fontMetrics().averageCharWidth() * 12 + 24), full.height() };
    }
};

} // namespace

KernelView::KernelView(QWidget* parent)
    : QWidget(parent)
    , m_diffToggle(new QToolButton(this))
    , m_unifiedToggle(new QToolButton(this))
    , m_previousChange(new QToolButton(this))
    , m_nextChange(new QToolButton(this))
    , m_changeStatus(new QLabel(this))
    , m_baseChoice(new ShrinkingComboBox(this))
    , m_findEdit(new QLineEdit(this))
    , m_findStatus(new QLabel(this))
    , m_message(new QLabel(this))
    , m_tabs(new QTabWidget(this))
{
    setObjectName(QStringLiteral("kernelView"));
    m_diffToggle->setObjectName(QStringLiteral("diffToggle"));
    m_diffToggle->setText(tr("Diff"));
    m_diffToggle->setToolTip(tr("Compare every file side by side with another turn"));
    m_diffToggle->setCheckable(true);
    m_diffToggle->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_unifiedToggle->setObjectName(QStringLiteral("unifiedToggle"));
    m_unifiedToggle->setText(tr("Unified"));
    m_unifiedToggle->setToolTip(tr("One column of removed and added lines instead of two sides"));
    m_unifiedToggle->setCheckable(true);
    m_unifiedToggle->setEnabled(false);
    m_previousChange->setObjectName(QStringLiteral("previousChange"));
    m_previousChange->setArrowType(Qt::UpArrow);
    m_previousChange->setToolTip(tr("Previous change (Shift+F7)"));
    m_nextChange->setObjectName(QStringLiteral("nextChange"));
    m_nextChange->setArrowType(Qt::DownArrow);
    m_nextChange->setToolTip(tr("Next change (F7)"));
    m_changeStatus->setObjectName(QStringLiteral("changeStatus"));
    m_changeStatus->setMinimumWidth(1); // its text where there is room, giving way on a narrow window
    m_baseChoice->setObjectName(QStringLiteral("diffBase"));
    m_baseChoice->addItem(tr("against the previous turn"));
    m_baseChoice->setEnabled(false);
    m_baseChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_findEdit->setObjectName(QStringLiteral("findEdit"));
    m_findEdit->setPlaceholderText(tr("Find in file…"));
    m_findEdit->setClearButtonEnabled(true);
    m_findEdit->setMaximumWidth(260);
    m_findEdit->setMinimumWidth(60);
    m_findStatus->setObjectName(QStringLiteral("findStatus"));
    m_message->setObjectName(QStringLiteral("kernelMessage"));
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setMargin(24);
    m_message->hide();
    m_tabs->setObjectName(QStringLiteral("kernelTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setUsesScrollButtons(true);

    connect(m_diffToggle, &QToolButton::toggled, this, [this](bool on) {
        m_baseChoice->setEnabled(on);
        m_unifiedToggle->setEnabled(on);
        Q_EMIT diffToggled(on);
    });
    connect(m_unifiedToggle, &QToolButton::toggled, this, [this](bool on) {
        for (int i = 0; i < m_tabs->count(); ++i)
            static_cast<FilePane*>(m_tabs->widget(i))->setUnified(on);
        updateChangeControls();
        Q_EMIT unifiedToggled(on);
    });
    connect(m_previousChange, &QToolButton::clicked, this, &KernelView::goToPreviousChange);
    connect(m_nextChange, &QToolButton::clicked, this, &KernelView::goToNextChange);
    connect(m_tabs, &QTabWidget::currentChanged, this, &KernelView::updateChangeControls);
    connect(m_baseChoice, &QComboBox::currentIndexChanged, this, [this] { Q_EMIT baseChanged(base()); });
    connect(m_findEdit, &QLineEdit::returnPressed, this, [this] { findFromBar(true); });

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_diffToggle);
    bar->addWidget(m_baseChoice);
    bar->addWidget(m_unifiedToggle);
    bar->addSpacing(8);
    bar->addWidget(m_previousChange);
    bar->addWidget(m_nextChange);
    bar->addWidget(m_changeStatus);
    bar->addStretch();
    bar->addWidget(m_findStatus);
    bar->addWidget(m_findEdit);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_tabs, 1);
}

bool KernelView::isDiffEnabled() const
{
    return m_diffToggle->isChecked();
}

void KernelView::setDiffEnabled(bool on)
{
    m_diffToggle->setChecked(on);
}

KernelView::Base KernelView::base() const
{
    return m_baseChoice->currentIndex() == 1 ? Base::PickedTurn : Base::PreviousTurn;
}

void KernelView::setPickedBase(const QString& label)
{
    const QString text = tr("against %1").arg(label);
    if (m_baseChoice->count() < 2)
        m_baseChoice->addItem(text);
    else
        m_baseChoice->setItemText(1, text);
    m_baseChoice->setCurrentIndex(1);
}

void KernelView::clearPickedBase()
{
    if (m_baseChoice->count() > 1)
        m_baseChoice->removeItem(1);
}

void KernelView::clear(const QString& message)
{
    while (m_tabs->count() > 0) {
        QWidget* w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void KernelView::setTurn(const TurnContent* current, const TurnContent* base, const QString& currentLabel,
    const QString& baseLabel, const QMap<QString, QString>* baseHashes)
{
    m_changes.clear();
    if (!current || !current->error.isEmpty()) {
        clear(current ? tr("The files of this turn could not be loaded: %1").arg(current->error) : QString());
        return;
    }
    const bool diff = isDiffEnabled() && base && base->error.isEmpty();
    QMap<QString, std::pair<const FileContent*, const FileContent*>> files; // path -> (current, base)
    for (const FileContent& f : current->files)
        files[f.path].first = &f;
    if (diff) {
        for (const FileContent& f : base->files)
            files[f.path].second = &f;
    }
    QString message;
    if (files.isEmpty())
        message = tr("This turn has no workspace files.");
    else if (isDiffEnabled() && !diff)
        message = base ? tr("The turn to compare with could not be loaded: %1").arg(base->error)
                       : tr("This is the first turn of its branch: there is nothing before it to compare with.");
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());

    const QString before = currentPane() ? currentPane()->path() : QString();
    for (int i = m_tabs->count() - 1; i >= 0; --i) {
        auto* pane = static_cast<FilePane*>(m_tabs->widget(i));
        if (!files.contains(pane->path())) {
            m_tabs->removeTab(i);
            delete pane;
        }
    }
    int index = 0;
    for (auto it = files.cbegin(); it != files.cend(); ++it, ++index) {
        FilePane* pane = paneFor(it.key());
        if (!pane) {
            pane = new FilePane(it.key(), m_tabs);
            connect(pane->editor(), &QsciScintilla::cursorPositionChanged, this, [this, pane](int line, int) {
                if (pane->editor()->hasFocus())
                    Q_EMIT sourceLineClicked(pane->path(), line + 1);
            });
            m_tabs->insertTab(index, pane, it.key().section(QLatin1Char('/'), -1));
            m_tabs->setTabToolTip(index, it.key());
        }
        pane->setFile(it.value().first, it.value().second, diff, currentLabel, baseLabel);
        pane->setUnified(isUnified());
    }
    if (FilePane* keep = paneFor(before))
        m_tabs->setCurrentWidget(keep);

    // What changed against the turn compared with (or the previous one), for the tabs' marks.
    QMap<QString, QString> previous;
    if (diff) {
        for (const FileContent& f : base->files)
            previous.insert(f.path, f.sha256);
    } else if (baseHashes) {
        previous = *baseHashes;
    }
    if (diff || baseHashes) {
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            const FileContent* now = it.value().first;
            if (!now)
                m_changes.insert(it.key(), FileChange::Removed);
            else if (!previous.contains(it.key()))
                m_changes.insert(it.key(), FileChange::Added);
            else if (previous.value(it.key()) != now->sha256)
                m_changes.insert(it.key(), FileChange::Changed);
        }
    }
    m_baseLabel = baseLabel;
    markTabs();
    updateChangeControls();
}

void KernelView::markTabs()
{
    const auto dot = [](const QColor& colour) {
        QPixmap pixmap(10, 10);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawEllipse(QRectF(1, 1, 8, 8));
        return QIcon(pixmap);
    };
    static const QIcon changed = dot(QColor(0xd9, 0x8c, 0x00));
    static const QIcon added = dot(QColor(0x2e, 0x7d, 0x32));
    static const QIcon removed = dot(QColor(0xc6, 0x28, 0x28));
    for (int i = 0; i < m_tabs->count(); ++i) {
        const QString path = static_cast<FilePane*>(m_tabs->widget(i))->path();
        const QString base = m_baseLabel.isEmpty() ? tr("the previous turn") : m_baseLabel;
        switch (fileChange(path)) {
        case FileChange::Same:
            m_tabs->setTabIcon(i, QIcon());
            m_tabs->setTabToolTip(i, path);
            break;
        case FileChange::Changed:
            m_tabs->setTabIcon(i, changed);
            m_tabs->setTabToolTip(i, tr("%1 — changed since %2").arg(path, base));
            break;
        case FileChange::Added:
            m_tabs->setTabIcon(i, added);
            m_tabs->setTabToolTip(i, tr("%1 — new since %2").arg(path, base));
            break;
        case FileChange::Removed:
            m_tabs->setTabIcon(i, removed);
            m_tabs->setTabToolTip(i, tr("%1 — removed since %2").arg(path, base));
            break;
        }
    }
}

bool KernelView::isUnified() const
{
    return m_unifiedToggle->isChecked();
}

void KernelView::setUnified(bool on)
{
    m_unifiedToggle->setChecked(on);
}

bool KernelView::stepChange(bool forward)
{
    const int count = m_tabs->count();
    if (count == 0 || !isDiffEnabled())
        return false;
    const int start = m_tabs->currentIndex();
    // The file shown first, from the change after (before) the current one; then the other files in turn, from
    // their first (last) change, round to the file shown again.
    for (int step = 0; step <= count; ++step) {
        const int index = ((forward ? start + step : start - step) % count + count) % count;
        auto* pane = static_cast<FilePane*>(m_tabs->widget(index));
        const int changes = pane->isDiffShown() ? pane->changeCount() : 0;
        if (changes == 0)
            continue;
        int target;
        if (step == 0 && pane->currentChange() >= 0)
            target = pane->currentChange() + (forward ? 1 : -1);
        else if (step == 0)
            target = forward ? 0 : -1;
        else // another file, or the file shown again from its other end
            target = forward ? 0 : changes - 1;
        if (target < 0 || target >= changes)
            continue;
        m_tabs->setCurrentIndex(index);
        pane->goToChange(target);
        updateChangeControls();
        return true;
    }
    return false;
}

bool KernelView::goToNextChange()
{
    return stepChange(true);
}

bool KernelView::goToPreviousChange()
{
    return stepChange(false);
}

QString KernelView::changeStatus() const
{
    return m_changeStatus->text();
}

void KernelView::updateChangeControls()
{
    bool any = false;
    for (int i = 0; i < m_tabs->count() && !any; ++i) {
        auto* pane = static_cast<FilePane*>(m_tabs->widget(i));
        any = pane->isDiffShown() && pane->changeCount() > 0;
    }
    m_previousChange->setEnabled(any);
    m_nextChange->setEnabled(any);
    FilePane* pane = currentPane();
    QString status;
    if (pane && pane->isDiffShown()) {
        const int changes = pane->changeCount();
        if (changes == 0)
            status = tr("No changes");
        else if (pane->currentChange() < 0)
            status = tr("%n change(s)", nullptr, changes);
        else
            status = tr("Change %1 of %2").arg(pane->currentChange() + 1).arg(changes);
    }
    m_changeStatus->setText(status);
}

FilePane* KernelView::paneFor(const QString& path) const
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* pane = static_cast<FilePane*>(m_tabs->widget(i));
        if (pane->path() == path)
            return pane;
    }
    return nullptr;
}

FilePane* KernelView::currentPane() const
{
    return static_cast<FilePane*>(m_tabs->currentWidget());
}

CodeEditor* KernelView::currentEditor() const
{
    return currentPane() ? currentPane()->editor() : nullptr;
}

QStringList KernelView::paths() const
{
    QStringList out;
    for (int i = 0; i < m_tabs->count(); ++i)
        out << static_cast<FilePane*>(m_tabs->widget(i))->path();
    return out;
}

QString KernelView::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

FilePane* KernelView::paneEndingWith(const QString& file) const
{
    // Compilers print paths as they were given, often absolute in a build folder: match on the path's tail.
    FilePane* match = paneFor(file);
    for (int i = 0; !match && i < m_tabs->count(); ++i) {
        auto* pane = static_cast<FilePane*>(m_tabs->widget(i));
        if (file.endsWith(QLatin1Char('/') + pane->path()) || pane->path().endsWith(QLatin1Char('/') + file))
            match = pane;
    }
    return match;
}

bool KernelView::showSourceLine(const QString& file, int line)
{
    FilePane* match = paneEndingWith(file);
    if (!match) // a load_inline candidate: the CUDA is a string inside model_new.py, built from a copy named otherwise
        match = m_tabs->count() == 1 ? static_cast<FilePane*>(m_tabs->widget(0)) : nullptr;
    if (!match)
        return false;
    m_tabs->setCurrentWidget(match);
    match->editor()->markSourceLine(line - 1);
    return true;
}

bool KernelView::openLocation(const QString& file, int line, int column, Diagnostic::Severity severity)
{
    FilePane* match = paneEndingWith(file);
    if (!match)
        return false;
    m_tabs->setCurrentWidget(match);
    match->editor()->markDiagnostic(line - 1, column - 1, severity);
    match->editor()->setFocus();
    return true;
}

bool KernelView::findNext(const QString& text, bool forward)
{
    CodeEditor* editor = currentEditor();
    if (!editor || text.isEmpty())
        return false;
    bool found = false;
    if (text != m_lastFind || !forward) {
        m_lastFind = text;
        int line = 0, index = 0;
        editor->getCursorPosition(&line, &index);
        if (!forward) {
            int fromLine = 0, fromIndex = 0, toLine = 0, toIndex = 0;
            editor->getSelection(&fromLine, &fromIndex, &toLine, &toIndex);
            if (fromLine >= 0) {
                line = fromLine;
                index = fromIndex;
            }
        }
        found = editor->findFirst(text, false, false, false, true, forward, line, index);
    } else {
        found = editor->findNext();
    }
    m_findStatus->setText(found ? QString() : tr("Not found"));
    return found;
}

void KernelView::findFromBar(bool forward)
{
    findNext(m_findEdit->text(), forward);
}

void KernelView::focusFind()
{
    m_findEdit->setFocus();
    m_findEdit->selectAll();
}

} // namespace kwb
