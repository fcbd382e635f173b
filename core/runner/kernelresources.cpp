#include "kernelresources.h"

#include "jsonwriter.h"

namespace kwb::runner {

namespace {

void writeKnown(JsonWriter& writer, std::string_view key, long long number)
{
    if (number >= 0)
        writer.key(key).value(number);
}

} // namespace

void KernelResources::writeJson(JsonWriter& writer) const
{
    writer.beginObject();
    writer.key("kernel").value(kernel);
    if (!arch.empty())
        writer.key("arch").value(arch);
    writeKnown(writer, "registers", registers);
    writeKnown(writer, "shared_bytes", sharedBytes);
    writeKnown(writer, "stack_bytes", stackBytes);
    writeKnown(writer, "spill_store_bytes", spillStoreBytes);
    writeKnown(writer, "spill_load_bytes", spillLoadBytes);
    writeKnown(writer, "constant_bytes", constantBytes);
    writeKnown(writer, "barriers", barriers);
    writeKnown(writer, "cumulative_stack_bytes", cumulativeStackBytes);
    writeKnown(writer, "global_bytes", globalBytes);
    writeKnown(writer, "module_constant_bytes", moduleConstantBytes);
    if (compileTimeMs >= 0)
        writer.key("compile_time_ms").value(compileTimeMs);
    writer.endObject();
}

void KernelResources::writeJsonArray(JsonWriter& writer, const std::vector<KernelResources>& kernels)
{
    writer.beginArray();
    for (const KernelResources& kernel : kernels)
        kernel.writeJson(writer);
    writer.endArray();
}

} // namespace kwb::runner
