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
        QStringLiteral("A native JSONL file (kwb export), OpenAI chat JSONL, ATIF JSON or JSONL, request/response JSONL "
                       "(SWE-agent), a KernelBench run folder, a CUDA Agent workspace folder, another .kwb store, or a "
                       "folder of trajectory files of any of these formats."));
    const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("The .kwb store to add to (created if missing)."),
        QStringLiteral("STORE"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
        QStringLiteral("native, openai, atif, swe-agent, kernelbench, cuda-agent, store or folder; recognised from the "
                       "input when not given."),
        QStringLiteral("FORMAT"));
    const QCommandLineOption tasksOption(QStringLiteral("tasks"),
        QStringLiteral("For a KernelBench run: the task folder (level1/, level2/, ... with N_name.py files)."), QStringLiteral("DIR"));
    const QCommandLineOption duplicateOption(QStringLiteral("on-duplicate"),
        QStringLiteral("A JSONL line that repeats an earlier one: skip (the default; each is named at the end) or fail "
                       "(nothing is imported)."),
        QStringLiteral("skip|fail"), QStringLiteral("skip"));
    parser.addOptions({ storeOption, formatOption, tasksOption, duplicateOption });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Add trajectories to a store."), 1); code >= 0)
        return code;
    if (!parser.isSet(storeOption))
        return fail(QStringLiteral("--store STORE is required."), kUsage);

    const QString onDuplicate = parser.value(duplicateOption);
    if (onDuplicate != QLatin1String("skip") && onDuplicate != QLatin1String("fail"))
        return fail(QStringLiteral("--on-duplicate takes skip or fail, not '%1'.").arg(onDuplicate), kUsage);
    ImportOptions options;
    options.tasksDir = parser.value(tasksOption);
    options.onDuplicate = onDuplicate == QLatin1String("fail") ? JsonlLines::OnDuplicate::Fail : JsonlLines::OnDuplicate::Skip;
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
    const auto counts = ImportFormat::run(*store, input, format, options, {}, &error);
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
