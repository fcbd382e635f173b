#include "trajectorylistmodel.h"

#include "model/roofline.h"

#include <QLocale>

#include <cmath>

namespace kwb {

TrajectoryListModel::TrajectoryListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TrajectoryListModel::setStore(const Store* store)
{
    m_store = store;
    refresh();
}

void TrajectoryListModel::setFilter(const TrajectoryFilter& filter)
{
    m_filter = filter;
    refresh();
}

void TrajectoryListModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= int(TrajectoryColumn::Count))
        return;
    m_sortColumn = TrajectoryColumn(column);
    m_descending = order == Qt::DescendingOrder;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QList<qint64> beforeIds;
    for (const QModelIndex& i : before)
        beforeIds.append(trajectoryId(i.row()));
    reload();
    QModelIndexList after;
    for (int i = 0; i < before.size(); ++i) {
        const int row = rowOf(beforeIds.at(i));
        after.append(row < 0 ? QModelIndex() : index(row, before.at(i).column()));
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void TrajectoryListModel::refresh()
{
    beginResetModel();
    reload();
    endResetModel();
}

void TrajectoryListModel::reload()
{
    m_pages.clear();
    m_ids.clear();
    m_lastError.clear();
    if (!m_store)
        return;
    QString error;
    const auto ids = m_store->trajectoryIds(m_filter, m_sortColumn, m_descending, &error);
    if (!ids) {
        m_lastError = error;
        Q_EMIT errorOccurred(error);
        return;
    }
    m_ids = *ids;
}

QStringList TrajectoryListModel::labelsInUse() const
{
    QStringList labels;
    if (!m_store)
        return labels;
    QString error; // a store that cannot be read leaves the label filter without names
    return m_store->labelsInUse(false, &error).value_or(labels);
}

qint64 TrajectoryListModel::trajectoryId(int row) const
{
    return row >= 0 && row < m_ids.size() ? m_ids.at(row) : 0;
}

int TrajectoryListModel::rowOf(qint64 trajectoryId) const
{
    return int(m_ids.indexOf(trajectoryId));
}

int TrajectoryListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

int TrajectoryListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(TrajectoryColumn::Count);
}

const TrajectorySummary* TrajectoryListModel::summaryAt(int row) const
{
    const int page = row / kPageSize;
    QList<TrajectorySummary>* rows = m_pages.object(page);
    if (!rows) {
        QString error;
        const auto loaded = m_store->summaries(m_ids.mid(page * kPageSize, kPageSize), &error);
        if (!loaded)
            return nullptr;
        rows = new QList<TrajectorySummary>(*loaded);
        m_pages.insert(page, rows);
    }
    const int offset = row % kPageSize;
    // A row deleted by another program since the ids were read shows as empty rather than shifting others.
    return offset < rows->size() && rows->at(offset).id == m_ids.at(row) ? &rows->at(offset) : nullptr;
}

QVariant TrajectoryListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_store)
        return {};
    if (role == IdRole)
        return m_ids.at(index.row());
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != UuidRole && role != SortValueRole
        && role != Qt::TextAlignmentRole)
        return {};
    const TrajectorySummary* s = summaryAt(index.row());
    if (!s)
        return {};
    if (role == UuidRole)
        return s->uuid;
    const auto column = TrajectoryColumn(index.column());
    auto number = [role](double v, int decimals) -> QVariant {
        if (std::isnan(v))
            return role == SortValueRole ? QVariant() : QVariant(QString());
        return role == SortValueRole ? QVariant(v) : QVariant(QLocale().toString(v, 'f', decimals));
    };
    if (role == Qt::TextAlignmentRole) {
        switch (column) {
        case TrajectoryColumn::Level:
        case TrajectoryColumn::Turns:
        case TrajectoryColumn::Branches:
        case TrajectoryColumn::BestReward:
        case TrajectoryColumn::BestSpeedup:
        case TrajectoryColumn::BestRoofline:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    switch (column) {
    case TrajectoryColumn::Task:
        return s->task;
    case TrajectoryColumn::Level:
        return s->level > 0 ? QVariant(s->level) : QVariant();
    case TrajectoryColumn::Title:
        return s->title;
    case TrajectoryColumn::Source:
        return s->source;
    case TrajectoryColumn::Policy:
        return s->policy;
    case TrajectoryColumn::Created:
        return role == SortValueRole ? QVariant(s->created) : QVariant(QLocale().toString(s->created.toLocalTime(), QLocale::ShortFormat));
    case TrajectoryColumn::Turns:
        return s->turns;
    case TrajectoryColumn::Branches:
        return s->branches;
    case TrajectoryColumn::Status:
        return role == SortValueRole ? QVariant(s->status) : QVariant(statusLabel(s->status));
    case TrajectoryColumn::BestReward:
        return number(s->bestReward, 2);
    case TrajectoryColumn::BestSpeedup:
        return std::isnan(s->bestSpeedup) || role == SortValueRole ? number(s->bestSpeedup, 2)
                                                                    : QVariant(tr("%1×").arg(QLocale().toString(s->bestSpeedup, 'f', 2)));
    case TrajectoryColumn::BestRoofline:
        return std::isnan(s->bestRoofline) || role == SortValueRole ? number(s->bestRoofline, 2)
                                                                     : QVariant(roofline::percentText(s->bestRoofline));
    case TrajectoryColumn::Labels:
        return s->labels.join(QLatin1String(", "));
    case TrajectoryColumn::Count:
        break;
    }
    return {};
}

QString TrajectoryListModel::statusLabel(const QString& status)
{
    if (status == QLatin1String("correct"))
        return tr("correct");
    if (status == QLatin1String("incorrect"))
        return tr("incorrect");
    if (status == QLatin1String("compile-error"))
        return tr("compile error");
    if (status == QLatin1String("environment-error"))
        return tr("environment error");
    if (status == QLatin1String("not-evaluated"))
        return tr("not evaluated");
    return status;
}

QVariant TrajectoryListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= int(TrajectoryColumn::Count))
        return {};
    if (role == Qt::ToolTipRole && TrajectoryColumn(section) == TrajectoryColumn::BestRoofline)
        return tr("The best correct turn's time against the least time its GPU allows for the task's floor of bytes and "
                  "FLOPs (100 % is on the roofline)");
    if (role != Qt::DisplayRole)
        return {};
    switch (TrajectoryColumn(section)) {
    case TrajectoryColumn::Task:
        return tr("Task");
    case TrajectoryColumn::Level:
        return tr("Level");
    case TrajectoryColumn::Title:
        return tr("Title");
    case TrajectoryColumn::Source:
        return tr("Source");
    case TrajectoryColumn::Policy:
        return tr("Policy");
    case TrajectoryColumn::Created:
        return tr("Created");
    case TrajectoryColumn::Turns:
        return tr("Turns");
    case TrajectoryColumn::Branches:
        return tr("Branches");
    case TrajectoryColumn::Status:
        return tr("Status");
    case TrajectoryColumn::BestReward:
        return tr("Best reward");
    case TrajectoryColumn::BestSpeedup:
        return tr("Best vs compile");
    case TrajectoryColumn::BestRoofline:
        return tr("% roofline");
    case TrajectoryColumn::Labels:
        return tr("Labels");
    case TrajectoryColumn::Count:
        break;
    }
    return {};
}

} // namespace kwb
