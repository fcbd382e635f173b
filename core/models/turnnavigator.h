#pragma once

#include "turngraph.h"

namespace kwb {

// Where the user is in a fork tree: the current turn and the branch (root -> leaf) it is on. Next and previous
// walk the branch; parent branch goes back to the turn this branch forked from; child branch takes the next
// fork at or below the current turn. Every move returns false and changes nothing when it is not possible.
class TurnNavigator
{
public:
    void setGraph(const TurnGraph* graph); // not owned; resets to the first turn of the main branch
    const TurnGraph* graph() const { return m_graph; }

    int current() const { return m_current; } // -1 when there are no turns
    int leaf() const { return m_leaf; }
    QList<int> branch() const { return m_branch; }
    int position() const; // index of the current turn in branch()

    void setCurrent(int turn); // keeps the branch when the turn is on it
    bool setPosition(int position);
    bool next();
    bool previous();
    bool first();
    bool last();
    bool parentBranch();
    bool childBranch();
    bool canParentBranch() const { return forkedFrom() >= 0; }
    bool canChildBranch() const { return nextFork() >= 0; }

    // The other branches, each from the turn where it leaves the current one (that turn included).
    QList<QList<int>> otherBranches() const;

private:
    int forkedFrom() const;
    int nextFork() const;
    void setLeaf(int leaf);

    const TurnGraph* m_graph = nullptr;
    int m_current = -1;
    int m_leaf = -1;
    QList<int> m_branch;
};

} // namespace kwb
