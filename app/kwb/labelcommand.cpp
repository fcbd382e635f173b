#include "commandline.h"
#include "commands.h"

#include "curate/curation.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QCoreApplication>

namespace kwb::cli {

int label(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    const QCommandLineOption add(QStringLiteral("add"), QStringLiteral("Add this label."), QStringLiteral("LABEL"));
    const QCommandLineOption remove(QStringLiteral("remove"), QStringLiteral("Remove this label."), QStringLiteral("LABEL"));
    const QCommandLineOption trajectory(QStringLiteral("trajectory"),
        QStringLiteral("Only this trajectory (its uuid); repeatable. Without it: every trajectory the filters select."),
        QStringLiteral("UUID"));
    const QCommandLineOption author(QStringLiteral("author"), QStringLiteral("Who labels (default: the user name)."),
        QStringLiteral("NAME"));
    parser.addOptions({ add, remove, trajectory, author });
    addFilterOptions(parser);
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Adds or removes a trajectory label on the selected trajectories, all in one transaction."), 1);
        code >= 0)
        return code;
    if (parser.isSet(add) == parser.isSet(remove))
        return fail(QStringLiteral("give either --add LABEL or --remove LABEL."), kUsage);
    const QString value = parser.isSet(add) ? parser.value(add) : parser.value(remove);
    if (value.trimmed().isEmpty())
        return fail(QStringLiteral("a label cannot be empty."), kUsage);

    int code = 0;
    const std::optional<FilteredStore> opened = openFilteredStore(parser, &code);
    if (!opened)
        return code;
    Store& store = *opened->store;
    QString error;
    store.waitForWriters(kWriterWaitMs); // another process's import or edit: wait for it rather than fail
    QList<qint64> ids;
    if (parser.isSet(trajectory)) {
        for (const QString& uuid : parser.values(trajectory)) {
            const auto id = store.trajectoryId(uuid, &error);
            if (!id)
                return fail(error);
            if (*id == 0)
                return fail(QStringLiteral("%1 has no trajectory %2.").arg(store.path(), uuid));
            ids.append(*id);
        }
    } else {
        const auto selected = opened->selected(&error);
        if (!selected)
            return fail(error);
        ids = *selected;
    }
    const QString who = parser.isSet(author) ? parser.value(author) : qEnvironmentVariable("USER", QStringLiteral("unknown"));
    Curation curation(store);
    if (!curation.labelTrajectories(ids, value, parser.isSet(add), who, &error))
        return fail(error);
    out() << QStringLiteral("%1 '%2' on %3 trajector%4.\n")
                 .arg(parser.isSet(add) ? QStringLiteral("Labelled") : QStringLiteral("Removed"), value)
                 .arg(ids.size())
                 .arg(ids.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"));
    out().flush();
    return kOk;
}

} // namespace kwb::cli
