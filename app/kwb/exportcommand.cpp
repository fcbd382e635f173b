#include "commandline.h"
#include "commands.h"

#include "io/exportformat.h"
#include "io/trajectorysource.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QFile>
#include <QTextStream>

namespace kwb::cli {

int exportStore(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    const QCommandLineOption format(QStringLiteral("format"),
        QStringLiteral("Output format: jsonl (native, lossless), sft (chat messages per branch), pairs (preference pairs "
                       "from forks), rollouts (RL, grouped by task), atif, kernelbench (eval_results.json)."),
        QStringLiteral("FORMAT"), QStringLiteral("jsonl"));
    const QCommandLineOption output({ QStringLiteral("o"), QStringLiteral("output") },
        QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption accepted(QStringLiteral("accepted-only"),
        QStringLiteral("Only branches whose leaf, or whose trajectory, is labelled accept."));
    const QCommandLineOption upToBest(QStringLiteral("up-to-best"), QStringLiteral("Cut each branch after its highest-reward turn."));
    const QCommandLineOption synthesize(QStringLiteral("synthesize-prompt"),
        QStringLiteral("sft: for a branch with code but no conversation (a KernelBench run, a CUDA Agent workspace), write "
                       "one built from the task's reference (the user's message) and the branch's files (the answer), "
                       "marked \"synthesized\": true in its metadata."));
    const QCommandLineOption pairsBy(QStringLiteral("pairs-by"),
        QStringLiteral("How pairs pick the chosen side: reward, or label (accept > star > none > reject)."), QStringLiteral("WHAT"),
        QStringLiteral("reward"));
    const QCommandLineOption task(QStringLiteral("task"), QStringLiteral("Only trajectories of task T (repeatable)."), QStringLiteral("T"));
    parser.addOptions({ format, output, accepted, upToBest, synthesize, pairsBy, task });
    addFilterOptions(parser, false);
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Write a store's trajectories."), 1); code >= 0)
        return code;
    const QString formatName = parser.value(format);
    if (!ExportFormat::names().contains(formatName))
        return fail(QStringLiteral("format '%1' is not supported; use one of %2.").arg(formatName, ExportFormat::names().join(QStringLiteral(", "))), kUsage);
    ExportOptions options;
    options.tasks = parser.values(task);
    options.acceptedOnly = parser.isSet(accepted);
    options.upToBest = parser.isSet(upToBest);
    options.synthesizePrompt = parser.isSet(synthesize);
    if (options.synthesizePrompt && formatName != QLatin1String("sft"))
        return fail(QStringLiteral("--synthesize-prompt is an option of --format sft."), kUsage);
    if (parser.value(pairsBy) == QLatin1String("label"))
        options.pairsBy = ExportOptions::PairsBy::Label;
    else if (parser.value(pairsBy) != QLatin1String("reward"))
        return fail(QStringLiteral("--pairs-by takes reward or label, not '%1'.").arg(parser.value(pairsBy)), kUsage);

    QString error;
    int code = 0;
    std::optional<FilteredStore> opened = openFilteredStore(parser, &code, false);
    if (!opened)
        return code;
    Store* const store = opened->store.get();
    const TrajectoryFilter* const filter = &opened->filter;
    const auto ids = ExportFormat::select(*store, options, *filter, &error);
    if (!ids)
        return fail(error);

    if (parser.isSet(output)) {
        ExportSkips skipped;
        if (!ExportFormat::writeFile(*store, *ids, formatName, options, parser.value(output), {}, &error, nullptr, &skipped))
            return fail(error);
        if (!skipped.isEmpty())
            QTextStream(stderr) << skipped.summary() << Qt::endl; // what the training set lacks, never silently
        return kOk;
    }
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
        return fail(QStringLiteral("standard output cannot be written."));
    ExportSkips skipped;
    if (!ExportFormat::write(*store, *ids, formatName, options, stdoutFile, {}, &error, nullptr, &skipped))
        return fail(error);
    if (!skipped.isEmpty())
        QTextStream(stderr) << skipped.summary() << Qt::endl;
    return kOk;
}

} // namespace kwb::cli
