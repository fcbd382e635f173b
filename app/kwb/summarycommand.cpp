#include "commandline.h"
#include "commands.h"

#include "curate/runsummary.h"
#include "curate/trajectorytable.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QJsonDocument>

namespace kwb::cli {

int summary(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON instead of a table."));
    const QCommandLineOption perTrajectory(QStringLiteral("per-trajectory"),
        QStringLiteral("One row per trajectory instead: eager, torch.compile and the final kernel (the best correct turn) in ms, "
                       "the speed-ups and the paper's figure where a lesson gives one (Markdown, or JSON with --json)."));
    parser.addOptions({ json, perTrajectory });
    addFilterOptions(parser);
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Pass rate, faster rates and geometric-mean speed-ups of a store's trajectories, overall and "
                           "per level (the CUDA Agent paper's Table 1 metrics; definitions in the README)."),
            1);
        code >= 0)
        return code;

    int code = 0;
    const std::optional<FilteredStore> opened = openFilteredStore(parser, &code);
    if (!opened)
        return code;
    QString error;
    const auto ids = opened->selected(&error);
    const Store& store = *opened->store;
    if (!ids)
        return fail(error);
    if (parser.isSet(perTrajectory)) {
        const auto rows = TrajectoryTable::rows(store, *ids, &error);
        if (!rows)
            return fail(error);
        if (parser.isSet(json))
            out() << QJsonDocument(TrajectoryTable::toJson(*rows)).toJson(QJsonDocument::Indented);
        else
            out() << TrajectoryTable::toMarkdown(*rows);
        out().flush();
        return kOk;
    }
    const auto entries = RunSummary::entries(store, *ids, &error);
    if (!entries)
        return fail(error);
    // One table per rule profile: results judged under KernelBench's rules are never counted with cuda-agent's.
    const QMap<QString, QList<RunSummary::Entry>> groups = RunSummary::byRules(*entries);
    if (groups.size() <= 1) {
        const RunSummary summary = RunSummary::compute(*entries);
        QJsonObject o = summary.toJson();
        if (!groups.isEmpty())
            o.insert(QStringLiteral("rules"), groups.firstKey());
        if (parser.isSet(json))
            out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
        else
            out() << summary.toText();
    } else if (parser.isSet(json)) {
        QJsonObject byRules;
        for (auto it = groups.cbegin(); it != groups.cend(); ++it)
            byRules.insert(it.key(), RunSummary::compute(it.value()).toJson());
        out() << QJsonDocument(QJsonObject { { QStringLiteral("by_rules"), byRules } }).toJson(QJsonDocument::Indented);
    } else {
        for (auto it = groups.cbegin(); it != groups.cend(); ++it)
            out() << (it == groups.cbegin() ? QString() : QStringLiteral("\n")) << QStringLiteral("Rules: %1\n").arg(it.key())
                  << RunSummary::compute(it.value()).toText();
    }
    out().flush();
    return kOk;
}

} // namespace kwb::cli
