#include "turntreemodel.h"

#include <QHash>
#include <QLocale>

#include <cmath>

namespace kwb {

TurnTreeModel::TurnTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

bool TurnTreeModel::load(const Store& store, qint64 trajectoryId, QString* error)
{
    auto t = store.trajectory(trajectoryId, Store::Depth::Headers, error);
    if (!t)
        return false;
    setTrajectory(std::move(*t));
    return true;
}

void TurnTreeModel::setTrajectory(Trajectory trajectory)
{
    beginResetModel();
    m_trajectory = std::move(trajectory);
    build();
    endResetModel();
}

void TurnTreeModel::clear()
{
    setTrajectory(Trajectory());
}

void TurnTreeModel::build()
{
    m_nodes.clear();
    m_roots.clear();
    QHash<QString, int> byUuid;
    m_nodes.resize(m_trajectory.turns.size());
    for (int i = 0; i < m_trajectory.turns.size(); ++i) {
        const Turn& turn = m_trajectory.turns.at(i);
        byUuid.insert(turn.uuid, i);
        Node& node = m_nodes[i];
        node.parent = turn.parentUuid.isEmpty() ? -1 : byUuid.value(turn.parentUuid, -1);
        QList<int>& siblings = node.parent < 0 ? m_roots : m_nodes[node.parent].children;
        node.row = int(siblings.size());
        node.depth = node.parent < 0 ? 0 : m_nodes.at(node.parent).depth + 1;
        siblings.append(i);
    }
}

QModelIndex TurnTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    const QList<int>& siblings = parent.isValid() ? m_nodes.at(int(parent.internalId())).children : m_roots;
    if (row >= siblings.size())
        return {};
    return createIndex(row, column, quintptr(siblings.at(row)));
}

QModelIndex TurnTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int p = m_nodes.at(int(child.internalId())).parent;
    return p < 0 ? QModelIndex() : createIndex(m_nodes.at(p).row, 0, quintptr(p));
}

int TurnTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_roots.size());
    return parent.column() == 0 ? int(m_nodes.at(int(parent.internalId())).children.size()) : 0;
}

int TurnTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QModelIndex TurnTreeModel::indexOfTurn(const QString& uuid) const
{
    for (int i = 0; i < m_trajectory.turns.size(); ++i) {
        if (m_trajectory.turns.at(i).uuid == uuid)
            return createIndex(m_nodes.at(i).row, 0, quintptr(i));
    }
    return {};
}

const Turn* TurnTreeModel::turnAt(const QModelIndex& index) const
{
    return index.isValid() ? &m_trajectory.turns.at(int(index.internalId())) : nullptr;
}

QString TurnTreeModel::statusText(const Turn& turn)
{
    if (!turn.eval)
        return tr("not evaluated");
    const EvalResult& e = *turn.eval;
    if (!e.environmentError().isEmpty())
        return tr("environment error");
    if (e.compile.status != StageStatus::Passed && e.compile.status != StageStatus::NotRun)
        return tr("compile failed");
    if (e.verify.status == StageStatus::Failed || e.verify.status == StageStatus::Error || e.verify.status == StageStatus::TimedOut)
        return tr("verify failed");
    if (e.verify.status == StageStatus::Passed)
        return tr("correct");
    return tr("compiled");
}

QVariant TurnTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int i = int(index.internalId());
    const Turn& turn = m_trajectory.turns.at(i);
    switch (role) {
    case TurnIdRole:
        return turn.storeId;
    case UuidRole:
        return turn.uuid;
    case DepthRole:
        return m_nodes.at(i).depth;
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TurnColumn:
        return tr("Turn %1").arg(m_nodes.at(i).depth + 1);
    case StatusColumn:
        return statusText(turn);
    case RewardColumn:
        return std::isnan(turn.reward()) ? QVariant() : QVariant(QLocale().toString(turn.reward(), 'f', 2));
    case SpeedupColumn: {
        const double s = turn.eval ? turn.eval->speedupVsCompile() : kUnknown;
        return std::isnan(s) ? QVariant() : QVariant(tr("%1×").arg(QLocale().toString(s, 'f', 2)));
    }
    case OriginColumn:
        return Provenance::kindName(turn.provenance.kind);
    default:
        return {};
    }
}

QVariant TurnTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TurnColumn:
        return tr("Turn");
    case StatusColumn:
        return tr("Status");
    case RewardColumn:
        return tr("Reward");
    case SpeedupColumn:
        return tr("vs compile");
    case OriginColumn:
        return tr("Origin");
    default:
        return {};
    }
}

} // namespace kwb
