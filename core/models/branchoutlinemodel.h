#pragma once

#include "turngraph.h"

#include <QAbstractItemModel>

namespace kwb {

// The fork tree as an outline: a branch is a flat run of rows and each fork is nested under the turn it forks
// from, so a 200-turn trajectory is 200 rows deep only in forks, not in indentation. Reads turn headers only.
class BranchOutlineModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    // CurationColumn: what people said of the turn — ★ star, ✓ accept, ✗ reject, other labels, #tags, a human
    // score, ✎ a note — in short, the whole of it (author, note text) in the tooltip.
    enum Column { TurnColumn, BadgesColumn, CurationColumn, RewardColumn, ColumnCount };
    enum Role { TurnIndexRole = Qt::UserRole + 1, TurnIdRole, UuidRole, BadgesRole, BranchHeadRole, CurrentRole };

    explicit BranchOutlineModel(QObject* parent = nullptr);

    // The trajectory and graph must stay alive until the next call (the window owns both).
    void setTrajectory(const Trajectory* trajectory, const TurnGraph* graph);
    void setCurrentTurn(int turn);
    // The trajectory's turns were given new annotations in place: their badges are painted again.
    void refreshBadges();
    int currentTurn() const { return m_current; }

    QModelIndex indexOfTurn(int turn, int column = 0) const;
    int turnAt(const QModelIndex& index) const; // -1 when none

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString curationMarks(const QList<Annotation>& annotations);
    static QString curationDetails(const QList<Annotation>& annotations);

private:
    void appendChain(int head, int outlineParent);

    const Trajectory* m_trajectory = nullptr;
    const TurnGraph* m_graph = nullptr;
    QList<int> m_outlineParent; // per turn: the turn whose child list holds it, -1 at top level
    QList<int> m_row; // per turn: its row in that list
    QList<QList<int>> m_rows; // per turn: its nested rows
    QList<int> m_topRows;
    QList<int> m_lane; // per turn: 0 on the main line, k on fork k (numbered in the order the forks were made)
    int m_current = -1;
};

} // namespace kwb
