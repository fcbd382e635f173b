#pragma once

class QCustomPlot;
class QFont;

namespace kwb {

// Moves a plot's legend out of the axes into a row of its own under them, two entries a row, so that it never
// hides a point (the reward curve and the roofline).
void placeLegendBelow(QCustomPlot* plot, const QFont& font);

} // namespace kwb
