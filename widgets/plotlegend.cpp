#include "plotlegend.h"

#include <qcustomplot.h>

namespace kwb {

void placeLegendBelow(QCustomPlot* plot, const QFont& font)
{
    QCPLegend* legend = plot->legend;
    legend->setVisible(true);
    legend->setFont(font);
    legend->setBorderPen(Qt::NoPen);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(2);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(12);
    plot->axisRect()->insetLayout()->take(legend);
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(6, 0, 6, 4));
    legendRow->addElement(0, 0, legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
}

} // namespace kwb
