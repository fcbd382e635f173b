#pragma once

#include "runner/evalrequest.h"
#include "runner/jsonvalue.h"

#include <optional>
#include <string>
#include <vector>

namespace kwb::runner {

// Runs one harness stage (calibrate, floor, lint) in a fresh folder under the cache, with the request's Python and
// harness, and returns what it wrote; nothing, with *error set to one sentence, when it failed.
// `inheritFds` are descriptors of the runner's that the stage keeps under the same numbers (a progress stream).
std::optional<JsonValue> runStage(const EvalRequest& r, const std::string& stage, std::vector<std::string> args, double seconds,
    std::string* error, std::vector<int> inheritFds = {});

} // namespace kwb::runner
