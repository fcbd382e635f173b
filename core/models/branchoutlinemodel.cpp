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
    // Lanes by the order their first turns were made (parents come before children in the turn list), so the names
    // stay as turns are added: main, fork 1, fork 2, ...
    m_lane.fill(0, n);
    int forks = 0;
    for (int i = 0; i < n; ++i) {
        const bool head = graph->parent(i) < 0 ? i != graph->roots().first() : !graph->isMainChild(i);
        m_lane[i] = head ? ++forks : graph->parent(i) >= 0 ? m_lane.at(graph->parent(i)) : 0;
    }
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
        Q_EMIT dataChanged(indexOfTurn(t, BadgesColumn), indexOfTurn(t, CurationColumn), { BadgesRole, Qt::DisplayRole, Qt::ToolTipRole });
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
        if (index.column() == CurationColumn)
            return turn.annotations.isEmpty() ? QVariant() : QVariant(curationDetails(turn.annotations));
        if (m_lane.at(i) > 0) {
            int first = i; // the fork's first turn
            while (m_graph->parent(first) >= 0 && m_lane.at(m_graph->parent(first)) == m_lane.at(i))
                first = m_graph->parent(first);
            return m_graph->parent(first) >= 0
                ? tr("Fork %1, from turn %2").arg(m_lane.at(i)).arg(m_graph->depth(m_graph->parent(first)) + 1)
                : tr("Fork %1, a root of its own").arg(m_lane.at(i));
        }
        return tr("The main line");
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TurnColumn:
        // Named by lane, so two turns at the same depth never read the same: "Turn 5" and "Turn 5 · fork 1".
        if (m_lane.at(i) == 0)
            return tr("Turn %1").arg(m_graph->depth(i) + 1);
        return (head ? tr("↳ Turn %1 · fork %2") : tr("Turn %1 · fork %2")).arg(m_graph->depth(i) + 1).arg(m_lane.at(i));
    case BadgesColumn: {
        QStringList texts;
        for (const TurnBadge& b : TurnBadges::of(turn)) {
            if (b.kind != TurnBadge::Kind::Label) // labels are in the curation column
                texts.append(b.text);
        }
        return texts.join(QStringLiteral(", "));
    }
    case CurationColumn:
        return curationMarks(turn.annotations);
    case RewardColumn:
        return std::isnan(turn.reward()) ? QVariant() : QVariant(QLocale().toString(turn.reward(), 'f', 2));
    default:
        return {};
    }
}

QString BranchOutlineModel::curationMarks(const QList<Annotation>& annotations)
{
    QStringList marks;
    const auto add = [&marks](const QString& mark) {
        if (!marks.contains(mark))
            marks.append(mark);
    };
    for (const Annotation& a : annotations) {
        switch (a.kind) {
        case Annotation::Kind::Label:
            if (a.value == QLatin1String("star"))
                add(QStringLiteral("★"));
            else if (a.value == QLatin1String("accept"))
                add(QStringLiteral("✓"));
            else if (a.value == QLatin1String("reject"))
                add(QStringLiteral("✗"));
            else
                add(a.value);
            break;
        case Annotation::Kind::Tag:
            add(QLatin1Char('#') + a.value);
            break;
        case Annotation::Kind::Score:
            add(tr("score %1").arg(QLocale().toString(a.value.toDouble(), 'g', 4)));
            break;
        case Annotation::Kind::Note:
            add(QStringLiteral("✎"));
            break;
        case Annotation::Kind::Lesson:
            break; // Teaching Mode shows lessons
        }
    }
    return marks.join(QLatin1Char(' '));
}

QString BranchOutlineModel::curationDetails(const QList<Annotation>& annotations)
{
    QStringList lines;
    for (const Annotation& a : annotations) {
        QString what;
        switch (a.kind) {
        case Annotation::Kind::Label:
            what = tr("Label: %1").arg(a.value);
            break;
        case Annotation::Kind::Tag:
            what = tr("Tag: %1").arg(a.value);
            break;
        case Annotation::Kind::Score:
            what = a.previous.isEmpty() ? tr("Human score: %1").arg(a.value) : tr("Human score: %1 (was %2)").arg(a.value, a.previous);
            break;
        case Annotation::Kind::Note:
            what = tr("Note: %1").arg(a.value);
            break;
        case Annotation::Kind::Lesson:
            what = tr("Lesson: %1").arg(a.value.section(QLatin1Char('\n'), 0, 0));
            break;
        }
        if (a.scope == Annotation::Scope::Branch)
            what += QLatin1Char(' ') + tr("(for the branch ending here)");
        if (!a.author.isEmpty())
            what += QStringLiteral(" — ") + a.author;
        lines.append(what.toHtmlEscaped());
    }
    return QStringLiteral("<p style=\"white-space:pre-wrap\">") + lines.join(QStringLiteral("<br/>")) + QStringLiteral("</p>");
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
    case CurationColumn:
        return tr("Curation");
    case RewardColumn:
        return tr("Reward");
    default:
        return {};
    }
}

} // namespace kwb
