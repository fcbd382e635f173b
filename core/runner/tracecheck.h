#pragma once

#include "runner/hackflags.h"

#include <map>
#include <string>
#include <vector>

namespace kwb::runner {

// Reads the trace of the candidate's calls (the CUPTI tracer's Chrome trace, one NVTX range "candidate: call N" per
// call, around forward, the device sync and the copy of the outputs; "reference: call N" in a baselines' worker) and flags what the driver's clock cannot see:
//   torch-kernel-in-trace      an aten, cuBLAS or cuDNN kernel launched by a call (unless the task's
//                              KWB_ALLOWED_LIBRARIES permits the library; fills and copies are allowed)
//   work-outside-timed-calls   a kernel launched after the first call began but outside every call
//   no-kernel-in-trace         the calls launched no kernel of the candidate's own
// (*innerSpans)[N] is call N's time on the GPU: its kernels' first start to last end, in µs (calls that launched no
// kernel are absent).
// Returns false with a one-sentence error when the file is not such a trace.
bool checkCandidateTrace(const std::string& path, const std::vector<std::string>& allowedLibraries, HackFlags& flags,
    std::map<int, double>* innerSpans, std::string* error);

// The trace's GPU time of each timed call against the driver's clock for the same calls (wallSamples[i] is timed
// call i as the driver's clock took it, handshake included; overheadUs what the driver subtracts from each call for
// the handshake and the output copy; innerSpans as above, where timed call i is call warmup + i). Flags:
//   check-not-run      the trace has the GPU's time of fewer than half the timed calls (then nothing else is judged)
//   timing-disagrees   in more than a tenth of the calls the kernels ran longer than the whole call took (an early
//                      answer), or the GPU's median is below the quickest call less the overhead by more than
//                      max(400 µs, half of that) (a trace that shortens its kernels). The quickest call, not the
//                      median: a machine busy beside the evaluation slows some handshakes, while kernels a trace
//                      shortens are in every call.
struct TraceAgainstClock
{
    std::vector<double> gpuSpans; // the timed calls' GPU time (µs), in order, where the trace has it
    double gpuOverWall = 0;       // the median over those calls of GPU time / driver's time
    bool judged = false;          // false: too few calls in the trace
};
TraceAgainstClock compareTraceWithClock(const std::vector<double>& wallSamples, double overheadUs,
    const std::map<int, double>& innerSpans, int warmup, HackFlags& flags);

} // namespace kwb::runner
