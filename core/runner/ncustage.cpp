#include "runner/ncustage.h"

#include "runner/jsonwriter.h"

#include <cmath>
#include <filesystem>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t kMaxCsv = 64u << 20; // what the CSV parsers read
}

NcuStage::NcuStage(const EvalRequest& request, const StageRunner& runner)
    : m_request(request)
    , m_runner(runner)
{
}

void NcuStage::run(const RunCandidate& candidate)
{
    const std::string dir = m_runner.stageDirectory(kStageName);
    if (m_request.device != "cuda") {
        m_stage.message = "Nsight Compute profiles CUDA kernels; this evaluation ran on the CPU.";
        return;
    }
    const std::string ncu = resolveProgram(m_request.ncuPath);
    if (access(ncu.c_str(), X_OK) != 0) {
        m_stage.message = "Nsight Compute (" + m_request.ncuPath + ") is not installed on this machine.";
        return;
    }
    std::string metrics;
    for (const std::string& metric : ncuMetricNames())
        metrics += (metrics.empty() ? "" : ",") + metric;
    const std::string report = dir + "/report";
    const std::vector<std::string> launcher = { ncu, "--clock-control", "none", "--profile-from-start", "off",
        "--target-processes", "all", "--kernel-name", "regex:" + m_request.ncuKernelRegex, "--launch-count", "50",
        "--metrics", metrics, "--section", "SourceCounters", "--export", report, "--force-overwrite" };
    candidate(launcher, m_stage);
    const std::string log = m_stage.log;
    if (m_stage.status != "passed" || !fs::exists(report + ".ncu-rep")) {
        if (log.find("ERR_NVGPUCTRPERM") != std::string::npos)
            m_stage.message = "ncu has no access to the GPU's performance counters (ERR_NVGPUCTRPERM); an administrator can allow it.";
        else if (log.find("No kernels were profiled") != std::string::npos || (m_stage.status == "passed" && log.find("==PROF==") != std::string::npos))
            m_stage.message = "No kernel whose name matches " + m_request.ncuKernelRegex + " ran in the profiled call.";
        else if (m_stage.status == "passed" || m_stage.message.empty())
            m_stage.message = "ncu ran but wrote no report; its output is in " + dir + "/log.txt.";
        if (m_stage.status == "passed" || m_stage.status == "failed")
            m_stage.status = "error";
        return;
    }
    ProcessSpec spec;
    spec.argv = { ncu, "--import", report + ".ncu-rep", "--csv", "--page", "raw" };
    spec.workingDirectory = dir;
    spec.logPath = dir + "/metrics.csv";
    spec.limits = { 300, 0, std::int64_t(1) << 30, 4096 };
    const ProcessOutcome outcome = runProcess(spec);
    std::string error;
    if (!outcome.succeeded() || !parseNcuCsv(readFileTail(spec.logPath, kMaxCsv), &m_launches, &error)) {
        m_stage.status = "error";
        m_stage.message = outcome.succeeded() ? error : "ncu --import " + outcome.describe() + ".";
        return;
    }
    // The source page: each SASS instruction's executions and stall samples (the SourceCounters section).
    ProcessSpec source = spec;
    source.argv = { ncu, "--import", report + ".ncu-rep", "--csv", "--page", "source", "--print-source", "sass" };
    source.logPath = dir + "/source.csv";
    std::string sourceError;
    if (runProcess(source).succeeded() && parseNcuSourceCsv(readFileTail(source.logPath, kMaxCsv), &m_source, &sourceError))
        m_sourceCsv = source.logPath;
    else
        m_source.clear(); // the metrics stand without it
}

const NcuLaunch* NcuStage::firstLaunchOf(const std::string& kernel) const
{
    for (const NcuLaunch& launch : m_launches) {
        if (launch.kernel == kernel)
            return &launch;
    }
    return nullptr;
}

void NcuStage::writeResult(JsonWriter& w) const
{
    w.key("ncu").beginObject();
    w.key("status").value(m_stage.status);
    if (!m_stage.message.empty())
        w.key("message").value(m_stage.message);
    w.key("kernel_filter").value(m_request.ncuKernelRegex);
    if (m_stage.status == "passed") {
        w.key("report").value(m_runner.stageDirectory(kStageName) + "/report.ncu-rep");
        w.key("csv").value(m_runner.stageDirectory(kStageName) + "/metrics.csv");
        if (!m_sourceCsv.empty())
            w.key("source_csv").value(m_sourceCsv);
    }
    w.key("kernels").beginArray();
    for (const NcuLaunch& launch : m_launches) {
        w.beginObject().key("name").value(launch.kernel).key("launch").value(launch.id);
        // The source page's counters, with the first launch of their kernel: [offset, executed, stall samples].
        for (const NcuSourceCounters& page : m_source) {
            if (page.kernel != launch.kernel || &launch != firstLaunchOf(launch.kernel))
                continue;
            w.key("source").beginArray();
            for (const NcuSourceCounters::Instruction& i : page.instructions)
                w.beginArray().value(i.offset).value(i.executed).value(i.stallSamples).endArray();
            w.endArray();
        }
        w.key("block").value(launch.block).key("grid").value(launch.grid);
        w.key("metrics").beginArray(); // the workbench's metric set, in its order; the CSV keeps everything
        for (const std::string& metric : ncuMetricNames()) {
            for (std::size_t i = 0; i < launch.metrics.size(); ++i) {
                if (launch.metrics[i] != metric)
                    continue;
                w.beginArray().value(metric);
                std::isfinite(launch.values[i]) ? w.value(launch.values[i]) : w.null();
                w.value(launch.units[i]).endArray();
            }
        }
        w.endArray().endObject();
    }
    w.endArray();
    w.endObject();
}

} // namespace kwb::runner
