#include "commandline.h"
#include "commands.h"

#include "agent/agentprompts.h"
#include "agent/chatpolicy.h"
#include "agent/replaypolicy.h"
#include "agent/scriptedpolicy.h"
#include "agent/turnengine.h"
#include "models/turngraph.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

#include <memory>

namespace kwb::cli {

namespace {

// A new trajectory for a task file: its name is the file's stem, its level the N of a "levelN" folder above it.
std::optional<qint64> newTrajectory(Store& store, const QString& taskPath, const QString& title, const QString& policy, QString* error)
{
    QFile f(taskPath);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("The task %1 cannot be read: %2.").arg(taskPath, f.errorString());
        return std::nullopt;
    }
    Trajectory t;
    t.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QFileInfo info(taskPath);
    t.task.name = info.completeBaseName();
    const QString folder = info.absoluteDir().dirName();
    if (folder.startsWith(QLatin1String("level")))
        t.task.level = folder.mid(5).toInt();
    t.task.source = QString::fromUtf8(f.readAll());
    t.title = title.isEmpty() ? t.task.name : title;
    t.source = QStringLiteral("kwb agent");
    t.policy = policy;
    t.created = QDateTime::currentDateTimeUtc();
    return store.addTrajectory(t, error);
}

} // namespace

int agent(const QStringList& arguments)
{
    QCommandLineParser parser;
    const QCommandLineOption storeOption(QStringLiteral("store"), QStringLiteral("The store the turns are added to (created if missing)."), QStringLiteral("STORE"));
    const QCommandLineOption task(QStringLiteral("task"), QStringLiteral("Start a new trajectory on this task file."), QStringLiteral("TASK"));
    const QCommandLineOption title(QStringLiteral("title"), QStringLiteral("The new trajectory's title."), QStringLiteral("TITLE"));
    const QCommandLineOption trajectory(QStringLiteral("trajectory"), QStringLiteral("Go on with this trajectory (uuid)."), QStringLiteral("UUID"));
    const QCommandLineOption from(QStringLiteral("from"), QStringLiteral("The turn (uuid) to go on after; an inner turn forks a new branch."), QStringLiteral("TURN"));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Re-evaluate a recorded branch in today's environment: its responses, run again through the tools as a new trajectory of the same task (the trajectory's uuid; the branch is --leaf's, or its main branch)."), QStringLiteral("UUID"));
    const QCommandLineOption leaf(QStringLiteral("leaf"), QStringLiteral("With --replay: the last turn (uuid) of the branch to replay."), QStringLiteral("TURN"));
    const QCommandLineOption script(QStringLiteral("script"), QStringLiteral("A JSON file of scripted actions (the scripted policy)."), QStringLiteral("FILE"));
    const QCommandLineOption endpoint(QStringLiteral("endpoint"), QStringLiteral("An OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1."), QStringLiteral("URL"));
    const QCommandLineOption model(QStringLiteral("model"), QStringLiteral("The model to ask at the endpoint."), QStringLiteral("MODEL"));
    const QCommandLineOption device(QStringLiteral("device"), QStringLiteral("Where the tools evaluate: cuda or cpu (default cuda)."), QStringLiteral("DEVICE"), QStringLiteral("cuda"));
    const QCommandLineOption maxTurns(QStringLiteral("max-turns"), QStringLiteral("Turns to add at most (default 30)."), QStringLiteral("N"), QStringLiteral("30"));
    const QCommandLineOption noFinal(QStringLiteral("no-final-eval"), QStringLiteral("Do not evaluate the final workspace."));
    const QCommandLineOption runner(QStringLiteral("runner"), QStringLiteral("The kwb-runner to use (default: beside kwb)."), QStringLiteral("PATH"));
    const QCommandLineOption runnerArg(QStringLiteral("runner-arg"), QStringLiteral("An option passed on to kwb-runner eval (repeatable)."), QStringLiteral("ARG"));
    const QCommandLineOption scriptDelay(QStringLiteral("script-delay"), QStringLiteral("Seconds the scripted policy waits before each answer, standing in for a model's time to think (default 0)."), QStringLiteral("S"), QStringLiteral("0"));
    parser.addOptions({ storeOption, task, title, trajectory, from, replay, leaf, script, scriptDelay, endpoint, model, device, maxTurns, noFinal, runner, runnerArg });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Let an agent work on a task through the real environment; every turn is stored as it finishes."), 0); code >= 0)
        return code;
    const bool replaying = parser.isSet(replay);
    if (replaying) {
        if (!parser.isSet(storeOption) || parser.isSet(task) || parser.isSet(trajectory) || parser.isSet(from)
            || parser.isSet(script) || parser.isSet(endpoint))
            return fail(QStringLiteral("kwb agent --replay needs --store and takes no --task, --trajectory, --from, --script or --endpoint."), kUsage);
    } else if (parser.isSet(leaf)) {
        return fail(QStringLiteral("--leaf is an option of --replay."), kUsage);
    } else if (!parser.isSet(storeOption) || parser.isSet(task) == parser.isSet(trajectory) || parser.isSet(script) == parser.isSet(endpoint)) {
        return fail(QStringLiteral("kwb agent needs --store, one of --task, --trajectory or --replay, and one of --script or --endpoint."), kUsage);
    }

    QString error;
    auto store = Store::open(parser.value(storeOption), &error);
    if (!store)
        return fail(error);
    std::unique_ptr<agent::Policy> policy;
    qint64 trajectoryId = 0;
    if (replaying) {
        const auto id = store->trajectoryId(parser.value(replay), &error);
        if (!id || *id <= 0)
            return fail(error.isEmpty() ? QStringLiteral("The store has no trajectory %1.").arg(parser.value(replay)) : error);
        const auto recording = store->trajectory(*id, Store::Depth::Full, &error);
        if (!recording)
            return fail(error);
        const TurnGraph graph(*recording); // without --leaf: the main branch, as the window's "next" follows it
        const QString leafUuid = parser.isSet(leaf) ? parser.value(leaf)
            : graph.roots().isEmpty()                 ? QString()
                                                      : recording->turns.at(graph.leafFrom(graph.roots().first())).uuid;
        if (recording->branch(leafUuid).isEmpty())
            return fail(QStringLiteral("The trajectory %1 has no turn %2 to replay up to.").arg(recording->uuid, leafUuid));
        auto replayed = std::make_unique<agent::ReplayPolicy>(*recording, leafUuid);
        if (replayed->size() == 0)
            return fail(QStringLiteral("The branch up to turn %1 has no recorded response to replay.").arg(leafUuid));
        // The same task, a new trajectory: what the recorded answers earn in today's environment, beside the original.
        Trajectory copy;
        copy.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
        copy.task = recording->task;
        copy.title = parser.isSet(title) ? parser.value(title) : QStringLiteral("Replay of %1").arg(recording->title);
        copy.source = QStringLiteral("kwb agent --replay %1/%2").arg(recording->uuid, leafUuid);
        copy.policy = QStringLiteral("replay");
        copy.created = QDateTime::currentDateTimeUtc();
        const auto added = store->addTrajectory(copy, &error);
        if (!added)
            return fail(error);
        trajectoryId = *added;
        policy = std::move(replayed);
    } else if (parser.isSet(script)) {
        auto scripted = agent::ScriptedPolicy::fromFile(parser.value(script), &error);
        if (!scripted)
            return fail(error);
        bool delayOk = false;
        const double delay = parser.value(scriptDelay).toDouble(&delayOk);
        if (!delayOk || delay < 0 || delay > 3600)
            return fail(QStringLiteral("--script-delay takes seconds from 0 to 3600, not '%1'.").arg(parser.value(scriptDelay)), kUsage);
        scripted->setReplyDelay(int(delay * 1000));
        policy = std::move(scripted);
    } else {
        agent::ChatEndpoint e;
        e.baseUrl = QUrl(parser.value(endpoint));
        e.model = parser.value(model);
        policy = std::make_unique<agent::ChatPolicy>(e);
    }
    if (!replaying && parser.isSet(task)) { // a replay's trajectory was made with its policy above
        const auto id = newTrajectory(*store, parser.value(task), parser.value(title), policy->provenance().agent, &error);
        if (!id)
            return fail(error);
        trajectoryId = *id;
    } else if (!replaying) {
        const auto id = store->trajectoryId(parser.value(trajectory), &error);
        if (!id || *id <= 0)
            return fail(error.isEmpty() ? QStringLiteral("The store has no trajectory %1.").arg(parser.value(trajectory)) : error);
        trajectoryId = *id;
    }

    agent::TurnEngine engine(store.get());
    agent::EngineSettings settings;
    settings.maxTurns = parser.value(maxTurns).toInt();
    settings.evaluateAtEnd = !parser.isSet(noFinal);
    settings.systemPrompt = agent::defaultSystemPrompt();
    settings.skill = agent::defaultSkill();
    engine.setSettings(settings);
    agent::EnvironmentSettings environment;
    environment.device = parser.value(device);
    environment.runnerPath = parser.value(runner);
    environment.runnerArguments = parser.values(runnerArg);
    environment.host = selectedHost();
    engine.setEnvironment(environment);

    QTextStream& o = out();
    int turns = 0;
    QObject::connect(&engine, &agent::TurnEngine::toolStarted, [&o](const QString& tool) { o << "  running " << tool << Qt::endl; });
    QObject::connect(&engine, &agent::TurnEngine::turnAdded, [&](qint64, const QString& uuid) {
        ++turns;
        o << "turn " << turns << " stored: " << uuid << Qt::endl;
    });
    QEventLoop loop;
    bool ok = false;
    QString sentence;
    QObject::connect(&engine, &agent::TurnEngine::finished, [&](bool done, const QString& why) {
        ok = done;
        sentence = why;
        loop.quit();
    });
    if (!engine.start(trajectoryId, parser.value(from), policy.get(), &error))
        return fail(error);
    loop.exec();
    const auto t = store->trajectory(trajectoryId, Store::Depth::Headers, &error);
    o << sentence << Qt::endl << "trajectory " << (t ? t->uuid : QString()) << ": " << turns << " turn(s) added" << Qt::endl;
    return ok ? kOk : fail(sentence);
}

} // namespace kwb::cli
