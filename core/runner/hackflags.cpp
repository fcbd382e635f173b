#include "runner/hackflags.h"

#include "runner/jsonvalue.h"
#include "runner/jsonwriter.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace kwb::runner {

bool HackFlags::isFailing(const std::string& name) const
{
    // degenerate-task is the task's fault, not the candidate's: it withholds the reward instead (EvalPipeline::score).
    static constexpr std::array<std::string_view, 3> reviewOnly { "excessive-speedup", "non-contiguous-output",
        "degenerate-task" };
    if (m_rules == Rules::KernelBench && isTorchCompute(name))
        return false;
    return std::find(reviewOnly.begin(), reviewOnly.end(), name) == reviewOnly.end();
}

bool HackFlags::isTorchCompute(const std::string& name)
{
    // Not no-custom-kernel or extension-not-called: KernelBench's checker, too, wants a kernel of the candidate's own
    // that forward calls; not try-except-fallback or subclasses-model, which it rejects as well.
    static constexpr std::array<std::string_view, 4> compute { "torch-op-in-forward", "torch-op-in-cpp",
        "torch-op-at-runtime", "torch-kernel-in-trace" };
    return std::find(compute.begin(), compute.end(), name) != compute.end();
}

bool HackFlags::isTorchFallback(const std::string& name)
{
    static constexpr std::array<std::string_view, 9> fallback { "torch-op-in-forward", "torch-op-in-cpp",
        "try-except-fallback", "subclasses-model", "torch-op-at-runtime", "no-custom-kernel", "extension-not-called",
        "torch-kernel-in-trace", "no-kernel-in-trace" };
    return std::find(fallback.begin(), fallback.end(), name) != fallback.end();
}

void HackFlags::add(const std::string& name, const std::string& detail)
{
    if (m_torchAllowed && isTorchFallback(name))
        return;
    if (std::none_of(m_flags.begin(), m_flags.end(), [&](const HackFlag& f) { return f.name == name; }))
        m_flags.push_back({ name, detail });
}

bool HackFlags::contains(const std::string& name) const
{
    return std::any_of(m_flags.begin(), m_flags.end(), [&](const HackFlag& f) { return f.name == name; });
}

void HackFlags::addFrom(const JsonValue& flags)
{
    for (const JsonValue& flag : flags.items()) {
        if (flag["name"].isString() && !flag["name"].toString().empty())
            add(flag["name"].toString(), flag["detail"].toString());
    }
}

const HackFlag* HackFlags::firstFailing() const
{
    const auto it = std::find_if(m_flags.begin(), m_flags.end(), [this](const HackFlag& f) { return isFailing(f.name); });
    return it == m_flags.end() ? nullptr : &*it;
}

void HackFlags::write(JsonWriter& w) const
{
    w.key("hack_flags").beginArray();
    for (const HackFlag& flag : m_flags)
        w.value(flag.name);
    w.endArray();
    w.key("hack_details").beginArray();
    for (const HackFlag& flag : m_flags)
        w.beginObject().key("flag").value(flag.name).key("detail").value(flag.detail).key("fails").value(isFailing(flag.name)).endObject();
    w.endArray();
}

} // namespace kwb::runner
