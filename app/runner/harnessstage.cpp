#include "harnessstage.h"

#include "runner/childprocess.h"

#include <chrono>
#include <filesystem>

namespace kwb::runner {

namespace fs = std::filesystem;

std::optional<JsonValue> runStage(const EvalRequest& r, const std::string& stage, std::vector<std::string> args, double seconds,
    std::string* error, std::vector<int> inheritFds)
{
    const auto stamp = std::chrono::system_clock::now().time_since_epoch().count();
    const fs::path dir = fs::path(r.cacheDirectory) / "runs" / (stage + "-" + std::to_string(stamp));
    fs::create_directories(dir);
    ProcessSpec spec;
    spec.argv = { r.python, r.harnessPath, stage };
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.argv.insert(spec.argv.end(), { "--out", dir.string() });
    spec.workingDirectory = dir.string();
    spec.logPath = (dir / "log.txt").string();
    spec.limits = { seconds, 0, std::int64_t(1) << 30, 4096 };
    spec.environment = { "PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1" };
    spec.inheritFds = std::move(inheritFds);
    const ProcessOutcome outcome = runProcess(spec);
    auto result = JsonValue::parseFile((dir / (stage + ".json")).string(), error);
    if (result && !(*result)["ok"].toBool()) {
        *error = "The " + stage + " stage failed: " + (*result)["reason"].toString() + ".";
        return std::nullopt;
    }
    if (!outcome.succeeded() || !result) {
        *error = "The " + stage + " process " + outcome.describe() + "; its log is " + spec.logPath + ".";
        return std::nullopt;
    }
    removeTree(dir.string());
    return result;
}

} // namespace kwb::runner
