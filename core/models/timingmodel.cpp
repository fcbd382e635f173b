#include "timingmodel.h"

#include <QLocale>

#include <cmath>

namespace kwb {

TimingModel::TimingModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TimingModel::setTiming(const EvalResult::Timing& timing)
{
    if (timing == m_timing)
        return;
    m_timing = timing;
    Q_EMIT dataChanged(index(0, 0), index(RowCount - 1, ColumnCount - 1));
}

QString TimingModel::microseconds(double us)
{
    if (std::isnan(us))
        return {};
    if (us >= 1000)
        return tr("%1 ms").arg(QLocale().toString(us / 1000, 'f', 3));
    return tr("%1 µs").arg(QLocale().toString(us, 'f', 1));
}

const TimingStats& TimingModel::stats(int row) const
{
    return row == CandidateRow ? m_timing.candidate : row == EagerRow ? m_timing.eager : m_timing.compiled;
}

int TimingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int TimingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TimingModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const TimingStats& s = stats(index.row());
    if (index.column() == NameColumn) {
        switch (index.row()) {
        case CandidateRow:
            return tr("Candidate");
        case EagerRow:
            return tr("Eager");
        default:
            return tr("torch.compile");
        }
    }
    if (!s.isKnown())
        return index.column() == MedianColumn ? tr("not timed") : QString();
    switch (index.column()) {
    case MedianColumn:
        return microseconds(s.medianUs);
    case P20Column:
        return microseconds(s.p20Us);
    case P80Column:
        return microseconds(s.p80Us);
    case MinColumn:
        return microseconds(s.minUs);
    case SpreadColumn:
        return std::isnan(s.cv) ? QString() : QLocale().toString(s.cv * 100, 'f', 1) + QLatin1Char('%');
    case SamplesColumn:
        return s.samples;
    case SpeedupColumn: {
        if (index.row() == CandidateRow || !m_timing.candidate.isKnown() || m_timing.candidate.medianUs <= 0)
            return QString();
        return tr("%1×").arg(QLocale().toString(s.medianUs / m_timing.candidate.medianUs, 'f', 2));
    }
    default:
        return {};
    }
}

QVariant TimingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Run");
    case MedianColumn:
        return tr("Median");
    case P20Column:
        return tr("p20");
    case P80Column:
        return tr("p80");
    case MinColumn:
        return tr("Min");
    case SpreadColumn:
        return tr("Spread (CV)");
    case SamplesColumn:
        return tr("Samples");
    case SpeedupColumn:
        return tr("Candidate speedup");
    default:
        return {};
    }
}

} // namespace kwb
