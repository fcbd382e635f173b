#include "toolbox.h"

#include "clippedoutput.h"
#include "env/runnerjob.h"
#include "env/runnerservice.h"
#include "policy.h"
#include "runner/sandbox.h"
#include "shellcommand.h"
#include "toolspec.h"
#include "workspacefiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace kwb::agent {

namespace {

constexpr int kRunnerDefaultTrials = 5; // kwb-runner eval's --trials default
constexpr qint64 kMaxTraceBytes = qint64(512) << 20; // larger traces stay out of the turn

ToolOutcome errorOutcome(const QString& text)
{
    return { text.startsWith(QLatin1String("Error: ")) ? text : QStringLiteral("Error: ") + text, true, {}, {}, {}, {} };
}

ToolOutcome fileOutcome(const WorkspaceFiles::Result& result)
{
    return result.isError ? errorOutcome(result.text) : ToolOutcome { result.text, false, {}, {}, {}, {} };
}

} // namespace

Toolbox::Toolbox(const QString& workspaceDirectory, const QString& taskPath, QObject* parent)
    : QObject(parent)
    , m_workspace(workspaceDirectory)
    , m_taskPath(taskPath)
{ }

Toolbox::~Toolbox()
{
    // The processes go before the run directory they write into.
    delete m_runner;
    delete m_shell;
}

void Toolbox::setLimits(const ToolLimits& limits)
{
    m_limits = limits;
}

namespace {
// An agent's tool calls can come back to back (a compile error answered at once); a replacement pair warms up for
// several seconds, so on the GPU two are kept ready. On the CPU one, so that warm-ups do not take the processor from
// the timed calls.
QStringList warmPairs(const QString& device)
{
    return device == QLatin1String("cuda") ? QStringList { QStringLiteral("--warm"), QStringLiteral("2") } : QStringList {};
}
}

void Toolbox::setEnvironment(const EnvironmentSettings& settings)
{
    m_environment = settings;
    if (m_runner && m_runner->isRunning())
        return; // the service in use stays; the next settings apply from the next Toolbox
    delete m_service;
    m_service = nullptr;
    // Warm workers start now, while the agent waits for its model's first answer.
    if (m_environment.warmWorkers && m_environment.host.isLocal())
        m_service = new RunnerService(
            m_environment.runnerPath.isEmpty() ? RunnerJob::defaultRunnerPath() : m_environment.runnerPath,
            m_environment.runnerArguments + QStringList { QStringLiteral("--device"), m_environment.device }
                + warmPairs(m_environment.device), this);
}

QJsonArray Toolbox::schemas()
{
    QJsonArray tools;
    for (const ToolSpec& spec : ToolSpec::all())
        tools.append(spec.schema());
    return tools;
}

QStringList Toolbox::names()
{
    QStringList names;
    for (const ToolSpec& spec : ToolSpec::all())
        names.append(spec.name);
    return names;
}

bool Toolbox::isRunning() const
{
    return m_running;
}

bool Toolbox::run(const ToolCall& call)
{
    if (m_running)
        return false;
    m_running = true;
    m_cancelled = false;
    m_callId = call.id;
    const ToolSpec* spec = ToolSpec::find(call.name);
    if (!spec) {
        finishLater(errorOutcome(QStringLiteral("unknown tool \"%1\"; the tools are: %2.")
                                     .arg(call.name, names().join(QStringLiteral(", ")))));
        return true;
    }
    if (!call.hasValidArguments()) {
        finishLater(errorOutcome(invalidArgumentsResult(call)));
        return true;
    }
    if (const QString problem = spec->check(call.arguments); !problem.isEmpty()) {
        finishLater(errorOutcome(problem));
        return true;
    }
    const QJsonObject& a = call.arguments;
    const auto text = [&a](const char* key) { return a.value(QLatin1String(key)).toString(); };
    const auto integer = [&a](const char* key) { return a.value(QLatin1String(key)).toInt(0); };
    const WorkspaceFiles files(m_workspace);
    if (spec->name == QLatin1String("bash"))
        startBash(text("command"));
    else if (spec->name == QLatin1String("read_file"))
        finishLater(fileOutcome(files.read(text("path"), integer("offset"), integer("limit"))));
    else if (spec->name == QLatin1String("write_file"))
        finishLater(fileOutcome(files.write(text("path"), text("content").toUtf8())));
    else if (spec->name == QLatin1String("edit_file"))
        finishLater(fileOutcome(files.edit(text("path"), text("old_string"), text("new_string"))));
    else if (spec->name == QLatin1String("compile"))
        startEvaluation(EvalReport::Depth::Compile, 0);
    else if (spec->name == QLatin1String("verify"))
        startEvaluation(EvalReport::Depth::Verify, integer("trials"));
    else
        startEvaluation(EvalReport::Depth::Profile, integer("trials"));
    return true;
}

void Toolbox::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    if (m_shell && m_shell->isRunning()) {
        m_shell->cancel(); // its output so far comes back with "[stopped by the user]"
    } else if (m_runner && m_runner->isRunning()) {
        m_runner->cancel(); // kills the runner's whole tree; evaluationFailed() follows
    } else if (m_pending) {
        m_pending->isError = true;
        m_pending->output += QStringLiteral("\n[stopped by the user after the call had finished]");
    }
}

void Toolbox::startBash(const QString& command)
{
    if (!m_shell) {
        m_shell = new ShellCommand(this);
        // Where there is no sandbox, the first result of a branch says so once, for the reader of the transcript.
        const runner::Sandbox& sandbox = runner::Sandbox::instance();
        QString note = sandbox.kind() == runner::Sandbox::Kind::Bubblewrap || !m_environment.host.isLocal()
            ? QString()
            : QStringLiteral("[no sandbox: %1]\n").arg(QString::fromStdString(sandbox.note()));
        connect(m_shell, &ShellCommand::finished, this, [this, note](const QString& output, bool isError) mutable {
            deliver({ note + output, isError, {}, {}, {}, {} }, false); // clipped already, with its status line after the cut
            note.clear();
        });
    }
    m_shell->setHost(m_environment.host);
    m_shell->start(command, m_workspace, m_limits.bashSeconds, m_limits.outputBytes);
}

int Toolbox::configuredTrials() const
{
    const qsizetype at = m_environment.runnerArguments.lastIndexOf(QStringLiteral("--trials"));
    bool ok = false;
    const int trials = at >= 0 ? m_environment.runnerArguments.value(at + 1).toInt(&ok) : 0;
    return ok ? trials : kRunnerDefaultTrials;
}

void Toolbox::startEvaluation(EvalReport::Depth depth, int trials)
{
    if (!QFileInfo(QDir(m_workspace).filePath(QStringLiteral("model_new.py"))).isFile()) {
        finishLater(errorOutcome(QStringLiteral("the workspace has no model_new.py yet; write ModelNew there first "
                                                "(its CUDA sources go in kernels/).")));
        return;
    }
    m_runDirectory = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/kwb-tool-XXXXXX"));
    if (!m_runDirectory->isValid()) {
        const QString why = m_runDirectory->errorString();
        m_runDirectory.reset();
        finishLater(
            errorOutcome(QStringLiteral("no temporary folder for the evaluation could be made (%1).").arg(why)));
        return;
    }
    m_depth = depth;
    // The settings' options first: the device, the run directory and the stop are this call's and win.
    QStringList arguments { QStringLiteral("eval"), QStringLiteral("--task"), m_taskPath, QStringLiteral("--candidate"),
        m_workspace };
    arguments += m_environment.runnerArguments;
    arguments += { QStringLiteral("--device"), m_environment.device, QStringLiteral("--run-dir"),
        m_runDirectory->filePath(QStringLiteral("run")) };
    if (depth == EvalReport::Depth::Compile)
        arguments += { QStringLiteral("--stop-after"), QStringLiteral("compile") };
    else if (depth == EvalReport::Depth::Verify)
        arguments += { QStringLiteral("--stop-after"), QStringLiteral("verify") };
    // More trials make the check stricter; fewer than the environment's would weaken the reward, so they are not taken.
    if (trials > configuredTrials())
        arguments += { QStringLiteral("--trials"), QString::number(trials) };
    if (!m_runner) {
        m_runner = new RunnerJob(this);
        connect(m_runner, &RunnerJob::finished, this, &Toolbox::evaluationFinished);
        connect(m_runner, &RunnerJob::failed, this, &Toolbox::evaluationFailed);
    }
    m_runner->setRunnerPath(
        m_environment.runnerPath.isEmpty() ? RunnerJob::defaultRunnerPath() : m_environment.runnerPath);
    m_runner->setHost(m_environment.host);
    m_runner->setService(m_service);
    m_runner->start(arguments);
}

void Toolbox::evaluationFinished(const QJsonObject& result)
{
    QString error;
    const EvalResult eval = EvalResult::fromJson(result, &error);
    if (!error.isEmpty()) {
        m_runDirectory.reset();
        deliver(errorOutcome(QStringLiteral("kwb-runner's result does not read (%1); the runner may not match the "
                                            "workbench.")
                                 .arg(error)),
            true);
        return;
    }
    // The trace lies in the run directory, which goes now: its bytes travel with the outcome.
    QByteArray trace;
    QString traceNote;
    const QString tracePath
        = result.value(QLatin1String("trace")).toObject().value(QLatin1String("candidate")).toString();
    if (!tracePath.isEmpty()) {
        QFile file(tracePath);
        if (file.size() > kMaxTraceBytes)
            traceNote
                = QStringLiteral("The trace (%1 MiB) is too large to keep with the turn.\n").arg(file.size() >> 20);
        else if (file.open(QIODevice::ReadOnly))
            trace = file.readAll();
    }
    QByteArray disassembly;
    const QString disassemblyPath = result.value(QLatin1String("disassembly")).toObject().value(QLatin1String("path")).toString();
    if (QFile file(disassemblyPath); !disassemblyPath.isEmpty() && file.size() <= kMaxTraceBytes && file.open(QIODevice::ReadOnly))
        disassembly = file.readAll();
    m_runDirectory.reset();
    deliver({ EvalReport::text(m_depth, result, eval, trace) + traceNote, false, eval, trace, disassembly, eval.environmentError() }, true);
}

void Toolbox::evaluationFailed(const QString& sentence)
{
    m_runDirectory.reset();
    if (m_cancelled)
        deliver(errorOutcome(QStringLiteral("the evaluation was stopped by the user.")), false);
    else {
        ToolOutcome outcome = errorOutcome(QStringLiteral("the evaluation could not run: %1").arg(sentence));
        outcome.eval = EvalResult::environmentFailure(sentence);
        outcome.environmentError = sentence;
        deliver(outcome, true);
    }
}

void Toolbox::finishLater(const ToolOutcome& outcome)
{
    m_pending = outcome;
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (!m_pending)
                return;
            ToolOutcome ready = *m_pending;
            m_pending.reset();
            deliver(ready, true);
        },
        Qt::QueuedConnection);
}

void Toolbox::deliver(ToolOutcome outcome, bool clip)
{
    if (clip)
        outcome.output = ClippedOutput::clip(outcome.output, m_limits.outputBytes);
    m_running = false; // a slot of the signal may run the next call
    const QString callId = m_callId;
    Q_EMIT finished(callId, outcome);
}

} // namespace kwb::agent
