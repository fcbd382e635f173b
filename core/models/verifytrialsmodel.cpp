#include "verifytrialsmodel.h"

#include <QColor>
#include <QLocale>

#include <cmath>

namespace kwb {

VerifyTrialsModel::VerifyTrialsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void VerifyTrialsModel::setTrials(const QList<VerifyTrial>& trials)
{
    if (trials == m_trials)
        return;
    beginResetModel();
    m_trials = trials;
    endResetModel();
}

QString VerifyTrialsModel::scientific(double value)
{
    return std::isnan(value) ? QString() : QLocale().toString(value, 'g', 3);
}

int VerifyTrialsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_trials.size());
}

int VerifyTrialsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VerifyTrialsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const VerifyTrial& t = m_trials.at(index.row());
    if (role == Qt::ForegroundRole && index.column() == ResultColumn)
        return t.passed ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28);
    if (role == Qt::TextAlignmentRole && index.column() != ResultColumn && index.column() != MessageColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TrialColumn:
        return index.row() + 1;
    case ResultColumn:
        return t.passed ? tr("pass") : tr("fail");
    case MaxAbsColumn:
        return scientific(t.maxAbsError);
    case MaxRelColumn:
        return scientific(t.maxRelError);
    case MismatchColumn:
        return std::isnan(t.mismatchFraction) ? QString()
                                              : QLocale().toString(t.mismatchFraction * 100, 'f', 2) + QLatin1Char('%');
    case MessageColumn:
        return t.message;
    default:
        return {};
    }
}

QVariant VerifyTrialsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TrialColumn:
        return tr("Trial");
    case ResultColumn:
        return tr("Result");
    case MaxAbsColumn:
        return tr("Max abs error");
    case MaxRelColumn:
        return tr("Max rel error");
    case MismatchColumn:
        return tr("Mismatched");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace kwb
