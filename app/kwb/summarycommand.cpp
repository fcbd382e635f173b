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
    parser.addPositionalArgument(QStringLiteral("STORE"), QStringLiteral("The .kwb store."));
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

    QString error;
    const std::optional<TrajectoryFilter> filter = filterFromOptions(parser, &error);
    if (!filter)
        return fail(error, kUsage);
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    const auto ids = store->trajectoryIds(*filter, TrajectoryColumn::Created, false, &error);
    if (!ids)
        return fail(error);
    if (parser.isSet(perTrajectory)) {
        const auto rows = TrajectoryTable::rows(*store, *ids, &error);
        if (!rows)
            return fail(error);
        if (parser.isSet(json))
            out() << QJsonDocument(TrajectoryTable::toJson(*rows)).toJson(QJsonDocument::Indented);
        else
            out() << TrajectoryTable::toMarkdown(*rows);
        out().flush();
        return kOk;
    }
    const auto entries = RunSummary::entries(*store, *ids, &error);
    if (!entries)
        return fail(error);
    const RunSummary summary = RunSummary::compute(*entries);
    if (parser.isSet(json))
        out() << QJsonDocument(summary.toJson()).toJson(QJsonDocument::Indented);
    else
        out() << summary.toText();
    out().flush();
    return kOk;
}

} // namespace kwb::cli
