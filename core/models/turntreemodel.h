#pragma once

#include "store/store.h"

#include <QAbstractItemModel>

namespace kwb {

// The fork tree of one trajectory: each turn a node, forks as siblings. Loads turn headers only.
class TurnTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { TurnColumn, StatusColumn, RewardColumn, SpeedupColumn, OriginColumn, ColumnCount };
    enum Role { TurnIdRole = Qt::UserRole + 1, UuidRole, DepthRole };

    explicit TurnTreeModel(QObject* parent = nullptr);

    // Loads the turn tree of a trajectory (headers only); false and an error when it cannot be read.
    bool load(const Store& store, qint64 trajectoryId, QString* error);
    void setTrajectory(Trajectory trajectory);
    void clear();
    const Trajectory& trajectory() const { return m_trajectory; }

    QModelIndex indexOfTurn(const QString& uuid) const;
    const Turn* turnAt(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusText(const Turn& turn);

private:
    struct Node
    {
        int parent = -1; // node index, -1 for roots
        int row = 0; // position among its siblings
        int depth = 0;
        QList<int> children;
    };
    void build();

    Trajectory m_trajectory;
    QList<Node> m_nodes; // same order as m_trajectory.turns
    QList<int> m_roots;
};

} // namespace kwb
