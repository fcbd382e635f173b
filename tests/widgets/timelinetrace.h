#pragma once

// A small trace for the timeline parts' tests, read by the real TraceReader: a host process with one thread (a range
// around a launch, so two nesting lines) and a GPU process with two streams (a kernel each, one launched by the host, and after the call the harness's copy).
#include "trace/tracereader.h"

#include <memory>
#include <string>

inline std::shared_ptr<const kwb::trace::TraceModel> smallTimelineTrace()
{
    const std::string json = R"json({"traceEvents":[
 {"ph":"M","name":"process_name","pid":10,"args":{"name":"python3 (pid 10)"}},
 {"ph":"M","name":"thread_name","pid":10,"tid":1,"args":{"name":"main thread"}},
 {"ph":"M","name":"process_name","pid":20,"args":{"name":"GPU 0"}},
 {"ph":"M","name":"thread_name","pid":20,"tid":7,"args":{"name":"stream 7"}},
 {"ph":"M","name":"thread_name","pid":20,"tid":8,"args":{"name":"stream 8"}},
 {"ph":"X","cat":"nvtx","name":"candidate: call 0","pid":10,"tid":1,"ts":1000.0,"dur":100.0},
 {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":10,"tid":1,"ts":1010.0,"dur":5.0,"args":{"correlation":5}},
 {"ph":"X","cat":"kernel","name":"void scale_kernel<float>(float*, int)","pid":20,"tid":7,"ts":1020.0,"dur":40.0,"args":{"correlation":5}},
 {"ph":"X","cat":"kernel","name":"reduce_kernel","pid":20,"tid":8,"ts":1070.0,"dur":20.0},
 {"ph":"X","cat":"gpu_memcpy","name":"Memcpy DtoH","pid":20,"tid":8,"ts":1150.0,"dur":20.0},
 {"ph":"s","id":5,"pid":10,"tid":1,"ts":1010.0,"cat":"ac2g","name":"launch"},
 {"ph":"f","id":5,"pid":20,"tid":7,"ts":1020.0,"cat":"ac2g","name":"launch","bp":"e"}
]})json";
    kwb::trace::TraceReader::Result r = kwb::trace::TraceReader::parse(json, "small trace");
    return r.complete ? std::shared_ptr<const kwb::trace::TraceModel>(std::move(r.model)) : nullptr;
}
