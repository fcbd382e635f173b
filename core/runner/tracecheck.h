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

} // namespace kwb::runner
