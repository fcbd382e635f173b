#include "turnbadgedelegate.h"

#include "models/branchoutlinemodel.h"
#include "models/turnbadges.h"

#include <QApplication>
#include <QPainter>

namespace kwb {

namespace {

QColor colourOf(TurnBadge::Kind kind)
{
    switch (kind) {
    case TurnBadge::Kind::EnvironmentError: // not the agent's: neutral, not failure red
        return QColor(0x54, 0x6e, 0x7a);
    case TurnBadge::Kind::CompileFailed:
        return QColor(0xc6, 0x28, 0x28);
    case TurnBadge::Kind::VerifyFailed:
        return QColor(0xe6, 0x51, 0x00);
    case TurnBadge::Kind::Hack:
        return QColor(0xad, 0x14, 0x57);
    case TurnBadge::Kind::Review: // worth a look, not a failure: amber
        return QColor(0xb2, 0x6a, 0x00);
    case TurnBadge::Kind::Faster:
        return QColor(0x2e, 0x7d, 0x32);
    case TurnBadge::Kind::Slower:
        return QColor(0x75, 0x75, 0x75);
    case TurnBadge::Kind::Roofline:
        return QColor(0x6a, 0x1b, 0x9a);
    case TurnBadge::Kind::Label:
        return QColor(0x15, 0x65, 0xc0);
    }
    return Qt::gray;
}

} // namespace

void TurnBadgeDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const auto badges = index.data(BranchOutlineModel::BadgesRole).value<QList<TurnBadge>>();
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    if (badges.isEmpty())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QFont font = option.font;
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter->setFont(font);
    const QFontMetrics fm(font);
    int x = option.rect.left() + 3;
    const int h = fm.height() + 2;
    const int y = option.rect.center().y() - h / 2;
    for (const TurnBadge& b : badges) {
        if (b.kind == TurnBadge::Kind::Label)
            continue; // the curation column shows what people said
        const int w = fm.horizontalAdvance(b.text) + 10;
        if (x + w > option.rect.right())
            break;
        const QRect pill(x, y, w, h);
        painter->setPen(Qt::NoPen);
        painter->setBrush(colourOf(b.kind));
        painter->drawRoundedRect(pill, h / 2.0, h / 2.0);
        painter->setPen(Qt::white);
        painter->drawText(pill, Qt::AlignCenter, b.text);
        x += w + 4;
    }
    painter->restore();
}

QSize TurnBadgeDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setHeight(std::max(size.height(), option.fontMetrics.height() + 6));
    return size;
}

} // namespace kwb
