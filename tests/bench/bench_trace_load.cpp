// Loads Chrome traces of 1e5, 1e6 (and, with --1e7, 1e7) events and prints one JSON line per size: file
// size, load time, events, bytes the model keeps per event, and the peak RSS of the loading process (a fresh
// one per file; the whole file is held in memory while it is parsed).
//
// The traces are synthetic (a real 1e6-kernel trace would need minutes of GPU time), written in kwb_tracer's
// format by its own writer: per launch one cudaLaunchKernel on one of 4 host threads, one kernel on one of 4
// streams with realistic launch arguments and a flow between them, one NVTX range per 100 launches; 200
// distinct kernel names. Events count the API calls, kernels and ranges.
//   bench_trace_load [DIR] [--1e7]
#include "cuda/chrometrace.h"
#include "trace/tracereader.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <sys/resource.h>

using namespace kwb::trace;

namespace {

TraceData synthetic(size_t launches)
{
    TraceData d;
    d.processId = 4242;
    d.processName = "python3 (pid 4242)";
    d.deviceNames = { "NVIDIA H200" };
    uint64_t t = 1'700'000'000'000'000'000ull;
    d.apis.reserve(launches);
    d.kernels.reserve(launches);
    for (size_t i = 0; i < launches; ++i) {
        const auto tid = static_cast<uint32_t>(100 + i % 4);
        d.apis.push_back({ { t, t + 3'000, 4242, tid }, static_cast<uint32_t>(i + 1), false, "cudaLaunchKernel" });
        KernelRecord k;
        k.start = t + 5'000;
        k.end = k.start + 2'000 + (i * 7919) % 50'000;
        k.stream = static_cast<uint32_t>(7 + i % 4);
        k.correlation = static_cast<uint32_t>(i + 1);
        k.grid[0] = 132 * (1 + static_cast<int32_t>(i % 8));
        k.grid[1] = k.grid[2] = 1;
        k.block[0] = 256;
        k.block[1] = k.block[2] = 1;
        k.registersPerThread = 32;
        k.name = "_Z" + std::to_string(10 + (i % 200 >= 100 ? 1 : 0)) + "kernel" + std::to_string(1000 + i % 200)
            + (i % 200 >= 100 ? "" : "x") + "PKfPfi";
        d.kernels.push_back(std::move(k));
        if (i % 100 == 0)
            d.ranges.push_back({ { t, t + 100 * 4'000, 4242, tid }, "step " + std::to_string(i / 100), "" });
        t += 4'000;
    }
    return d;
}

long peakRssKb()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

} // namespace

int load(const std::string& path)
{
    const auto start = std::chrono::steady_clock::now();
    const TraceReader::Result r = TraceReader::load(path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!r.complete) {
        std::fprintf(stderr, "%s\n", r.error.c_str());
        return 1;
    }
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    const auto bytes = static_cast<long long>(f.tellg());
    std::printf("{\"events\": %zu, \"flows\": %zu, \"file_mb\": %.1f, \"load_s\": %.3f, "
                "\"model_bytes_per_event\": %.1f, \"peak_rss_mb\": %.0f}\n",
                r.model->eventCount(), r.model->flows().size(), static_cast<double>(bytes) / 1e6, seconds,
                static_cast<double>(r.model->memoryBytes()) / static_cast<double>(r.model->eventCount()),
                static_cast<double>(peakRssKb()) / 1024.0);
    return 0;
}

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], "load") == 0)
        return load(argv[2]);
    const std::string dir = argc > 1 && argv[1][0] != '-' ? argv[1] : "/tmp";
    const bool huge = argc > 1 && std::strcmp(argv[argc - 1], "--1e7") == 0;
    for (const size_t launches : { size_t(50'000), size_t(500'000), size_t(5'000'000) }) {
        if (launches == 5'000'000 && !huge)
            break;
        const std::string path = dir + "/kwb-bench-trace-" + std::to_string(launches) + ".json";
        {
            const TraceData data = synthetic(launches);
            std::ofstream(path, std::ios::binary) << chromeTraceJson(data);
        }
        // A fresh process per load, so its peak RSS is the reader's and not the generator's.
        std::fflush(stdout);
        const std::string command = std::string("'") + argv[0] + "' load '" + path + "'";
        const int rc = std::system(command.c_str());
        std::remove(path.c_str());
        if (rc != 0)
            return 1;
    }
    return 0;
}
