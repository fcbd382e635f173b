#include "commandline.h"
#include "commands.h"

#include "io/rewardrecord.h"
#include "store/store.h"

#include <QFile>
#include <QJsonDocument>

#include <cstdio>
#include <iostream>
#include <string>

namespace kwb::cli {

int record(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STORE"), QStringLiteral("The .kwb store (made when missing)."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("Records to read (default: standard input, one line at a time, as the reward service sends them)."),
        QStringLiteral("[FILE]"));
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Stores the reward service's records (kwb-reward-record/1 lines): each answered request becomes a "
                           "trajectory of one turn with its task, files, result and the training loop's step, group, rollout "
                           "and policy version. Each line is its own transaction, so a reader sees every request once it is answered."),
            -1);
        code >= 0)
        return code;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty() || positional.size() > 2)
        return fail(QStringLiteral("give the store to record into, and at most one file of records; see --help."), kUsage);
    QString error;
    const auto store = Store::open(positional.first(), &error);
    if (!store)
        return fail(error);
    QFile file;
    if (positional.size() > 1) {
        file.setFileName(positional.at(1));
        if (!file.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("%1 cannot be read: %2.").arg(positional.at(1), file.errorString()));
    }
    qint64 recorded = 0, refused = 0, again = 0, lineNo = 0;
    std::string text;
    for (;;) {
        QByteArray line;
        if (file.isOpen()) {
            if (file.atEnd())
                break;
            line = file.readLine();
        } else {
            if (!std::getline(std::cin, text))
                break;
            line = QByteArray::fromStdString(text);
        }
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        QString why;
        std::optional<Trajectory> trajectory;
        if (!doc.isObject())
            why = QStringLiteral("not a JSON object (%1)").arg(parseError.errorString());
        else
            trajectory = RewardRecord::toTrajectory(doc.object(), &why);
        if (trajectory) {
            // A request already recorded (the service's journal read in again) is the same trajectory: kept once.
            const auto existing = store->trajectoryId(trajectory->uuid, &why);
            if (existing && *existing > 0) {
                ++again;
                continue;
            }
            store->waitForWriters(kWriterWaitMs);
            if (existing && store->addTrajectory(*trajectory, &why))
                ++recorded;
            else
                trajectory.reset();
        }
        if (!trajectory) {
            ++refused;
            std::fprintf(stderr, "kwb record: line %lld left out: %s.\n", static_cast<long long>(lineNo), qPrintable(why));
        }
    }
    QStringList notes;
    if (again)
        notes << QStringLiteral("%1 already there").arg(again);
    if (refused)
        notes << QStringLiteral("%1 line(s) left out").arg(refused);
    out() << QStringLiteral("Recorded %1 request(s) in %2%3.\n").arg(recorded).arg(positional.first(),
        notes.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(notes.join(QStringLiteral(", "))));
    return refused && !recorded && !again ? kFailed : kOk;
}

} // namespace kwb::cli
