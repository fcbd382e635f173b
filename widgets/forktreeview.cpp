#include "forktreeview.h"

#include "models/branchoutlinemodel.h"
#include "turnbadgedelegate.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMenu>

#include <algorithm>

namespace kwb {

ForkTreeView::ForkTreeView(QWidget* parent)
    : QTreeView(parent)
{
    setObjectName(QStringLiteral("forkTree"));
    setUniformRowHeights(true);
    setAllColumnsShowFocus(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setItemDelegateForColumn(BranchOutlineModel::BadgesColumn, new TurnBadgeDelegate(this));
    setIndentation(14);
}

void ForkTreeView::setOutline(BranchOutlineModel* model)
{
    m_outline = model;
    setModel(model);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(BranchOutlineModel::TurnColumn, QHeaderView::Interactive);
    header()->setSectionResizeMode(BranchOutlineModel::BadgesColumn, QHeaderView::Stretch);
    header()->setSectionResizeMode(BranchOutlineModel::CurationColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(BranchOutlineModel::RewardColumn, QHeaderView::ResizeToContents);
    // Room for a fork's turn name two levels down ("↳ Turn 12 · fork 3"), so lanes are never elided to "fo…".
    const QString widest = BranchOutlineModel::tr("↳ Turn %1 · fork %2").arg(99).arg(9);
    setColumnWidth(BranchOutlineModel::TurnColumn, fontMetrics().horizontalAdvance(widest) + 3 * indentation() + 12);
    // A narrow dock scrolls rather than cutting a title ("Result" runs long in Spanish).
    int title = 0;
    for (int c = 0; c < BranchOutlineModel::ColumnCount; ++c)
        title = std::max(title, header()->fontMetrics().horizontalAdvance(model->headerData(c, Qt::Horizontal).toString()) + 16);
    header()->setMinimumSectionSize(title);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (!m_updating && current.isValid())
            Q_EMIT turnActivated(m_outline->turnAt(current));
    });
    connect(model, &QAbstractItemModel::modelReset, this, &QTreeView::expandAll);
}

void ForkTreeView::setCurrentTurn(int turn)
{
    if (!m_outline)
        return;
    m_updating = true;
    m_outline->setCurrentTurn(turn);
    const QModelIndex index = m_outline->indexOfTurn(turn);
    selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (index.isValid())
        scrollTo(index);
    m_updating = false;
}

void ForkTreeView::contextMenuEvent(QContextMenuEvent* event)
{
    const QModelIndex index = indexAt(event->pos());
    if (!m_outline || !index.isValid())
        return;
    QMenu menu(this);
    fillContextMenu(&menu, m_outline->turnAt(index));
    menu.exec(event->globalPos());
}

void ForkTreeView::fillContextMenu(QMenu* menu, int turn)
{
    menu->addAction(tr("Go to This Turn"), this, [this, turn] { Q_EMIT turnActivated(turn); });
    menu->addAction(tr("Compare Kernel with This Turn"), this, [this, turn] { Q_EMIT compareRequested(turn); });
    Q_EMIT contextMenuFilled(menu, turn);
}

} // namespace kwb
