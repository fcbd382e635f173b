#include "rewardplot.h"

#include "plotlegend.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include "model/trajectory.h"
#include "models/turngraph.h"

#include <cmath>

namespace kwb {

namespace {

const QColor kReward(0x15, 0x65, 0xc0);
const QColor kEager(0xe6, 0x51, 0x00);
const QColor kCompile(0x2e, 0x7d, 0x32);

} // namespace

RewardPlot::RewardPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    setObjectName(QStringLiteral("rewardPlot"));
    m_plot->setObjectName(QStringLiteral("rewardPlotArea"));
    setMinimumHeight(160);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    QCPAxis* xAxis = m_plot->xAxis;
    QCPAxis* yAxis = m_plot->yAxis;
    QCPAxis* yAxis2 = m_plot->yAxis2;
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    xAxis->setLabel(tr("Turn"));
    xAxis->setLabelFont(small);
    xAxis->setTickLabelFont(small);
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    ticker->setTickStep(1);
    xAxis->setTicker(ticker);
    yAxis->setLabel(tr("Reward"));
    yAxis->setLabelFont(small);
    yAxis->setTickLabelFont(small);
    yAxis2->setVisible(true);
    yAxis2->setLabel(tr("Speedup (log)"));
    yAxis2->setLabelFont(small);
    yAxis2->setTickLabelFont(small);
    yAxis2->setScaleType(QCPAxis::stLogarithmic);
    yAxis2->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    yAxis2->setNumberFormat(QStringLiteral("gb"));

    // The current-turn mark lives on its own buffered layer: stepping redraws only that layer, not the curves.
    m_plot->addLayer(QStringLiteral("marker"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->layer(QStringLiteral("marker"))->setMode(QCPLayer::lmBuffered);
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_markerLine = new QCPItemStraightLine(m_plot);
    m_markerLine->setLayer(QStringLiteral("marker"));
    m_markerLine->setPen(QPen(QColor(0, 0, 0, 90), 1, Qt::DashLine));
    m_markerLine->setVisible(false);
    m_markerLine->setSelectable(false);

    // The legend sits in its own row under the axes so that it never hides a point.
    placeLegendBelow(m_plot, small);
    m_plot->setNoAntialiasingOnDrag(true);
    connect(m_plot, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable* p, int dataIndex, QMouseEvent*) {
        const QList<int> turns = m_turnsOf.value(p);
        if (dataIndex >= 0 && dataIndex < turns.size())
            Q_EMIT turnClicked(turns.at(dataIndex));
    });
    clearPlot();
}

QCPGraph* RewardPlot::addLine(QCPAxis* valueAxis, const QColor& colour, const QString& name, bool points)
{
    QCPGraph* g = m_plot->addGraph(m_plot->xAxis, valueAxis);
    g->setName(name);
    g->setPen(QPen(colour, points ? 2 : 1));
    if (points)
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, Qt::white, 6));
    g->setSelectable(QCP::stSingleData);
    g->setAdaptiveSampling(true);
    return g;
}

void RewardPlot::clearPlot()
{
    m_plot->clearGraphs();
    m_turnsOf.clear();
    m_others.clear();
    m_current = -1;
    m_trajectory = nullptr;
    m_graph = nullptr;
    m_plot->legend->clearItems();
    m_reward = m_vsEager = m_vsCompile = m_marker = nullptr;
    m_markerLine->setVisible(false);
    m_plot->xAxis->setRange(0.5, 10.5);
    m_plot->yAxis->setRange(-1.5, 3.5);
    m_plot->yAxis2->setRange(0.1, 10);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RewardPlot::plotPath(QCPGraph* graph, const QList<int>& path, int which)
{
    QVector<double> keys, values;
    keys.reserve(path.size());
    values.reserve(path.size());
    for (int turn : path) {
        const Turn& t = m_trajectory->turns.at(turn);
        double v = kUnknown;
        if (which == 0)
            v = t.reward();
        else if (t.eval)
            v = which == 1 ? t.eval->speedupVsEager() : t.eval->speedupVsCompile();
        if (which != 0 && !(v > 0))
            v = kUnknown; // a log axis has no place for it
        keys.append(m_graph->depth(turn) + 1);
        values.append(v);
    }
    graph->setData(keys, values, true);
    m_turnsOf.insert(graph, path);
}

void RewardPlot::setBranches(const Trajectory* trajectory, const TurnGraph* graph, const QList<int>& branch,
    const QList<QList<int>>& others)
{
    const int current = m_current;
    clearPlot();
    m_fullReplotPending = true;
    m_trajectory = trajectory;
    m_graph = graph;
    if (!trajectory || !graph || branch.isEmpty())
        return;

    double maxReward = 1, minReward = -1, maxSpeedup = 1, minSpeedup = 1;
    const auto track = [&](const Turn& t) {
        if (!std::isnan(t.reward())) {
            maxReward = std::max(maxReward, t.reward());
            minReward = std::min(minReward, t.reward());
        }
        if (!t.eval)
            return;
        for (double s : { t.eval->speedupVsEager(), t.eval->speedupVsCompile() }) {
            if (s > 0) {
                maxSpeedup = std::max(maxSpeedup, s);
                minSpeedup = std::min(minSpeedup, s);
            }
        }
    };
    int maxDepth = 1;
    const QColor dim(0x90, 0x9a, 0xa6, 110);
    for (const QList<int>& path : others) {
        QCPGraph* g = addLine(m_plot->yAxis, dim, QString(), false);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, dim, 4));
        g->removeFromLegend();
        plotPath(g, path, 0);
        m_others.append(g);
        for (int turn : path) {
            track(trajectory->turns.at(turn));
            maxDepth = std::max(maxDepth, graph->depth(turn) + 1);
        }
    }
    if (!m_others.isEmpty()) {
        // One legend entry speaks for all dimmed branches.
        m_others.first()->setName(tr("other branches"));
        m_others.first()->addToLegend();
    }
    m_vsEager = addLine(m_plot->yAxis2, kEager, tr("speedup vs eager"), false);
    m_vsEager->setPen(QPen(kEager, 1.5, Qt::DashLine));
    m_vsEager->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, kEager, 5));
    plotPath(m_vsEager, branch, 1);
    m_vsCompile = addLine(m_plot->yAxis2, kCompile, tr("speedup vs torch.compile"), false);
    m_vsCompile->setPen(QPen(kCompile, 1.5, Qt::DashLine));
    m_vsCompile->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, kCompile, 5));
    plotPath(m_vsCompile, branch, 2);
    m_reward = addLine(m_plot->yAxis, kReward, tr("reward (this branch)"), true);
    plotPath(m_reward, branch, 0);
    for (int turn : branch) {
        track(trajectory->turns.at(turn));
        maxDepth = std::max(maxDepth, graph->depth(turn) + 1);
    }
    m_marker = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0xd8, 0x1b, 0x60), 2.5), Qt::NoBrush, 13));
    m_marker->setName(tr("current turn"));
    m_marker->setLayer(QStringLiteral("marker"));

    m_plot->xAxis->setRange(0.5, maxDepth + 0.5);
    const double pad = (maxReward - minReward) * 0.08;
    m_plot->yAxis->setRange(minReward - pad, maxReward + pad);
    m_plot->yAxis2->setRange(std::min(0.5, minSpeedup / 1.3), std::max(2.0, maxSpeedup * 1.3));
    setCurrentTurn(current);
}

void RewardPlot::setCurrentTurn(int turn)
{
    m_current = turn;
    if (!m_marker || !m_graph || turn < 0 || turn >= m_graph->size()) {
        m_markerLine->setVisible(false);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const double x = m_graph->depth(turn) + 1;
    const double reward = m_trajectory->turns.at(turn).reward();
    m_marker->setData(QVector<double> { x }, QVector<double> { reward }, true);
    m_turnsOf.insert(m_marker, { turn });
    m_markerLine->point1->setCoords(x, 0);
    m_markerLine->point2->setCoords(x, 1);
    m_markerLine->setVisible(true);
    if (m_fullReplotPending)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    else
        m_plot->layer(QStringLiteral("marker"))->replot();
    m_fullReplotPending = false;
}

QPointF RewardPlot::pixelOf(int turn) const
{
    if (!m_graph || turn < 0 || turn >= m_graph->size())
        return {};
    return { m_plot->xAxis->coordToPixel(m_graph->depth(turn) + 1),
        m_plot->yAxis->coordToPixel(m_trajectory->turns.at(turn).reward()) };
}

QWidget* RewardPlot::plotArea() const
{
    return m_plot;
}

QList<double> RewardPlot::rewardValues() const
{
    QList<double> out;
    if (m_reward) {
        for (auto it = m_reward->data()->constBegin(); it != m_reward->data()->constEnd(); ++it)
            out.append(it->value);
    }
    return out;
}

} // namespace kwb
