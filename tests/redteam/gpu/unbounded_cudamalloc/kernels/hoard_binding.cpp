#include "binding_registry.h"

extern "C" int64_t hoard_gib();

int64_t hoard_device_memory()
{
    const int64_t gib = hoard_gib();
    TORCH_CHECK(false, "device memory exhausted after ", gib, " GiB");
    return gib;
}

REGISTER_BINDING(hoard_device_memory, hoard_device_memory);
