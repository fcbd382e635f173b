#pragma once

#include <QStyledItemDelegate>

namespace kwb {

// Paints a turn's badges (compile failed, verify failed, speedup, % of roofline, labels) as small coloured pills.
class TurnBadgeDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace kwb
