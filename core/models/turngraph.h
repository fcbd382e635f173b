#pragma once

#include "model/trajectory.h"

#include <QHash>
#include <QList>

namespace kwb {

// The shape of a trajectory's fork tree by turn index: parents, children, depths and, for each turn, its main
// child (the first one made, as git's first parent: a fork that grows longer never takes the main line's place), which
// is where "next" goes and what the outline keeps flat.
class TurnGraph
{
public:
    TurnGraph() = default;
    explicit TurnGraph(const Trajectory& trajectory);

    int size() const { return int(m_parent.size()); }
    int indexOf(const QString& uuid) const { return m_index.value(uuid, -1); }
    int parent(int i) const { return m_parent.at(i); }
    const QList<int>& children(int i) const { return m_children.at(i); }
    const QList<int>& roots() const { return m_roots; }
    int depth(int i) const { return m_depth.at(i); }
    int height(int i) const { return m_height.at(i); } // turns on the longest path down, itself included
    int mainChild(int i) const; // -1 for a leaf
    bool isMainChild(int i) const;

    QList<int> pathTo(int i) const; // root -> i
    int leafFrom(int i) const; // follows main children down
    QList<int> leaves() const;
    bool isAncestorOrSelf(int ancestor, int i) const;

private:
    QHash<QString, int> m_index;
    QList<int> m_parent;
    QList<QList<int>> m_children;
    QList<int> m_roots;
    QList<int> m_depth;
    QList<int> m_height;
};

} // namespace kwb
