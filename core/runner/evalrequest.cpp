#include "runner/evalrequest.h"

#include "runner/hackflags.h"

#include "runner/rewardscheme.h"

#include <filesystem>
#include <sstream>

namespace kwb::runner {

std::string TimingProtocol::toJson() const
{
    std::ostringstream s;
    s << "{\"warmup_ms\":" << warmupMs << ",\"min_calls\":" << minCalls << ",\"min_ms\":" << minMs
      << ",\"max_calls\":" << maxCalls << ",\"max_ms\":" << maxMs << ",\"input_sets\":" << inputSets << '}';
    return s.str();
}

std::string EvalRequest::validate() const
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (taskPath.empty() || !fs::is_regular_file(taskPath, ec))
        return "The task file " + taskPath + " does not exist.";
    if (mode != Mode::BaselinesOnly && (candidatePath.empty() || !fs::exists(candidatePath, ec)))
        return "The candidate " + candidatePath + " does not exist.";
    if (mode != Mode::BaselinesOnly && fs::is_directory(candidatePath, ec) && !fs::is_regular_file(fs::path(candidatePath) / "model_new.py", ec))
        return "The workspace " + candidatePath + " has no model_new.py.";
    if (device != "cuda" && device != "cpu")
        return "The device must be cuda or cpu, not " + device + ".";
    if (!RewardScheme::isKnown(rewardScheme))
        return "Unknown reward scheme " + rewardScheme + "; use one of " + RewardScheme::names() + ".";
    if (!HackFlags::isKnownRules(rules))
        return "Unknown rule profile " + rules + "; use cuda-agent or kernelbench.";
    if (precision != "fp32" && precision != "tf32")
        return "The precision must be fp32 or tf32, not " + precision + ".";
    if (trials < 1 || protocol.inputSets < 1 || protocol.inputSets > trials)
        return "Trials must be at least 1 and at least the number of timing input sets.";
    if (!(atol >= 0) || !(rtol >= 0))
        return "atol and rtol must not be negative.";
    if (harnessPath.empty() || !fs::is_regular_file(harnessPath, ec))
        return "The evaluation harness " + harnessPath + " is missing; reinstall or pass --harness.";
    if (!tracerPath.empty() && !fs::is_regular_file(tracerPath, ec))
        return "The tracer " + tracerPath + " does not exist; pass --tracer PATH or --no-trace.";
    if (fs::exists(runDirectory, ec) && !fs::is_empty(runDirectory, ec))
        return "The run directory " + runDirectory + " is not empty.";
    return {};
}

} // namespace kwb::runner
