#include "runner/calibration.h"

#include "runner/jsonwriter.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

namespace kwb::runner {

namespace fs = std::filesystem;

std::string Calibration::latestPath(const std::string& cacheDirectory, const std::string& device)
{
    return (fs::path(cacheDirectory) / "calibration" / (device + ".json")).string();
}

std::string Calibration::historyPath(const std::string& cacheDirectory, const std::string& device)
{
    return (fs::path(cacheDirectory) / "calibration" / (device + "-history.jsonl")).string();
}

Calibration::Identity Calibration::identityOf(const JsonValue& calibration)
{
    const JsonValue& f = calibration["fingerprint"];
    return { f["host_name"].toString(), f["gpu_name"].toString(), f["driver_version"].toString() };
}

std::optional<JsonValue> Calibration::load(const std::string& cacheDirectory, const std::string& device,
    const Identity& identity, std::string* why)
{
    const std::string path = latestPath(cacheDirectory, device);
    if (!fs::exists(path)) {
        *why = "This machine has no calibration for " + device + " yet; run kwb-runner calibrate.";
        return std::nullopt;
    }
    std::string error;
    auto calibration = JsonValue::parseFile(path, &error);
    if (!calibration) {
        *why = "The calibration " + path + " cannot be read: " + error;
        return std::nullopt;
    }
    const Identity stored = identityOf(*calibration);
    if (stored != identity) {
        *why = "The calibration in " + path + " was made on " + (stored.gpu.empty() ? stored.host : stored.gpu + " (driver " + stored.driver + ")")
            + ", not on this machine; run kwb-runner calibrate again.";
        return std::nullopt;
    }
    return calibration;
}

std::vector<JsonValue> Calibration::history(const std::string& cacheDirectory, const std::string& device, const Identity& identity)
{
    std::vector<JsonValue> matching;
    std::ifstream in(historyPath(cacheDirectory, device));
    std::string line;
    while (std::getline(in, line)) {
        std::string error;
        if (auto value = JsonValue::parse(line, &error); value && identityOf(*value) == identity)
            matching.push_back(std::move(*value));
    }
    return matching;
}

const std::vector<std::string>& Calibration::ceilingNames()
{
    static const std::vector<std::string> names = { "bandwidth", "fp32", "tf32", "bf16", "fp16" };
    return names;
}

double Calibration::ceiling(const JsonValue& calibration, const std::string& name)
{
    const JsonValue& c = calibration["ceilings"];
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return name == "bandwidth" ? c["bandwidth_bytes_per_s"].toNumber(nan) : c["matrix_flops_per_s"][name].toNumber(nan);
}

double Calibration::spread(const std::vector<JsonValue>& calibrations, const std::string& name)
{
    std::vector<double> values;
    for (const JsonValue& c : calibrations) {
        if (const double v = ceiling(c, name); std::isfinite(v))
            values.push_back(v);
    }
    if (values.size() < 2)
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return (values.back() - values.front()) / median;
}

void Calibration::writeCeilings(JsonWriter& w, const JsonValue& calibration)
{
    w.beginObject();
    if (const double bandwidth = ceiling(calibration, "bandwidth"); std::isfinite(bandwidth))
        w.key("bandwidth_bytes_per_s").value(bandwidth);
    w.key("matrix_flops_per_s").beginObject();
    for (const std::string& name : ceilingNames()) {
        if (const double rate = ceiling(calibration, name); name != "bandwidth" && std::isfinite(rate))
            w.key(name).value(rate);
    }
    w.endObject();
    w.key("calibrated_at").value(calibration["calibrated_at"].toString());
    w.endObject();
}

} // namespace kwb::runner
