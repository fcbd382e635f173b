#include "commandline.h"
#include "commands.h"

#include "model/evalresult.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>

#include <cmath>

namespace kwb::cli {

namespace {

// kwb-runner sits beside kwb, installed or built; it does the work where the GPU is.
QString runnerPath()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/kwb-runner");
    return QFileInfo::exists(beside) ? beside : QStringLiteral("kwb-runner");
}

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

// Runs kwb-runner with the given arguments, streaming its stderr; returns its stdout or sets *code.
QByteArray runRunner(const QStringList& arguments, int* code)
{
    QProcess runner;
    runner.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    runner.start(runnerPath(), arguments);
    if (!runner.waitForStarted()) {
        *code = fail(QStringLiteral("kwb-runner could not be started (%1); build it or put it beside kwb.").arg(runner.errorString()));
        return {};
    }
    runner.waitForFinished(-1);
    // A crash of the runner is reported, never passed on as a crash of kwb.
    if (runner.exitStatus() != QProcess::NormalExit) {
        *code = fail(QStringLiteral("kwb-runner crashed; its run directory holds the logs."));
        return {};
    }
    *code = runner.exitCode();
    return runner.readAllStandardOutput();
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
    int code = 0;
    const QByteArray output = runRunner(args, &code);
    if (output.isEmpty())
        return code ? code : fail(QStringLiteral("kwb-runner printed no result."));
    QJsonParseError pe;
    const QJsonObject raw = QJsonDocument::fromJson(output, &pe).object();
    if (pe.error != QJsonParseError::NoError)
        return fail(QStringLiteral("kwb-runner's result is not JSON (%1 at byte %2).").arg(pe.errorString()).arg(pe.offset));
    if (raw.contains(QStringLiteral("error")))
        return fail(raw.value(QStringLiteral("error")).toString());
    QString error;
    const EvalResult result = EvalResult::fromJson(raw, &error);
    if (!error.isEmpty())
        return fail(QStringLiteral("kwb-runner's result does not read as an evaluation: %1.").arg(error));
    if (parser.isSet(json)) {
        out() << QJsonDocument(raw).toJson(QJsonDocument::Indented);
        out().flush();
    } else {
        printSummary(result, raw);
    }
    return code;
}

int passThrough(const QString& command, const QStringList& arguments)
{
    int code = 0;
    const QByteArray output = runRunner(QStringList { command } + arguments.mid(1), &code);
    out() << QString::fromUtf8(output);
    out().flush();
    return code;
}

} // namespace kwb::cli
