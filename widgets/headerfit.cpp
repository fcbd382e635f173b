#include "headerfit.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QStyle>
#include <QStyleOptionHeader>

namespace kwb {

void fitSectionsToTitles(QHeaderView* header)
{
    if (!header || !header->model())
        return;
    for (int section = 0; section < header->count(); ++section) {
        if (header->sectionResizeMode(section) != QHeaderView::Interactive && header->sectionResizeMode(section) != QHeaderView::Fixed)
            continue;
        const QString title = header->model()->headerData(section, header->orientation()).toString();
        // The title's width, the style's margins around it and room for a sort arrow.
        const int need = header->fontMetrics().horizontalAdvance(title) + 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 16;
        if (header->sectionSize(section) < need)
            header->resizeSection(section, need);
    }
}

} // namespace kwb
