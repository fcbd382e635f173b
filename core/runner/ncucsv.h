#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kwb::runner {

// The metrics Nsight Compute measures when the workbench profiles a kernel (`kwb-runner eval --ncu REGEX`):
// memory and compute throughput as % of peak, achieved occupancy, registers, shared memory, L1/L2 hit rates,
// DRAM bytes, the kernel's duration, and the warp stall reasons per issued instruction.
const std::vector<std::string>& ncuMetricNames();

// One profiled launch as `ncu --import REPORT --csv --page raw` prints it.
struct NcuLaunch
{
    int id = 0;
    std::string kernel; // the demangled name ncu prints
    std::string block;
    std::string grid;
    std::vector<std::string> metrics; // the numeric metric columns, in the file's order
    std::vector<std::string> units; // per metric, in base units (byte, ns, %, ...); empty when none
    std::vector<double> values; // in those units; NaN where ncu printed n/a

    // The value of one metric; NaN when the launch has none.
    double value(std::string_view metric) const;
};

// Reads ncu's raw-page CSV: a header row of column names, a row of units, then one row per profiled launch.
// Lines before the header (ncu's ==PROF== and ==WARNING== notes) are skipped, and so are text-valued
// attributes; values are converted to base units (bytes, nanoseconds). Returns false with a one-sentence
// *error (line number included) when the text is not such a table.
bool parseNcuCsv(std::string_view text, std::vector<NcuLaunch>* launches, std::string* error);

// One kernel's source page (`ncu --import REPORT --csv --page source --print-source sass`, SourceCounters section):
// per SASS instruction its offset in the function (ncu prints the loaded address; the first instruction is offset
// 0), the warp-level instructions executed and the warp-stall samples.
struct NcuSourceCounters
{
    struct Instruction
    {
        long long offset = 0;
        long long executed = -1;
        long long stallSamples = -1;
    };
    std::string kernel; // the demangled name ncu prints
    std::vector<Instruction> instructions;
};

// Reads that page: a "Kernel Name" line per kernel, its header of columns, one row per instruction. False with a
// one-sentence *error (line number included) when the text is not such a page.
bool parseNcuSourceCsv(std::string_view text, std::vector<NcuSourceCounters>* kernels, std::string* error);

} // namespace kwb::runner
