#include "commandline.h"

#include <QFile>
#include <QJsonDocument>

#include "store/trajectoryfilter.h"

#include "commands.h"

namespace kwb::cli {

void addStoreArgument(QCommandLineParser& parser)
{
    parser.addPositionalArgument(QStringLiteral("STORE"), QStringLiteral("The .kwb store."));
}

std::optional<QJsonObject> readJsonObject(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1 cannot be read: %2.").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1 is not valid JSON: %2 at byte %3.").arg(path, parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("%1 is JSON but not an object.").arg(path);
        return std::nullopt;
    }
    return doc.object();
}

int parseOrExit(QCommandLineParser& parser, const QStringList& arguments, const QString& synopsis, int positional)
{
    parser.setApplicationDescription(synopsis);
    const QCommandLineOption help = parser.addHelpOption();
    if (!parser.parse(arguments))
        return fail(parser.errorText() + QLatin1Char('.'), kUsage);
    if (parser.isSet(help)) {
        out() << parser.helpText() << Qt::flush;
        return kOk;
    }
    if (positional >= 0 && parser.positionalArguments().size() != positional) { // below zero: the caller checks
        return fail(QStringLiteral("expected %1 argument(s), got %2; see --help.")
                        .arg(positional)
                        .arg(parser.positionalArguments().size()),
            kUsage);
    }
    return -1;
}

void addFilterOptions(QCommandLineParser& parser, bool withTask)
{
    if (withTask)
        parser.addOption({ QStringLiteral("task"), QStringLiteral("Only tasks whose name contains TEXT."), QStringLiteral("TEXT") });
    parser.addOptions({ { QStringLiteral("level"), QStringLiteral("Only this level."), QStringLiteral("N") },
        { QStringLiteral("status"), QStringLiteral("Only trajectories with this status (correct, incorrect, compile-error, environment-error, not-evaluated)."),
            QStringLiteral("S") },
        { QStringLiteral("label"), QStringLiteral("Only trajectories with this label."), QStringLiteral("L") },
        { QStringLiteral("hack-flag"), QStringLiteral("Only trajectories with a turn flagged so by a reward-hacking check (any: any flag)."),
            QStringLiteral("FLAG") },
        { QStringLiteral("search"), QStringLiteral("Only trajectories whose messages or code match (FTS5)."), QStringLiteral("QUERY") },
        { QStringLiteral("real-only"), QStringLiteral("Leave synthetic trajectories out.") } });
}

std::optional<TrajectoryFilter> filterFromOptions(const QCommandLineParser& parser, QString* error, bool withTask)
{
    TrajectoryFilter filter;
    if (withTask)
        filter.taskContains = parser.value(QStringLiteral("task"));
    bool ok = true;
    if (parser.isSet(QStringLiteral("level")))
        filter.level = parser.value(QStringLiteral("level")).toInt(&ok);
    if (!ok || filter.level < 0) {
        *error = QStringLiteral("--level takes a level number, not '%1'.").arg(parser.value(QStringLiteral("level")));
        return std::nullopt;
    }
    filter.status = parser.value(QStringLiteral("status"));
    if (!filter.status.isEmpty() && !TrajectoryFilter::statuses().contains(filter.status)) {
        *error = QStringLiteral("--status takes one of %1, not '%2'.").arg(TrajectoryFilter::statuses().join(QLatin1String(", ")), filter.status);
        return std::nullopt;
    }
    filter.label = parser.value(QStringLiteral("label"));
    filter.hackFlag = parser.value(QStringLiteral("hack-flag"));
    filter.text = parser.value(QStringLiteral("search"));
    filter.synthetic = parser.isSet(QStringLiteral("real-only")) ? 0 : -1;
    return filter;
}

std::optional<QList<qint64>> FilteredStore::selected(QString* error) const
{
    return store->trajectoryIds(filter, TrajectoryColumn::Created, false, error);
}

std::optional<FilteredStore> openFilteredStore(const QCommandLineParser& parser, int* exitCode, bool withTask)
{
    QString error;
    std::optional<TrajectoryFilter> filter = filterFromOptions(parser, &error, withTask);
    if (!filter) {
        *exitCode = fail(error, kUsage);
        return std::nullopt;
    }
    std::unique_ptr<Store> store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store) {
        *exitCode = fail(error);
        return std::nullopt;
    }
    return FilteredStore { std::move(store), std::move(*filter) };
}

} // namespace kwb::cli
