#pragma once

#include "runner/jsonvalue.h"

#include <optional>
#include <string>
#include <vector>

namespace kwb::runner {

class JsonWriter;

// The machine's measured ceilings as `kwb-runner calibrate` keeps them under the cache folder: the latest one
// per device (calibration/<device>.json) and every one before it (calibration/<device>-history.jsonl).
// A calibration belongs to a host, a GPU and a driver; an evaluation only uses one that matches all three.
class Calibration
{
public:
    struct Identity
    {
        std::string host;
        std::string gpu; // empty on the CPU
        std::string driver;
        bool operator==(const Identity&) const = default;
    };

    static std::string latestPath(const std::string& cacheDirectory, const std::string& device);
    static std::string historyPath(const std::string& cacheDirectory, const std::string& device);
    static Identity identityOf(const JsonValue& calibration);

    // The latest calibration of this device when it was made on the machine named by `identity`; otherwise
    // nothing, and *why says what is missing or different (one sentence).
    static std::optional<JsonValue> load(const std::string& cacheDirectory, const std::string& device,
        const Identity& identity, std::string* why);

    // Every stored calibration of this device with this identity, oldest first (the latest included).
    static std::vector<JsonValue> history(const std::string& cacheDirectory, const std::string& device, const Identity& identity);

    // (max - min) / median of one ceiling over calibrations; NaN with fewer than two.
    static double spread(const std::vector<JsonValue>& calibrations, const std::string& ceiling);

    // The "ceilings" member of a calibration, written as EvalResult's `ceilings` object.
    static void writeCeilings(JsonWriter& writer, const JsonValue& calibration);
    // The ceiling names, in the order they are reported: bandwidth, then matrix rates.
    static const std::vector<std::string>& ceilingNames();
    static double ceiling(const JsonValue& calibration, const std::string& name);
};

} // namespace kwb::runner
