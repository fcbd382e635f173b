#include "calibratecommand.h"

#include "evaloptions.h"
#include "harnessstage.h"
#include "runner/calibration.h"
#include "runner/childprocess.h"
#include "runner/environmentfingerprint.h"
#include "runner/gpulock.h"
#include "runner/jsonwriter.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kCalibrateUsage = R"(Usage: kwb-runner calibrate [--device cuda|cpu] [--rounds N] [options]

Measures what this machine can do, once, with clocks as found (never changed): device-to-device copy bandwidth
(bytes read + written per second) and matrix rates through cuBLAS (fp32, tf32, bf16, fp16; on the CPU a fp32
GEMM). Stores the result under the cache (calibration/<device>.json), where eval picks it up for the roofline,
and prints it with the spread over this machine's earlier calibrations.

  --rounds N               measured rounds per ceiling after one warm-up round (default 5)
)";

constexpr std::string_view kFloorUsage = R"(Usage: kwb-runner floor --task TASK.py [options]

Prints the least work any correct kernel must do for the task: its inputs read once, its outputs written once,
its parameters read once, and the FLOPs torch.utils.flop_counter counts on one forward of the reference.
Counted on the meta device (nothing is computed); a task that cannot run there is counted on --device.
)";

} // namespace

int calibrateCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    std::map<std::string, std::string> extra = { { "--rounds", "5" } };
    if (const int code = parseEvalOptions(args, r, extra, kCalibrateUsage, out, err); code >= 0)
        return code;
    const int rounds = std::atoi(extra["--rounds"].c_str());
    if (rounds < 2 || (r.device != "cuda" && r.device != "cpu")) {
        err << "kwb-runner: calibrate needs --device cuda or cpu and at least 2 rounds.\n";
        return 2;
    }
    std::string error;
    // The GPU alone while it is measured: other evaluations on the machine wait (core/runner/gpulock.h).
    std::optional<GpuLock> gpu;
    if (r.device == "cuda")
        gpu.emplace(GpuLock::forDevices(r.cacheDirectory), GpuLock::Mode::Exclusive);
    const auto measured = runStage(r, "calibrate", { "--device", r.device, "--rounds", std::to_string(rounds) }, 900, &error);
    gpu.reset();
    if (!measured) {
        err << "kwb-runner: " << error << '\n';
        return 1;
    }
    // The stored form: the harness's measurement and this machine's fingerprint, on one line for the history.
    EnvironmentFingerprint fingerprint = EnvironmentFingerprint::forThisHost();
    const JsonValue& env = (*measured)["environment"];
    fingerprint.gpuName = env["gpu"].toString();
    fingerprint.driverVersion = env["driver"].toString();
    fingerprint.cudaRuntimeVersion = env["cuda"].toString();
    fingerprint.torchVersion = env["torch"].toString();
    std::ostringstream line;
    {
        JsonWriter w(line);
        w.beginObject();
        for (const auto& [key, value] : measured->members()) {
            if (key != "ok" && key != "stage" && key != "environment")
                value.write(w.key(key));
        }
        w.key("fingerprint");
        fingerprint.writeJson(w);
        w.endObject();
    }
    const auto stored = JsonValue::parse(line.str(), &error);
    if (!stored) {
        err << "kwb-runner: the calibration could not be put together: " << error << '\n';
        return 1;
    }
    const Calibration::Identity identity = Calibration::identityOf(*stored);
    std::error_code ec;
    fs::create_directories(fs::path(Calibration::latestPath(r.cacheDirectory, r.device)).parent_path(), ec);
    std::ofstream latest(Calibration::latestPath(r.cacheDirectory, r.device));
    latest << line.str() << '\n';
    std::ofstream appended(Calibration::historyPath(r.cacheDirectory, r.device), std::ios::app);
    appended << line.str() << '\n';
    latest.close();
    appended.close();
    if (!latest || !appended) {
        err << "kwb-runner: the calibration was measured but cannot be saved under " << r.cacheDirectory << "/calibration.\n";
        return 1;
    }
    const std::vector<JsonValue> history = Calibration::history(r.cacheDirectory, r.device, identity);

    JsonWriter w(out, 1);
    w.beginObject();
    for (const auto& [key, value] : stored->members())
        value.write(w.key(key));
    w.key("saved_to").value(Calibration::latestPath(r.cacheDirectory, r.device));
    // Spread over repeated calibrations of this machine, each ceiling: (max - min) / median.
    w.key("repeat_spread").beginObject().key("calibrations").value(static_cast<long long>(history.size()));
    for (const std::string& name : Calibration::ceilingNames()) {
        if (const double s = Calibration::spread(history, name); std::isfinite(s))
            w.key(name).value(s);
    }
    w.endObject();
    w.endObject();
    out << '\n';
    return 0;
}

int floorCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    r.device = "cpu";
    std::map<std::string, std::string> extra;
    if (const int code = parseEvalOptions(args, r, extra, kFloorUsage, out, err); code >= 0)
        return code;
    std::error_code ec;
    if (r.taskPath.empty() || !fs::is_regular_file(r.taskPath, ec)) {
        err << "kwb-runner: floor needs --task with an existing task file; see kwb-runner floor --help.\n";
        return 2;
    }
    std::string error;
    const auto counted = runStage(r, "floor", { "--task", fs::absolute(r.taskPath).string(), "--device", r.device }, 600, &error);
    if (!counted) {
        err << "kwb-runner: " << error << '\n';
        return 1;
    }
    JsonWriter w(out, 1);
    (*counted)["floor"].write(w);
    out << '\n';
    return 0;
}

} // namespace kwb::runner
