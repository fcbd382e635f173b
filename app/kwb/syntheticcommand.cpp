#include "commandline.h"
#include "commands.h"

#include "io/syntheticgenerator.h"
#include "store/store.h"

#include <QElapsedTimer>

namespace kwb::cli {

int generateSynthetic(const QStringList& arguments)
{
    QCommandLineParser parser;
    const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("The .kwb store to add to (created if missing)."),
        QStringLiteral("STORE"));
    const QCommandLineOption count(QStringLiteral("trajectories"), QStringLiteral("How many trajectories (default 100)."),
        QStringLiteral("N"), QStringLiteral("100"));
    const QCommandLineOption turns(QStringLiteral("turns"), QStringLiteral("Turns per trajectory (default 40)."),
        QStringLiteral("N"), QStringLiteral("40"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."), QStringLiteral("N"),
        QStringLiteral("1"));
    parser.addOptions({ storeOption, count, turns, seed });
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Add synthetic trajectories, marked synthetic in their provenance, for scale tests."), 0);
        code >= 0)
        return code;
    if (!parser.isSet(storeOption))
        return fail(QStringLiteral("--store STORE is required."), kUsage);
    bool okCount = false, okTurns = false, okSeed = false;
    const qint64 n = parser.value(count).toLongLong(&okCount);
    SyntheticGenerator::Options options;
    options.turnsPerTrajectory = parser.value(turns).toInt(&okTurns);
    options.seed = parser.value(seed).toUInt(&okSeed);
    if (!okCount || n < 0 || !okTurns || options.turnsPerTrajectory < 1 || !okSeed)
        return fail(QStringLiteral("--trajectories, --turns and --seed take non-negative whole numbers (turns at least 1)."), kUsage);

    QString error;
    auto store = Store::open(parser.value(storeOption), &error);
    if (!store)
        return fail(error);
    SyntheticGenerator generator(options);
    QTextStream progress(stderr);
    QElapsedTimer timer;
    timer.start();
    constexpr qint64 kBatch = 500; // one transaction per batch: fast, and an interrupted run keeps whole batches
    for (qint64 done = 0; done < n;) {
        Store::Transaction tx(*store);
        for (qint64 i = 0; i < kBatch && done < n; ++i, ++done) {
            if (!store->addTrajectory(generator.next(), &error))
                return fail(error);
        }
        if (!tx.commit(&error))
            return fail(error);
        progress << QStringLiteral("\r%1 / %2 trajectories (%3 s)").arg(done).arg(n).arg(timer.elapsed() / 1000.0, 0, 'f', 1)
                 << Qt::flush;
    }
    progress << Qt::endl;
    out() << QStringLiteral("Added %1 synthetic trajectories of %2 turns to %3 in %4 s.\n")
                 .arg(n)
                 .arg(options.turnsPerTrajectory)
                 .arg(store->path())
                 .arg(timer.elapsed() / 1000.0, 0, 'f', 1);
    out().flush();
    return kOk;
}

} // namespace kwb::cli
