#include "commandline.h"
#include "commands.h"

#include "env/ncuprofilejob.h"
#include "store/store.h"

#include <QFile>
#include <QFileInfo>

namespace kwb::cli {

int attachProfile(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    parser.addPositionalArgument(QStringLiteral("RESULT"),
        QStringLiteral("What kwb-runner eval --ncu REGEX printed for the turn's workspace (its Nsight Compute part is kept)."));
    const QCommandLineOption turnOption(QStringLiteral("turn"), QStringLiteral("The turn's uuid."), QStringLiteral("UUID"));
    const QCommandLineOption reportOption(QStringLiteral("report"),
        QStringLiteral("The profile's .ncu-rep file, where it is not at the path the result names (a run made on another machine)."),
        QStringLiteral("FILE"));
    parser.addOptions({ turnOption, reportOption });
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Keeps the Nsight Compute profile of a run made outside the window (its metrics, its source "
                           "counters per SASS instruction, its report) with a turn, as the window's own profile is kept."),
            2);
        code >= 0)
        return code;
    if (!parser.isSet(turnOption))
        return fail(QStringLiteral("--turn UUID is required."), kUsage);
    QString error;
    const auto result = readJsonObject(parser.positionalArguments().at(1), &error);
    if (!result)
        return fail(error);
    NcuProfile profile;
    if (!NcuProfileJob::profileFromResult(*result, &profile, &error))
        return fail(error);
    if (profile.status != StageStatus::Passed)
        return fail(QStringLiteral("the result's profile did not pass (%1); nothing was attached.").arg(profile.message));
    const QString reportPath = parser.isSet(reportOption) ? parser.value(reportOption)
                                                          : result->value(QLatin1String("ncu")).toObject().value(QLatin1String("report")).toString();
    QFile report(reportPath);
    if (!report.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("the report %1 cannot be read (%2); give it with --report.").arg(reportPath, report.errorString()));
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    const auto turnId = store->turnId(parser.value(turnOption), &error);
    if (!turnId)
        return fail(error);
    if (*turnId == 0)
        return fail(QStringLiteral("no turn %1 in the store.").arg(parser.value(turnOption)));
    store->waitForWriters(kWriterWaitMs);
    const auto id = store->addNcuProfile(*turnId, profile, report.readAll(), &error);
    if (!id)
        return fail(error);
    qsizetype counted = 0;
    for (const NcuKernel& k : profile.kernels)
        counted += k.source.size();
    out() << QStringLiteral("Attached the profile of %1 kernel launch(es) (%2 instructions with source counters) to turn %3.\n")
                 .arg(profile.kernels.size())
                 .arg(counted)
                 .arg(parser.value(turnOption));
    return kOk;
}

} // namespace kwb::cli
