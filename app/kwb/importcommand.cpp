#include "commandline.h"
#include "commands.h"

#include "io/nativejsonl.h"
#include "store/store.h"

#include <QFile>
#include <QFileInfo>

namespace kwb::cli {

int importFile(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A native JSONL file (kwb export)."));
    const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("The .kwb store to add to (created if missing)."),
        QStringLiteral("STORE"));
    parser.addOption(storeOption);
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Add trajectories to a store."), 1); code >= 0)
        return code;
    if (!parser.isSet(storeOption))
        return fail(QStringLiteral("--store STORE is required."), kUsage);

    const QString storePath = parser.value(storeOption);
    const QString input = parser.positionalArguments().first();
    if (!QFileInfo::exists(input))
        return fail(QStringLiteral("%1 does not exist.").arg(input));
    const bool created = !QFileInfo::exists(storePath);
    QString error;
    auto store = Store::open(storePath, &error);
    if (!store)
        return fail(error);
    const auto counts = NativeJsonl::importFile(*store, input, {}, &error);
    if (!counts) {
        store.reset();
        if (created) { // an import that failed into a new store leaves no store behind
            for (const char* suffix : { "", "-wal", "-shm" })
                QFile::remove(storePath + QLatin1String(suffix));
        }
        return fail(error);
    }
    out() << QStringLiteral("Imported %1 trajectories (%2 turns) into %3.\n").arg(counts->trajectories).arg(counts->turns).arg(storePath);
    out().flush();
    return kOk;
}

} // namespace kwb::cli
