#pragma once

#include "models/branchroofline.h"

#include <QHash>
#include <QWidget>

class QCPItemText;
class QCustomPlot;
class QCPAbstractPlottable;
class QCPCurve;
class QLabel;
class QStackedWidget;

namespace kwb {

class TurnGraph;
struct Trajectory;

// Where each turn of the current branch sits against the machine's roofs: arithmetic intensity (FLOP/byte) and
// achieved FLOP/s on log axes, the memory roof, the compute roof at the branch's precision (other precisions
// fainter) and the ridge; eager and torch.compile as their own markers. A task that does no counted FLOPs has
// intensity 0, which a log axis cannot show, so it is drawn as achieved bandwidth per turn against the copy
// bandwidth instead. Clicking a point asks to go to its turn. QCustomPlot stays out of this header (foreach).
class RooflineView : public QWidget
{
    Q_OBJECT
public:
    explicit RooflineView(QWidget* parent = nullptr);

    // The trajectory must outlive the next call. branch: root -> leaf, indexes into trajectory.turns.
    void setBranch(const Trajectory* trajectory, const TurnGraph* graph, const QList<int>& branch);
    void setCurrentTurn(int turn);
    void clear();
    int currentTurn() const { return m_current; }

    BranchRoofline::Mode mode() const { return m_roofline.mode(); }
    const BranchRoofline& roofline() const { return m_roofline; }
    QString message() const; // shown instead of the plot; empty when there is a plot
    QString summary() const; // the line under the plot, for the current turn
    QWidget* plotArea() const; // the widget that takes the clicks
    // Where a turn's point (or column) is drawn: in plot coordinates and in plotArea() pixels; NaN/null when not.
    QPointF coordsOf(int turn) const;
    QPointF pixelOf(int turn) const;
    QPointF eagerPixel() const;
    QPointF compiledPixel() const;
    QPointF ridgeCoords() const; // NaN in bandwidth mode

Q_SIGNALS:
    void turnClicked(int turn);

private:
    void plotRoofline();
    void plotBandwidth();
    QCPCurve* addPoints(const QList<BranchRoofline::TurnPoint>& points, const QString& name, int shape,
        const QColor& colour, double size);
    void addRoof(double bandwidth, double rate, double xFrom, double xTo, const QPen& pen, const QString& name);
    QPointF place(const BranchRoofline::TurnPoint& p) const;
    QPointF pixelAt(const QPointF& coords) const;
    QPointF baselinePixel(const BranchRoofline::TurnPoint& p) const;
    void replot();
    void clickAt(const QPoint& pos);

    QStackedWidget* m_pages;
    QCustomPlot* m_plot;
    QLabel* m_message;
    QLabel* m_summary;
    const Trajectory* m_trajectory = nullptr;
    BranchRoofline m_roofline;
    QCPAbstractPlottable* m_marker = nullptr;
    QHash<QCPAbstractPlottable*, QList<int>> m_turnsOf; // data index -> turn, per plottable
    QList<QCPItemText*> m_roofLabels; // the branch's roof first: a label too close to an earlier one is hidden
    void thinRoofLabels();
    int m_current = -1;
    QPoint m_pressedAt;
};

} // namespace kwb
