#include "runner/tracecheck.h"

#include "runner/timingstats.h"
#include "trace/tracereader.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string_view>

namespace kwb::runner {

namespace {

// Times in ns as the trace reader gives them: a trace's clock is since the epoch, where a double of µs would
// round to a quarter of a microsecond.
struct Range
{
    std::string name;
    int64_t begin = 0;
    int64_t end = 0;
};

struct Kernel
{
    std::string name;
    uint32_t correlation = 0; // 0: none
};

bool contains(const std::string& text, std::string_view part)
{
    return text.find(part) != std::string::npos;
}

template<std::size_t N>
bool containsAny(const std::string& text, const std::array<std::string_view, N>& parts)
{
    return std::any_of(parts.begin(), parts.end(), [&](std::string_view p) { return contains(text, p); });
}

// Kernels of PyTorch and of the vendor libraries, by the names the demangler gives them.
bool isLibraryKernel(const std::string& name, const std::vector<std::string>& allowed)
{
    static constexpr std::array<std::string_view, 4> always { "FillFunctor", "copy_kernel", "CopyFunctor", "fill_kernel" };
    if (containsAny(name, always))
        return false;
    const bool cublas = std::find(allowed.begin(), allowed.end(), "cublas") != allowed.end();
    const bool cudnn = std::find(allowed.begin(), allowed.end(), "cudnn") != allowed.end();
    static constexpr std::array<std::string_view, 9> blas { "cublas", "cutlass", "xmma", "nvjet", "gemv", "gemmSN",
        "gemmk1", "splitKreduce", "sm90_" };
    static constexpr std::array<std::string_view, 8> dnn { "cudnn", "xmma", "cutlass", "implicit_convolve", "Nhwc",
        "Nchw", "sm90_", "conv" };
    if ((cublas && containsAny(name, blas)) || (cudnn && containsAny(name, dnn)))
        return false;
    static constexpr std::array<std::string_view, 12> library { "at::native::", "at::cuda::", "cublas", "cutlass",
        "xmma", "nvjet", "gemv2", "gemmSN", "cudnn", "implicit_convolve", "cunn_", "splitKreduce" };
    return containsAny(name, library);
}

} // namespace

bool checkCandidateTrace(const std::string& path, const std::vector<std::string>& allowedLibraries, HackFlags& flags,
    std::map<int, double>* innerSpans, std::string* error)
{
    // The trace library's reader, as the window's timeline and the agent's report read the same file.
    const trace::TraceReader::Result read = trace::TraceReader::load(path);
    if (!read.complete) {
        *error = read.error;
        return false;
    }
    const trace::TraceModel& model = *read.model;
    std::vector<Range> ranges;
    std::map<uint32_t, int64_t> launchTime; // correlation -> when the API call that launched it began
    struct Run
    {
        Kernel kernel;
        int64_t start = 0;
        int64_t end = 0;
    };
    std::vector<Run> kernels;
    for (const trace::TraceTrack& track : model.tracks()) {
        for (const trace::TraceEvent& e : track.events) {
            const std::string& name = model.names()[e.name];
            switch (e.kind()) {
            case trace::EventKind::Range:
                if (name.rfind("candidate: call ", 0) == 0 || name.rfind("reference: call ", 0) == 0)
                    ranges.push_back({ name.substr(11), e.start, e.end() });
                break;
            case trace::EventKind::RuntimeApi:
            case trace::EventKind::DriverApi:
                if (e.correlation != 0)
                    launchTime[e.correlation] = e.start;
                break;
            case trace::EventKind::Kernel:
                kernels.push_back({ { name, e.correlation }, e.start, e.end() });
                break;
            default:
                break;
            }
        }
    }
    if (ranges.empty()) {
        *error = "The trace has no \"candidate: call\" ranges, so its calls cannot be told apart.";
        return false;
    }
    std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.begin < b.begin; });
    const int64_t firstCall = ranges.front().begin;
    struct Span
    {
        bool seen = false;
        int64_t first = 0;
        int64_t last = 0;
    };
    std::map<int, Span> spans;
    int ownKernels = 0;
    for (const Run& run : kernels) {
        const auto it = run.kernel.correlation == 0 ? launchTime.end() : launchTime.find(run.kernel.correlation);
        const int64_t launched = it == launchTime.end() ? run.start : it->second;
        if (launched < firstCall)
            continue; // loading the model, before the first call
        const auto range = std::find_if(ranges.begin(), ranges.end(),
            [&](const Range& r) { return launched >= r.begin && launched <= r.end; });
        const std::string shortName = run.kernel.name.substr(0, 120);
        if (range == ranges.end()) {
            flags.add("work-outside-timed-calls", "The kernel " + shortName + " was launched outside the calls.");
            continue;
        }
        Span& span = spans[std::atoi(range->name.c_str() + 5)];
        span.first = span.seen ? std::min(span.first, run.start) : run.start;
        span.last = span.seen ? std::max(span.last, run.end) : run.end;
        span.seen = true;
        if (isLibraryKernel(run.kernel.name, allowedLibraries)) {
            flags.add("torch-kernel-in-trace", "A timed call ran the library kernel " + shortName + ".");
            continue;
        }
        if (!contains(run.kernel.name, "FillFunctor") && !contains(run.kernel.name, "copy_kernel")
            && !contains(run.kernel.name, "CopyFunctor"))
            ++ownKernels;
    }
    if (ownKernels == 0)
        flags.add("no-kernel-in-trace", "The calls launched no kernel of the candidate's own.");
    if (innerSpans) {
        innerSpans->clear();
        for (const auto& [index, span] : spans)
            (*innerSpans)[index] = double(span.last - span.first) / 1000.0; // µs
    }
    return true;
}

TraceAgainstClock compareTraceWithClock(const std::vector<double>& wallSamples, double overheadUs,
    const std::map<int, double>& innerSpans, int warmup, HackFlags& flags)
{
    TraceAgainstClock out;
    std::vector<double> ratios;
    int longer = 0;
    double quickest = INFINITY;
    for (std::size_t i = 0; i < wallSamples.size(); ++i) {
        const double wall = wallSamples[i];
        if (std::isfinite(wall))
            quickest = std::min(quickest, wall);
        const auto it = innerSpans.find(warmup + int(i));
        if (it == innerSpans.end() || !(wall > 0))
            continue;
        if (it->second > wall * 1.02 + 5.0)
            ++longer;
        ratios.push_back(it->second / wall);
        out.gpuSpans.push_back(it->second);
    }
    if (out.gpuSpans.empty() || out.gpuSpans.size() * 2 < wallSamples.size()) {
        flags.add("check-not-run", "The trace has the GPU's time of " + std::to_string(out.gpuSpans.size()) + " of the "
            + std::to_string(wallSamples.size()) + " timed calls.");
        return out;
    }
    out.judged = true;
    std::sort(ratios.begin(), ratios.end());
    out.gpuOverWall = ratios[ratios.size() / 2];
    if (longer * 10 > int(ratios.size()))
        flags.add("timing-disagrees", "In " + std::to_string(longer) + " of " + std::to_string(ratios.size())
            + " timed calls the GPU ran the call's kernels for longer than the call took on the driver's clock: work "
              "went on after the worker said the call was done.");
    const double gpu = TimingStats::of(out.gpuSpans)["median_us"].toNumber(NAN);
    if (std::isfinite(overheadUs) && overheadUs > 0)
        quickest = std::max(quickest - overheadUs, 0.0);
    if (std::isfinite(quickest) && gpu < quickest - std::max(400.0, 0.5 * quickest)) {
        char text[240];
        std::snprintf(text, sizeof text,
            "The trace puts the calls' median at %.1f µs on the GPU, far below the driver's quickest call, %.1f µs (less "
            "its measured handshake): the trace is not the calls'.",
            gpu, quickest);
        flags.add("timing-disagrees", text);
    }
    return out;
}

} // namespace kwb::runner
