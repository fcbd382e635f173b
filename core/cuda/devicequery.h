#pragma once

#include "cuda/deviceinfo.h"

#include <string>
#include <vector>

namespace kwb::cuda {

// Lists the CUDA devices this process can see (CUDA_VISIBLE_DEVICES applies), with what timing needs to know.
class DeviceQuery
{
public:
    // Never throws and never aborts: no driver or no device gives an object whose error() says so.
    static DeviceQuery run();

    bool isValid() const { return m_error.empty(); }
    // One sentence for the user; empty when at least one device was found.
    const std::string& error() const { return m_error; }
    const std::vector<DeviceInfo>& devices() const { return m_devices; }
    // CUDA versions as the runtime encodes them (1000 * major + 10 * minor); 0 when unknown or no driver.
    int driverVersion() const { return m_driverVersion; }
    int runtimeVersion() const { return m_runtimeVersion; }

    // "13.0" from 13000; "" for 0.
    static std::string versionText(int cudaVersion);

private:
    std::string m_error;
    std::vector<DeviceInfo> m_devices;
    int m_driverVersion = 0;
    int m_runtimeVersion = 0;
};

} // namespace kwb::cuda
