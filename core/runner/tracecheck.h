#pragma once

#include "runner/hackflags.h"

#include <string>
#include <vector>

namespace kwb::runner {

// Reads the candidate's trace pass (the CUPTI tracer's Chrome trace, NVTX ranges "candidate: warm-up", "flush",
// "call N", "wait N") and flags what the event timing cannot see or must not count:
//   torch-kernel-in-trace      an aten, cuBLAS or cuDNN kernel launched by a timed call (unless the task's
//                              KWB_ALLOWED_LIBRARIES permits the library; fills and copies are allowed)
//   side-stream                a timed call's kernel on another stream than the one the timing events are on
//   work-outside-timed-calls   a kernel launched after the warm-up began but outside every call (a thread, deferred work)
//   no-kernel-in-trace         the timed calls launched no kernel of the candidate's own
// Returns false with a one-sentence error when the file is not such a trace.
bool checkCandidateTrace(const std::string& path, const std::vector<std::string>& allowedLibraries, HackFlags& flags,
    std::string* error);

} // namespace kwb::runner
