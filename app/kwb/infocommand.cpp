#include "commandline.h"
#include "commands.h"

#include "store/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace kwb::cli {

int info(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON instead of text."));
    parser.addOption(json);
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Counts, tasks and branches of a store."), 1); code >= 0)
        return code;

    QString error;
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    const auto info = store->info(&error);
    if (!info)
        return fail(error);

    if (parser.isSet(json)) {
        QJsonArray tasks;
        for (const auto& t : info->tasks)
            tasks.append(QJsonObject { { QStringLiteral("name"), t.name }, { QStringLiteral("level"), t.level },
                { QStringLiteral("trajectories"), t.trajectories } });
        const QJsonObject o { { QStringLiteral("schema_version"), info->schemaVersion },
            { QStringLiteral("trajectories"), info->trajectories },
            { QStringLiteral("synthetic_trajectories"), info->syntheticTrajectories },
            { QStringLiteral("turns"), info->turns }, { QStringLiteral("branches"), info->branches },
            { QStringLiteral("blobs"), info->blobs }, { QStringLiteral("blob_bytes"), info->blobBytes },
            { QStringLiteral("file_bytes"), info->fileBytes }, { QStringLiteral("tasks"), tasks } };
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
        out().flush();
        return kOk;
    }
    const QLocale c = QLocale::c();
    out() << QStringLiteral("Store:         %1 (schema %2, %3)\n")
                 .arg(store->path())
                 .arg(info->schemaVersion)
                 .arg(c.formattedDataSize(info->fileBytes));
    out() << QStringLiteral("Trajectories:  %1 (%2 synthetic)\n").arg(info->trajectories).arg(info->syntheticTrajectories);
    out() << QStringLiteral("Turns:         %1\n").arg(info->turns);
    out() << QStringLiteral("Branches:      %1\n").arg(info->branches);
    out() << QStringLiteral("Blobs:         %1 (%2)\n").arg(info->blobs).arg(c.formattedDataSize(info->blobBytes));
    out() << QStringLiteral("Tasks:         %1\n").arg(info->tasks.size());
    for (const auto& t : info->tasks) {
        const QString level = t.level > 0 ? QStringLiteral("L%1").arg(t.level) : QStringLiteral("  ");
        out() << QStringLiteral("  %1 %2 %3\n").arg(level, -3).arg(t.name, -32).arg(t.trajectories);
    }
    out().flush();
    return kOk;
}

} // namespace kwb::cli
