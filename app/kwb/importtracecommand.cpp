#include "commandline.h"
#include "commands.h"

#include "io/traceattacher.h"
#include "store/store.h"

#include <QFileInfo>

namespace kwb::cli {

int importTrace(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("TRACE"), QStringLiteral("A Chrome trace-event JSON (kwb_tracer, torch.profiler, Kineto)."));
    const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("The .kwb store that holds the turn."), QStringLiteral("STORE"));
    const QCommandLineOption turnOption(QStringLiteral("turn"), QStringLiteral("The turn's uuid."), QStringLiteral("UUID"));
    parser.addOptions({ storeOption, turnOption });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Keep a trace as a turn's trace."), 1); code >= 0)
        return code;
    if (!parser.isSet(storeOption) || !parser.isSet(turnOption))
        return fail(QStringLiteral("--store STORE and --turn UUID are required."), kUsage);
    const QString input = parser.positionalArguments().first();
    if (!QFileInfo::exists(input))
        return fail(QStringLiteral("%1 does not exist.").arg(input));
    QString error;
    auto store = Store::open(parser.value(storeOption), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    store->waitForWriters(kWriterWaitMs); // another process's import or edit: wait for it rather than fail
    const auto hash = TraceAttacher::attach(*store, input, parser.value(turnOption), {}, &error);
    if (!hash)
        return fail(error);
    out() << QStringLiteral("Attached %1 to turn %2 (blob %3).\n").arg(QFileInfo(input).fileName(), parser.value(turnOption), *hash);
    out().flush();
    return kOk;
}

} // namespace kwb::cli
