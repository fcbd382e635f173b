#pragma once

#include <string>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// What ptxas reported (-Xptxas -v) for one entry function compiled for one arch. -1: not reported.
struct KernelResources
{
    std::string kernel; // mangled
    std::string arch; // "sm_90"
    int registers = -1;
    int barriers = -1;
    long long sharedBytes = -1; // static shared memory (smem)
    long long stackBytes = -1; // this function's stack frame
    long long spillStoreBytes = -1;
    long long spillLoadBytes = -1;
    long long cumulativeStackBytes = -1; // including the functions it calls
    long long constantBytes = -1; // sum of the function's cmem[N] banks; sm_90 under CUDA 13 reports none
    long long globalBytes = -1; // gmem of the module the function is in
    long long moduleConstantBytes = -1; // cmem[N] banks of the module (__constant__ data)
    double compileTimeMs = -1;

    bool operator==(const KernelResources&) const = default;

    // One JSON object with the keys the Qt side reads; unknown numbers are left out.
    void writeJson(JsonWriter& writer) const;
    static void writeJsonArray(JsonWriter& writer, const std::vector<KernelResources>& kernels);
};

} // namespace kwb::runner
