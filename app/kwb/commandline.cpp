#include "commandline.h"

#include "commands.h"

namespace kwb::cli {

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
    if (parser.positionalArguments().size() != positional) {
        return fail(QStringLiteral("expected %1 argument(s), got %2; see --help.")
                        .arg(positional)
                        .arg(parser.positionalArguments().size()),
            kUsage);
    }
    return -1;
}

} // namespace kwb::cli
