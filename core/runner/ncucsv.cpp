#include "runner/ncucsv.h"

#include <cmath>
#include <algorithm>
#include <cstdlib>
#include <limits>

namespace kwb::runner {

const std::vector<std::string>& ncuMetricNames()
{
    static const std::vector<std::string> names = {
        "gpu__time_duration.sum",
        "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
        "sm__throughput.avg.pct_of_peak_sustained_elapsed",
        "dram__throughput.avg.pct_of_peak_sustained_elapsed",
        "sm__warps_active.avg.pct_of_peak_sustained_active",
        "launch__registers_per_thread",
        "launch__shared_mem_per_block_static",
        "launch__shared_mem_per_block_dynamic",
        "l1tex__t_sector_hit_rate.pct",
        "lts__t_sector_hit_rate.pct",
        "dram__bytes_read.sum",
        "dram__bytes_write.sum",
        "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_membar_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_wait_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio",
        "smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio",
    };
    return names;
}

namespace {

// One CSV record; quoted fields may hold commas and doubled quotes. Advances *pos past the record's line end.
std::vector<std::string> readRecord(std::string_view text, std::size_t* pos, bool* ok)
{
    std::vector<std::string> fields;
    std::string field;
    bool quoted = false;
    bool wasQuoted = false;
    std::size_t i = *pos;
    *ok = true;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            fields.push_back(std::move(field));
            field.clear();
            wasQuoted = false;
        } else if (c == '\n') {
            break;
        } else if (c != '\r') {
            field += c;
        }
    }
    if (quoted)
        *ok = false; // a quote left open at the end of the text
    fields.push_back(std::move(field));
    *pos = i < text.size() ? i + 1 : i;
    return fields;
}

// ncu prints numbers with thousands separators ("1,048,576") and "n/a" where a metric does not apply.
double toNumber(const std::string& field, bool* ok)
{
    std::string digits;
    for (char c : field) {
        if (c != ',')
            digits += c;
    }
    *ok = true;
    if (digits == "n/a")
        return std::numeric_limits<double>::quiet_NaN();
    char* end = nullptr;
    const double v = std::strtod(digits.c_str(), &end);
    *ok = !digits.empty() && end && *end == 0;
    return v;
}

// ncu scales each value to a readable unit ("Mbyte", "Kbyte/block", "us", "msecond"); values come back in base
// units (bytes, nanoseconds) so that launches and turns compare directly.
void toBaseUnit(std::string* unit, double* value)
{
    static const std::pair<const char*, double> bytePrefixes[] = { { "Kbyte", 1e3 }, { "Mbyte", 1e6 }, { "Gbyte", 1e9 }, { "Tbyte", 1e12 } };
    for (const auto& [prefix, factor] : bytePrefixes) {
        if (unit->rfind(prefix, 0) == 0) {
            *value *= factor;
            *unit = "byte" + unit->substr(std::string_view(prefix).size());
            return;
        }
    }
    static const std::pair<const char*, double> times[] = { { "ns", 1 }, { "nsecond", 1 }, { "us", 1e3 }, { "usecond", 1e3 },
        { "ms", 1e6 }, { "msecond", 1e6 }, { "s", 1e9 }, { "second", 1e9 } };
    for (const auto& [name, factor] : times) {
        if (*unit == name) {
            *value *= factor;
            *unit = "ns";
            return;
        }
    }
}

} // namespace

double NcuLaunch::value(std::string_view metric) const
{
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        if (metrics[i] == metric)
            return values[i];
    }
    return std::numeric_limits<double>::quiet_NaN();
}

bool parseNcuCsv(std::string_view text, std::vector<NcuLaunch>* launches, std::string* error)
{
    launches->clear();
    std::size_t pos = 0;
    int line = 0;
    bool ok = true;
    std::vector<std::string> header;
    while (pos < text.size()) {
        ++line;
        if (text.substr(pos, 5) == "\"ID\",") {
            header = readRecord(text, &pos, &ok);
            break;
        }
        const std::size_t next = text.find('\n', pos);
        pos = next == std::string_view::npos ? text.size() : next + 1;
    }
    if (header.empty()) {
        *error = "The Nsight Compute output has no table: no header line starting with \"ID\".";
        return false;
    }
    auto column = [&](std::string_view name) {
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (header[i] == name)
                return int(i);
        }
        return -1;
    };
    const int idColumn = column("ID");
    const int kernelColumn = column("Kernel Name");
    const int blockColumn = column("Block Size");
    const int gridColumn = column("Grid Size");
    if (kernelColumn < 0) {
        *error = "The Nsight Compute table on line " + std::to_string(line) + " has no \"Kernel Name\" column.";
        return false;
    }
    // Metric columns have double-underscored names (unit__counter...); the first columns describe the launch.
    std::vector<int> metricColumns;
    for (std::size_t i = 0; i < header.size(); ++i) {
        if (header[i].find("__") != std::string::npos)
            metricColumns.push_back(int(i));
    }
    std::vector<std::string> units;
    bool haveUnits = false;
    while (pos < text.size()) {
        ++line;
        std::vector<std::string> fields = readRecord(text, &pos, &ok);
        if (!ok) {
            *error = "Line " + std::to_string(line) + " of the Nsight Compute table ends inside a quoted field.";
            return false;
        }
        if (fields.size() == 1 && fields[0].empty())
            continue; // a blank line
        if (fields.size() != header.size()) {
            *error = "Line " + std::to_string(line) + " of the Nsight Compute table has " + std::to_string(fields.size())
                + " fields; the header has " + std::to_string(header.size()) + ".";
            return false;
        }
        if (!haveUnits && fields[std::size_t(idColumn)].empty()) {
            units = std::move(fields); // the units row: no ID
            haveUnits = true;
            continue;
        }
        NcuLaunch launch;
        bool idOk = true;
        launch.id = int(toNumber(fields[std::size_t(idColumn)], &idOk));
        if (!idOk) {
            *error = "Line " + std::to_string(line) + " of the Nsight Compute table has the launch ID \""
                + fields[std::size_t(idColumn)] + "\", not a number.";
            return false;
        }
        launch.kernel = fields[std::size_t(kernelColumn)];
        launch.block = blockColumn >= 0 ? fields[std::size_t(blockColumn)] : std::string();
        launch.grid = gridColumn >= 0 ? fields[std::size_t(gridColumn)] : std::string();
        for (int c : metricColumns) {
            bool numberOk = true;
            double v = toNumber(fields[std::size_t(c)], &numberOk);
            if (!numberOk)
                continue; // a text attribute ("No-CC", "PolicySpread", "all"), not a measurement
            std::string unit = haveUnits ? units[std::size_t(c)] : std::string();
            toBaseUnit(&unit, &v);
            launch.metrics.push_back(header[std::size_t(c)]);
            launch.units.push_back(unit);
            launch.values.push_back(v);
        }
        launches->push_back(std::move(launch));
    }
    return true;
}

bool parseNcuSourceCsv(std::string_view text, std::vector<NcuSourceCounters>* kernels, std::string* error)
{
    kernels->clear();
    std::size_t pos = 0;
    int line = 0;
    int address = -1;
    int executed = -1;
    int samples = -1;
    long long base = -1;
    while (pos < text.size()) {
        bool ok = true;
        const std::vector<std::string> fields = readRecord(text, &pos, &ok);
        ++line;
        if (!ok) {
            *error = "ncu's source page has a quote left open at line " + std::to_string(line);
            return false;
        }
        if (fields.size() >= 2 && fields[0] == "Kernel Name") {
            kernels->push_back({ fields[1], {} });
            address = executed = samples = -1;
            base = -1;
            continue;
        }
        if (!fields.empty() && fields[0] == "Address") {
            for (int i = 0; i < int(fields.size()); ++i) {
                if (fields[i] == "Address")
                    address = i;
                else if (fields[i] == "Instructions Executed")
                    executed = i;
                else if (fields[i] == "Warp Stall Sampling (All Samples)")
                    samples = i;
            }
            if (kernels->empty())
                kernels->push_back({ std::string(), {} });
            continue;
        }
        if (fields.size() < 2 || address < 0 || kernels->empty())
            continue; // ncu's ==PROF== notes, blank lines
        if (int(fields.size()) <= std::max({ address, executed, samples })) {
            *error = "ncu's source page has a short row at line " + std::to_string(line);
            return false;
        }
        char* end = nullptr;
        const long long at = std::strtoll(fields[std::size_t(address)].c_str(), &end, 16);
        if (end == fields[std::size_t(address)].c_str()) {
            *error = "ncu's source page has an address that is not one (\"" + fields[std::size_t(address)] + "\") at line " + std::to_string(line);
            return false;
        }
        if (base < 0)
            base = at;
        const auto count = [&](int column) {
            if (column < 0)
                return -1LL;
            bool isNumber = false;
            const double v = toNumber(fields[std::size_t(column)], &isNumber);
            return isNumber && std::isfinite(v) ? static_cast<long long>(v) : -1LL;
        };
        kernels->back().instructions.push_back({ at - base, count(executed), count(samples) });
    }
    if (kernels->empty() || kernels->front().instructions.empty()) {
        *error = "ncu's source page holds no instruction (was the SourceCounters section collected?)";
        return false;
    }
    return true;
}

} // namespace kwb::runner
