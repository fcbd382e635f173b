#pragma once

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <limits>

namespace kwb {

inline constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

enum class StageStatus { NotRun, Passed, Failed, Error, TimedOut };
QString stageStatusName(StageStatus s);
bool stageStatusFromName(const QString& name, StageStatus* out);

// One structured compiler message (front end, host compiler, ptxas, nvlink or driver).
struct Diagnostic
{
    enum class Severity { Note, Remark, Warning, Error, Fatal };
    Severity severity = Severity::Error;
    QString file;
    int line = 0; // 0: no line
    int column = 0;
    QString code; // e.g. "20" for "error #20-D"
    QString message;
    QString tool; // nvcc front end, gcc, ptxas, nvlink, ...

    bool operator==(const Diagnostic&) const = default;
};

// What ptxas reported for one kernel (-Xptxas -v).
struct KernelResources
{
    QString kernel;
    QString arch;
    int registers = -1;
    qint64 sharedBytes = -1;
    qint64 stackBytes = -1;
    qint64 spillStoreBytes = -1;
    qint64 spillLoadBytes = -1;
    qint64 constantBytes = -1;

    bool operator==(const KernelResources&) const = default;

    // The kernel as a reader knows it: ptxas names kernels in anonymous namespaces or templates by their mangled
    // symbol ("_ZN47_GLOBAL__N_..."), which is demangled; other names stay as they are.
    QString readableName() const;
};

// Robust summary of repeated timings, in microseconds.
struct TimingStats
{
    double medianUs = kUnknown;
    double p20Us = kUnknown;
    double p80Us = kUnknown;
    double minUs = kUnknown;
    double cv = kUnknown; // coefficient of variation
    qint64 samples = 0;

    bool isKnown() const { return samples > 0; }
    bool operator==(const TimingStats& o) const;
};

struct VerifyTrial
{
    bool passed = false;
    double maxAbsError = kUnknown;
    double maxRelError = kUnknown;
    double mismatchFraction = kUnknown;
    QString message; // e.g. shape or dtype mismatch

    bool operator==(const VerifyTrial& o) const;
};

// The least work any correct kernel must do for a task: inputs read once, outputs written once, parameters
// read once, and the FLOPs torch.utils.flop_counter counts on the reference (matrix products and convolutions).
struct WorkFloor
{
    double inputBytes = kUnknown;
    double outputBytes = kUnknown;
    double parameterBytes = kUnknown;
    double flops = kUnknown;

    double bytes() const { return inputBytes + outputBytes + parameterBytes; } // NaN when unknown
    bool isKnown() const;
    bool operator==(const WorkFloor& o) const;
};

// What `kwb-runner calibrate` measured on the machine: copy bandwidth (bytes read + written per second) and
// matrix rates per precision (FLOP/s through cuBLAS, or the CPU's GEMM).
struct Ceilings
{
    double bandwidth = kUnknown;
    double fp32 = kUnknown; // TF32 off
    double tf32 = kUnknown;
    double bf16 = kUnknown;
    double fp16 = kUnknown;
    QString calibratedAt; // ISO time of the calibration

    bool isKnown() const;
    // The matrix rate that bounds a task run at this TF32 policy ("fp32" or "tf32"); fp32 when unknown.
    double matrixRate(const QString& precision) const;
    bool operator==(const Ceilings& o) const;
};

// One kernel launch as Nsight Compute measured it: metric name -> value, with the unit ncu printed.
// Nsight Compute's source page for one SASS instruction of a profiled launch (SourceCounters section).
struct SourceCounter
{
    qint64 address = 0; // the instruction's offset in its function, as nvdisasm prints it
    qint64 executed = -1; // warp-level instructions executed; -1: not collected
    qint64 stallSamples = -1; // warp-stall samples (PC sampling), all reasons
    bool operator==(const SourceCounter&) const = default;
};

struct NcuKernel
{
    QString name;
    int launch = 0; // ncu's ID of the profiled launch
    QList<QPair<QString, double>> metrics; // in ncu's column order
    QStringList units; // one per metric
    QString symbol; // the mangled name, to find the kernel's SASS
    QList<SourceCounter> source; // per instruction, where the SourceCounters section was collected

    double metric(const QString& name, double fallback = kUnknown) const;
    bool operator==(const NcuKernel& o) const; // NaN equals NaN, as everywhere in EvalResult
};

struct NcuProfile
{
    StageStatus status = StageStatus::NotRun;
    QString message; // why ncu did not run or refused (not installed, no counter access)
    QString kernelFilter; // the regex the user gave
    QString reportBlob; // sha256 of the .ncu-rep file, kept with the turn
    QList<NcuKernel> kernels;

    bool operator==(const NcuProfile&) const = default;
};

// Everything one evaluation of a turn's workspace produced.
struct EvalResult
{
    struct Compile
    {
        StageStatus status = StageStatus::NotRun;
        QList<Diagnostic> diagnostics;
        QList<KernelResources> kernels;
        QString log;
        double seconds = kUnknown;
        bool cached = false;
        bool operator==(const Compile& o) const;
    } compile;

    struct Verify
    {
        StageStatus status = StageStatus::NotRun;
        QList<VerifyTrial> trials;
        double atol = kUnknown;
        double rtol = kUnknown;
        QString message;
        bool operator==(const Verify& o) const;
    } verify;

    struct Timing
    {
        StageStatus status = StageStatus::NotRun;
        TimingStats candidate;
        TimingStats eager;
        TimingStats compiled; // torch.compile
        bool operator==(const Timing&) const = default;
    } timing;

    QString device; // "cuda" or "cpu"
    QStringList hackFlags;
    QStringList hackDetails; // one sentence per flag, in the same order (empty for results from before the checks)
    QString isolation; // how the candidate's code was confined: "bubblewrap" or "rlimits"
    QString rewardScheme;
    // The rule profile the verdict was judged under: "cuda-agent" or "kernelbench" (empty: a result from before the
    // profiles, judged by the cuda-agent rules).
    QString rules;
    double reward = kUnknown;
    QJsonObject fingerprint; // GPU, driver, CUDA, torch, flags, TF32 policy as the runner reported them
    QString traceBlob; // sha256 of the Chrome trace JSON, when one was captured
    QString disassemblyBlob; // sha256 of the build's SASS and PTX (kwb-disassembly/1), when the runner read them
    WorkFloor floor; // the task's, as the reference stage counted it
    Ceilings ceilings; // the calibration of the machine that timed the turn, when there was one
    NcuProfile ncu; // Nsight Compute metrics, when asked for
    // The object this result was read from, whole: what the runner wrote beyond the fields above (a stage's
    // message, a kernel's barriers and compile time, the handshake, the judge's work, the stages' phases). toJson()
    // writes it back with the fields above over it, so nothing the runner wrote is lost in the store. Not compared
    // by operator==.
    QJsonObject source;

    double speedupVsEager() const;
    double speedupVsCompile() const;
    bool isEmpty() const;

    // Why the evaluation could not judge the candidate, when the failure was not the candidate's: no GPU, the
    // runner or its host lost, the harness broken, a task that cannot be run (a stage ended in Error). Empty when
    // the verdict is the candidate's own. Such a result has no reward and counts in no summary or export.
    QString environmentError() const;
    // The result stored for an evaluation that never produced one (the runner could not start, its host was lost).
    static EvalResult environmentFailure(const QString& sentence);

    QJsonObject toJson() const;
    static EvalResult fromJson(const QJsonObject& o, QString* error);
    QJsonObject typedJson() const; // the fields above only, without source

    bool operator==(const EvalResult& o) const;
};

} // namespace kwb
