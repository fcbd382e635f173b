#include "disassemblymodel.h"

#include <QFileInfo>
#include <QLocale>

namespace kwb {

DisassemblyModel::DisassemblyModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DisassemblyModel::setListing(const ListingFunction& function)
{
    beginResetModel();
    m_function = function;
    endResetModel();
}

void DisassemblyModel::setCounters(const QHash<qint64, InstructionCounters>& counters)
{
    beginResetModel();
    m_counters = counters;
    endResetModel();
}

QList<int> DisassemblyModel::rowsOfLine(const QString& file, int line) const
{
    QList<int> rows;
    for (int i = 0; i < m_function.instructions.size(); ++i) {
        const Instruction& ins = m_function.instructions.at(i);
        if (ins.line == line && (file.isEmpty() || ins.file == file || QFileInfo(ins.file).fileName() == QFileInfo(file).fileName()))
            rows.append(i);
    }
    return rows;
}

QHash<int, InstructionCounters> DisassemblyModel::lineTotals() const
{
    QHash<int, InstructionCounters> totals;
    for (const Instruction& ins : m_function.instructions) {
        const auto c = m_counters.constFind(ins.offset);
        if (c == m_counters.cend() || ins.line <= 0)
            continue;
        InstructionCounters& t = totals[ins.line];
        if (c->executed >= 0)
            t.executed = std::max<qint64>(t.executed, 0) + c->executed;
        if (c->stallSamples >= 0)
            t.stallSamples = std::max<qint64>(t.stallSamples, 0) + c->stallSamples;
    }
    return totals;
}

QList<int> DisassemblyModel::find(const QString& text) const
{
    QList<int> rows;
    if (text.isEmpty())
        return rows;
    for (int i = 0; i < m_function.instructions.size(); ++i) {
        if (m_function.instructions.at(i).text().contains(text, Qt::CaseInsensitive))
            rows.append(i);
    }
    return rows;
}

int DisassemblyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_function.instructions.size());
}

int DisassemblyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : (m_counters.isEmpty() ? InstructionColumn + 1 : ColumnCount);
}

QVariant DisassemblyModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Instruction& ins = m_function.instructions.at(index.row());
    switch (role) {
    case SourceLineRole:
        return ins.line;
    case SourceFileRole:
        return ins.file;
    case KindRole:
        return int(ins.kind);
    case WidthRole:
        return ins.widthBits;
    case LabelRole:
        return ins.label;
    case Qt::TextAlignmentRole:
        return index.column() == InstructionColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        QString tip = instructionKindName(ins.kind);
        if (ins.widthBits > 0)
            tip += tr(", %1 bits per thread").arg(ins.widthBits);
        if (ins.line > 0)
            tip += tr("; line %1 of %2").arg(ins.line).arg(QFileInfo(ins.file).fileName());
        if (!ins.label.isEmpty())
            tip += tr("; label %1").arg(ins.label);
        return tip;
    }
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    const QLocale locale;
    switch (index.column()) {
    case AddressColumn:
        return ins.offset >= 0 ? QStringLiteral("%1").arg(ins.offset, 4, 16, QLatin1Char('0')) : QString::number(index.row() + 1);
    case LineColumn:
        return ins.line > 0 ? QVariant(ins.line) : QVariant();
    case InstructionColumn:
        return ins.text();
    case ExecutedColumn:
    case StallsColumn: {
        const auto c = m_counters.constFind(ins.offset);
        if (c == m_counters.cend())
            return {};
        const qint64 v = index.column() == ExecutedColumn ? c->executed : c->stallSamples;
        return v >= 0 ? locale.toString(v) : QString();
    }
    default:
        return {};
    }
}

QVariant DisassemblyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case AddressColumn:
        return m_function.instructions.isEmpty() || m_function.instructions.first().offset >= 0 ? tr("Offset") : tr("#");
    case LineColumn:
        return tr("Line");
    case InstructionColumn:
        return tr("Instruction");
    case ExecutedColumn:
        return tr("Executed");
    case StallsColumn:
        return tr("Stall samples");
    default:
        return {};
    }
}

} // namespace kwb
