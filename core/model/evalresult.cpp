// The JSON round trip of every part of an evaluation result (compile, verify, timing, reward, flags, stages) in
// one file, because the parts are written and read as one document and share the per-part helpers (timing stats,
// diagnostics, kernel resources, the ncu profile) and the strict reader.
#include "evalresult.h"

#include "json.h"
#include "kernelname.h"

#include <QJsonArray>

#include <cmath>
#include <cstdlib>

namespace kwb {

namespace {

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

const char* const kStageNames[] = { "not-run", "passed", "failed", "error", "timed-out" };
const char* const kSeverityNames[] = { "note", "remark", "warning", "error", "fatal" };

QJsonObject statsToJson(const TimingStats& s)
{
    QJsonObject o;
    json::putOptional(o, QLatin1String("median_us"), s.medianUs);
    json::putOptional(o, QLatin1String("p20_us"), s.p20Us);
    json::putOptional(o, QLatin1String("p80_us"), s.p80Us);
    json::putOptional(o, QLatin1String("min_us"), s.minUs);
    json::putOptional(o, QLatin1String("cv"), s.cv);
    o.insert(QLatin1String("n"), s.samples);
    return o;
}

TimingStats statsFromJson(json::Reader& r, const QJsonObject& o)
{
    TimingStats s;
    s.medianUs = r.number(o, QLatin1String("median_us"), kUnknown);
    s.p20Us = r.number(o, QLatin1String("p20_us"), kUnknown);
    s.p80Us = r.number(o, QLatin1String("p80_us"), kUnknown);
    s.minUs = r.number(o, QLatin1String("min_us"), kUnknown);
    s.cv = r.number(o, QLatin1String("cv"), kUnknown);
    s.samples = r.integer(o, QLatin1String("n"), 0);
    return s;
}

StageStatus readStatus(json::Reader& r, const QJsonObject& o)
{
    StageStatus s = StageStatus::NotRun;
    const QString name = r.string(o, QLatin1String("status"), QStringLiteral("not-run"));
    if (!stageStatusFromName(name, &s))
        r.fail(QStringLiteral("unknown stage status \"%1\"").arg(name));
    return s;
}

QJsonObject diagnosticToJson(const Diagnostic& d)
{
    QJsonObject o;
    o.insert(QLatin1String("severity"), QLatin1String(kSeverityNames[int(d.severity)]));
    json::putNonEmpty(o, QLatin1String("file"), d.file);
    if (d.line > 0)
        o.insert(QLatin1String("line"), d.line);
    if (d.column > 0)
        o.insert(QLatin1String("column"), d.column);
    json::putNonEmpty(o, QLatin1String("code"), d.code);
    o.insert(QLatin1String("message"), d.message);
    json::putNonEmpty(o, QLatin1String("tool"), d.tool);
    return o;
}

Diagnostic diagnosticFromJson(json::Reader& r, const QJsonObject& o)
{
    Diagnostic d;
    const QString severity = r.string(o, QLatin1String("severity"), QStringLiteral("error"));
    if (const int k = json::indexOf(kSeverityNames, severity); k >= 0)
        d.severity = Diagnostic::Severity(k);
    else
        r.fail(QStringLiteral("unknown diagnostic severity \"%1\"").arg(severity));
    d.file = r.string(o, QLatin1String("file"));
    d.line = int(r.integer(o, QLatin1String("line"), 0));
    d.column = int(r.integer(o, QLatin1String("column"), 0));
    d.code = r.string(o, QLatin1String("code"));
    d.message = r.string(o, QLatin1String("message"));
    d.tool = r.string(o, QLatin1String("tool"));
    return d;
}

QJsonObject kernelToJson(const KernelResources& k)
{
    QJsonObject o;
    o.insert(QLatin1String("kernel"), k.kernel);
    json::putNonEmpty(o, QLatin1String("arch"), k.arch);
    json::putOptional(o, QLatin1String("registers"), qint64(k.registers));
    json::putOptional(o, QLatin1String("shared_bytes"), k.sharedBytes);
    json::putOptional(o, QLatin1String("stack_bytes"), k.stackBytes);
    json::putOptional(o, QLatin1String("spill_store_bytes"), k.spillStoreBytes);
    json::putOptional(o, QLatin1String("spill_load_bytes"), k.spillLoadBytes);
    json::putOptional(o, QLatin1String("constant_bytes"), k.constantBytes);
    return o;
}

KernelResources kernelFromJson(json::Reader& r, const QJsonObject& o)
{
    KernelResources k;
    k.kernel = r.string(o, QLatin1String("kernel"));
    k.arch = r.string(o, QLatin1String("arch"));
    k.registers = int(r.integer(o, QLatin1String("registers"), -1));
    k.sharedBytes = r.integer(o, QLatin1String("shared_bytes"), -1);
    k.stackBytes = r.integer(o, QLatin1String("stack_bytes"), -1);
    k.spillStoreBytes = r.integer(o, QLatin1String("spill_store_bytes"), -1);
    k.spillLoadBytes = r.integer(o, QLatin1String("spill_load_bytes"), -1);
    k.constantBytes = r.integer(o, QLatin1String("constant_bytes"), -1);
    return k;
}

QJsonObject ncuToJson(const NcuProfile& n)
{
    QJsonObject o;
    o.insert(QLatin1String("status"), stageStatusName(n.status));
    json::putNonEmpty(o, QLatin1String("message"), n.message);
    json::putNonEmpty(o, QLatin1String("kernel_filter"), n.kernelFilter);
    json::putNonEmpty(o, QLatin1String("report_blob"), n.reportBlob);
    QJsonArray kernels;
    for (const NcuKernel& k : n.kernels) {
        QJsonArray metrics;
        for (qsizetype i = 0; i < k.metrics.size(); ++i)
            metrics.append(QJsonArray { k.metrics[i].first, k.metrics[i].second, k.units.value(i) });
        QJsonObject kernel { { QLatin1String("name"), k.name }, { QLatin1String("launch"), k.launch },
            { QLatin1String("metrics"), metrics } };
        json::putNonEmpty(kernel, QLatin1String("symbol"), k.symbol);
        if (!k.source.isEmpty()) {
            QJsonArray source; // [address, executed, stall samples] per instruction
            for (const SourceCounter& c : k.source)
                source.append(QJsonArray { c.address, c.executed, c.stallSamples });
            kernel.insert(QLatin1String("source"), source);
        }
        kernels.append(kernel);
    }
    if (!kernels.isEmpty())
        o.insert(QLatin1String("kernels"), kernels);
    return o;
}

NcuProfile ncuFromJson(json::Reader& r, const QJsonObject& o)
{
    NcuProfile n;
    n.status = readStatus(r, o);
    n.message = r.string(o, QLatin1String("message"));
    n.kernelFilter = r.string(o, QLatin1String("kernel_filter"));
    n.reportBlob = r.string(o, QLatin1String("report_blob"));
    for (const QJsonValue& kv : r.array(o, QLatin1String("kernels"))) {
        const QJsonObject ko = kv.toObject();
        NcuKernel k;
        k.name = r.string(ko, QLatin1String("name"));
        k.launch = int(r.integer(ko, QLatin1String("launch"), 0));
        for (const QJsonValue& mv : r.array(ko, QLatin1String("metrics"))) {
            const QJsonArray m = mv.toArray();
            if (m.size() != 3 || !m[0].isString() || !(m[1].isDouble() || m[1].isNull())) {
                r.fail(QStringLiteral("an ncu metric is not [name, value, unit]"));
                break;
            }
            k.metrics.append({ m[0].toString(), m[1].isNull() ? kUnknown : m[1].toDouble() });
            k.units.append(m[2].toString());
        }
        k.symbol = r.string(ko, QLatin1String("symbol"));
        for (const QJsonValue& sv : r.array(ko, QLatin1String("source"))) {
            const QJsonArray s = sv.toArray();
            if (s.size() != 3 || !s[0].isDouble()) {
                r.fail(QStringLiteral("an ncu source counter is not [address, executed, stall samples]"));
                break;
            }
            k.source.append({ s[0].toInteger(), s[1].toInteger(-1), s[2].toInteger(-1) });
        }
        n.kernels.append(k);
    }
    return n;
}

} // namespace

bool WorkFloor::isKnown() const
{
    return !std::isnan(bytes()) && bytes() > 0;
}

bool WorkFloor::operator==(const WorkFloor& o) const
{
    return same(inputBytes, o.inputBytes) && same(outputBytes, o.outputBytes) && same(parameterBytes, o.parameterBytes)
        && same(flops, o.flops);
}

bool Ceilings::isKnown() const
{
    return bandwidth > 0 && fp32 > 0;
}

double Ceilings::matrixRate(const QString& precision) const
{
    return precision == QLatin1String("tf32") && tf32 > 0 ? tf32 : fp32;
}

bool Ceilings::operator==(const Ceilings& o) const
{
    return same(bandwidth, o.bandwidth) && same(fp32, o.fp32) && same(tf32, o.tf32) && same(bf16, o.bf16)
        && same(fp16, o.fp16) && calibratedAt == o.calibratedAt;
}

bool NcuKernel::operator==(const NcuKernel& o) const
{
    if (name != o.name || launch != o.launch || units != o.units || metrics.size() != o.metrics.size() || symbol != o.symbol
        || source != o.source)
        return false;
    for (qsizetype i = 0; i < metrics.size(); ++i) {
        if (metrics[i].first != o.metrics[i].first || !same(metrics[i].second, o.metrics[i].second))
            return false;
    }
    return true;
}

double NcuKernel::metric(const QString& metricName, double fallback) const
{
    for (const auto& [key, value] : metrics) {
        if (key == metricName)
            return value;
    }
    return fallback;
}

QString stageStatusName(StageStatus s)
{
    return QLatin1String(kStageNames[int(s)]);
}

bool stageStatusFromName(const QString& name, StageStatus* out)
{
    const int k = json::indexOf(kStageNames, name);
    if (k >= 0)
        *out = StageStatus(k);
    return k >= 0;
}

bool TimingStats::operator==(const TimingStats& o) const
{
    return same(medianUs, o.medianUs) && same(p20Us, o.p20Us) && same(p80Us, o.p80Us) && same(minUs, o.minUs)
        && same(cv, o.cv) && samples == o.samples;
}

bool VerifyTrial::operator==(const VerifyTrial& o) const
{
    return passed == o.passed && same(maxAbsError, o.maxAbsError) && same(maxRelError, o.maxRelError)
        && same(mismatchFraction, o.mismatchFraction) && message == o.message;
}

bool EvalResult::Compile::operator==(const Compile& o) const
{
    return status == o.status && diagnostics == o.diagnostics && kernels == o.kernels && log == o.log
        && same(seconds, o.seconds) && cached == o.cached;
}

bool EvalResult::Verify::operator==(const Verify& o) const
{
    return status == o.status && trials == o.trials && same(atol, o.atol) && same(rtol, o.rtol)
        && message == o.message;
}

bool EvalResult::operator==(const EvalResult& o) const
{
    return compile == o.compile && verify == o.verify && timing == o.timing && device == o.device
        && hackFlags == o.hackFlags && hackDetails == o.hackDetails && isolation == o.isolation && rewardScheme == o.rewardScheme && rules == o.rules && same(reward, o.reward)
        && fingerprint == o.fingerprint && traceBlob == o.traceBlob && disassemblyBlob == o.disassemblyBlob && floor == o.floor && ceilings == o.ceilings
        && ncu == o.ncu;
}

double EvalResult::speedupVsEager() const
{
    if (!timing.candidate.isKnown() || !timing.eager.isKnown() || timing.candidate.medianUs <= 0)
        return kUnknown;
    return timing.eager.medianUs / timing.candidate.medianUs;
}

double EvalResult::speedupVsCompile() const
{
    if (!timing.candidate.isKnown() || !timing.compiled.isKnown() || timing.candidate.medianUs <= 0)
        return kUnknown;
    return timing.compiled.medianUs / timing.candidate.medianUs;
}

bool EvalResult::isEmpty() const
{
    return *this == EvalResult();
}

QString EvalResult::environmentError() const
{
    const auto message = [this](const char* stage, const QString& typed) {
        const QString text = typed.isEmpty() ? source.value(QLatin1String(stage)).toObject().value(QLatin1String("message")).toString() : typed;
        return text.isEmpty() ? source.value(QLatin1String("error")).toString() : text;
    };
    QString why;
    if (compile.status == StageStatus::Error)
        why = message("compile", QString());
    else if (verify.status == StageStatus::Error)
        why = message("verify", verify.message);
    else if (timing.status == StageStatus::Error)
        why = message("timing", QString());
    else
        return {};
    return why.isEmpty() ? QStringLiteral("The evaluation could not finish on this machine, and the runner gave no reason.") : why;
}

EvalResult EvalResult::environmentFailure(const QString& sentence)
{
    EvalResult e;
    e.compile.status = StageStatus::Error;
    e.source = QJsonObject { { QLatin1String("compile"), QJsonObject { { QLatin1String("status"), QLatin1String("error") },
                                                                  { QLatin1String("message"), sentence } } },
        { QLatin1String("error"), sentence } };
    return e;
}

namespace {

// `over` written over `base`: objects key by key, arrays of the same length item by item, anything else replaced.
QJsonValue overlay(const QJsonValue& base, const QJsonValue& over)
{
    if (base.isObject() && over.isObject()) {
        QJsonObject out = base.toObject();
        const QJsonObject top = over.toObject();
        for (auto it = top.begin(); it != top.end(); ++it)
            out.insert(it.key(), overlay(out.value(it.key()), it.value()));
        return out;
    }
    if (base.isArray() && over.isArray() && base.toArray().size() == over.toArray().size()) {
        const QJsonArray below = base.toArray();
        const QJsonArray top = over.toArray();
        QJsonArray out;
        for (qsizetype i = 0; i < top.size(); ++i)
            out.append(overlay(below.at(i), top.at(i)));
        return out;
    }
    return over;
}

} // namespace

QJsonObject EvalResult::toJson() const
{
    return source.isEmpty() ? typedJson() : overlay(source, typedJson()).toObject();
}

QJsonObject EvalResult::typedJson() const
{
    QJsonObject c;
    c.insert(QLatin1String("status"), stageStatusName(compile.status));
    QJsonArray diags;
    for (const Diagnostic& d : compile.diagnostics)
        diags.append(diagnosticToJson(d));
    if (!diags.isEmpty())
        c.insert(QLatin1String("diagnostics"), diags);
    QJsonArray kernels;
    for (const KernelResources& k : compile.kernels)
        kernels.append(kernelToJson(k));
    if (!kernels.isEmpty())
        c.insert(QLatin1String("kernels"), kernels);
    json::putNonEmpty(c, QLatin1String("log"), compile.log);
    json::putOptional(c, QLatin1String("seconds"), compile.seconds);
    if (compile.cached)
        c.insert(QLatin1String("cached"), true);

    QJsonObject v;
    v.insert(QLatin1String("status"), stageStatusName(verify.status));
    QJsonArray trials;
    for (const VerifyTrial& t : verify.trials) {
        QJsonObject to;
        to.insert(QLatin1String("passed"), t.passed);
        json::putOptional(to, QLatin1String("max_abs_error"), t.maxAbsError);
        json::putOptional(to, QLatin1String("max_rel_error"), t.maxRelError);
        json::putOptional(to, QLatin1String("mismatch_fraction"), t.mismatchFraction);
        json::putNonEmpty(to, QLatin1String("message"), t.message);
        trials.append(to);
    }
    if (!trials.isEmpty())
        v.insert(QLatin1String("trials"), trials);
    json::putOptional(v, QLatin1String("atol"), verify.atol);
    json::putOptional(v, QLatin1String("rtol"), verify.rtol);
    json::putNonEmpty(v, QLatin1String("message"), verify.message);

    QJsonObject t;
    t.insert(QLatin1String("status"), stageStatusName(timing.status));
    if (timing.candidate.isKnown())
        t.insert(QLatin1String("candidate"), statsToJson(timing.candidate));
    if (timing.eager.isKnown())
        t.insert(QLatin1String("eager"), statsToJson(timing.eager));
    if (timing.compiled.isKnown())
        t.insert(QLatin1String("compiled"), statsToJson(timing.compiled));

    QJsonObject o;
    o.insert(QLatin1String("compile"), c);
    o.insert(QLatin1String("verify"), v);
    o.insert(QLatin1String("timing"), t);
    json::putNonEmpty(o, QLatin1String("device"), device);
    json::putNonEmpty(o, QLatin1String("hack_flags"), hackFlags);
    if (!hackDetails.isEmpty()) {
        QJsonArray details;
        for (qsizetype i = 0; i < hackFlags.size(); ++i) {
            details.append(QJsonObject { { QLatin1String("flag"), hackFlags[i] },
                { QLatin1String("detail"), hackDetails.value(i) } });
        }
        o.insert(QLatin1String("hack_details"), details);
    }
    if (!isolation.isEmpty())
        o.insert(QLatin1String("isolation"), QJsonObject { { QLatin1String("kind"), isolation } });
    json::putNonEmpty(o, QLatin1String("rules"), rules);
    if (!rewardScheme.isEmpty() || !std::isnan(reward)) {
        QJsonObject rw;
        rw.insert(QLatin1String("scheme"), rewardScheme);
        json::putOptional(rw, QLatin1String("value"), reward);
        o.insert(QLatin1String("reward"), rw);
    }
    json::putNonEmpty(o, QLatin1String("fingerprint"), fingerprint);
    json::putNonEmpty(o, QLatin1String("trace_blob"), traceBlob);
    json::putNonEmpty(o, QLatin1String("disassembly_blob"), disassemblyBlob);
    if (floor != WorkFloor()) {
        QJsonObject f;
        json::putNumbers(f, { { QLatin1String("input_bytes"), floor.inputBytes },
            { QLatin1String("output_bytes"), floor.outputBytes },
            { QLatin1String("parameter_bytes"), floor.parameterBytes }, { QLatin1String("flops"), floor.flops } });
        o.insert(QLatin1String("floor"), f);
    }
    if (ceilings != Ceilings()) {
        QJsonObject limits;
        json::putOptional(limits, QLatin1String("bandwidth_bytes_per_s"), ceilings.bandwidth);
        QJsonObject rates;
        json::putNumbers(rates, { { QLatin1String("fp32"), ceilings.fp32 }, { QLatin1String("tf32"), ceilings.tf32 },
            { QLatin1String("bf16"), ceilings.bf16 }, { QLatin1String("fp16"), ceilings.fp16 } });
        limits.insert(QLatin1String("matrix_flops_per_s"), rates);
        json::putNonEmpty(limits, QLatin1String("calibrated_at"), ceilings.calibratedAt);
        o.insert(QLatin1String("ceilings"), limits);
    }
    if (ncu != NcuProfile())
        o.insert(QLatin1String("ncu"), ncuToJson(ncu));
    return o;
}

EvalResult EvalResult::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    EvalResult e;
    const QJsonObject c = r.object(o, QLatin1String("compile"));
    e.compile.status = readStatus(r, c);
    for (const QJsonValue& d : r.array(c, QLatin1String("diagnostics")))
        e.compile.diagnostics.append(diagnosticFromJson(r, d.toObject()));
    for (const QJsonValue& k : r.array(c, QLatin1String("kernels")))
        e.compile.kernels.append(kernelFromJson(r, k.toObject()));
    e.compile.log = r.string(c, QLatin1String("log"));
    e.compile.seconds = r.number(c, QLatin1String("seconds"), kUnknown);
    e.compile.cached = r.boolean(c, QLatin1String("cached"), false);

    const QJsonObject v = r.object(o, QLatin1String("verify"));
    e.verify.status = readStatus(r, v);
    for (const QJsonValue& tv : r.array(v, QLatin1String("trials"))) {
        const QJsonObject to = tv.toObject();
        VerifyTrial t;
        t.passed = r.boolean(to, QLatin1String("passed"), false);
        t.maxAbsError = r.number(to, QLatin1String("max_abs_error"), kUnknown);
        t.maxRelError = r.number(to, QLatin1String("max_rel_error"), kUnknown);
        t.mismatchFraction = r.number(to, QLatin1String("mismatch_fraction"), kUnknown);
        t.message = r.string(to, QLatin1String("message"));
        e.verify.trials.append(t);
    }
    e.verify.atol = r.number(v, QLatin1String("atol"), kUnknown);
    e.verify.rtol = r.number(v, QLatin1String("rtol"), kUnknown);
    e.verify.message = r.string(v, QLatin1String("message"));

    const QJsonObject t = r.object(o, QLatin1String("timing"));
    e.timing.status = readStatus(r, t);
    e.timing.candidate = statsFromJson(r, r.object(t, QLatin1String("candidate")));
    e.timing.eager = statsFromJson(r, r.object(t, QLatin1String("eager")));
    e.timing.compiled = statsFromJson(r, r.object(t, QLatin1String("compiled")));

    e.device = r.string(o, QLatin1String("device"));
    e.hackFlags = r.stringList(o, QLatin1String("hack_flags"));
    const QJsonArray details = o.value(QLatin1String("hack_details")).toArray();
    for (const QString& flag : std::as_const(e.hackFlags)) {
        QString detail;
        for (const QJsonValue& d : details) {
            if (d.toObject().value(QLatin1String("flag")).toString() == flag)
                detail = d.toObject().value(QLatin1String("detail")).toString();
        }
        e.hackDetails.append(detail);
    }
    if (details.isEmpty())
        e.hackDetails.clear();
    e.isolation = o.value(QLatin1String("isolation")).toObject().value(QLatin1String("kind")).toString();
    const QJsonObject rw = r.object(o, QLatin1String("reward"));
    e.rewardScheme = r.string(rw, QLatin1String("scheme"));
    e.rules = r.string(o, QLatin1String("rules"));
    e.reward = r.number(rw, QLatin1String("value"), kUnknown);
    e.fingerprint = r.object(o, QLatin1String("fingerprint"));
    e.traceBlob = r.string(o, QLatin1String("trace_blob"));
    e.disassemblyBlob = r.string(o, QLatin1String("disassembly_blob"));
    const QJsonObject f = r.object(o, QLatin1String("floor"));
    r.numbers(f, { { QLatin1String("input_bytes"), &e.floor.inputBytes },
        { QLatin1String("output_bytes"), &e.floor.outputBytes },
        { QLatin1String("parameter_bytes"), &e.floor.parameterBytes }, { QLatin1String("flops"), &e.floor.flops } },
        kUnknown);
    const QJsonObject ce = r.object(o, QLatin1String("ceilings"));
    e.ceilings.bandwidth = r.number(ce, QLatin1String("bandwidth_bytes_per_s"), kUnknown);
    const QJsonObject rates = r.object(ce, QLatin1String("matrix_flops_per_s"));
    r.numbers(rates, { { QLatin1String("fp32"), &e.ceilings.fp32 }, { QLatin1String("tf32"), &e.ceilings.tf32 },
        { QLatin1String("bf16"), &e.ceilings.bf16 }, { QLatin1String("fp16"), &e.ceilings.fp16 } }, kUnknown);
    e.ceilings.calibratedAt = r.string(ce, QLatin1String("calibrated_at"));
    if (o.contains(QLatin1String("ncu")))
        e.ncu = ncuFromJson(r, r.object(o, QLatin1String("ncu")));
    e.source = o;
    if (!r.ok() && error)
        *error = r.error();
    return e;
}

QString KernelResources::readableName() const
{
    return demangledKernelName(kernel);
}

} // namespace kwb
