#include "commandline.h"
#include "commands.h"

#include "io/importformat.h"
#include "store/store.h"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>

namespace kwb::cli {

int importFile(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE_OR_FOLDER"),
        QStringLiteral("A native JSONL file (kwb export), OpenAI chat JSONL, ATIF JSON or JSONL, a KernelBench run folder "
                       "or a CUDA Agent workspace folder."));
    const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("The .kwb store to add to (created if missing)."),
        QStringLiteral("STORE"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
        QStringLiteral("native, openai, atif, kernelbench or cuda-agent; recognised from the input when not given."),
        QStringLiteral("FORMAT"));
    const QCommandLineOption tasksOption(QStringLiteral("tasks"),
        QStringLiteral("For a KernelBench run: the task folder (level1/, level2/, ... with N_name.py files)."), QStringLiteral("DIR"));
    parser.addOptions({ storeOption, formatOption, tasksOption });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Add trajectories to a store."), 1); code >= 0)
        return code;
    if (!parser.isSet(storeOption))
        return fail(QStringLiteral("--store STORE is required."), kUsage);

    const QString storePath = parser.value(storeOption);
    const QString input = parser.positionalArguments().first();
    if (!QFileInfo::exists(input))
        return fail(QStringLiteral("%1 does not exist.").arg(input));
    QString error;
    const QString format = parser.isSet(formatOption) ? parser.value(formatOption) : ImportFormat::detect(input, &error);
    if (format.isEmpty())
        return fail(error);
    if (!ImportFormat::names().contains(format))
        return fail(QStringLiteral("format '%1' is not one kwb imports; use one of %2.").arg(format, ImportFormat::names().join(QStringLiteral(", "))), kUsage);
    const bool created = !QFileInfo::exists(storePath);
    auto store = Store::open(storePath, &error);
    if (!store)
        return fail(error);
    store->waitForWriters(kWriterWaitMs); // another process's import or edit: wait for it rather than fail
    const auto counts = ImportFormat::run(*store, input, format, parser.value(tasksOption), {}, &error);
    if (!counts) {
        store.reset();
        if (created) { // an import that failed into a new store leaves no store behind
            for (const char* suffix : { "", "-wal", "-shm" })
                QFile::remove(storePath + QLatin1String(suffix));
        }
        return fail(error);
    }
    out() << QStringLiteral("Imported %1 trajectories (%2 turns) into %3.\n").arg(counts->trajectories).arg(counts->turns).arg(storePath);
    for (const QString& note : counts->notes) // files of a folder that did not import, each with its reason
        QTextStream(stderr) << QStringLiteral("Skipped %1").arg(note) << Qt::endl;
    out().flush();
    return kOk;
}

} // namespace kwb::cli
