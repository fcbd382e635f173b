#include "turngraph.h"

#include <algorithm>

namespace kwb {

TurnGraph::TurnGraph(const Trajectory& trajectory)
{
    const int n = int(trajectory.turns.size());
    m_parent.fill(-1, n);
    m_children.resize(n);
    m_depth.fill(0, n);
    m_height.fill(1, n);
    for (int i = 0; i < n; ++i) {
        const Turn& turn = trajectory.turns.at(i);
        m_index.insert(turn.uuid, i);
        const int p = turn.parentUuid.isEmpty() ? -1 : m_index.value(turn.parentUuid, -1);
        m_parent[i] = p;
        if (p < 0) {
            m_roots.append(i);
        } else {
            m_children[p].append(i);
            m_depth[i] = m_depth.at(p) + 1;
        }
    }
    // Parents come before children, so one backward pass settles every height.
    for (int i = n - 1; i >= 0; --i) {
        if (m_parent.at(i) >= 0)
            m_height[m_parent.at(i)] = std::max(m_height.at(m_parent.at(i)), m_height.at(i) + 1);
    }
}

int TurnGraph::mainChild(int i) const
{
    const QList<int>& children = m_children.at(i);
    return children.isEmpty() ? -1 : *std::min_element(children.begin(), children.end()); // the first made
}

bool TurnGraph::isMainChild(int i) const
{
    const int p = m_parent.at(i);
    return p < 0 ? i == m_roots.first() : mainChild(p) == i;
}

QList<int> TurnGraph::pathTo(int i) const
{
    QList<int> path;
    for (int n = i; n >= 0; n = m_parent.at(n))
        path.prepend(n);
    return path;
}

int TurnGraph::leafFrom(int i) const
{
    for (int c = mainChild(i); c >= 0; c = mainChild(i))
        i = c;
    return i;
}

QList<int> TurnGraph::leaves() const
{
    QList<int> out;
    for (int i = 0; i < size(); ++i) {
        if (m_children.at(i).isEmpty())
            out.append(i);
    }
    return out;
}

bool TurnGraph::isAncestorOrSelf(int ancestor, int i) const
{
    if (ancestor < 0 || i < 0 || m_depth.at(i) < m_depth.at(ancestor))
        return false;
    while (i >= 0 && m_depth.at(i) > m_depth.at(ancestor))
        i = m_parent.at(i);
    return i == ancestor;
}

} // namespace kwb
