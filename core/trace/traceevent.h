#pragma once

// The in-memory form of a Chrome trace (ours or torch.profiler's): per-track arrays of 32-byte events sorted
// by start, names interned, and the launch flows resolved to event indices. Details that only a click needs
// (kernel grid, registers, bytes ...) stay in the file: each event keeps the byte offset of its JSON object.

#include <cstdint>
#include <string>
#include <vector>

namespace kwb::trace {

enum class EventKind : uint8_t {
    Kernel,
    Memcpy,
    Memset,
    RuntimeApi,
    DriverApi,
    Synchronization,
    Range, // NVTX ranges and torch.profiler user annotations
    CpuOp,
    Instant,
    Other,
};

struct TraceEvent {
    int64_t start = 0; // ns, as in the file (not rebased)
    int64_t duration = 0; // ns; 0 for an instant
    uint64_t packed = 0; // file offset of the event's object (bits 0-39), kind (40-47), nesting depth (48-63)
    uint32_t name = 0; // index into TraceModel::names()
    uint32_t correlation = 0; // args.correlation, 0 when none

    int64_t end() const { return start + duration; }
    uint64_t fileOffset() const { return packed & ((uint64_t(1) << 40) - 1); }
    EventKind kind() const { return static_cast<EventKind>((packed >> 40) & 0xff); }
    int depth() const { return static_cast<int>(packed >> 48); }
    void setPacked(uint64_t offset, EventKind kind, int depth)
    {
        packed = (offset & ((uint64_t(1) << 40) - 1)) | (uint64_t(static_cast<uint8_t>(kind)) << 40)
            | (uint64_t(depth < 0xffff ? depth : 0xffff) << 48);
    }
};
static_assert(sizeof(TraceEvent) == 32, "an event must stay at 32 bytes");

// One timeline row: a host thread or a GPU stream.
struct TraceTrack {
    int64_t pid = 0;
    int64_t tid = 0;
    std::string processName; // process_name metadata ("LABELS (NAME)" when process_labels has labels), else "process <pid>"
    std::string threadName; // from thread_name metadata, else "thread <tid>"
    int64_t processSortIndex = 0;
    int64_t threadSortIndex = 0;
    bool device = false; // a GPU track: its process holds kernels, copies or sets
    int maxDepth = 0;
    std::vector<TraceEvent> events; // sorted by start, then longest first
};

// A flow arrow (launch -> GPU work, forward -> backward), both ends resolved to events.
struct TraceFlow {
    uint32_t fromTrack = 0;
    uint32_t fromEvent = 0;
    uint32_t toTrack = 0;
    uint32_t toEvent = 0;
};

} // namespace kwb::trace
