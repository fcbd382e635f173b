#include "chrometrace.h"

#include <cxxabi.h>

#include <cstdio>
#include <ostream>
#include <cstdlib>
#include <memory>
#include <set>
#include <unordered_map>

namespace kwb::trace {

namespace {

constexpr uint32_t kHostWaitTid = 1u << 31; // the per-device track of host synchronisation waits

std::string quoted(const std::string& s)
{
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (const char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

// ns as µs with three decimals, exactly: 1234567 -> "1234.567".
std::string micros(uint64_t ns)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%llu.%03llu", static_cast<unsigned long long>(ns / 1000),
                  static_cast<unsigned long long>(ns % 1000));
    return buf;
}

uint64_t duration(uint64_t start, uint64_t end)
{
    return end > start ? end - start : 0;
}

// Appends to a string with no stream and no locale: the tracer runs inside other programs, where a
// statically linked C++ runtime's stream facets may not be set up (seen on a GPU host).
class Out {
public:
    explicit Out(std::string& s) : m_s(s) { }
    Out& operator<<(const char* v) { m_s += v; return *this; }
    Out& operator<<(const std::string& v) { m_s += v; return *this; }
    Out& operator<<(char v) { m_s += v; return *this; }
    Out& operator<<(int v) { return number("%d", v); }
    Out& operator<<(unsigned v) { return number("%u", v); }
    Out& operator<<(unsigned long v) { return number("%lu", v); }
    Out& operator<<(unsigned long long v) { return number("%llu", v); }
    Out& operator<<(unsigned short v) { return number("%u", unsigned(v)); }

private:
    template <typename T>
    Out& number(const char* format, T v)
    {
        char buf[32];
        std::snprintf(buf, sizeof buf, format, v);
        m_s += buf;
        return *this;
    }
    std::string& m_s;
};

class EventList {
public:
    explicit EventList(Out& out) : m_out(out) { }
    // Starts the next event; the caller writes its members after the opening brace.
    Out& next()
    {
        m_out << (m_first ? "\n{" : ",\n{");
        m_first = false;
        return m_out;
    }

private:
    Out& m_out;
    bool m_first = true;
};

void metadata(EventList& events, const char* what, uint32_t pid, const uint32_t* tid, const std::string& name)
{
    Out& o = events.next();
    o << "\"ph\":\"M\",\"name\":\"" << what << "\",\"pid\":" << pid;
    if (tid)
        o << ",\"tid\":" << *tid;
    o << ",\"args\":{\"name\":" << quoted(name) << "}}";
}

void complete(Out& o, const char* cat, const std::string& name, uint32_t pid, uint32_t tid, uint64_t start,
              uint64_t end)
{
    o << "\"ph\":\"X\",\"cat\":\"" << cat << "\",\"name\":" << quoted(name) << ",\"pid\":" << pid << ",\"tid\":" << tid
      << ",\"ts\":" << micros(start) << ",\"dur\":" << micros(duration(start, end));
}

void complete(Out& o, const char* cat, const std::string& name, const HostSpan& span)
{
    complete(o, cat, name, span.processId, span.threadId, span.start, span.end);
}

std::string triple(const int32_t* v)
{
    return "[" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + "]";
}

} // namespace

std::string demangle(const std::string& name)
{
    if (name.size() < 2 || name[0] != '_' || name[1] != 'Z')
        return name;
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> out(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && out ? std::string(out.get()) : name;
}

std::string chromeTraceJson(const TraceData& data)
{
    std::string text;
    text.reserve(256 + 400 * (data.kernels.size() + data.apis.size() + data.transfers.size() + data.ranges.size()));
    Out out(text);
    out << "{\"schemaVersion\":1,\"displayTimeUnit\":\"ns\",\n\"deviceProperties\":[";
    for (size_t d = 0; d < data.deviceNames.size(); ++d)
        out << (d ? "," : "") << "{\"id\":" << d << ",\"name\":" << quoted(data.deviceNames[d]) << "}";
    out << "],\n\"kwbTrace\":{\"tool\":\"kwb_tracer\",\"cupti_header_version\":" << data.cuptiHeaderVersion
        << ",\"cupti_runtime_version\":" << data.cuptiRuntimeVersion << ",\"dropped_records\":" << data.droppedRecords
        << ",\"warnings\":[";
    for (size_t i = 0; i < data.warnings.size(); ++i)
        out << (i ? "," : "") << quoted(data.warnings[i]);
    out << "]},\n\"traceEvents\":[";

    EventList events(out);

    // Tracks: the host process and its threads, each device and its streams.
    metadata(events, "process_name", data.processId,
             nullptr, data.processName.empty() ? "host" : data.processName);
    std::set<uint32_t> threads;
    for (const ApiRecord& a : data.apis)
        threads.insert(a.threadId);
    for (const RangeRecord& r : data.ranges)
        threads.insert(r.threadId);
    for (const uint32_t tid : threads)
        metadata(events, "thread_name", data.processId, &tid, "thread " + std::to_string(tid));
    std::set<std::pair<uint32_t, uint32_t>> streams; // (device, stream)
    for (const KernelRecord& k : data.kernels)
        streams.insert({ k.device, k.stream });
    for (const TransferRecord& t : data.transfers)
        streams.insert({ t.device, t.stream });
    std::set<uint32_t> devices;
    for (const auto& [device, stream] : streams)
        devices.insert(device);
    for (size_t d = 0; d < data.deviceNames.size(); ++d)
        devices.insert(static_cast<uint32_t>(d));
    for (const uint32_t d : devices) {
        const std::string name = d < data.deviceNames.size() ? data.deviceNames[d] : std::string("GPU");
        metadata(events, "process_name", kDevicePidBase + d, nullptr, "GPU " + std::to_string(d) + ": " + name);
    }
    for (const auto& [device, stream] : streams)
        metadata(events, "thread_name", kDevicePidBase + device, &stream, "stream " + std::to_string(stream));
    if (!data.syncs.empty()) {
        for (const uint32_t d : devices)
            metadata(events, "thread_name", kDevicePidBase + d, &kHostWaitTid, "host waits");
    }

    std::unordered_map<uint32_t, const ApiRecord*> byCorrelation;
    for (const ApiRecord& a : data.apis) {
        complete(events.next(), a.driver ? "cuda_driver" : "cuda_runtime", a.name, a);
        out << ",\"args\":{\"correlation\":" << a.correlation << "}}";
        byCorrelation.emplace(a.correlation, &a);
    }
    for (const RangeRecord& r : data.ranges) {
        complete(events.next(), "nvtx", r.name, r);
        out << ",\"args\":{\"domain\":" << quoted(r.domain) << "}}";
    }

    uint64_t flowId = 0;
    auto flow = [&](uint32_t correlation, uint32_t pid, uint32_t tid, uint64_t start) {
        const auto it = byCorrelation.find(correlation);
        if (correlation == 0 || it == byCorrelation.end())
            return;
        ++flowId;
        const ApiRecord& a = *it->second;
        events.next() << "\"ph\":\"s\",\"cat\":\"ac2g\",\"name\":\"launch\",\"id\":" << flowId << ",\"pid\":"
                      << a.processId << ",\"tid\":" << a.threadId << ",\"ts\":" << micros(a.start) << "}";
        events.next() << "\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"ac2g\",\"name\":\"launch\",\"id\":" << flowId
                      << ",\"pid\":" << pid << ",\"tid\":" << tid << ",\"ts\":" << micros(start) << "}";
    };

    // A kernel or a transfer: its event on the device's stream track (args left open for the caller's own), and
    // then the args every piece of stream work ends with and the flow from its launch.
    auto beginStreamWork = [&](const StreamWork& w, const char* cat, const std::string& name) {
        complete(events.next(), cat, name, kDevicePidBase + w.device, w.stream, w.start, w.end);
        out << ",\"args\":{";
    };
    auto endStreamWork = [&](const StreamWork& w) {
        out << ",\"device\":" << w.device << ",\"context\":" << w.context << ",\"stream\":" << w.stream
            << ",\"correlation\":" << w.correlation << "}}";
        flow(w.correlation, kDevicePidBase + w.device, w.stream, w.start);
    };

    for (const KernelRecord& k : data.kernels) {
        beginStreamWork(k, "kernel", demangle(k.name));
        out << "\"mangled name\":" << quoted(k.name) << ",\"grid\":" << triple(k.grid)
            << ",\"block\":" << triple(k.block);
        if (k.cluster[0] > 1 || k.cluster[1] > 1 || k.cluster[2] > 1)
            out << ",\"cluster\":[" << k.cluster[0] << "," << k.cluster[1] << "," << k.cluster[2] << "]";
        out << ",\"registers per thread\":" << k.registersPerThread << ",\"static shared memory\":"
            << k.staticSharedBytes << ",\"dynamic shared memory\":" << k.dynamicSharedBytes
            << ",\"local memory per thread\":" << k.localBytesPerThread;
        endStreamWork(k);
    }
    for (const TransferRecord& t : data.transfers) {
        const bool copy = t.kind == TransferRecord::Kind::Memcpy;
        beginStreamWork(t, copy ? "gpu_memcpy" : "gpu_memset", copy ? "Memcpy " + t.direction : "Memset");
        const uint64_t ns = duration(t.start, t.end);
        // bytes per ns = GB/s, with three decimals in integer arithmetic (no locale decides the point).
        const unsigned long long milli = ns ? static_cast<unsigned long long>(t.bytes * 1000 / ns) : 0;
        char bandwidth[48];
        std::snprintf(bandwidth, sizeof bandwidth, "%llu.%03llu", milli / 1000, milli % 1000);
        out << "\"bytes\":" << t.bytes << ",\"memory bandwidth (GB/s)\":" << bandwidth;
        if (!copy)
            out << ",\"value\":" << t.value;
        endStreamWork(t);
    }
    for (const SyncRecord& s : data.syncs) {
        // CUPTI names the context, not the device; one context per device is what the traced harness makes.
        const uint32_t device = devices.empty() ? 0 : *devices.begin();
        complete(events.next(), "cuda_sync", "Synchronize " + s.type, kDevicePidBase + device, kHostWaitTid, s.start,
                 s.end);
        out << ",\"args\":{\"context\":" << s.context;
        if (s.stream != UINT32_MAX)
            out << ",\"stream\":" << s.stream;
        out << ",\"correlation\":" << s.correlation << "}}";
    }
    out << "\n]}\n";
    return text;
}

void writeChromeTrace(const TraceData& data, std::ostream& out)
{
    const std::string text = chromeTraceJson(data);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

} // namespace kwb::trace
