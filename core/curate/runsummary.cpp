#include "runsummary.h"

#include "model/evalresult.h"
#include "store/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QVariant>

#include <cmath>

namespace kwb {

namespace {


void add(RunSummary::Metrics& m, const RunSummary::Entry& e, double& logEager, double& logCompile)
{
    ++m.trajectories;
    if (!e.correct)
        return;
    ++m.passed;
    m.fasterThanEager += e.speedupVsEager > 1 ? 1 : 0;
    m.fasterThanCompile += e.speedupVsCompile > 1 ? 1 : 0;
    if (e.speedupVsEager > 0 && e.speedupVsCompile > 0) {
        ++m.timed;
        logEager += std::log(e.speedupVsEager);
        logCompile += std::log(e.speedupVsCompile);
    }
}

void finish(RunSummary::Metrics& m, double logEager, double logCompile)
{
    if (m.timed > 0) {
        m.geomeanVsEager = std::exp(logEager / m.timed);
        m.geomeanVsCompile = std::exp(logCompile / m.timed);
    }
}

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonObject metricsJson(const RunSummary::Metrics& m)
{
    return { { QStringLiteral("trajectories"), m.trajectories }, { QStringLiteral("passed"), m.passed },
        { QStringLiteral("faster_than_eager"), m.fasterThanEager }, { QStringLiteral("faster_than_compile"), m.fasterThanCompile },
        { QStringLiteral("timed"), m.timed }, { QStringLiteral("pass_rate"), number(m.passRate()) },
        { QStringLiteral("faster_rate_vs_eager"), number(m.fasterRateVsEager()) },
        { QStringLiteral("faster_rate_vs_compile"), number(m.fasterRateVsCompile()) },
        { QStringLiteral("geomean_vs_eager"), number(m.geomeanVsEager) },
        { QStringLiteral("geomean_vs_compile"), number(m.geomeanVsCompile) } };
}

QString percent(double v)
{
    return std::isfinite(v) ? QString::number(100 * v, 'f', 1) : QStringLiteral("-");
}

QString times(double v)
{
    return std::isfinite(v) ? QString::number(v, 'f', 2) + QStringLiteral("x") : QStringLiteral("-");
}

} // namespace

RunSummary RunSummary::compute(const QList<Entry>& entries)
{
    RunSummary s;
    double logEager = 0, logCompile = 0;
    QMap<int, std::pair<double, double>> levelLogs;
    for (const Entry& e : entries) {
        if (e.environmentError) {
            ++s.m_environmentErrors;
            continue;
        }
        add(s.m_overall, e, logEager, logCompile);
        auto& logs = levelLogs[e.level];
        add(s.m_perLevel[e.level], e, logs.first, logs.second);
    }
    finish(s.m_overall, logEager, logCompile);
    for (auto it = s.m_perLevel.begin(); it != s.m_perLevel.end(); ++it)
        finish(it.value(), levelLogs[it.key()].first, levelLogs[it.key()].second);
    return s;
}

QMap<QString, QList<RunSummary::Entry>> RunSummary::byRules(const QList<Entry>& entries)
{
    QMap<QString, QList<Entry>> groups;
    for (const Entry& e : entries)
        groups[e.rules].append(e);
    return groups;
}

std::optional<QList<RunSummary::Entry>> RunSummary::entries(const Store& store, const QList<qint64>& trajectoryIds, QString* error)
{
    const auto rows = store.summaryRows(trajectoryIds, error);
    if (!rows)
        return std::nullopt;
    QList<Entry> result;
    result.reserve(rows->size());
    for (const Store::SummaryRow& row : *rows) {
        Entry e;
        e.level = row.level;
        e.environmentError = row.status == QLatin1String("environment-error");
        if (!row.latestRules.isEmpty()) // results from before the profiles were judged by cuda-agent's rules
            e.rules = row.latestRules;
        if (!row.bestCorrectEval.isEmpty()) {
            QString parseError;
            const EvalResult eval = EvalResult::fromJson(QJsonDocument::fromJson(row.bestCorrectEval).object(), &parseError);
            e.correct = true;
            e.speedupVsEager = eval.speedupVsEager();
            e.speedupVsCompile = eval.speedupVsCompile();
        }
        result.append(e);
    }
    return result;
}

QString RunSummary::toText() const
{
    QString text = QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                       .arg(tr("subset"), -8)
                       .arg(tr("trajectories"), 12)
                       .arg(tr("pass %"), 8)
                       .arg(tr("faster vs eager %"), 18)
                       .arg(tr("faster vs compile %"), 20)
                       .arg(tr("geomean vs eager"), 17)
                       .arg(tr("geomean vs compile"), 19);
    const auto row = [&text](const QString& name, const Metrics& m) {
        text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                    .arg(name, -8)
                    .arg(m.trajectories, 12)
                    .arg(percent(m.passRate()), 8)
                    .arg(percent(m.fasterRateVsEager()), 18)
                    .arg(percent(m.fasterRateVsCompile()), 20)
                    .arg(times(m.geomeanVsEager), 17)
                    .arg(times(m.geomeanVsCompile), 19);
    };
    row(tr("Overall"), m_overall);
    for (auto it = m_perLevel.cbegin(); it != m_perLevel.cend(); ++it)
        row(it.key() > 0 ? tr("L%1").arg(it.key()) : tr("no level"), it.value());
    if (m_environmentErrors > 0)
        text += tr("Left out: %n trajectory(s) whose evaluations all ended in environment errors (not the agent's).\n", nullptr,
            m_environmentErrors);
    return text;
}

QJsonObject RunSummary::toJson() const
{
    QJsonObject levels;
    for (auto it = m_perLevel.cbegin(); it != m_perLevel.cend(); ++it)
        levels.insert(QString::number(it.key()), metricsJson(it.value()));
    return { { QStringLiteral("overall"), metricsJson(m_overall) }, { QStringLiteral("levels"), levels },
        { QStringLiteral("left_out_environment_errors"), m_environmentErrors } };
}

} // namespace kwb
