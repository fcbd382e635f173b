#include "branchoutlinemodel.h"

#include "turnbadges.h"

#include <QFont>
#include <QLocale>

#include <cmath>

namespace kwb {

BranchOutlineModel::BranchOutlineModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void BranchOutlineModel::setTrajectory(const Trajectory* trajectory, const TurnGraph* graph)
{
    beginResetModel();
    m_trajectory = trajectory;
    m_graph = graph;
    m_current = -1;
    m_topRows.clear();
    const int n = graph ? graph->size() : 0;
    m_outlineParent.fill(-1, n);
    m_row.fill(0, n);
    m_rows = QList<QList<int>>(n);
    if (graph) {
        for (int root : graph->roots())
            appendChain(root, -1);
    }
    endResetModel();
}

void BranchOutlineModel::appendChain(int head, int outlineParent)
{
    // Iterative along the chain, recursive only per fork, so depth follows forks and not turns.
    QList<int>& list = outlineParent < 0 ? m_topRows : m_rows[outlineParent];
    for (int n = head; n >= 0; n = m_graph->mainChild(n)) {
        m_outlineParent[n] = outlineParent;
        m_row[n] = int(list.size());
        list.append(n);
    }
    for (int n = head; n >= 0; n = m_graph->mainChild(n)) {
        const int main = m_graph->mainChild(n);
        for (int c : m_graph->children(n)) {
            if (c != main)
                appendChain(c, n);
        }
    }
}

void BranchOutlineModel::refreshBadges()
{
    const int n = m_graph ? m_graph->size() : 0;
    for (int t = 0; t < n; ++t) {
        const QModelIndex badges = indexOfTurn(t, BadgesColumn);
        Q_EMIT dataChanged(badges, badges, { BadgesRole, Qt::DisplayRole, Qt::ToolTipRole });
    }
}

void BranchOutlineModel::setCurrentTurn(int turn)
{
    if (turn == m_current)
        return;
    const int before = m_current;
    m_current = turn;
    for (int t : { before, turn }) {
        if (t >= 0 && m_graph && t < m_graph->size())
            Q_EMIT dataChanged(indexOfTurn(t, 0), indexOfTurn(t, ColumnCount - 1), { Qt::FontRole, CurrentRole });
    }
}

QModelIndex BranchOutlineModel::indexOfTurn(int turn, int column) const
{
    if (!m_graph || turn < 0 || turn >= m_graph->size())
        return {};
    return createIndex(m_row.at(turn), column, quintptr(turn));
}

int BranchOutlineModel::turnAt(const QModelIndex& index) const
{
    return index.isValid() ? int(index.internalId()) : -1;
}

QModelIndex BranchOutlineModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const QList<int>& list = parent.isValid() ? m_rows.at(int(parent.internalId())) : m_topRows;
    return row < list.size() ? createIndex(row, column, quintptr(list.at(row))) : QModelIndex();
}

QModelIndex BranchOutlineModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    return indexOfTurn(m_outlineParent.at(int(child.internalId())));
}

int BranchOutlineModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_topRows.size());
    return parent.column() == 0 ? int(m_rows.at(int(parent.internalId())).size()) : 0;
}

int BranchOutlineModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant BranchOutlineModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_trajectory)
        return {};
    const int i = int(index.internalId());
    const Turn& turn = m_trajectory->turns.at(i);
    const bool head = !m_graph->isMainChild(i);
    switch (role) {
    case TurnIndexRole:
        return i;
    case TurnIdRole:
        return turn.storeId;
    case UuidRole:
        return turn.uuid;
    case BranchHeadRole:
        return head;
    case CurrentRole:
        return i == m_current;
    case BadgesRole:
        return QVariant::fromValue(TurnBadges::of(turn));
    case Qt::FontRole:
        if (i == m_current) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == RewardColumn ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        if (head && m_graph->parent(i) >= 0)
            return tr("Fork from turn %1").arg(m_graph->depth(m_graph->parent(i)) + 1);
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TurnColumn:
        return head ? tr("↳ Turn %1").arg(m_graph->depth(i) + 1) : tr("Turn %1").arg(m_graph->depth(i) + 1);
    case BadgesColumn: {
        QStringList texts;
        for (const TurnBadge& b : TurnBadges::of(turn))
            texts.append(b.text);
        return texts.join(QStringLiteral(", "));
    }
    case RewardColumn:
        return std::isnan(turn.reward()) ? QVariant() : QVariant(QLocale().toString(turn.reward(), 'f', 2));
    default:
        return {};
    }
}

QVariant BranchOutlineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TurnColumn:
        return tr("Turn");
    case BadgesColumn:
        return tr("Result");
    case RewardColumn:
        return tr("Reward");
    default:
        return {};
    }
}

} // namespace kwb
