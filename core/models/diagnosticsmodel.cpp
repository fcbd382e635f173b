#include "diagnosticsmodel.h"

#include <QColor>

namespace kwb {

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DiagnosticsModel::setDiagnostics(const QList<Diagnostic>& diagnostics)
{
    if (diagnostics == m_diagnostics)
        return;
    beginResetModel();
    m_diagnostics = diagnostics;
    endResetModel();
}

QString DiagnosticsModel::severityName(Diagnostic::Severity severity)
{
    switch (severity) {
    case Diagnostic::Severity::Note:
        return tr("note");
    case Diagnostic::Severity::Remark:
        return tr("remark");
    case Diagnostic::Severity::Warning:
        return tr("warning");
    case Diagnostic::Severity::Error:
        return tr("error");
    case Diagnostic::Severity::Fatal:
        return tr("fatal");
    }
    return {};
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_diagnostics.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Diagnostic& d = m_diagnostics.at(index.row());
    switch (role) {
    case FileRole:
        return d.file;
    case LineRole:
        return d.line;
    case ColumnRole:
        return d.column;
    case SeverityRole:
        return int(d.severity);
    case Qt::ForegroundRole:
        if (index.column() != SeverityColumn)
            return {};
        if (d.severity == Diagnostic::Severity::Error || d.severity == Diagnostic::Severity::Fatal)
            return QColor(0xc6, 0x28, 0x28);
        return d.severity == Diagnostic::Severity::Warning ? QColor(0xb2, 0x6a, 0x00) : QVariant();
    case Qt::ToolTipRole:
        return index.column() == MessageColumn ? QVariant(d.message) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == LineColumn || index.column() == ColumnColumn
            ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant();
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityName(d.severity);
        case FileColumn:
            return d.file;
        case LineColumn:
            return d.line > 0 ? QVariant(d.line) : QVariant();
        case ColumnColumn:
            return d.column > 0 ? QVariant(d.column) : QVariant();
        case CodeColumn:
            return d.code;
        case MessageColumn:
            return d.message;
        }
        return {};
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case FileColumn:
        return tr("File");
    case LineColumn:
        return tr("Line");
    case ColumnColumn:
        return tr("Column");
    case CodeColumn:
        return tr("Code");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace kwb
