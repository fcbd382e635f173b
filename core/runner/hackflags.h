#pragma once

#include <string>
#include <vector>

namespace kwb::runner {

class JsonValue;
class JsonWriter;

struct HackFlag
{
    std::string name; // a fixed name such as "torch-op-in-forward"; the README lists them all
    std::string detail; // one sentence: what was found, and where
};

// The reward-hacking checks that fired for one evaluation. Most flags fail the candidate; a few only ask a person to
// look (an excessive speedup, a layout that differs from the reference's).
class HackFlags
{
public:
    static bool isFailing(const std::string& name);
    // Flags that mean "the candidate used torch (or the reference) instead of its own kernels".
    static bool isTorchFallback(const std::string& name);

    // A task whose policy allows torch ops (KWB_ALLOW_TORCH_OPS) drops the torch-fallback flags.
    void setTorchAllowed(bool allowed) { m_torchAllowed = allowed; }

    void add(const std::string& name, const std::string& detail); // once per name; the first detail stays
    // [{"name": ..., "detail": ...}, ...] as the harness writes them.
    void addFrom(const JsonValue& flags);
    const std::vector<HackFlag>& all() const { return m_flags; }
    bool contains(const std::string& name) const;
    // The first flag that fails the candidate, or nullptr.
    const HackFlag* firstFailing() const;
    // "hack_flags": names; "hack_details": [{"flag", "detail", "fails"}].
    void write(JsonWriter& writer) const;

private:
    std::vector<HackFlag> m_flags;
    bool m_torchAllowed = false;
};

} // namespace kwb::runner
