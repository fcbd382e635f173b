#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <limits>
#include <optional>

namespace kwb {

class Store;

// The run metrics of the CUDA Agent paper's Table 1 over a set of trajectories, overall and per level. Each
// trajectory counts once, by its best correct turn (the highest speed-up over torch.compile):
//   pass rate      trajectories with a correct turn / all trajectories
//   faster rate    trajectories whose best correct turn is faster than eager (torch.compile) / all trajectories
//   geomean        geometric mean of the best correct turns' speed-ups, over the correct trajectories that were timed
class RunSummary
{
    Q_DECLARE_TR_FUNCTIONS(kwb::RunSummary)
public:
    static constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

    // One trajectory, as the summary sees it.
    struct Entry
    {
        int level = 0;
        bool correct = false;
        double speedupVsEager = kUnknown; // of the best correct turn
        double speedupVsCompile = kUnknown;
        QString rules = QStringLiteral("cuda-agent"); // the rule profile of its latest evaluation
        // Every evaluation of it ended in an error that was not the agent's (no GPU, a lost host): left out of the
        // metrics and counted apart, so a broken machine never reads as failed kernels.
        bool environmentError = false;
    };

    struct Metrics
    {
        int trajectories = 0;
        int passed = 0;
        int fasterThanEager = 0;
        int fasterThanCompile = 0;
        int timed = 0; // correct trajectories with both speed-ups known
        double geomeanVsEager = kUnknown;
        double geomeanVsCompile = kUnknown;

        double passRate() const { return trajectories ? double(passed) / trajectories : kUnknown; }
        double fasterRateVsEager() const { return trajectories ? double(fasterThanEager) / trajectories : kUnknown; }
        double fasterRateVsCompile() const { return trajectories ? double(fasterThanCompile) / trajectories : kUnknown; }
    };

    static RunSummary compute(const QList<Entry>& entries);
    // The entries by the rule profile they were judged under: results of different rules are never one table.
    static QMap<QString, QList<Entry>> byRules(const QList<Entry>& entries);
    // The entries of the given trajectories, read from the store in one query per chunk (never whole trajectories).
    static std::optional<QList<Entry>> entries(const Store& store, const QList<qint64>& trajectoryIds, QString* error);

    const Metrics& overall() const { return m_overall; }
    int environmentErrors() const { return m_environmentErrors; } // trajectories left out (Entry::environmentError)
    const QMap<int, Metrics>& perLevel() const { return m_perLevel; }

    // A text table laid out like the paper's Table 1 (rows Overall, L1, L2, ...).
    QString toText() const;
    QJsonObject toJson() const;

private:
    Metrics m_overall;
    QMap<int, Metrics> m_perLevel;
    int m_environmentErrors = 0;
};

} // namespace kwb
