#include "cuda/devicequery.h"

#include <array>
#include <cuda_runtime_api.h>
#include <utility>

namespace kwb::cuda {

namespace {

std::string errorText(cudaError_t status)
{
    return std::string(cudaGetErrorString(status)) + " (" + cudaGetErrorName(status) + ")";
}

// Why cudaGetDeviceCount failed, in words a user can act on.
std::string countError(cudaError_t status, int driverVersion, int runtimeVersion)
{
    if (status == cudaErrorNoDevice)
        return "No CUDA device is visible; check that the machine has an NVIDIA GPU and that "
               "CUDA_VISIBLE_DEVICES does not hide it.";
    if (status == cudaErrorInsufficientDriver && driverVersion == 0)
        return "No NVIDIA driver is installed (libcuda could not be loaded), so no CUDA device can be used.";
    if (status == cudaErrorInsufficientDriver)
        return "The NVIDIA driver supports CUDA " + DeviceQuery::versionText(driverVersion)
            + " but kwb-runner was built with CUDA " + DeviceQuery::versionText(runtimeVersion)
            + "; update the driver or build with an older CUDA toolkit.";
    return "CUDA could not list the devices: " + errorText(status) + ".";
}

int attribute(cudaDeviceAttr which, int device, cudaError_t& status)
{
    int value = 0;
    if (status == cudaSuccess)
        status = cudaDeviceGetAttribute(&value, which, device);
    return value;
}

cudaError_t queryDevice(int index, DeviceInfo& info)
{
    cudaDeviceProp properties {};
    cudaError_t status = cudaGetDeviceProperties(&properties, index);
    if (status != cudaSuccess)
        return status;
    info.index = index;
    info.name = properties.name;
    info.globalMemoryBytes = static_cast<std::int64_t>(properties.totalGlobalMem);
    info.computeCapabilityMajor = attribute(cudaDevAttrComputeCapabilityMajor, index, status);
    info.computeCapabilityMinor = attribute(cudaDevAttrComputeCapabilityMinor, index, status);
    info.smCount = attribute(cudaDevAttrMultiProcessorCount, index, status);
    info.l2CacheBytes = attribute(cudaDevAttrL2CacheSize, index, status);
    info.memoryBusWidthBits = attribute(cudaDevAttrGlobalMemoryBusWidth, index, status);
    info.clockRateKHz = attribute(cudaDevAttrClockRate, index, status);
    info.memoryClockRateKHz = attribute(cudaDevAttrMemoryClockRate, index, status);
    std::array<char, 32> busId {};
    if (status == cudaSuccess
        && cudaDeviceGetPCIBusId(busId.data(), static_cast<int>(busId.size()), index) == cudaSuccess)
        info.pciBusId = busId.data();
    return status;
}

} // namespace

std::string DeviceQuery::versionText(int cudaVersion)
{
    if (cudaVersion <= 0)
        return {};
    return std::to_string(cudaVersion / 1000) + "." + std::to_string((cudaVersion % 1000) / 10);
}

DeviceQuery DeviceQuery::run()
{
    DeviceQuery query;
    // Both calls work without a driver: the driver version then reads 0.
    if (cudaDriverGetVersion(&query.m_driverVersion) != cudaSuccess)
        query.m_driverVersion = 0;
    if (cudaRuntimeGetVersion(&query.m_runtimeVersion) != cudaSuccess)
        query.m_runtimeVersion = 0;

    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        query.m_error = countError(status, query.m_driverVersion, query.m_runtimeVersion);
        return query;
    }
    if (count == 0) {
        query.m_error = countError(cudaErrorNoDevice, query.m_driverVersion, query.m_runtimeVersion);
        return query;
    }
    for (int index = 0; index < count; ++index) {
        DeviceInfo info;
        const cudaError_t deviceStatus = queryDevice(index, info);
        if (deviceStatus != cudaSuccess) {
            query.m_error
                = "CUDA could not describe device " + std::to_string(index) + ": " + errorText(deviceStatus) + ".";
            query.m_devices.clear();
            return query;
        }
        query.m_devices.push_back(std::move(info));
    }
    return query;
}

} // namespace kwb::cuda
