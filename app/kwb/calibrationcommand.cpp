#include "commandline.h"
#include "commands.h"
#include "io/ceilingsattacher.h"
#include "store/store.h"

#include <QJsonObject>

namespace kwb::cli {

int attachCalibration(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    parser.addPositionalArgument(QStringLiteral("CALIBRATION"),
        QStringLiteral(
            "What kwb-runner calibrate wrote (its output, or calibration/<device>.json in its cache folder)."));
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral(
                "Gives the evaluations made on the calibrated machine (same host name, GPU and driver) that have "
                "no ceilings the calibration's ceilings, so that their roofline can be drawn; one transaction."),
            2);
        code >= 0)
        return code;
    const QString path = parser.positionalArguments().at(1);
    QString error;
    const auto calibration = readJsonObject(path, &error);
    if (!calibration || !CeilingsAttacher::check(*calibration, &error))
        return fail(error); // before the store is opened: a bad file changes nothing
    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    store->waitForWriters(kWriterWaitMs); // another process's import or edit: wait for it rather than fail
    const auto result = CeilingsAttacher::attach(*store, *calibration, &error);
    if (!result)
        return fail(QStringLiteral("%1: %2").arg(path, error));
    const QJsonObject machine = calibration->value(QLatin1String("fingerprint")).toObject();
    out() << QStringLiteral(
        "Attached the calibration of %1 (driver %2, host %3, %4) to %5 evaluation(s); %6 were made on "
        "another machine and %7 had ceilings already.\n")
                 .arg(machine.value(QLatin1String("gpu_name")).toString(),
                     machine.value(QLatin1String("driver_version")).toString(),
                     machine.value(QLatin1String("host_name")).toString(),
                     calibration->value(QLatin1String("calibrated_at")).toString())
                 .arg(result->attached)
                 .arg(result->otherMachine)
                 .arg(result->hadCeilings);
    out().flush();
    return kOk;
}

} // namespace kwb::cli
