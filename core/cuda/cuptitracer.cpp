// libkwb_tracer.so: a CUPTI activity tracer loaded into an unmodified process as its CUDA injection library.
//
//   CUDA_INJECTION64_PATH=libkwb_tracer.so NVTX_INJECTION64_PATH=libkwb_tracer.so KWB_TRACE_OUT=trace.json cmd
//
// The CUDA driver calls InitializeInjection() when the process initialises CUDA; the tracer then enables
// concurrent kernels (never the serialising KERNEL kind), memcpy, memset, runtime and driver API,
// synchronisation and NVTX markers. NVTX reaches CUPTI through this library too: NVTX calls
// InitializeInjectionNvtx2 here, which hands over to libcupti's own (one library must be both injections, or
// CUPTI sees two clients). At exit the buffers are flushed and KWB_TRACE_OUT is written as a Chrome trace.
// Ranges opened before CUDA is initialised are lost; the traced program initialises CUDA first.
#include "chrometrace.h"
#include "tracerecords.h"

#include <cupti.h>
#include <cuda.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <unistd.h>

#include <csignal>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace {

using namespace kwb::trace;

constexpr size_t kBufferBytes = 8u << 20;

struct Tracer {
    std::mutex mutex; // guards everything below; CUPTI completes buffers on its own thread
    TraceData data;
    std::unordered_map<uint32_t, RangeRecord> openMarkers; // NVTX start records waiting for their end (no end yet)
    std::string outPath;
    bool active = false;
};

Tracer& tracer()
{
    static Tracer* t = new Tracer; // never destroyed: CUPTI may call back during exit
    return *t;
}

// KWB_TRACE_DEBUG=1 prints each step of the tracer's life on stderr.
void step(const char* what)
{
    static const bool on = std::getenv("KWB_TRACE_DEBUG") != nullptr;
    if (on)
        std::fprintf(stderr, "kwb_tracer: %s\n", what);
}

void warn(const std::string& message)
{
    std::fprintf(stderr, "kwb_tracer: %s\n", message.c_str());
    std::lock_guard<std::mutex> lock(tracer().mutex);
    tracer().data.warnings.push_back(message);
}

bool ok(CUptiResult result, const char* what)
{
    if (result == CUPTI_SUCCESS)
        return true;
    const char* text = nullptr;
    cuptiGetResultString(result, &text);
    warn(std::string(what) + " failed: " + (text ? text : "unknown CUPTI error"));
    return false;
}

const char* copyDirection(uint8_t kind)
{
    switch (kind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return "HtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return "DtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA: return "HtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH: return "AtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA: return "AtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD: return "AtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA: return "DtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return "DtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return "HtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return "PtoP";
    default: return "unknown";
    }
}

const char* syncType(CUpti_ActivitySynchronizationType type)
{
    switch (type) {
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE: return "event";
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT: return "stream wait event";
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE: return "stream";
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE: return "context";
    default: return "unknown";
    }
}

std::string callbackName(CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
    const char* name = nullptr;
    if (cuptiGetCallbackName(domain, cbid, &name) == CUPTI_SUCCESS && name)
        return name;
    return (domain == CUPTI_CB_DOMAIN_DRIVER_API ? "driver API " : "runtime API ") + std::to_string(cbid);
}

// The members every CUPTI record of stream work (kernel, memcpy, memset) has.
template <typename Record>
void takeStreamWork(const Record& m, StreamWork& w)
{
    w.start = m.start;
    w.end = m.end;
    w.device = m.deviceId;
    w.context = m.contextId;
    w.stream = m.streamId;
    w.correlation = m.correlationId;
}

// The members a memcpy and a memset record share.
template <typename Record>
TransferRecord transfer(const Record& m, TransferRecord::Kind kind)
{
    TransferRecord r;
    takeStreamWork(m, r);
    r.kind = kind;
    r.bytes = m.bytes;
    return r;
}

// Called with the tracer's mutex held.
void take(const CUpti_Activity* record, TraceData& data, std::unordered_map<uint32_t, RangeRecord>& open)
{
    switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
    case CUPTI_ACTIVITY_KIND_KERNEL: {
        const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
        KernelRecord r;
        takeStreamWork(*k, r);
        r.grid[0] = k->gridX, r.grid[1] = k->gridY, r.grid[2] = k->gridZ;
        r.block[0] = k->blockX, r.block[1] = k->blockY, r.block[2] = k->blockZ;
        r.cluster[0] = k->clusterX, r.cluster[1] = k->clusterY, r.cluster[2] = k->clusterZ;
        r.registersPerThread = k->registersPerThread;
        r.staticSharedBytes = k->staticSharedMemory;
        r.dynamicSharedBytes = k->dynamicSharedMemory;
        r.localBytesPerThread = k->localMemoryPerThread;
        r.name = k->name ? k->name : "<unnamed kernel>";
        data.kernels.push_back(std::move(r));
        break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
        const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
        TransferRecord r = transfer(*m, TransferRecord::Kind::Memcpy);
        r.direction = copyDirection(m->copyKind);
        data.transfers.push_back(std::move(r));
        break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
        const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
        TransferRecord r = transfer(*m, TransferRecord::Kind::Memset);
        r.value = m->value;
        data.transfers.push_back(std::move(r));
        break;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME:
    case CUPTI_ACTIVITY_KIND_DRIVER: {
        const auto* a = reinterpret_cast<const CUpti_ActivityAPI*>(record);
        ApiRecord r;
        r.start = a->start;
        r.end = a->end;
        r.processId = a->processId;
        r.threadId = a->threadId;
        r.correlation = a->correlationId;
        r.driver = record->kind == CUPTI_ACTIVITY_KIND_DRIVER;
        r.name = callbackName(r.driver ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, a->cbid);
        data.apis.push_back(std::move(r));
        break;
    }
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
        const auto* s = reinterpret_cast<const CUpti_ActivitySynchronization2*>(record);
        SyncRecord r;
        r.start = s->start;
        r.end = s->end;
        r.context = s->contextId;
        r.stream = s->streamId;
        r.correlation = s->correlationId;
        r.type = syncType(s->type);
        data.syncs.push_back(std::move(r));
        break;
    }
    case CUPTI_ACTIVITY_KIND_MARKER: {
        const auto* m = reinterpret_cast<const CUpti_ActivityMarker2*>(record);
        if (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_START) {
            RangeRecord o;
            o.start = m->timestamp;
            if (m->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD || m->objectKind == CUPTI_ACTIVITY_OBJECT_PROCESS) {
                o.processId = m->objectId.pt.processId;
                o.threadId = m->objectId.pt.threadId;
            }
            o.name = m->name ? m->name : "";
            o.domain = m->domain ? m->domain : "";
            open[m->id] = std::move(o);
        } else if (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_END) {
            const auto it = open.find(m->id);
            if (it == open.end())
                break;
            it->second.end = m->timestamp;
            data.ranges.push_back(std::move(it->second));
            open.erase(it);
        }
        break;
    }
    default:
        break;
    }
}

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords)
{
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxNumRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t, size_t validSize)
{
    Tracer& t = tracer();
    size_t dropped = 0; // asked for the buffer's own context and stream, as CUPTI's samples do
    if (cuptiActivityGetNumDroppedRecords(context, streamId, &dropped) != CUPTI_SUCCESS)
        dropped = 0;
    {
        std::lock_guard<std::mutex> lock(t.mutex);
        t.data.droppedRecords += dropped;
        CUpti_Activity* record = nullptr;
        while (validSize > 0 && cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS)
            take(record, t.data, t.openMarkers);
    }
    std::free(buffer);
}

// KWB_TRACE_DEBUG: a crash prints the native stack before the process dies.
void printStackAndDie(int sig)
{
    void* frames[64];
    const int n = backtrace(frames, 64);
    const char header[] = "kwb_tracer: fatal signal, native stack:\n";
    [[maybe_unused]] const ssize_t w = write(2, header, sizeof header - 1);
    backtrace_symbols_fd(frames, n, 2);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

// Flushes CUPTI and writes the trace, once: called by the traced program through kwb_trace_finish() while
// CUDA is fully alive, or else from the exit handler.
void finishTrace()
{
    Tracer& t = tracer();
    if (!t.active)
        return;
    step("finishing: synchronise");
    cuCtxSynchronize(); // GPU work still in flight would otherwise have no end time (an error here is harmless)
    step("finishing: flush");
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    step("finishing: devices");
    std::lock_guard<std::mutex> lock(t.mutex);
    t.active = false;
    int count = 0; // the driver API: the runtime may already be unloading when exit handlers run
    if (cuDeviceGetCount(&count) == CUDA_SUCCESS) {
        for (int d = 0; d < count; ++d) {
            CUdevice device = 0;
            char name[256] = "GPU";
            if (cuDeviceGet(&device, d) == CUDA_SUCCESS)
                cuDeviceGetName(name, sizeof name, device);
            t.data.deviceNames.push_back(name);
        }
    }
    if (!t.openMarkers.empty())
        t.data.warnings.push_back(std::to_string(t.openMarkers.size()) + " NVTX range(s) never ended");
    step("finishing: write");
    const std::string tmp = t.outPath + ".part";
    const std::string json = chromeTraceJson(t.data);
    FILE* file = std::fopen(tmp.c_str(), "wb");
    const bool written = file && std::fwrite(json.data(), 1, json.size(), file) == json.size();
    if (file && std::fclose(file) != 0)
        file = nullptr;
    if (!written || !file) {
        std::fprintf(stderr, "kwb_tracer: cannot write %s\n", tmp.c_str());
        return;
    }
    std::rename(tmp.c_str(), t.outPath.c_str()); // a reader never sees half a trace
    step("finished");
}

void finishTraceAtExit()
{
    step("exit handler");
    finishTrace();
}

std::string processName()
{
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    const std::string exe = n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string("process");
    return exe.substr(exe.find_last_of('/') + 1) + " (pid " + std::to_string(getpid()) + ")";
}

} // namespace

extern "C" __attribute__((visibility("default"))) int InitializeInjection(void)
{
    step("InitializeInjection");
    if (std::getenv("KWB_TRACE_DEBUG")) {
        std::signal(SIGSEGV, printStackAndDie);
        std::signal(SIGABRT, printStackAndDie);
    }
    Tracer& t = tracer();
    const char* out = std::getenv("KWB_TRACE_OUT");
    if (!out || !*out) {
        std::fprintf(stderr, "kwb_tracer: KWB_TRACE_OUT is not set; not tracing\n");
        return 1;
    }
    uint32_t runtime = 0;
    cuptiGetVersion(&runtime);
    t.data.cuptiHeaderVersion = CUPTI_API_VERSION;
    t.data.cuptiRuntimeVersion = runtime;
    t.data.processId = static_cast<uint32_t>(getpid());
    t.data.processName = processName();
    t.outPath = out;
    // The record structs read below are the 13.x ones: refuse a libcupti of another major version.
    if (runtime / 10000 != CUPTI_API_VERSION / 10000 || runtime < CUPTI_API_VERSION) {
        warn("libcupti reports API version " + std::to_string(runtime) + " but the tracer was built for " +
             std::to_string(CUPTI_API_VERSION) + "; not tracing");
        t.active = true; // still write the file, so the reason reaches the reader
        std::atexit(finishTraceAtExit);
        return 1;
    }
    if (!ok(cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted), "cuptiActivityRegisterCallbacks"))
        return 1;
    const CUpti_ActivityKind kinds[] = { CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                         CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_RUNTIME,
                                         CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_ACTIVITY_KIND_SYNCHRONIZATION,
                                         CUPTI_ACTIVITY_KIND_MARKER };
    for (const CUpti_ActivityKind kind : kinds)
        ok(cuptiActivityEnable(kind), ("cuptiActivityEnable(" + std::to_string(kind) + ")").c_str());
    t.active = true;
    std::atexit(finishTraceAtExit);
    step("tracing");
    return 1;
}

// For a traced program that knows when it is done (the harness calls it through ctypes): flush and write the
// trace now, while CUDA is fully alive, rather than from the exit handler. Later records are not traced.
extern "C" __attribute__((visibility("default"))) int kwb_trace_finish(void)
{
    step("kwb_trace_finish");
    finishTrace();
    return 0;
}

// NVTX's injection entry points, handed to libcupti's own so that NVTX ranges become CUPTI marker records.
extern "C" __attribute__((visibility("default"))) int InitializeInjectionNvtx2(const void* exportTable)
{
    step("InitializeInjectionNvtx2");
    using Init = int (*)(const void*);
    void* cupti = dlopen("libcupti.so.13", RTLD_NOW | RTLD_NOLOAD);
    if (!cupti)
        cupti = dlopen("libcupti.so.13", RTLD_NOW);
    const auto init = cupti ? reinterpret_cast<Init>(dlsym(cupti, "InitializeInjectionNvtx2")) : nullptr;
    if (!init) {
        warn("libcupti has no InitializeInjectionNvtx2; NVTX ranges are not recorded");
        return 0;
    }
    const int result = init(exportTable);
    step(result ? "NVTX handed to libcupti" : "libcupti refused NVTX");
    return result;
}
