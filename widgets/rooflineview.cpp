// The roofline plot of a branch: axes, ceilings, kernel points, hover and legend in one QCustomPlot view, because
// each needs the same log-scale mapping and ceiling list; the points come from BranchRoofline.
#include "rooflineview.h"

#include "plotlegend.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "models/turngraph.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace kwb {

namespace {

const QColor kTurns(0x15, 0x65, 0xc0);
const QColor kEager(0xe6, 0x51, 0x00);
const QColor kCompile(0x2e, 0x7d, 0x32);
const QColor kRoof(0x37, 0x47, 0x4f);
const QColor kFaint(0x90, 0x9a, 0xa6, 150);
const QColor kCurrent(0xd8, 0x1b, 0x60);
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// "10 T", "500 G", "1", "0.01": compact tick labels for rates and intensities over many decades.
QString tickText(double value)
{
    static const struct
    {
        double scale;
        const char* prefix;
    } kPrefixes[] = { { 1e15, " P" }, { 1e12, " T" }, { 1e9, " G" }, { 1e6, " M" }, { 1e3, " k" } };
    for (const auto& p : kPrefixes) {
        if (std::abs(value) >= p.scale * 0.9995)
            return QLocale().toString(value / p.scale, 'g', 3) + QLatin1String(p.prefix);
    }
    return QLocale().toString(value, 'g', 3);
}

class PrefixLogTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return tickText(tick); }
};

class PrefixTicker : public QCPAxisTicker
{
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return tickText(tick); }
};

class PercentTicker : public QCPAxisTicker
{
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return QLocale().toString(tick, 'f', 0) + QStringLiteral(" %");
    }
};

} // namespace

RooflineView::RooflineView(QWidget* parent)
    : QWidget(parent)
    , m_pages(new QStackedWidget(this))
    , m_plot(new QCustomPlot(this))
    , m_message(new QLabel(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("rooflineView"));
    m_plot->setObjectName(QStringLiteral("rooflinePlotArea"));
    m_plot->setMinimumHeight(200); // axes, their labels and the legend's rows, none on another
    m_message->setObjectName(QStringLiteral("rooflineMessage"));
    m_summary->setObjectName(QStringLiteral("rooflineSummary"));
    setMinimumHeight(160);
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setMargin(12);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pages->addWidget(m_plot);
    m_pages->addWidget(m_message);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->setSpacing(2);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_summary);

    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    for (QCPAxis* axis : { m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2 }) {
        axis->setLabelFont(small);
        axis->setTickLabelFont(small);
    }
    // Turn labels sit below the points, the current-turn ring above them: a click lands on a point first.
    m_plot->addLayer(QStringLiteral("labels"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limBelow);
    m_plot->addLayer(QStringLiteral("marker"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    placeLegendBelow(m_plot, small);
    connect(m_plot, &QCustomPlot::afterLayout, this, &RooflineView::thinRoofLabels);
    // The nearest mark takes a click, not the topmost: points of one task stack on one intensity, a few pixels apart.
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressedAt = event->pos(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if ((event->pos() - m_pressedAt).manhattanLength() <= QApplication::startDragDistance())
            clickAt(event->pos());
    });
    clear();
}

void RooflineView::clickAt(const QPoint& pos)
{
    int turn = -1;
    double nearest = m_plot->selectionTolerance();
    for (auto it = m_turnsOf.cbegin(); it != m_turnsOf.cend(); ++it) {
        QVariant details;
        const double distance = it.key()->selectTest(pos, false, &details);
        const QCPDataSelection hit = details.value<QCPDataSelection>();
        const int index = hit.dataRangeCount() > 0 ? hit.dataRange().begin() : -1;
        if (distance >= 0 && distance < nearest && index >= 0 && index < it.value().size()) {
            nearest = distance;
            turn = it.value().at(index);
        }
    }
    if (turn >= 0)
        Q_EMIT turnClicked(turn);
}

void RooflineView::clear()
{
    m_trajectory = nullptr;
    m_roofline = BranchRoofline();
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_plot->legend->clearItems();
    m_turnsOf.clear();
    m_roofLabels.clear();
    m_marker = nullptr;
    m_current = -1;
    m_message->setText(tr("No turns to plot."));
    m_pages->setCurrentWidget(m_message);
    m_summary->clear();
    m_summary->hide();
}

void RooflineView::setBranch(const Trajectory* trajectory, const TurnGraph* graph, const QList<int>& branch)
{
    const int current = m_current;
    clear();
    if (!trajectory || !graph || branch.isEmpty())
        return;
    m_trajectory = trajectory;
    m_roofline = BranchRoofline(*trajectory, *graph, branch);
    if (m_roofline.mode() == BranchRoofline::Mode::Message) {
        m_message->setText(m_roofline.message());
        return;
    }
    m_message->clear();
    m_pages->setCurrentWidget(m_plot);
    m_summary->show();
    if (m_roofline.mode() == BranchRoofline::Mode::Roofline)
        plotRoofline();
    else
        plotBandwidth();
    setCurrentTurn(current);
}

QCPCurve* RooflineView::addPoints(const QList<BranchRoofline::TurnPoint>& points, const QString& name, int shape,
    const QColor& colour, double size)
{
    auto* curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    curve->setName(name);
    curve->setLineStyle(QCPCurve::lsNone);
    curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ScatterShape(shape), colour, colour.lighter(160), size));
    curve->setSelectable(QCP::stSingleData);
    QVector<double> t, x, y;
    QList<int> turns;
    for (const BranchRoofline::TurnPoint& p : points) {
        const QPointF at = place(p);
        t.append(t.size()); // a curve keeps the order it is given: data index i is turns[i]
        x.append(at.x());
        y.append(at.y());
        turns.append(p.turn);
    }
    curve->setData(t, x, y, true);
    m_turnsOf.insert(curve, turns);
    if (name.isEmpty())
        curve->removeFromLegend();
    return curve;
}

void RooflineView::addRoof(double bandwidth, double rate, double xFrom, double xTo, const QPen& pen, const QString& name)
{
    QCPGraph* roof = m_plot->addGraph();
    const double ridge = roofline::ridge(bandwidth, rate);
    roof->setData(QVector<double> { xFrom, ridge, xTo }, QVector<double> { bandwidth * xFrom, rate, rate }, true);
    roof->setPen(pen);
    roof->setSelectable(QCP::stNone);
    roof->setName(name);
    auto* label = new QCPItemText(m_plot);
    label->setLayer(QStringLiteral("labels"));
    label->position->setCoords(xTo, rate);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->setText(name);
    label->setFont(m_plot->xAxis->tickLabelFont());
    label->setColor(pen.color());
    label->setSelectable(false);
    m_roofLabels.append(label);
}

void RooflineView::thinRoofLabels()
{
    // Roofs close together (a small plot, or precisions of nearly one rate) would print their labels over each other:
    // the branch's own roof keeps its label, then each other roof's label shows only with a line of room to spare.
    if (m_roofLabels.isEmpty())
        return;
    const double height = QFontMetrics(m_plot->xAxis->tickLabelFont()).height();
    QList<double> shown;
    const auto place = [this](QCPItemText* label) { return m_plot->yAxis->coordToPixel(label->position->value()); };
    QList<QCPItemText*> order = m_roofLabels;
    std::rotate(order.begin(), order.end() - 1, order.end()); // the branch's roof is added last; it goes first
    for (QCPItemText* label : order) {
        const double y = place(label);
        const bool free = std::none_of(shown.cbegin(), shown.cend(), [&](double other) { return std::abs(other - y) < height; });
        label->setVisible(free);
        if (free)
            shown.append(y);
    }
}

void RooflineView::plotRoofline()
{
    const BranchRoofline& r = m_roofline;
    const double bandwidth = r.bandwidth();
    double xLow = r.ridge(), xHigh = r.ridge(), yLow = r.roof().rate / 100, yHigh = r.roof().rate;
    for (const BranchRoofline::Roof& other : r.otherRoofs()) {
        xLow = std::min(xLow, roofline::ridge(bandwidth, other.rate));
        xHigh = std::max(xHigh, roofline::ridge(bandwidth, other.rate));
        yHigh = std::max(yHigh, other.rate);
    }
    QList<BranchRoofline::TurnPoint> all = r.points();
    for (const BranchRoofline::TurnPoint* baseline : { &r.eager(), &r.compiled() }) {
        if (baseline->turn >= 0)
            all.append(*baseline);
    }
    for (const BranchRoofline::TurnPoint& p : all) {
        if (!(p.point.intensity > 0))
            continue; // a point of another floor without FLOPs; this branch's roofs are for one with them
        xLow = std::min(xLow, p.point.intensity);
        xHigh = std::max(xHigh, p.point.intensity);
        yLow = std::min(yLow, p.point.achievedFlops);
        yHigh = std::max(yHigh, p.point.achievedFlops);
    }
    xLow /= 20;
    xHigh *= 20;
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<PrefixLogTicker>::create());
    m_plot->yAxis->setTicker(QSharedPointer<PrefixLogTicker>::create());
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte, log)"));
    m_plot->yAxis->setLabel(tr("Achieved FLOP/s (log)"));
    m_plot->yAxis2->setVisible(false);
    m_plot->xAxis->setRange(xLow, xHigh);
    m_plot->yAxis->setRange(yLow / 4, yHigh * 3);

    QPen faint(kFaint, 1, Qt::DashLine);
    // Precisions of the same rate (bf16 and fp16 on most GPUs) share one roof and one label: "bf16/fp16 989.4 TFLOP/s".
    QList<std::pair<double, QStringList>> roofs;
    for (const BranchRoofline::Roof& other : r.otherRoofs()) {
        auto same = std::find_if(roofs.begin(), roofs.end(), [&](const auto& roof) { return roof.first == other.rate; });
        if (other.rate == r.roof().rate)
            continue; // the branch's own roof is drawn below
        if (same == roofs.end())
            roofs.append({ other.rate, { other.precision } });
        else
            same->second.append(other.precision);
    }
    for (const auto& [rate, precisions] : roofs) {
        addRoof(bandwidth, rate, xLow, xHigh, faint,
            QStringLiteral("%1 %2").arg(precisions.join(QLatin1Char('/')), BranchRoofline::withPrefix(rate, QStringLiteral("FLOP/s"))));
        m_plot->graph()->removeFromLegend();
    }
    addRoof(bandwidth, r.roof().rate, xLow, xHigh, QPen(kRoof, 2),
        QStringLiteral("%1 %2").arg(r.roof().precision, BranchRoofline::withPrefix(r.roof().rate, QStringLiteral("FLOP/s"))));
    m_plot->graph()->setName(tr("roofline (%1 copy, %2 matrix)")
                                 .arg(BranchRoofline::withPrefix(bandwidth, QStringLiteral("B/s")), r.roof().precision));
    auto* ridge = new QCPItemText(m_plot);
    ridge->setLayer(QStringLiteral("labels"));
    ridge->position->setCoords(r.ridge(), r.roof().rate);
    ridge->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    ridge->setPadding(QMargins(0, 6, 0, 0));
    ridge->setText(tr("ridge %1 FLOP/B").arg(QLocale().toString(r.ridge(), 'g', 3)));
    ridge->setFont(m_plot->xAxis->tickLabelFont());
    ridge->setColor(kRoof);
    ridge->setSelectable(false);
    auto* ridgeMark = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    ridgeMark->setData(QVector<double> { 0 }, QVector<double> { r.ridge() }, QVector<double> { r.roof().rate }, true);
    ridgeMark->setLineStyle(QCPCurve::lsNone);
    ridgeMark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, kRoof, kRoof, 7));
    ridgeMark->setSelectable(QCP::stNone);
    ridgeMark->removeFromLegend();

    addPoints(r.points(), tr("turns"), QCPScatterStyle::ssDisc, kTurns, 7);
    for (const BranchRoofline::TurnPoint& p : r.points()) {
        auto* label = new QCPItemText(m_plot);
        label->setLayer(QStringLiteral("labels"));
        label->position->setCoords(place(p));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(7, 0, 0, 0));
        label->setText(QString::number(p.number));
        label->setFont(m_plot->xAxis->tickLabelFont());
        label->setColor(kTurns);
        label->setSelectable(false);
    }
    if (r.eager().turn >= 0)
        addPoints({ r.eager() }, tr("eager (turn %1)").arg(r.eager().number), QCPScatterStyle::ssTriangle, kEager, 9);
    if (r.compiled().turn >= 0) {
        addPoints({ r.compiled() }, tr("torch.compile (turn %1)").arg(r.compiled().number), QCPScatterStyle::ssSquare,
            kCompile, 8);
    }
}

void RooflineView::plotBandwidth()
{
    const BranchRoofline& r = m_roofline;
    const double bandwidth = r.bandwidth();
    const int last = std::max(1, r.length());
    double yHigh = bandwidth;
    for (const BranchRoofline::TurnPoint& p : r.points()) {
        yHigh = std::max(yHigh, p.point.achievedBandwidth);
    }
    for (const BranchRoofline::TurnPoint* baseline : { &r.eager(), &r.compiled() }) {
        if (baseline->turn >= 0)
            yHigh = std::max(yHigh, baseline->point.achievedBandwidth);
    }
    yHigh *= 1.15;
    m_plot->xAxis->setScaleType(QCPAxis::stLinear);
    m_plot->yAxis->setScaleType(QCPAxis::stLinear);
    auto turnTicker = QSharedPointer<QCPAxisTickerFixed>::create();
    turnTicker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    turnTicker->setTickStep(1);
    m_plot->xAxis->setTicker(turnTicker);
    m_plot->yAxis->setTicker(QSharedPointer<PrefixTicker>::create());
    m_plot->yAxis2->setTicker(QSharedPointer<PercentTicker>::create());
    m_plot->xAxis->setLabel(tr("Turn (the task does no counted FLOPs: bandwidth only)"));
    m_plot->yAxis->setLabel(tr("Achieved bandwidth (B/s)"));
    m_plot->yAxis2->setLabel(tr("% of copy bandwidth"));
    m_plot->yAxis2->setVisible(true);
    m_plot->xAxis->setRange(0.4, last + 0.6);
    m_plot->yAxis->setRange(0, yHigh);
    m_plot->yAxis2->setRange(0, yHigh / bandwidth * 100);

    QCPGraph* roof = m_plot->addGraph();
    roof->setData(QVector<double> { 0.4, last + 0.6 }, QVector<double> { bandwidth, bandwidth }, true);
    roof->setPen(QPen(kRoof, 2));
    roof->setSelectable(QCP::stNone);
    roof->setName(tr("copy bandwidth %1").arg(BranchRoofline::withPrefix(bandwidth, QStringLiteral("B/s"))));
    auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    bars->setName(tr("turns"));
    bars->setWidth(0.6);
    bars->setPen(QPen(kTurns.darker(120)));
    bars->setBrush(kTurns);
    bars->setSelectable(QCP::stSingleData);
    QVector<double> keys, values;
    QList<int> turns;
    for (const BranchRoofline::TurnPoint& p : r.points()) { // root -> leaf: keys ascending, as QCPBars keeps them
        keys.append(p.number);
        values.append(p.point.achievedBandwidth);
        turns.append(p.turn);
    }
    bars->setData(keys, values, true);
    m_turnsOf.insert(bars, turns);
    const auto baseline = [&](const BranchRoofline::TurnPoint& p, const QString& name, const QColor& colour) {
        if (p.turn < 0)
            return;
        QCPGraph* line = m_plot->addGraph();
        const double v = p.point.achievedBandwidth;
        line->setData(QVector<double> { 0.4, last + 0.6 }, QVector<double> { v, v }, true);
        line->setPen(QPen(colour, 1.5, Qt::DashLine));
        line->setName(name);
        line->setSelectable(QCP::stSingleData);
        m_turnsOf.insert(line, { p.turn, p.turn });
    };
    baseline(r.eager(), tr("eager (turn %1)").arg(r.eager().number), kEager);
    baseline(r.compiled(), tr("torch.compile (turn %1)").arg(r.compiled().number), kCompile);
}

QPointF RooflineView::place(const BranchRoofline::TurnPoint& p) const
{
    if (m_roofline.mode() == BranchRoofline::Mode::Bandwidth)
        return { double(p.number), p.point.achievedBandwidth };
    if (m_roofline.mode() == BranchRoofline::Mode::Roofline && p.point.intensity > 0)
        return { p.point.intensity, p.point.achievedFlops };
    return { kNaN, kNaN };
}

void RooflineView::setCurrentTurn(int turn)
{
    m_current = turn;
    if (m_marker) {
        m_plot->removePlottable(m_marker);
        m_marker = nullptr;
    }
    if (m_roofline.mode() == BranchRoofline::Mode::Message || !m_trajectory)
        return;
    m_summary->setText(m_roofline.summary(*m_trajectory, turn));
    const BranchRoofline::TurnPoint* here = m_roofline.pointOf(turn);
    if (here && m_roofline.mode() == BranchRoofline::Mode::Bandwidth) {
        auto* bar = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bar->setWidth(0.6);
        bar->setPen(QPen(kCurrent, 2.5));
        bar->setBrush(Qt::NoBrush);
        bar->setData(QVector<double> { double(here->number) }, QVector<double> { here->point.achievedBandwidth }, true);
        m_marker = bar;
    } else if (here) {
        auto* ring = addPoints({ *here }, QString(), QCPScatterStyle::ssCircle, kCurrent, 14);
        ring->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kCurrent, 2.5), Qt::NoBrush, 14));
        m_marker = ring;
    }
    if (m_marker) {
        m_marker->setLayer(QStringLiteral("marker"));
        m_marker->setName(tr("current turn"));
        m_marker->addToLegend();
        m_marker->setSelectable(QCP::stNone);
        m_turnsOf.remove(m_marker); // the point under the ring takes its clicks
    }
    replot();
}

void RooflineView::replot()
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString RooflineView::message() const
{
    return m_pages->currentWidget() == m_message ? m_message->text() : QString();
}

QString RooflineView::summary() const
{
    return m_summary->isHidden() ? QString() : m_summary->text();
}

QWidget* RooflineView::plotArea() const
{
    return m_plot;
}

QPointF RooflineView::coordsOf(int turn) const
{
    const BranchRoofline::TurnPoint* p = m_roofline.pointOf(turn);
    return p ? place(*p) : QPointF(kNaN, kNaN);
}

QPointF RooflineView::pixelAt(const QPointF& coords) const
{
    if (std::isnan(coords.x()) || std::isnan(coords.y()))
        return {};
    return { m_plot->xAxis->coordToPixel(coords.x()), m_plot->yAxis->coordToPixel(coords.y()) };
}

QPointF RooflineView::pixelOf(int turn) const
{
    QPointF at = coordsOf(turn);
    if (m_roofline.mode() == BranchRoofline::Mode::Bandwidth)
        at.setY(at.y() / 2); // the middle of the column, where a click surely lands on it
    return pixelAt(at);
}

QPointF RooflineView::baselinePixel(const BranchRoofline::TurnPoint& p) const
{
    if (p.turn < 0)
        return {};
    // In bandwidth mode a baseline is a line across the turns; its left end is clear of the columns.
    return m_roofline.mode() == BranchRoofline::Mode::Bandwidth ? pixelAt({ 0.5, p.point.achievedBandwidth })
                                                                : pixelAt(place(p));
}

QPointF RooflineView::eagerPixel() const
{
    return baselinePixel(m_roofline.eager());
}

QPointF RooflineView::compiledPixel() const
{
    return baselinePixel(m_roofline.compiled());
}

QPointF RooflineView::ridgeCoords() const
{
    if (m_roofline.mode() != BranchRoofline::Mode::Roofline)
        return { kNaN, kNaN };
    return { m_roofline.ridge(), m_roofline.roof().rate };
}

} // namespace kwb
