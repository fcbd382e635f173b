#include "commandline.h"
#include "commands.h"

#include "store/store.h"

namespace kwb::cli {

int check(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Verify a store: SQLite's integrity check and every blob against its sha256."), 1);
        code >= 0)
        return code;
    QString error;
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    if (!store->verify(&error))
        return fail(error);
    out() << QStringLiteral("%1: ok\n").arg(store->path());
    out().flush();
    return kOk;
}

} // namespace kwb::cli
