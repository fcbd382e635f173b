#include "runner/tracecheck.h"

#include "runner/jsonvalue.h"

#include <algorithm>
#include <array>
#include <map>
#include <string_view>

namespace kwb::runner {

namespace {

struct Range
{
    std::string name;
    double begin = 0;
    double end = 0;
};

struct Kernel
{
    std::string name;
    double stream = -1;
    double correlation = -1;
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
    std::string* error)
{
    const std::optional<JsonValue> trace = JsonValue::parseFile(path, error);
    if (!trace)
        return false;
    const JsonValue& events = trace->isObject() ? (*trace)["traceEvents"] : *trace;
    std::vector<Range> ranges;
    std::map<double, double> launchTime; // correlation -> when the API call that launched it began
    std::vector<std::pair<Kernel, double>> kernels; // kernel, its GPU start
    for (const JsonValue& e : events.items()) {
        const std::string& cat = e["cat"].toString();
        const double ts = e["ts"].toNumber(0);
        if (cat == "nvtx" && e["name"].toString().rfind("candidate: ", 0) == 0)
            ranges.push_back({ e["name"].toString().substr(11), ts, ts + e["dur"].toNumber(0) });
        else if ((cat == "cuda_runtime" || cat == "cuda_driver") && e["args"]["correlation"].isNumber())
            launchTime[e["args"]["correlation"].toNumber(-1)] = ts;
        else if (cat == "kernel")
            kernels.push_back({ { e["name"].toString(), e["args"]["stream"].toNumber(-1), e["args"]["correlation"].toNumber(-1) }, ts });
    }
    const auto warmUp = std::find_if(ranges.begin(), ranges.end(), [](const Range& r) { return r.name == "warm-up"; });
    if (warmUp == ranges.end()) {
        *error = "The trace of the candidate has no \"candidate: warm-up\" range, so its calls cannot be told apart.";
        return false;
    }
    const double passBegins = warmUp->begin;
    double harnessStream = -1; // the stream the flushes ran on: the one the timing events are recorded on
    for (const auto& [kernel, start] : kernels) {
        const auto it = launchTime.find(kernel.correlation);
        if (it == launchTime.end())
            continue;
        for (const Range& r : ranges) {
            if (r.name == "flush" && it->second >= r.begin && it->second <= r.end)
                harnessStream = kernel.stream;
        }
    }
    int ownKernels = 0;
    for (const auto& [kernel, start] : kernels) {
        const auto it = launchTime.find(kernel.correlation);
        const double launched = it == launchTime.end() ? start : it->second;
        if (launched < passBegins)
            continue; // the harness making inputs
        const auto range = std::find_if(ranges.begin(), ranges.end(),
            [&](const Range& r) { return launched >= r.begin && launched <= r.end; });
        if (range != ranges.end() && (range->name == "warm-up" || range->name == "flush"))
            continue;
        const std::string shortName = kernel.name.substr(0, 120);
        if (range == ranges.end() || range->name.rfind("call ", 0) != 0) {
            flags.add("work-outside-timed-calls", "The kernel " + shortName + " was launched outside the timed calls"
                + (range == ranges.end() ? "." : " (during \"" + range->name + "\")."));
            continue;
        }
        if (isLibraryKernel(kernel.name, allowedLibraries)) {
            flags.add("torch-kernel-in-trace", "A timed call ran the library kernel " + shortName + ".");
            continue;
        }
        if (harnessStream >= 0 && kernel.stream != harnessStream)
            flags.add("side-stream", "The kernel " + shortName + " ran on stream " + std::to_string(int(kernel.stream))
                + ", which the timing events on stream " + std::to_string(int(harnessStream)) + " do not see.");
        if (!contains(kernel.name, "FillFunctor") && !contains(kernel.name, "copy_kernel"))
            ++ownKernels;
    }
    if (ownKernels == 0)
        flags.add("no-kernel-in-trace", "The timed calls launched no kernel of the candidate's own.");
    return true;
}

} // namespace kwb::runner
