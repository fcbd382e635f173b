#pragma once

// Chrome trace-event JSON for a TraceData, as Perfetto and chrome://tracing open it: ts/dur in µs, one pid
// per GPU (kDevicePidBase + device id) with one tid per stream, the host process with one tid per thread,
// NVTX ranges on their threads, flow events from each launching API call to its GPU work.

#include "tracerecords.h"

#include <ostream>
#include <string>

namespace kwb::trace {

inline constexpr uint32_t kDevicePidBase = 1u << 30;

// The demangled name, or the name itself when it is not a mangled C++ name.
std::string demangle(const std::string& name);

// The whole trace as one string; builds it without iostreams (see chrometrace.cpp).
std::string chromeTraceJson(const TraceData& data);
void writeChromeTrace(const TraceData& data, std::ostream& out);

} // namespace kwb::trace
