#include "commandline.h"
#include "commands.h"

#include "io/nativejsonl.h"
#include "store/store.h"

#include <QFile>
#include <QSaveFile>

namespace kwb::cli {

int exportStore(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STORE"), QStringLiteral("The .kwb store."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("Output format: jsonl (native)."),
        QStringLiteral("FORMAT"), QStringLiteral("jsonl"));
    const QCommandLineOption output({ QStringLiteral("o"), QStringLiteral("output") },
        QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    parser.addOptions({ format, output });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Write a store's trajectories."), 1); code >= 0)
        return code;
    if (parser.value(format) != QLatin1String("jsonl"))
        return fail(QStringLiteral("format '%1' is not supported; use --format jsonl.").arg(parser.value(format)), kUsage);

    QString error;
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    if (!ids)
        return fail(error);

    if (parser.isSet(output)) {
        // Written to a temporary file and renamed at the end, so a failed export leaves no half file behind.
        QSaveFile file(parser.value(output));
        if (!file.open(QIODevice::WriteOnly))
            return fail(QStringLiteral("%1 cannot be written: %2.").arg(parser.value(output), file.errorString()));
        if (!NativeJsonl::exportTrajectories(*store, *ids, file, {}, &error))
            return fail(error);
        if (!file.commit())
            return fail(QStringLiteral("%1 cannot be written: %2.").arg(parser.value(output), file.errorString()));
        return kOk;
    }
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
        return fail(QStringLiteral("standard output cannot be written."));
    return NativeJsonl::exportTrajectories(*store, *ids, stdoutFile, {}, &error) ? kOk : fail(error);
}

} // namespace kwb::cli
