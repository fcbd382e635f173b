#pragma once

#include <cstdint>
#include <string>

namespace kwb::cuda {

// One visible CUDA device as the runtime reports it; sizes that decide how kernels are timed (L2, SMs) included.
struct DeviceInfo
{
    int index = 0;
    std::string name;
    std::string pciBusId;
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int smCount = 0;
    std::int64_t l2CacheBytes = 0;
    std::int64_t globalMemoryBytes = 0;
    int memoryBusWidthBits = 0;
    int clockRateKHz = 0; // peak SM clock
    int memoryClockRateKHz = 0; // peak memory clock
};

} // namespace kwb::cuda
