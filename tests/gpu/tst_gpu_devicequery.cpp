// On a GPU host: the runtime must find a device and report the sizes the timing protocol relies on.
#include "check.h"
#include "cuda/devicequery.h"

#include <iostream>

int main()
{
    const kwb::cuda::DeviceQuery query = kwb::cuda::DeviceQuery::run();
    if (!KWB_CHECK(query.isValid()))
        std::cerr << "error: " << query.error() << '\n';
    KWB_CHECK(!query.devices().empty());
    KWB_CHECK(query.driverVersion() > 0);
    KWB_CHECK(query.runtimeVersion() > 0);
    KWB_CHECK(query.driverVersion() >= query.runtimeVersion());

    for (const kwb::cuda::DeviceInfo& device : query.devices()) {
        std::cout << "device " << device.index << ": " << device.name << ", sm_" << device.computeCapabilityMajor
                  << device.computeCapabilityMinor << ", " << device.smCount << " SMs, L2 " << device.l2CacheBytes
                  << " B, " << device.globalMemoryBytes << " B global, " << device.memoryBusWidthBits
                  << "-bit bus, SM clock " << device.clockRateKHz << " kHz, memory clock " << device.memoryClockRateKHz
                  << " kHz, PCI " << device.pciBusId << '\n';
        KWB_CHECK(!device.name.empty());
        KWB_CHECK(device.computeCapabilityMajor >= 5);
        KWB_CHECK(device.smCount > 0);
        KWB_CHECK(device.l2CacheBytes > 0);
        KWB_CHECK(device.globalMemoryBytes > 0);
        KWB_CHECK(device.memoryBusWidthBits > 0);
        KWB_CHECK(!device.pciBusId.empty());
    }
    return kwb::test::finish("tst_gpu_devicequery");
}
