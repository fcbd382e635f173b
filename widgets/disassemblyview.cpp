#include "disassemblyview.h"

#include "codefont.h"
#include "models/linediff.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb {

namespace {

// The tint of a CUDA line: a light colour of its own, so that the rows of one line read as a band.
QColor lineTint(int line)
{
    if (line <= 0)
        return {};
    return QColor::fromHsl((line * 67) % 360, 150, 238);
}

QColor kindColour(InstructionKind kind)
{
    switch (kind) {
    case InstructionKind::GlobalLoad:
    case InstructionKind::GlobalStore:
        return QColor(0x15, 0x65, 0xc0);
    case InstructionKind::SharedLoad:
    case InstructionKind::SharedStore:
        return QColor(0x2e, 0x7d, 0x32);
    case InstructionKind::LocalLoad:
    case InstructionKind::LocalStore:
        return QColor(0xc6, 0x28, 0x28);
    case InstructionKind::TensorCore:
        return QColor(0x6a, 0x1b, 0x9a);
    case InstructionKind::Branch:
        return QColor(0xb2, 0x5e, 0x00);
    case InstructionKind::Barrier:
        return QColor(0x5d, 0x40, 0x37);
    case InstructionKind::Atomic:
        return QColor(0xad, 0x14, 0x57);
    case InstructionKind::ConstantLoad:
    case InstructionKind::Other:
        break;
    }
    return {};
}

// Rows tinted by their CUDA line (deeper where that line is highlighted), instructions coloured by class, wide
// memory operations in bold, rows new or changed against the compared turn marked at their left edge.
class ListingDelegate : public QStyledItemDelegate
{
public:
    ListingDelegate(const QList<int>* highlighted, const QList<int>* changed, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_highlighted(highlighted)
        , m_changed(changed)
    {
    }

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const int line = index.data(DisassemblyModel::SourceLineRole).toInt();
        const bool marked = m_highlighted->contains(index.row());
        if (!(option.state & QStyle::State_Selected)) {
            QColor tint = lineTint(line);
            if (marked)
                tint = QColor(0xff, 0xe0, 0x82);
            if (tint.isValid())
                painter->fillRect(option.rect, tint);
        }
        if (index.column() == 0 && m_changed->contains(index.row()))
            painter->fillRect(QRect(option.rect.left(), option.rect.top(), 3, option.rect.height()), QColor(0x2e, 0x7d, 0x32));
        QStyleOptionViewItem o = option;
        if (index.column() == DisassemblyModel::InstructionColumn) {
            const auto kind = InstructionKind(index.data(DisassemblyModel::KindRole).toInt());
            if (const QColor c = kindColour(kind); c.isValid())
                o.palette.setColor(QPalette::Text, c);
            if (index.data(DisassemblyModel::WidthRole).toInt() >= 128)
                o.font.setBold(true);
        }
        QStyledItemDelegate::paint(painter, o, index);
    }

private:
    const QList<int>* m_highlighted;
    const QList<int>* m_changed;
};

} // namespace

DisassemblyView::DisassemblyView(QWidget* parent)
    : QWidget(parent)
    , m_model(new DisassemblyModel(this))
    , m_kernels(new QComboBox(this))
    , m_modeBox(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_summary(new QLabel(this))
    , m_diff(new QLabel(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("disassemblyView"));
    m_kernels->setObjectName(QStringLiteral("disassemblyKernel"));
    m_kernels->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kernels->setMinimumContentsLength(16);
    m_modeBox->setObjectName(QStringLiteral("disassemblyMode"));
    m_modeBox->addItem(tr("SASS"), int(Mode::Sass));
    m_modeBox->addItem(tr("PTX"), int(Mode::Ptx));
    m_search->setObjectName(QStringLiteral("disassemblySearch"));
    m_search->setPlaceholderText(tr("Find (e.g. LDG.E.128)"));
    m_search->setClearButtonEnabled(true);
    m_summary->setObjectName(QStringLiteral("disassemblySummary"));
    m_summary->setWordWrap(true);
    m_diff->setObjectName(QStringLiteral("disassemblyDiff"));
    m_diff->setWordWrap(true);
    m_diff->setStyleSheet(QStringLiteral("QLabel { color: palette(dark); }"));
    m_diff->hide();
    m_table->setObjectName(QStringLiteral("disassemblyTable"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new ListingDelegate(&m_highlighted, &m_changedRows, this));
    m_table->setFont(codeFont());
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // uniform rows: 10,000 scroll like 10
    m_table->verticalHeader()->setDefaultSectionSize(QFontMetrics(codeFont()).height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_kernels, 1);
    top->addWidget(m_modeBox);
    top->addWidget(m_search, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_diff);
    layout->addWidget(m_table, 1);

    connect(m_kernels, &QComboBox::currentIndexChanged, this, &DisassemblyView::showCurrent);
    connect(m_modeBox, &QComboBox::currentIndexChanged, this, [this] {
        m_mode = Mode(m_modeBox->currentData().toInt());
        showCurrent();
    });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(m_search->text()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (!current.isValid())
            return;
        const int line = current.data(DisassemblyModel::SourceLineRole).toInt();
        if (line > 0)
            Q_EMIT sourceLineActivated(current.data(DisassemblyModel::SourceFileRole).toString(), line);
    });
    setBundle(std::nullopt, tr("No turn."));
}

void DisassemblyView::setBundle(const std::optional<DisassemblyBundle>& bundle, const QString& whyNone)
{
    const QString symbol = currentSymbol();
    m_bundle = bundle;
    m_whyNone = whyNone;
    fillKernels();
    if (!symbol.isEmpty())
        showKernel(symbol);
    showCurrent();
}

void DisassemblyView::setBase(const std::optional<DisassemblyBundle>& bundle, const QString& label)
{
    m_base = bundle;
    m_baseLabel = label;
    showCurrent();
}

void DisassemblyView::setCounters(const QHash<QString, QHash<qint64, InstructionCounters>>& counters)
{
    m_counters = counters;
    showCurrent();
}

void DisassemblyView::setMode(Mode mode)
{
    m_modeBox->setCurrentIndex(m_modeBox->findData(int(mode)));
}

void DisassemblyView::fillKernels()
{
    const QSignalBlocker block(m_kernels);
    m_kernels->clear();
    if (!m_bundle)
        return;
    for (const QString& symbol : m_bundle->symbols()) {
        const ListingFunction* f = m_bundle->sassOf(symbol) ? m_bundle->sassOf(symbol) : m_bundle->ptxOf(symbol);
        m_kernels->addItem(f->entry ? f->name : tr("%1 (device function)").arg(f->name), symbol);
        m_kernels->setItemData(m_kernels->count() - 1, symbol, Qt::ToolTipRole);
    }
}

QString DisassemblyView::currentSymbol() const
{
    return m_kernels->currentData().toString();
}

QStringList DisassemblyView::kernelNames() const
{
    QStringList names;
    for (int i = 0; i < m_kernels->count(); ++i)
        names << m_kernels->itemText(i);
    return names;
}

bool DisassemblyView::showKernel(const QString& nameOrSymbol)
{
    for (int exact = 1; exact >= 0; --exact) {
        for (int i = 0; i < m_kernels->count(); ++i) {
            const QString symbol = m_kernels->itemData(i).toString();
            const QString name = m_kernels->itemText(i);
            if (exact ? (symbol == nameOrSymbol || name == nameOrSymbol) : (symbol.contains(nameOrSymbol) || name.contains(nameOrSymbol))) {
                m_kernels->setCurrentIndex(i);
                return true;
            }
        }
    }
    return false;
}

const ListingFunction* DisassemblyView::listingOf(const std::optional<DisassemblyBundle>& bundle, const QString& symbol) const
{
    if (!bundle)
        return nullptr;
    return m_mode == Mode::Sass ? bundle->sassOf(symbol) : bundle->ptxOf(symbol);
}

void DisassemblyView::showCurrent()
{
    const ListingFunction* f = listingOf(m_bundle, currentSymbol());
    m_model->setListing(f ? *f : ListingFunction {});
    m_model->setCounters(f && m_mode == Mode::Sass ? m_counters.value(f->symbol) : QHash<qint64, InstructionCounters> {});
    m_highlighted.clear();
    m_changedRows.clear();
    m_diff->clear();
    m_diff->hide();
    const ListingFunction* base = f ? listingOf(m_base, f->symbol) : nullptr;
    if (f && base) {
        const ListingDiff diff = ListingDiff::compute(*base, *f);
        const LineDiff lines = LineDiff::compute(diff.oldLines, diff.newLines);
        const QList<LineDiff::Kind> kinds = lines.newLineKinds();
        for (int i = 0; i < kinds.size(); ++i) {
            if (kinds.at(i) != LineDiff::Kind::Equal)
                m_changedRows.append(i);
        }
        QStringList parts;
        for (const ListingDiff::Count& c : diff.byOpcode.mid(0, 6))
            parts << tr("%1 %2 → %3").arg(c.what).arg(c.before).arg(c.after);
        m_diff->setText(lines.isIdentical() ? tr("Against %1: the same instructions.").arg(m_baseLabel)
                                            : tr("Against %1: %2 → %3 instructions; %4.")
                                                  .arg(m_baseLabel)
                                                  .arg(diff.oldLines.size())
                                                  .arg(diff.newLines.size())
                                                  .arg(parts.isEmpty() ? tr("the same counts, in another order") : parts.join(QStringLiteral(", "))));
        m_diff->setToolTip(diff.summary());
        m_diff->show();
    }
    m_table->resizeColumnsToContents();
    // A long operand list is elided so that the counters stay in view; its whole text is a drag away.
    const int most = QFontMetrics(codeFont()).horizontalAdvance(QLatin1Char('M')) * 34;
    if (m_table->columnWidth(DisassemblyModel::InstructionColumn) > most)
        m_table->setColumnWidth(DisassemblyModel::InstructionColumn, most);
    if (m_highlightLine > 0)
        m_highlighted = m_model->rowsOfLine({}, m_highlightLine);
    updateSummary();
}

void DisassemblyView::updateSummary()
{
    m_summary->setText(summaryText());
}

QString DisassemblyView::summaryText() const
{
    if (!m_bundle)
        return m_whyNone.isEmpty() ? tr("This turn has no disassembly.") : m_whyNone;
    const ListingFunction& f = m_model->listing();
    if (f.instructions.isEmpty()) {
        if (m_bundle->symbols().isEmpty())
            return tr("The build holds no GPU code.");
        return m_mode == Mode::Ptx ? tr("The build embeds no PTX for this kernel (build with TORCH_CUDA_ARCH_LIST=\"9.0+PTX\", or kwb-runner --cuda-arch 9.0+PTX, to keep it).")
                                   : tr("No SASS for this kernel.");
    }
    QMap<InstructionKind, int> kinds;
    int wide = 0;
    bool lines = false;
    for (const Instruction& i : f.instructions) {
        ++kinds[i.kind];
        wide += (i.kind == InstructionKind::GlobalLoad || i.kind == InstructionKind::GlobalStore) && i.widthBits >= 128;
        lines = lines || i.line > 0;
    }
    QStringList parts { tr("%n instruction(s)", nullptr, int(f.instructions.size())) };
    if (!f.arch.isEmpty())
        parts.front() += QStringLiteral(" (%1)").arg(f.arch);
    const int global = kinds.value(InstructionKind::GlobalLoad) + kinds.value(InstructionKind::GlobalStore);
    if (global > 0)
        parts << tr("%n global load/store(s)", nullptr, global) + (wide > 0 ? tr(", %1 of 128 bits").arg(wide) : QString());
    if (const int shared = kinds.value(InstructionKind::SharedLoad) + kinds.value(InstructionKind::SharedStore); shared > 0)
        parts << tr("%n shared", nullptr, shared);
    const int spills = kinds.value(InstructionKind::LocalLoad) + kinds.value(InstructionKind::LocalStore);
    parts << (spills > 0 ? tr("%n local (spill) access(es)", nullptr, spills) : tr("no spills"));
    if (const int mma = kinds.value(InstructionKind::TensorCore); mma > 0)
        parts << tr("%n tensor-core op(s)", nullptr, mma);
    if (const int bar = kinds.value(InstructionKind::Barrier); bar > 0)
        parts << tr("%n barrier(s)", nullptr, bar);
    QString text = parts.join(QStringLiteral(" · "));
    if (!lines)
        text += tr(" — no source lines (built without -lineinfo)");
    // Where the kernel waits: Nsight Compute's stall samples summed per CUDA line, the three largest.
    if (m_model->hasCounters()) {
        const QHash<int, InstructionCounters> totals = m_model->lineTotals();
        qint64 all = 0;
        QList<QPair<qint64, int>> byLine;
        for (auto it = totals.cbegin(); it != totals.cend(); ++it) {
            all += std::max<qint64>(it->stallSamples, 0);
            byLine.append({ std::max<qint64>(it->stallSamples, 0), it.key() });
        }
        std::sort(byLine.begin(), byLine.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
        QStringList hot;
        for (const auto& [samples, line] : byLine.mid(0, 3)) {
            if (all > 0 && samples > 0)
                hot << tr("line %1 (%2 %)").arg(line).arg(QLocale().toString(100.0 * double(samples) / double(all), 'f', 0));
        }
        if (!hot.isEmpty())
            text += QLatin1Char('\n') + tr("Stall samples (%1 in all) by CUDA line: %2.").arg(QLocale().toString(all), hot.join(QStringLiteral(", ")));
    }
    return text;
}

QString DisassemblyView::diffText() const
{
    return m_diff->isVisible() || !m_diff->text().isEmpty() ? m_diff->text() : QString();
}

void DisassemblyView::highlightSourceLine(const QString& file, int line)
{
    m_highlightLine = line;
    m_highlighted = m_model->rowsOfLine(file, line);
    if (!m_highlighted.isEmpty())
        m_table->scrollTo(m_model->index(m_highlighted.first(), 0), QAbstractItemView::PositionAtCenter);
    m_table->viewport()->update();
}

bool DisassemblyView::findNext(const QString& text, bool forward)
{
    const QList<int> rows = m_model->find(text);
    if (rows.isEmpty())
        return false;
    const int at = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
    int next = forward ? rows.first() : rows.last();
    for (int r : rows) {
        if (forward && r > at) {
            next = r;
            break;
        }
        if (!forward && r < at)
            next = r;
    }
    m_table->setCurrentIndex(m_model->index(next, DisassemblyModel::InstructionColumn));
    m_table->scrollTo(m_table->currentIndex(), QAbstractItemView::PositionAtCenter);
    return true;
}

} // namespace kwb
