#include "runsummaryview.h"

#include "curate/runsummary.h"
#include "store/store.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace kwb {

namespace {

QString percent(double v)
{
    return std::isfinite(v) ? QLocale().toString(100 * v, 'f', 1) : QStringLiteral("–");
}

QString times(double v)
{
    return std::isfinite(v) ? QLocale().toString(v, 'f', 2) + QStringLiteral("×") : QStringLiteral("–");
}

} // namespace

RunSummaryView::RunSummaryView(QWidget* parent)
    : QWidget(parent)
    , m_table(new QTableWidget(this))
    , m_note(new QLabel(this))
{
    m_table->setColumnCount(6);
    m_table->setHorizontalHeaderLabels({ tr("Trajectories"), tr("Pass %"), tr("Faster vs eager %"), tr("Faster vs compile %"),
        tr("Geomean vs eager"), tr("Geomean vs compile") });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAlternatingRowColors(true);
    m_note->setWordWrap(true);
    m_note->setText(tr("Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all "
                       "trajectories in view; geometric means are over the correct ones that were timed."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_note);
}

void RunSummaryView::setStore(const Store* store)
{
    m_store = store;
    m_stale = true;
    refresh();
}

void RunSummaryView::setFilter(const TrajectoryFilter& filter)
{
    m_filter = filter;
    m_stale = true;
    refresh();
}

void RunSummaryView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh();
}

void RunSummaryView::refresh()
{
    if (!m_stale || !isVisible())
        return;
    m_stale = false;
    if (!m_store) {
        display({ { QStringLiteral("cuda-agent"), RunSummary::compute({}) } });
        return;
    }
    QString error;
    const auto ids = m_store->trajectoryIds(m_filter, TrajectoryColumn::Created, false, &error);
    const auto entries = ids ? RunSummary::entries(*m_store, *ids, &error) : std::nullopt;
    if (!entries) {
        m_note->setText(error);
        return;
    }
    QList<std::pair<QString, RunSummary>> byRules;
    const auto groups = RunSummary::byRules(*entries);
    for (auto it = groups.cbegin(); it != groups.cend(); ++it)
        byRules.append({ it.key(), RunSummary::compute(it.value()) });
    if (byRules.isEmpty())
        byRules.append({ QStringLiteral("cuda-agent"), RunSummary::compute({}) });
    display(byRules);
}

void RunSummaryView::display(const QList<std::pair<QString, RunSummary>>& byRules)
{
    QList<std::pair<QString, RunSummary::Metrics>> rows;
    const bool several = byRules.size() > 1;
    for (const auto& [rules, summary] : byRules) {
        const QString suffix = several ? tr(" (%1 rules)").arg(rules) : QString();
        rows.append({ tr("Overall") + suffix, summary.overall() });
        for (auto it = summary.perLevel().cbegin(); it != summary.perLevel().cend(); ++it)
            rows.append({ (it.key() > 0 ? tr("L%1").arg(it.key()) : tr("No level")) + suffix, it.value() });
    }
    m_note->setText(tr("Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all "
                       "trajectories in view; geometric means are over the correct ones that were timed. %1")
                        .arg(several ? tr("Trajectories judged under different rules are counted apart.")
                                     : tr("Judged under the %1 rules.").arg(byRules.first().first)));
    m_table->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const RunSummary::Metrics& m = rows[r].second;
        m_table->setVerticalHeaderItem(r, new QTableWidgetItem(rows[r].first));
        const QStringList cells { QLocale().toString(m.trajectories), percent(m.passRate()), percent(m.fasterRateVsEager()),
            percent(m.fasterRateVsCompile()), times(m.geomeanVsEager), times(m.geomeanVsCompile) };
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }
}

QString RunSummaryView::text() const
{
    QStringList lines;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QStringList cells { m_table->verticalHeaderItem(r) ? m_table->verticalHeaderItem(r)->text() : QString() };
        for (int c = 0; c < m_table->columnCount(); ++c)
            cells << (m_table->item(r, c) ? m_table->item(r, c)->text() : QString());
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace kwb
