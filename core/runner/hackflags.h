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
    // The rule profiles: under CudaAgent every finding below fails but the review-only ones; under KernelBench the
    // findings of torch or library compute (isTorchCompute) are kept as warnings, as KernelBench's own checker keeps
    // them, and everything else is judged the same.
    enum class Rules { CudaAgent, KernelBench };
    static bool isKnownRules(const std::string& name) { return name == "cuda-agent" || name == "kernelbench"; }
    static Rules rulesNamed(const std::string& name) { return name == "kernelbench" ? Rules::KernelBench : Rules::CudaAgent; }

    // Whether the flag fails the candidate under these rules.
    bool isFailing(const std::string& name) const;
    // Flags that mean "the candidate used torch (or the reference) instead of its own kernels".
    static bool isTorchFallback(const std::string& name);
    // Of those, the ones that only say torch or a vendor library computed part of forward: allowed by KernelBench.
    static bool isTorchCompute(const std::string& name);

    // A task whose policy allows torch ops (KWB_ALLOW_TORCH_OPS) drops the torch-fallback flags.
    void setTorchAllowed(bool allowed) { m_torchAllowed = allowed; }
    void setRules(Rules rules) { m_rules = rules; }
    Rules rules() const { return m_rules; }

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
    Rules m_rules = Rules::CudaAgent;
};

} // namespace kwb::runner
