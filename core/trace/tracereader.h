#pragma once

#include "trace/tracemodel.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kwb::trace {

// Reads Chrome trace-event JSON: the files kwb_tracer writes and those of torch.profiler / Kineto (object
// form with "traceEvents", or a bare array). Streams over the file with simdjson's on-demand parser.
class TraceReader
{
public:
    struct Result
    {
        std::unique_ptr<TraceModel> model; // what was read, also when the file broke off
        bool complete = false; // false: `error` says why and where, and the model is partial
        std::string error; // one sentence, with the byte offset where reading stopped
    };
    using Progress = std::function<void(double fraction)>; // 0..1 of the file's bytes

    // May run on any thread; `cancel` stops it with an error.
    static Result load(const std::string& path, const Progress& progress = {}, const std::atomic<bool>* cancel = nullptr);
    static Result parse(std::string_view json, const std::string& label, const Progress& progress = {},
                        const std::atomic<bool>* cancel = nullptr);

    // The members of one event and of its args, read again from the file at the event's offset: what a click
    // shows. Strings unquoted, numbers, arrays and objects as their JSON text. Empty with `error` set on failure.
    static std::vector<std::pair<std::string, std::string>> details(const std::string& path, uint64_t offset,
                                                                    std::string* error);
    // The same, from the trace's text in memory (a trace kept in the store).
    static std::vector<std::pair<std::string, std::string>> detailsInText(std::string_view json, uint64_t offset,
                                                                          std::string* error);
};

} // namespace kwb::trace
