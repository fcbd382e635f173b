#pragma once

// What a trace pass records, in plain types: the CUPTI tracer converts its activity records into these,
// and the Chrome trace writer (and its tests) need no CUPTI. Times are ns on CUPTI's CPU-aligned clock.

#include <cstdint>
#include <string>
#include <vector>

namespace kwb::trace {

// Work the GPU ran on a stream: a kernel, a memcpy or a memset.
struct StreamWork {
    uint64_t start = 0, end = 0;
    uint32_t device = 0;
    uint32_t context = 0;
    uint32_t stream = 0;
    uint32_t correlation = 0; // the API call that launched it; 0 when CUPTI names none
};

// A span on a host thread: an API call or an NVTX range.
struct HostSpan {
    uint64_t start = 0, end = 0;
    uint32_t processId = 0;
    uint32_t threadId = 0;
};

struct KernelRecord : StreamWork {
    int32_t grid[3] = { 0, 0, 0 };
    int32_t block[3] = { 0, 0, 0 };
    uint32_t cluster[3] = { 0, 0, 0 };
    uint16_t registersPerThread = 0;
    int32_t staticSharedBytes = 0;
    int32_t dynamicSharedBytes = 0;
    uint32_t localBytesPerThread = 0;
    std::string name; // mangled, as the driver reports it
};

// A memcpy or a memset on a stream.
struct TransferRecord : StreamWork {
    enum class Kind { Memcpy, Memset };
    Kind kind = Kind::Memcpy;
    uint64_t bytes = 0;
    std::string direction; // "HtoD", "DtoH", "DtoD", ... for a memcpy; empty for a memset
    uint32_t value = 0;    // the byte written, for a memset
};

// A CUDA runtime or driver API call on a host thread.
struct ApiRecord : HostSpan {
    uint32_t correlation = 0;
    bool driver = false;
    std::string name;
};

// A wait on the host for GPU work: event, stream or context synchronisation.
struct SyncRecord {
    uint64_t start = 0, end = 0;
    uint32_t context = 0;
    uint32_t stream = 0; // UINT32_MAX when the record names no stream
    uint32_t correlation = 0;
    std::string type; // "event", "stream wait event", "stream", "context"
};

// An NVTX push/pop or start/end range, its two marker records already paired by id.
struct RangeRecord : HostSpan {
    std::string name;
    std::string domain;
};

struct TraceData {
    std::vector<KernelRecord> kernels;
    std::vector<TransferRecord> transfers;
    std::vector<ApiRecord> apis;
    std::vector<SyncRecord> syncs;
    std::vector<RangeRecord> ranges;
    std::vector<std::string> deviceNames; // index = device id
    uint32_t processId = 0;
    std::string processName;
    uint64_t droppedRecords = 0;
    uint32_t cuptiHeaderVersion = 0;
    uint32_t cuptiRuntimeVersion = 0;
    std::vector<std::string> warnings; // problems met while tracing, kept in the file
};

} // namespace kwb::trace
