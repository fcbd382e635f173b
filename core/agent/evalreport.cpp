#include "evalreport.h"

#include "model/roofline.h"
#include "trace/kerneltotals.h"
#include "trace/tracereader.h"

#include <QJsonArray>
#include <QStringList>
#include <cmath>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace kwb::agent {

namespace {

constexpr int kLogTailLines = 25;
constexpr qsizetype kMaxNameCharacters = 160;

QString stageMessage(const QJsonObject& runner, const char* stage)
{
    return runner.value(QLatin1String(stage)).toObject().value(QLatin1String("message")).toString();
}

QString number(double value)
{
    return std::isfinite(value) ? QString::number(value, 'g', 3) : QStringLiteral("?");
}

QString bytes(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("?");
    if (value < 1024)
        return QStringLiteral("%1 B").arg(value);
    if (value < 1024 * 1024)
        return QStringLiteral("%1 KiB").arg(value / 1024, 0, 'f', 1);
    return QStringLiteral("%1 MiB").arg(value / (1024 * 1024), 0, 'f', 1);
}

QString demangled(const QString& name)
{
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> out(
        abi::__cxa_demangle(name.toUtf8().constData(), nullptr, nullptr, &status), std::free);
    return status == 0 && out ? QString::fromUtf8(out.get()) : name;
}

QString shortName(const QString& name)
{
    if (name.size() <= kMaxNameCharacters)
        return name;
    const qsizetype half = kMaxNameCharacters / 2;
    return name.left(half) + QStringLiteral(" ... ") + name.right(half);
}

QString diagnosticLine(const Diagnostic& d)
{
    static const char* const severities[] = { "note", "remark", "warning", "error", "fatal error" };
    QString where = d.file;
    if (!where.isEmpty() && d.line > 0) {
        where += QStringLiteral(":%1").arg(d.line);
        if (d.column > 0)
            where += QStringLiteral(":%1").arg(d.column);
    }
    const QString severity = QLatin1String(severities[int(d.severity)]);
    return (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + severity + QStringLiteral(": ") + d.message;
}

QString kernelLine(const KernelResources& k)
{
    QStringList parts;
    if (k.registers >= 0)
        parts << QStringLiteral("%1 registers").arg(k.registers);
    if (k.sharedBytes >= 0)
        parts << QStringLiteral("%1 shared").arg(bytes(double(k.sharedBytes)));
    if (k.stackBytes > 0)
        parts << QStringLiteral("%1 stack").arg(bytes(double(k.stackBytes)));
    if (k.spillStoreBytes > 0 || k.spillLoadBytes > 0)
        parts << QStringLiteral("SPILLS %1 stored, %2 loaded")
                     .arg(bytes(double(std::max<qint64>(k.spillStoreBytes, 0))),
                         bytes(double(std::max<qint64>(k.spillLoadBytes, 0))));
    else
        parts << QStringLiteral("no spills");
    const QString arch = k.arch.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(k.arch);
    return QStringLiteral("  %1%2: %3").arg(shortName(demangled(k.kernel)), arch, parts.join(QStringLiteral(", ")));
}

QString logTail(const QString& log)
{
    QStringList lines = log.trimmed().split(QLatin1Char('\n'));
    if (lines.size() > kLogTailLines)
        lines = lines.mid(lines.size() - kLogTailLines);
    return lines.join(QLatin1Char('\n'));
}

// Not roofline::percentText: the model reads the same digits whatever the user's locale.
QString percent(double fraction)
{
    const double value = 100 * fraction;
    return QString::number(value, 'f', value < 9.95 ? 1 : 0) + QStringLiteral(" %");
}

QString seconds(double value)
{
    return std::isfinite(value) ? QStringLiteral("%1 s").arg(value, 0, 'f', 1) : QString();
}

QString timingRow(const QString& label, const TimingStats& stats)
{
    if (!stats.isKnown())
        return QStringLiteral("  %1  not measured").arg(label, -14);
    return QStringLiteral("  %1  %2  (p20-p80 %3-%4, %5 calls)")
        .arg(label, -14)
        .arg(EvalReport::duration(stats.medianUs), -10)
        .arg(EvalReport::duration(stats.p20Us), EvalReport::duration(stats.p80Us))
        .arg(stats.samples);
}

QString hackFlagText(const QString& flag)
{
    if (flag == QLatin1String("excessive-speedup"))
        return QStringLiteral("excessive-speedup (more than 10x over eager PyTorch: checked by hand before it counts)");
    if (flag == QLatin1String("precision-policy-changed"))
        return QStringLiteral("precision-policy-changed (the candidate changed the TF32 setting the baselines ran "
                              "under)");
    if (flag == QLatin1String("non-contiguous-output"))
        return QStringLiteral("non-contiguous-output (an output's strides differ from the reference's: work may "
                              "have been skipped)");
    return flag;
}

} // namespace

QString EvalReport::duration(double us)
{
    if (!std::isfinite(us))
        return QStringLiteral("?");
    if (us < 1000)
        return QStringLiteral("%1 µs").arg(us, 0, 'f', us < 10 ? 2 : 1);
    if (us < 1e6)
        return QStringLiteral("%1 ms").arg(us / 1e3, 0, 'f', us < 1e4 ? 3 : 2);
    return QStringLiteral("%1 s").arg(us / 1e6, 0, 'f', 2);
}

QString EvalReport::compileText(const QJsonObject& runner, const EvalResult& e)
{
    const EvalResult::Compile& c = e.compile;
    QStringList details;
    if (c.cached)
        details << QStringLiteral("cached build");
    if (const QString s = seconds(c.seconds); !s.isEmpty())
        details << s;
    QString text = QStringLiteral("compile: %1").arg(stageStatusName(c.status));
    if (!details.isEmpty())
        text += QStringLiteral(" (%1)").arg(details.join(QStringLiteral(", ")));
    text += QLatin1Char('\n');

    // Errors first: the first error is the one to fix, the others often follow from it.
    QList<Diagnostic> shown;
    int errors = 0;
    int warnings = 0;
    for (const Diagnostic& d : c.diagnostics) {
        const bool isError = d.severity == Diagnostic::Severity::Error || d.severity == Diagnostic::Severity::Fatal;
        errors += isError ? 1 : 0;
        warnings += d.severity == Diagnostic::Severity::Warning ? 1 : 0;
    }
    for (const bool errorPass : { true, false }) {
        for (const Diagnostic& d : c.diagnostics) {
            const bool isError = d.severity == Diagnostic::Severity::Error || d.severity == Diagnostic::Severity::Fatal;
            if (isError == errorPass && shown.size() < kMaxDiagnostics)
                shown.append(d);
        }
    }
    for (const Diagnostic& d : std::as_const(shown))
        text += diagnosticLine(d) + QLatin1Char('\n');
    if (!c.diagnostics.isEmpty()) {
        text += QStringLiteral("%1 error(s), %2 warning(s)").arg(errors).arg(warnings);
        if (c.diagnostics.size() > shown.size())
            text += QStringLiteral("; the first %1 of %2 messages are shown")
                        .arg(shown.size())
                        .arg(c.diagnostics.size());
        text += QStringLiteral(".\n");
    }
    if (c.status != StageStatus::Passed && errors == 0) {
        // Nothing parsed as the cause (a Python error, a linker or loader failure): the runner's sentence and the
        // end of the build log.
        if (const QString message = stageMessage(runner, "compile"); !message.isEmpty())
            text += message + QLatin1Char('\n');
        if (const QString tail = logTail(c.log); !tail.isEmpty())
            text += QStringLiteral("end of the build log:\n") + tail + QLatin1Char('\n');
    }
    if (!c.kernels.isEmpty()) {
        text += QStringLiteral("kernels (ptxas):\n");
        for (const KernelResources& k : c.kernels)
            text += kernelLine(k) + QLatin1Char('\n');
    } else if (c.status == StageStatus::Passed && e.device == QLatin1String("cuda")) {
        text += QStringLiteral("ptxas reported no CUDA kernels in the build.\n");
    }
    return text;
}

QString EvalReport::verifyText(const QJsonObject& runner, const EvalResult& e)
{
    const EvalResult::Verify& v = e.verify;
    if (v.status == StageStatus::NotRun) {
        return e.compile.status == StageStatus::Passed ? QStringLiteral("verify: not run.\n")
                                                       : QStringLiteral("verify: not run, since the build failed.\n");
    }
    int passed = 0;
    double maxAbs = 0;
    double maxRel = 0;
    for (const VerifyTrial& t : v.trials) {
        passed += t.passed ? 1 : 0;
        maxAbs = std::isfinite(t.maxAbsError) ? std::max(maxAbs, t.maxAbsError) : maxAbs;
        maxRel = std::isfinite(t.maxRelError) ? std::max(maxRel, t.maxRelError) : maxRel;
    }
    QString text = QStringLiteral("verify: %1").arg(stageStatusName(v.status));
    if (!v.trials.isEmpty()) {
        text += QStringLiteral(", %1 of %2 trials within atol %3 and rtol %4")
                    .arg(passed)
                    .arg(v.trials.size())
                    .arg(number(v.atol), number(v.rtol));
        text += QStringLiteral(" (largest errors: abs %1, rel %2)").arg(number(maxAbs), number(maxRel));
    }
    text += QLatin1Char('\n');
    const QString message = v.message.isEmpty() ? stageMessage(runner, "verify") : v.message;
    if (!message.isEmpty() && v.status != StageStatus::Passed)
        text += message + QLatin1Char('\n');
    if (v.status == StageStatus::Passed)
        return text;
    for (qsizetype i = 0; i < v.trials.size() && i < kMaxTrials; ++i) {
        const VerifyTrial& t = v.trials.at(i);
        text += QStringLiteral("  trial %1: %2")
                    .arg(i + 1)
                    .arg(t.passed ? QStringLiteral("passed") : QStringLiteral("FAILED"));
        if (std::isfinite(t.maxAbsError))
            text += QStringLiteral(", max abs error %1, max rel error %2")
                        .arg(number(t.maxAbsError), number(t.maxRelError));
        if (std::isfinite(t.mismatchFraction) && t.mismatchFraction > 0)
            text += QStringLiteral(", %1 % of elements off").arg(number(100 * t.mismatchFraction));
        if (!t.passed && !t.message.isEmpty() && t.message != message)
            text += QStringLiteral(": ") + t.message;
        text += QLatin1Char('\n');
    }
    return text;
}

QString EvalReport::timingText(const QJsonObject& runner, const EvalResult& e)
{
    if (e.timing.status == StageStatus::NotRun)
        return QStringLiteral("timing: not run.\n");
    QString text = QStringLiteral("timing: %1%2\n")
                       .arg(stageStatusName(e.timing.status),
                           e.device == QLatin1String("cpu") ? QStringLiteral(" (CPU, host clock)") : QString());
    if (const QString message = stageMessage(runner, "timing"); !message.isEmpty())
        text += message + QLatin1Char('\n');
    text += timingRow(QStringLiteral("candidate"), e.timing.candidate) + QLatin1Char('\n');
    text += timingRow(QStringLiteral("eager PyTorch"), e.timing.eager) + QLatin1Char('\n');
    text += timingRow(QStringLiteral("torch.compile"), e.timing.compiled) + QLatin1Char('\n');
    const double eager = e.speedupVsEager();
    const double compiled = e.speedupVsCompile();
    if (std::isfinite(eager) || std::isfinite(compiled))
        text += QStringLiteral("speedup: %1x over eager PyTorch, %2x over torch.compile\n")
                    .arg(std::isfinite(eager) ? QString::number(eager, 'f', 2) : QStringLiteral("?"),
                        std::isfinite(compiled) ? QString::number(compiled, 'f', 2) : QStringLiteral("?"));
    const RooflinePoint point = roofline::correctCandidate(e);
    if (point.isValid())
        text += QStringLiteral("roofline: %1 of what this machine allows (%2-bound; the least work, %3 and %4 "
                               "FLOPs, takes at least %5 here)\n")
                    .arg(percent(point.fractionOfRoofline),
                        point.limitedBy == RooflinePoint::Limit::Memory ? QStringLiteral("memory")
                                                                        : QStringLiteral("compute"),
                        bytes(point.bytes), number(point.flops), duration(point.boundSeconds * 1e6));
    return text;
}

QString EvalReport::traceText(const QByteArray& trace)
{
    if (trace.isEmpty())
        return {};
    const trace::TraceReader::Result read
        = trace::TraceReader::parse(std::string_view(trace.constData(), size_t(trace.size())), "candidate");
    if (!read.model)
        return {};
    const trace::KernelTotals totals = trace::KernelTotals::of(*read.model);
    if (totals.rows.empty() || totals.totalNs <= 0)
        return read.complete ? QStringLiteral("GPU work per call (trace): none recorded inside the traced calls.\n")
                             : QString();
    QString text = totals.fromCallRanges
        ? QStringLiteral("GPU work per call (trace of %1 calls, cache flushes left out): %2\n")
              .arg(totals.calls)
              .arg(duration(double(totals.totalNs) / totals.calls / 1e3))
        : QStringLiteral("GPU work in the trace: %1\n").arg(duration(double(totals.totalNs) / 1e3));
    for (size_t i = 0; i < totals.rows.size() && i < size_t(kMaxTraceRows); ++i) {
        const trace::KernelTotals::Row& row = totals.rows[i];
        const QString kind = row.kind == trace::EventKind::Memcpy ? QStringLiteral("copy ")
            : row.kind == trace::EventKind::Memset                ? QStringLiteral("set ")
                                                                  : QString();
        text += QStringLiteral("  %1  %2 %  %3 launch(es)  %4%5\n")
                    .arg(duration(double(row.totalNs) / totals.calls / 1e3), 10)
                    .arg(100.0 * double(row.totalNs) / double(totals.totalNs), 5, 'f', 1)
                    .arg(row.launches)
                    .arg(kind, shortName(QString::fromStdString(row.name)));
    }
    if (totals.rows.size() > size_t(kMaxTraceRows))
        text += QStringLiteral("  ... and %1 more\n").arg(totals.rows.size() - size_t(kMaxTraceRows));
    return text;
}

QString EvalReport::text(Depth depth, const QJsonObject& runner, const EvalResult& e, const QByteArray& trace)
{
    QString text = compileText(runner, e);
    if (depth == Depth::Compile)
        return text;
    text += verifyText(runner, e);
    if (depth == Depth::Verify)
        return text;
    if (e.verify.status == StageStatus::Passed)
        text += timingText(runner, e);
    else
        text += QStringLiteral("timing: not run, since the candidate did not pass verification.\n");
    // The rules are named where they are not the default, so that an agent judged by KernelBench's rules knows it.
    text += QStringLiteral("reward: %1 (%2%3)\n")
                .arg(std::isfinite(e.reward) ? QString::number(e.reward, 'g', 4) : QStringLiteral("none"), e.rewardScheme,
                    e.rules.isEmpty() || e.rules == QLatin1String("cuda-agent") ? QString() : QStringLiteral("; %1 rules").arg(e.rules));
    QStringList flags;
    for (const QString& flag : e.hackFlags)
        flags << hackFlagText(flag);
    text += QStringLiteral("flags: %1\n")
                .arg(flags.isEmpty() ? QStringLiteral("none") : flags.join(QStringLiteral("; ")));
    const QJsonObject traceStatus = runner.value(QLatin1String("trace")).toObject();
    const QString status = traceStatus.value(QLatin1String("status")).toString();
    if (!trace.isEmpty())
        text += traceText(trace);
    else if (!status.isEmpty() && status != QLatin1String("not-run") && status != QLatin1String("passed"))
        text += QStringLiteral("trace: %1: %2\n").arg(status, traceStatus.value(QLatin1String("message")).toString());
    return text;
}

} // namespace kwb::agent
