#pragma once

#include "model/evalresult.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace kwb::agent {

// What the compile, verify and profile tools tell the model about one kwb-runner evaluation: a short text with
// what the next edit needs (the first diagnostics as file:line:column, the registers and spills per kernel, the
// trials and their largest errors, the times, speedups, reward, flags, roofline and the kernels that took the
// GPU time), never the runner's whole JSON.
class EvalReport
{
public:
    enum class Depth
    {
        Compile,
        Verify,
        Profile
    };

    static constexpr int kMaxDiagnostics = 20;
    static constexpr int kMaxTrials = 8;
    static constexpr int kMaxTraceRows = 8;

    // `runner` is the runner's JSON (for the stage messages EvalResult does not keep), `trace` the candidate's
    // Chrome trace when the profile captured one.
    static QString text(Depth depth, const QJsonObject& runner, const EvalResult& result, const QByteArray& trace);

    static QString compileText(const QJsonObject& runner, const EvalResult& result);
    static QString verifyText(const QJsonObject& runner, const EvalResult& result);
    static QString timingText(const QJsonObject& runner, const EvalResult& result);
    // The GPU work inside the traced calls, by kernel; empty when the trace has none or does not read.
    static QString traceText(const QByteArray& trace);

    static QString duration(double microseconds); // "12.3 µs", "4.56 ms"
};

} // namespace kwb::agent
