#include "turnnavigator.h"

#include <algorithm>

namespace kwb {

void TurnNavigator::setGraph(const TurnGraph* graph)
{
    m_graph = graph;
    m_current = m_leaf = -1;
    m_branch.clear();
    if (m_graph && m_graph->size() > 0)
        setCurrent(m_graph->roots().first());
}

int TurnNavigator::position() const
{
    return m_current < 0 ? -1 : m_graph->depth(m_current);
}

void TurnNavigator::setLeaf(int leaf)
{
    m_leaf = leaf;
    m_branch = m_graph->pathTo(leaf);
}

void TurnNavigator::setCurrent(int turn)
{
    if (!m_graph || turn < 0 || turn >= m_graph->size())
        return;
    m_current = turn;
    if (!m_graph->isAncestorOrSelf(turn, m_leaf))
        setLeaf(m_graph->leafFrom(turn));
}

bool TurnNavigator::setPosition(int position)
{
    if (position < 0 || position >= m_branch.size() || position == this->position())
        return false;
    m_current = m_branch.at(position);
    return true;
}

bool TurnNavigator::next()
{
    return setPosition(position() + 1);
}

bool TurnNavigator::previous()
{
    return setPosition(position() - 1);
}

bool TurnNavigator::first()
{
    return setPosition(0);
}

bool TurnNavigator::last()
{
    return setPosition(int(m_branch.size()) - 1);
}

int TurnNavigator::forkedFrom() const
{
    // The deepest turn on the way up that is not its parent's main continuation marks where this branch forked.
    for (int n = m_current; n >= 0; n = m_graph->parent(n)) {
        if (m_graph->parent(n) >= 0 && !m_graph->isMainChild(n))
            return m_graph->parent(n);
    }
    return -1;
}

bool TurnNavigator::parentBranch()
{
    const int fork = forkedFrom();
    if (fork < 0)
        return false;
    setLeaf(m_graph->leafFrom(fork));
    m_current = fork;
    return true;
}

int TurnNavigator::nextFork() const
{
    if (m_current < 0)
        return -1;
    for (int pos = position(); pos < m_branch.size(); ++pos) {
        const int n = m_branch.at(pos);
        const QList<int>& children = m_graph->children(n);
        if (children.size() < 2)
            continue;
        const int onBranch = pos + 1 < m_branch.size() ? int(children.indexOf(m_branch.at(pos + 1))) : -1;
        return children.at((onBranch + 1) % children.size());
    }
    return -1;
}

bool TurnNavigator::childBranch()
{
    const int fork = nextFork();
    if (fork < 0)
        return false;
    setLeaf(m_graph->leafFrom(fork));
    m_current = fork;
    return true;
}

QList<QList<int>> TurnNavigator::otherBranches() const
{
    QList<QList<int>> out;
    if (!m_graph)
        return out;
    for (int leaf : m_graph->leaves()) {
        if (leaf == m_leaf)
            continue;
        QList<int> path = m_graph->pathTo(leaf);
        int shared = 0;
        while (shared < path.size() && shared < m_branch.size() && path.at(shared) == m_branch.at(shared))
            ++shared;
        out.append(path.mid(std::max(0, shared - 1)));
    }
    return out;
}

} // namespace kwb
