#include "fingerprintcommand.h"

#include "runner/environmentfingerprint.h"
#include "runner/jsonwriter.h"

#include <fstream>
#include <ostream>
#include <string>

#if KWB_HAVE_CUDA
#include "cuda/devicequery.h"
#endif
#if KWB_HAVE_TORCH
#include "torch/torchversion.h"
#endif

namespace kwb::runner {

namespace {

#if KWB_HAVE_CUDA
void writeDevice(JsonWriter& json, const cuda::DeviceInfo& device)
{
    json.beginObject();
    json.key("index").value(device.index);
    json.key("name").value(device.name);
    json.key("pci_bus_id").value(device.pciBusId);
    json.key("compute_capability")
        .value(std::to_string(device.computeCapabilityMajor) + "." + std::to_string(device.computeCapabilityMinor));
    json.key("sm_count").value(device.smCount);
    json.key("l2_cache_bytes").value(device.l2CacheBytes);
    json.key("global_memory_bytes").value(device.globalMemoryBytes);
    json.key("memory_bus_width_bits").value(device.memoryBusWidthBits);
    json.key("clock_rate_khz").value(device.clockRateKHz);
    json.key("memory_clock_rate_khz").value(device.memoryClockRateKHz);
    json.endObject();
}

void addCuda(EnvironmentFingerprint& fingerprint, const cuda::DeviceQuery& query)
{
    // The same field an evaluation records (the NVIDIA driver's version); the CUDA version it supports otherwise.
    std::ifstream proc("/proc/driver/nvidia/version");
    fingerprint.driverVersion = EnvironmentFingerprint::driverFromProcVersion(proc);
    if (fingerprint.driverVersion.empty() && query.driverVersion() > 0)
        fingerprint.driverVersion = "CUDA " + cuda::DeviceQuery::versionText(query.driverVersion());
    fingerprint.cudaRuntimeVersion = cuda::DeviceQuery::versionText(query.runtimeVersion());
    // Device 0 is the one an evaluation runs on unless CUDA_VISIBLE_DEVICES says otherwise.
    if (!query.devices().empty())
        fingerprint.gpuName = query.devices().front().name;
}

void writeCuda(JsonWriter& json, const cuda::DeviceQuery& query)
{
    json.beginObject();
    json.key("error");
    if (query.isValid())
        json.null();
    else
        json.value(query.error());
    json.key("devices").beginArray();
    for (const cuda::DeviceInfo& device : query.devices())
        writeDevice(json, device);
    json.endArray();
    json.endObject();
}
#else
void writeCuda(JsonWriter& json)
{
    json.beginObject();
    json.key("error").value("kwb-runner was built without the CUDA toolkit, so it cannot list CUDA devices.");
    json.key("devices").beginArray().endArray();
    json.endObject();
}
#endif

} // namespace

int fingerprintCommand(std::ostream& out)
{
    EnvironmentFingerprint fingerprint = EnvironmentFingerprint::forThisHost();
#if KWB_HAVE_TORCH
    fingerprint.torchVersion = torchio::torchVersion();
#endif
#if KWB_HAVE_CUDA
    const cuda::DeviceQuery query = cuda::DeviceQuery::run();
    addCuda(fingerprint, query);
#endif

    JsonWriter json(out, 2);
    json.beginObject();
    json.key("runner_version").value(KWB_VERSION);
    fingerprint.writeMembers(json);
    json.key("cuda");
#if KWB_HAVE_CUDA
    writeCuda(json, query);
#else
    writeCuda(json);
#endif
    json.endObject();
    out << '\n';
    return 0;
}

} // namespace kwb::runner
