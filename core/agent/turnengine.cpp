#include "turnengine.h"

#include "conversation.h"
#include "env/turnworkspace.h"
#include "store/store.h"
#include "workspacefolder.h"

#include <QDir>
#include <QFile>
#include <QPointer>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QUuid>

namespace kwb::agent {

namespace {

const QString kFinalEvaluationId = QStringLiteral("final-evaluation");

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

Annotation engineNote(const QString& text)
{
    Annotation note;
    note.kind = Annotation::Kind::Note;
    note.scope = Annotation::Scope::Turn;
    note.value = text;
    note.author = QStringLiteral("kernel-workbench");
    note.created = QDateTime::currentDateTimeUtc();
    return note;
}

} // namespace

struct TurnEngine::Run
{
    qint64 trajectoryId = 0;
    QString leafUuid; // the turn the next one follows; empty: the next one is a root
    int depth = 0; // of the next turn
    int added = 0;
    QList<Message> conversation;
    QPointer<Policy> policy;
    QList<QMetaObject::Connection> connections; // to the policy, cut when the run ends
    QTemporaryDir folder; // task.py and workspace/, the branch's own
    QString workspaceDirectory;
    QString taskPath;
    Toolbox* toolbox = nullptr;

    // The turn being built; nothing of it is stored before completeTurn().
    bool building = false;
    Turn turn;
    QList<ToolCall> calls;
    qsizetype nextCall = 0;
    QString runningCallId;
    bool finalAnswer = false;
    QString environmentError; // why the environment failed a call of this turn; the run ends with the turn
    std::optional<EvalResult> eval; // the last evaluation a tool ran in this turn
    QByteArray trace; // that evaluation's trace
    QByteArray disassembly; // and its build's SASS and PTX

    Run()
        : folder(QDir::temp().filePath(QStringLiteral("kwb-branch-XXXXXX")))
    { }
};

TurnEngine::TurnEngine(Store* store, QObject* parent)
    : QObject(parent)
    , m_store(store)
{ }

TurnEngine::~TurnEngine()
{
    if (!m_run)
        return;
    for (const auto& c : std::as_const(m_run->connections))
        disconnect(c);
    if (m_run->policy)
        m_run->policy->cancel();
    if (m_run->toolbox) {
        disconnect(m_run->toolbox, nullptr, this, nullptr);
        m_run->toolbox->cancel();
    }
}

void TurnEngine::setSettings(const EngineSettings& settings)
{
    m_settings = settings;
}

void TurnEngine::setEnvironment(const EnvironmentSettings& environment)
{
    m_environment = environment;
}

void TurnEngine::setLimits(const ToolLimits& limits)
{
    m_limits = limits;
}

bool TurnEngine::isRunning() const
{
    return m_run != nullptr;
}

bool TurnEngine::start(qint64 trajectoryId, const QString& fromTurnUuid, Policy* policy, QString* error)
{
    if (m_run) {
        *error = tr("The agent is already running; stop it first.");
        return false;
    }
    if (!policy) {
        *error = tr("No policy was given to produce the agent's turns.");
        return false;
    }
    if (m_settings.maxTurns < 1) {
        *error = tr("The turn limit is %1; set it to 1 or more.").arg(m_settings.maxTurns);
        return false;
    }
    QString storeError;
    auto trajectory = m_store->trajectory(trajectoryId, Store::Depth::Full, &storeError);
    if (!trajectory) {
        *error = tr("The trajectory could not be loaded: %1").arg(storeError);
        return false;
    }
    const Turn* from = nullptr;
    if (!fromTurnUuid.isEmpty() && !(from = trajectory->findTurn(fromTurnUuid))) {
        *error = tr("The trajectory has no turn %1 to continue from.").arg(fromTurnUuid);
        return false;
    }
    if (trajectory->task.source.trimmed().isEmpty()) {
        *error = tr("The trajectory has no task source, so the agent has no reference to work from.");
        return false;
    }

    auto run = std::make_unique<Run>();
    if (!run->folder.isValid()) {
        *error = tr("No temporary folder could be made for the agent's workspace: %1.").arg(run->folder.errorString());
        return false;
    }
    const QDir root(run->folder.path());
    run->taskPath = root.filePath(QStringLiteral("task.py"));
    run->workspaceDirectory = root.filePath(QStringLiteral("workspace"));
    QSaveFile task(run->taskPath);
    const QByteArray source = trajectory->task.source.toUtf8();
    if (!root.mkpath(QStringLiteral("workspace")) || !task.open(QIODevice::WriteOnly)
        || task.write(source) != source.size() || !task.commit()) {
        *error = tr("The task could not be written to %1: %2.").arg(run->taskPath, task.errorString());
        return false;
    }
    QFile::setPermissions(run->taskPath, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
    if (from && !WorkspaceFolder::write(from->workspace, run->workspaceDirectory, error))
        return false;

    QList<Message> prompt = trajectory->prompt;
    if (prompt.isEmpty()) {
        // Recorded with the trajectory, so that every later branch and every export sees what this run saw.
        prompt = Conversation::prompt(m_settings.systemPrompt, m_settings.skill, trajectory->task);
        if (!m_store->setPrompt(trajectoryId, prompt, &storeError)) {
            // Another run may have given it one since it was loaded: that one counts.
            const auto again = m_store->trajectory(trajectoryId, Store::Depth::Headers, &storeError);
            if (!again || again->prompt.isEmpty()) {
                *error = tr("The agent's prompt could not be stored: %1").arg(storeError);
                return false;
            }
            prompt = again->prompt;
        }
    }
    const QList<const Turn*> branch = from ? trajectory->branch(from->uuid) : QList<const Turn*>();
    run->conversation = Conversation::forBranch(prompt, branch);
    run->trajectoryId = trajectoryId;
    run->leafUuid = fromTurnUuid;
    run->depth = int(branch.size());
    run->policy = policy;

    run->toolbox = new Toolbox(run->workspaceDirectory, run->taskPath, this);
    run->toolbox->setLimits(m_limits);
    run->toolbox->setEnvironment(m_environment);
    connect(run->toolbox, &Toolbox::finished, this, &TurnEngine::toolFinished);
    run->connections = {
        connect(policy, &Policy::partial, this, &TurnEngine::partial),
        connect(policy, &Policy::replied, this, &TurnEngine::policyReplied),
        connect(policy, &Policy::failed, this, [this](const QString& sentence) { end(false, sentence); }),
        connect(policy, &QObject::destroyed, this,
            [this] { end(false, tr("The agent's policy was closed before the run ended.")); }),
    };
    m_run = std::move(run);
    ++m_generation;
    askPolicy();
    return true;
}

void TurnEngine::askPolicy()
{
    Run& run = *m_run;
    run.building = true;
    run.turn = Turn();
    run.calls.clear();
    run.nextCall = 0;
    run.finalAnswer = false;
    run.eval.reset();
    run.trace.clear();
    run.disassembly.clear();
    PolicyContext context;
    context.conversation = run.conversation;
    context.tools = Toolbox::schemas();
    context.turn = run.depth;
    run.policy->next(context);
}

void TurnEngine::policyReplied(const Message& assistant)
{
    if (!m_run || !m_run->building || !m_run->turn.messages.isEmpty())
        return;
    Run& run = *m_run;
    run.turn.uuid = newUuid();
    run.turn.parentUuid = run.leafUuid;
    run.turn.created = QDateTime::currentDateTimeUtc();
    run.turn.provenance = run.policy->provenance(); // asked now: a replay describes the message it just gave
    Message message = assistant;
    message.role = Message::Role::Assistant;
    run.turn.messages.append(message);
    run.calls = message.toolCalls;
    run.finalAnswer = message.toolCalls.isEmpty();
    runNextCall();
}

void TurnEngine::runNextCall()
{
    Run& run = *m_run;
    while (run.nextCall < run.calls.size()) {
        const ToolCall call = run.calls.at(run.nextCall);
        if (call.hasValidArguments())
            break;
        Message result;
        result.role = Message::Role::Tool;
        result.toolCallId = call.id;
        result.toolName = call.name;
        result.text = invalidArgumentsResult(call);
        run.turn.messages.append(result);
        ++run.nextCall;
    }
    if (run.nextCall >= run.calls.size()) {
        if (run.finalAnswer && m_settings.evaluateAtEnd)
            runFinalEvaluation();
        else
            completeTurn();
        return;
    }
    const ToolCall call = run.calls.at(run.nextCall);
    const quint64 generation = m_generation;
    Q_EMIT toolStarted(call.name);
    if (generation != m_generation)
        return;
    m_run->runningCallId = call.id;
    if (!m_run->toolbox->run(call))
        end(false, tr("The tool %1 could not be started because another tool was still running.").arg(call.name));
}

void TurnEngine::runFinalEvaluation()
{
    const quint64 generation = m_generation;
    Q_EMIT toolStarted(QStringLiteral("profile"));
    if (generation != m_generation)
        return;
    const ToolCall profile { kFinalEvaluationId, QStringLiteral("profile"), QJsonObject() };
    m_run->runningCallId = profile.id;
    if (!m_run->toolbox->run(profile))
        end(false, tr("The final evaluation could not be started because another tool was still running."));
}

void TurnEngine::toolFinished(const QString& callId, const ToolOutcome& outcome)
{
    if (!m_run || !m_run->building || callId != m_run->runningCallId)
        return;
    Run& run = *m_run;
    run.runningCallId.clear();
    if (callId == kFinalEvaluationId && run.nextCall >= run.calls.size()) {
        // Not a message: the final answer has no tool call for a result to answer.
        run.environmentError = outcome.environmentError;
        if (outcome.eval) {
            run.eval = outcome.eval;
            run.trace = outcome.trace;
            run.disassembly = outcome.disassembly;
        } else {
            run.turn.annotations.append(
                engineNote(tr("The final evaluation gave no result: %1").arg(outcome.output.left(2000))));
        }
        completeTurn();
        return;
    }
    const ToolCall& call = run.calls.at(run.nextCall);
    Message result;
    result.role = Message::Role::Tool;
    result.toolCallId = call.id;
    result.toolName = call.name;
    result.text = outcome.output;
    run.turn.messages.append(result);
    if (outcome.eval) {
        run.eval = outcome.eval;
        run.trace = outcome.trace;
        run.disassembly = outcome.disassembly;
    }
    ++run.nextCall;
    if (!outcome.environmentError.isEmpty()) {
        // The turn is kept as far as it got, its evaluation marked as the environment's error; the calls after
        // this one are not made, and each gets a result that says so (a conversation continued later needs one).
        run.environmentError = outcome.environmentError;
        for (; run.nextCall < run.calls.size(); ++run.nextCall) {
            Message skipped;
            skipped.role = Message::Role::Tool;
            skipped.toolCallId = run.calls.at(run.nextCall).id;
            skipped.toolName = run.calls.at(run.nextCall).name;
            skipped.text = QStringLiteral("Error: not run, because the environment failed on an earlier call of this turn.");
            run.turn.messages.append(skipped);
        }
        completeTurn();
        return;
    }
    runNextCall();
}

void TurnEngine::completeTurn()
{
    Run& run = *m_run;
    Turn& turn = run.turn;
    QStringList notes;
    turn.workspace = WorkspaceFolder::read(run.workspaceDirectory, &notes);
    for (const QString& note : std::as_const(notes))
        turn.annotations.append(engineNote(note));
    QString error;
    if (run.eval) {
        turn.eval = run.eval;
        if (!run.trace.isEmpty()) {
            const auto hash = m_store->addBlob(run.trace, &error);
            if (!hash) {
                end(false, tr("The turn's trace could not be stored: %1").arg(error));
                return;
            }
            turn.eval->traceBlob = *hash;
        }
        if (!run.disassembly.isEmpty()) {
            const auto hash = m_store->addBlob(run.disassembly, &error);
            if (!hash) {
                end(false, tr("The turn's disassembly could not be stored: %1").arg(error));
                return;
            }
            turn.eval->disassemblyBlob = *hash;
        }
    }
    if (!m_store->addTurn(run.trajectoryId, turn, &error)) {
        end(false, tr("The turn could not be stored: %1").arg(error));
        return;
    }
    run.building = false;
    run.conversation.append(turn.messages);
    run.leafUuid = turn.uuid;
    ++run.depth;
    ++run.added;
    const bool finalAnswer = run.finalAnswer;
    const int added = run.added;
    const quint64 generation = m_generation;
    Q_EMIT turnAdded(run.trajectoryId, turn.uuid);
    if (generation != m_generation)
        return;
    if (!m_run->environmentError.isEmpty())
        end(false, tr("The environment failed, so the run stopped after %n turn(s): %1 The turn is kept, marked as an "
                      "environment error (no reward); Continue once the machine is fixed.", nullptr, added)
                       .arg(m_run->environmentError));
    else if (finalAnswer)
        end(true, tr("The agent gave its final answer."));
    else if (added >= m_settings.maxTurns)
        end(true, tr("Stopped after %n turn(s), the limit of one run.", nullptr, added));
    else
        askPolicy();
}

void TurnEngine::stop()
{
    if (!m_run)
        return;
    const int added = m_run->added;
    if (m_run->building)
        end(true, tr("Stopped after %n turn(s); the turn in progress was not kept.", nullptr, added));
    else
        end(true, tr("Stopped after %n turn(s).", nullptr, added));
}

void TurnEngine::end(bool ok, const QString& sentence)
{
    if (!m_run)
        return;
    std::unique_ptr<Run> run = std::move(m_run);
    ++m_generation;
    for (const auto& c : std::as_const(run->connections))
        disconnect(c);
    if (run->policy)
        run->policy->cancel();
    if (run->toolbox) {
        // This may be called from the toolbox's own signal: it goes later, after its process is killed.
        disconnect(run->toolbox, nullptr, this, nullptr);
        if (run->toolbox->isRunning())
            run->toolbox->cancel();
        run->toolbox->deleteLater();
    }
    run.reset(); // removes the branch's folder
    Q_EMIT finished(ok, sentence);
}

std::optional<QString> TurnEngine::steer(Store& store, qint64 trajectoryId, const QString& afterTurnUuid,
    const QMap<QString, QByteArray>& files, const QString& userMessage, const QString& author, QString* error)
{
    if (files.isEmpty() && userMessage.trimmed().isEmpty()) {
        *error = tr("Nothing to add: change a file or write a message to steer the agent.");
        return std::nullopt;
    }
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (!TurnWorkspace::isSafeRelativePath(it.key())) {
            *error = tr("The file name \"%1\" is not a path inside the workspace (absolute or with \"..\").")
                         .arg(it.key());
            return std::nullopt;
        }
    }
    QString storeError;
    Turn turn;
    if (!afterTurnUuid.isEmpty()) {
        const auto headers = store.trajectory(trajectoryId, Store::Depth::Headers, &storeError);
        const Turn* after = headers ? headers->findTurn(afterTurnUuid) : nullptr;
        if (!after) {
            *error = headers ? tr("The trajectory has no turn %1 to steer after.").arg(afterTurnUuid)
                             : tr("The trajectory could not be loaded: %1").arg(storeError);
            return std::nullopt;
        }
        const auto parent = store.turn(after->storeId, true, &storeError);
        if (!parent) {
            *error = tr("The turn to steer after could not be loaded: %1").arg(storeError);
            return std::nullopt;
        }
        turn.workspace = parent->workspace;
    }
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (it.value().isEmpty())
            turn.workspace.removeFile(it.key());
        else
            turn.workspace.setFile(it.key(), it.value());
    }
    turn.uuid = newUuid();
    turn.parentUuid = afterTurnUuid;
    turn.created = QDateTime::currentDateTimeUtc();
    if (!userMessage.trimmed().isEmpty()) {
        Message message;
        message.role = Message::Role::User;
        message.text = userMessage;
        turn.messages.append(message);
    }
    turn.provenance.kind = Provenance::Kind::HumanEdit;
    turn.provenance.author = author;
    if (!store.addTurn(trajectoryId, turn, &storeError)) {
        *error = tr("The edit could not be stored: %1").arg(storeError);
        return std::nullopt;
    }
    return turn.uuid;
}

} // namespace kwb::agent
