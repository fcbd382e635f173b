#include "commandline.h"
#include "commands.h"

#include "env/runnerjob.h"
#include "model/evalresult.h"
#include "model/secretredactor.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QEventLoop>
#include <QTextStream>

#include <cmath>
#include <optional>

namespace kwb::cli {

namespace {

QString micros(double us)
{
    if (std::isnan(us))
        return QStringLiteral("-");
    return us >= 1000 ? QStringLiteral("%1 ms").arg(us / 1000, 0, 'f', 3) : QStringLiteral("%1 µs").arg(us, 0, 'f', 1);
}

void printSummary(const EvalResult& e, const QJsonObject& raw)
{
    QTextStream& o = out();
    const QString cached = e.compile.cached ? QStringLiteral(" (cached)") : QString();
    o << QStringLiteral("compile   %1%2, %3 diagnostic(s), %4 kernel(s)\n")
             .arg(stageStatusName(e.compile.status), cached)
             .arg(e.compile.diagnostics.size())
             .arg(e.compile.kernels.size());
    for (const Diagnostic& d : e.compile.diagnostics) {
        if (d.severity >= Diagnostic::Severity::Warning)
            o << QStringLiteral("          %1:%2:%3 %4\n").arg(d.file).arg(d.line).arg(d.column).arg(d.message);
    }
    int passed = 0;
    double maxAbs = 0;
    for (const VerifyTrial& t : e.verify.trials) {
        passed += t.passed;
        maxAbs = std::max(maxAbs, std::isnan(t.maxAbsError) ? 0.0 : t.maxAbsError);
    }
    o << QStringLiteral("verify    %1, %2/%3 trials, max abs error %4\n")
             .arg(stageStatusName(e.verify.status))
             .arg(passed)
             .arg(e.verify.trials.size())
             .arg(maxAbs, 0, 'g', 3);
    for (const QJsonObject& stage : { raw.value(QStringLiteral("compile")).toObject(), raw.value(QStringLiteral("verify")).toObject(),
             raw.value(QStringLiteral("timing")).toObject() }) {
        if (stage.contains(QStringLiteral("message")))
            o << QStringLiteral("          %1\n").arg(stage.value(QStringLiteral("message")).toString());
    }
    o << QStringLiteral("timing    %1: candidate %2 (CV %3 %), eager %4, torch.compile %5\n")
             .arg(stageStatusName(e.timing.status), micros(e.timing.candidate.medianUs))
             .arg(e.timing.candidate.cv * 100, 0, 'f', 1)
             .arg(micros(e.timing.eager.medianUs), micros(e.timing.compiled.medianUs));
    o << QStringLiteral("speedup   %1× vs eager, %2× vs torch.compile\n")
             .arg(e.speedupVsEager(), 0, 'f', 2)
             .arg(e.speedupVsCompile(), 0, 'f', 2);
    o << QStringLiteral("reward    %1 (%2)%3\n")
             .arg(e.reward, 0, 'g', 4)
             .arg(e.rewardScheme, e.hackFlags.isEmpty() ? QString() : QStringLiteral("; flagged: ") + e.hackFlags.join(QLatin1String(", ")));
    const QJsonObject trace = raw.value(QStringLiteral("trace")).toObject();
    if (!trace.isEmpty()) {
        o << QStringLiteral("trace     %1%2\n")
                 .arg(trace.value(QStringLiteral("status")).toString(),
                     trace.contains(QStringLiteral("message")) ? QStringLiteral(": ") + trace.value(QStringLiteral("message")).toString() : QString());
        for (const QString& side : { QStringLiteral("candidate"), QStringLiteral("reference") }) {
            if (trace.contains(side))
                o << QStringLiteral("          %1 %2\n").arg(side, -9).arg(trace.value(side).toString());
        }
    }
    o << QStringLiteral("run       %1\n").arg(raw.value(QStringLiteral("run_directory")).toString());
    o.flush();
}

// One run of kwb-runner through RunnerJob, as the window and the agent start it (the same environment without the
// user's secrets, the same sentences when it fails), its progress passed on to stderr.
struct Ran
{
    std::optional<QJsonObject> result;
    QString sentence; // why there is no result
    QByteArray output; // what it printed on stdout
    int exitCode = -1;
};

Ran runRunner(const QStringList& arguments)
{
    RunnerJob job;
    job.setRunnerPath(RunnerJob::defaultRunnerPath());
    job.setHost(selectedHost());
    QEventLoop loop;
    Ran ran;
    QTextStream progress(stderr);
    QObject::connect(&job, &RunnerJob::progress, &job, [&](const QString& line) {
        progress << line << '\n';
        progress.flush();
    });
    QObject::connect(&job, &RunnerJob::finished, &loop, [&](const QJsonObject& r) {
        ran.result = r;
        loop.quit();
    });
    QObject::connect(&job, &RunnerJob::failed, &loop, [&](const QString& why) {
        ran.sentence = why;
        loop.quit();
    });
    job.start(arguments);
    loop.exec();
    ran.output = job.output();
    ran.exitCode = job.exitCode();
    return ran;
}

} // namespace

int eval(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("TASK"), QStringLiteral("The task (KernelBench-format Python file)."));
    parser.addPositionalArgument(QStringLiteral("CANDIDATE"), QStringLiteral("A ModelNew .py file or a workspace folder."));
    const QCommandLineOption device(QStringLiteral("device"), QStringLiteral("cuda or cpu (default cuda)."), QStringLiteral("DEVICE"), QStringLiteral("cuda"));
    const QCommandLineOption reward(QStringLiteral("reward"), QStringLiteral("cuda-agent, kevin or speedup."), QStringLiteral("SCHEME"), QStringLiteral("cuda-agent"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the result as JSON (the store's EvalResult form)."));
    const QCommandLineOption runnerOption(QStringLiteral("runner-arg"), QStringLiteral("Pass an option on to kwb-runner eval (repeatable), e.g. --runner-arg=--trials --runner-arg=10."), QStringLiteral("ARG"));
    parser.addOptions({ device, reward, json, runnerOption });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("Compile, verify, time and score one candidate with kwb-runner."), 2); code >= 0)
        return code;
    const QStringList positional = parser.positionalArguments();
    QStringList args { QStringLiteral("eval"), QStringLiteral("--task"), positional.at(0), QStringLiteral("--candidate"), positional.at(1),
        QStringLiteral("--device"), parser.value(device), QStringLiteral("--reward"), parser.value(reward) };
    args += parser.values(runnerOption);
    const Ran ran = runRunner(args);
    if (!ran.result)
        return fail(ran.sentence);
    const QJsonObject& raw = *ran.result;
    QString error;
    const EvalResult result = EvalResult::fromJson(raw, &error);
    if (!error.isEmpty())
        return fail(QStringLiteral("kwb-runner's result does not read as an evaluation: %1.").arg(error));
    if (parser.isSet(json)) {
        out() << QJsonDocument(SecretRedactor().redact(raw)).toJson(QJsonDocument::Indented);
        out().flush();
    } else {
        printSummary(result, raw);
    }
    if (const QString why = result.environmentError(); !why.isEmpty())
        return fail(QStringLiteral("the evaluation could not run, which is not the candidate's failure: %1").arg(why));
    return ran.exitCode < 0 ? kFailed : ran.exitCode; // the runner's own status for a verdict it printed
}

int passThrough(const QString& command, const QStringList& arguments)
{
    const Ran ran = runRunner(QStringList { command } + arguments.mid(1));
    if (ran.output.trimmed().isEmpty())
        return fail(ran.sentence);
    out() << SecretRedactor().redact(QString::fromUtf8(ran.output)); // as it printed it, JSON or not
    out().flush();
    return ran.exitCode < 0 ? kFailed : ran.exitCode;
}

} // namespace kwb::cli
