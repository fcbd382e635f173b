#include "commandline.h"
#include "commands.h"

#include "curate/runsummary.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QJsonDocument>

namespace kwb::cli {

int summary(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STORE"), QStringLiteral("The .kwb store."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON instead of a table."));
    const QCommandLineOption task(QStringLiteral("task"), QStringLiteral("Only tasks whose name contains TEXT."), QStringLiteral("TEXT"));
    const QCommandLineOption level(QStringLiteral("level"), QStringLiteral("Only this level."), QStringLiteral("N"));
    const QCommandLineOption status(QStringLiteral("status"),
        QStringLiteral("Only trajectories with this status (correct, incorrect, compile-error, not-evaluated)."), QStringLiteral("S"));
    const QCommandLineOption label(QStringLiteral("label"), QStringLiteral("Only trajectories with this label."), QStringLiteral("L"));
    const QCommandLineOption text(QStringLiteral("search"), QStringLiteral("Only trajectories whose messages or code match (FTS5)."),
        QStringLiteral("QUERY"));
    const QCommandLineOption real(QStringLiteral("real-only"), QStringLiteral("Leave synthetic trajectories out."));
    parser.addOptions({ json, task, level, status, label, text, real });
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Pass rate, faster rates and geometric-mean speed-ups of a store's trajectories, overall and "
                           "per level (the CUDA Agent paper's Table 1 metrics; definitions in the README)."),
            1);
        code >= 0)
        return code;

    TrajectoryFilter filter;
    filter.taskContains = parser.value(task);
    bool ok = true;
    if (parser.isSet(level))
        filter.level = parser.value(level).toInt(&ok);
    if (!ok || filter.level < 0)
        return fail(QStringLiteral("--level takes a level number, not '%1'.").arg(parser.value(level)), kUsage);
    filter.status = parser.value(status);
    filter.label = parser.value(label);
    filter.text = parser.value(text);
    filter.synthetic = parser.isSet(real) ? 0 : -1;

    QString error;
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    const auto ids = store->trajectoryIds(filter, TrajectoryColumn::Created, false, &error);
    if (!ids)
        return fail(error);
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
