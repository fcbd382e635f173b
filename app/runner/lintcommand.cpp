#include "lintcommand.h"

#include "evaloptions.h"
#include "harnessstage.h"
#include "runner/jsonwriter.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <string>

namespace kwb::runner {

namespace {

constexpr std::string_view kLintUsage = R"(Usage: kwb-runner lint TASKSET [--json] [options]   (or --tasks TASKSET)

Checks a task file, or every task under a folder (a KernelBench checkout too), for outputs that let a wrong kernel
pass the judge at the tolerances given (--atol, --rtol): an all-zero or constant output that would pass, an output
that passes for other inputs too (a cached answer would pass), NaN or Inf in the reference. Runs each reference on
two seeded input sets on --device (default cpu).

Each task runs in a process of its own, forked once torch is imported, its resident memory held to
--memory-limit-gb (default: 60 % of this machine's memory, shared among the jobs) and its time to --task-timeout.
A task ends as ok, flagged (with its findings), too-large (its inputs, outputs and weights alone exceed the limit,
seen on the meta device before anything is allocated, or it went over the limit while running), timed-out, or
cannot-run (with the reason). Progress goes to stderr as each task finishes.

  --json                   print the findings as JSON
  --jobs N                 tasks linted at once (default 1)
  --task-timeout S         seconds per task (default 600; 0: none)
  --results FILE           JSON lines, one per task as it finishes; tasks already in FILE are not linted again,
                           so a run that was stopped goes on where it stopped
)";

// 60 % of MemTotal, in bytes; 0 when /proc/meminfo cannot be read.
std::int64_t defaultMemoryLimit()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::int64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemTotal:")
            return kib * 1024 / 10 * 6;
    }
    return 0;
}

std::string gib(std::int64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1LL << 30));
    return text;
}

} // namespace

int lintCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    r.device = "cpu";
    std::map<std::string, std::string> extra = { { "--tasks", "" }, { "--jobs", "1" }, { "--task-timeout", "600" },
        { "--results", "" } };
    std::vector<std::string_view> rest;
    bool json = false;
    std::string positional; // `lint TASKSET` as well as `lint --tasks TASKSET`
    for (std::string_view a : args) {
        if (a == "--json")
            json = true;
        else if (positional.empty() && rest.empty() && !a.empty() && a.front() != '-')
            positional = a;
        else
            rest.push_back(a);
    }
    if (const int code = parseEvalOptions(rest, r, extra, kLintUsage, out, err); code >= 0)
        return code;
    if (extra["--tasks"].empty())
        extra["--tasks"] = positional;
    if (extra["--tasks"].empty()) {
        err << "kwb-runner: lint needs --tasks FILE_OR_FOLDER.\n";
        return 2;
    }
    if (!std::filesystem::exists(extra["--tasks"])) {
        err << "kwb-runner: there is no task file or folder at " << extra["--tasks"] << ".\n";
        return 2;
    }
    char* end = nullptr;
    const long jobs = std::strtol(extra["--jobs"].c_str(), &end, 10);
    if (*end != 0 || jobs < 1 || jobs > 256) {
        err << "kwb-runner: --jobs takes a whole number from 1 to 256.\n";
        return 2;
    }
    const double timeout = std::strtod(extra["--task-timeout"].c_str(), &end);
    if (*end != 0 || timeout < 0) {
        err << "kwb-runner: --task-timeout takes seconds, 0 or more.\n";
        return 2;
    }
    const std::int64_t limit = r.runLimits.memoryBytes > 0 ? r.runLimits.memoryBytes : defaultMemoryLimit() / jobs;
    std::vector<std::string> stageArgs = { "--tasks", std::filesystem::absolute(extra["--tasks"]).string(), "--device", r.device,
        "--atol", std::to_string(r.atol), "--rtol", std::to_string(r.rtol), "--jobs", std::to_string(jobs),
        "--task-timeout", extra["--task-timeout"], "--memory-limit-gb", std::to_string(double(limit) / double(1LL << 30)) };
    if (!extra["--results"].empty())
        stageArgs.insert(stageArgs.end(), { "--results", std::filesystem::absolute(extra["--results"]).string() });
    // The stage's progress lines go to this process's stderr, through a copy of it the stage inherits.
    const int progress = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 10);
    if (progress >= 0)
        stageArgs.insert(stageArgs.end(), { "--progress-fd", std::to_string(progress) });
    std::string error;
    const auto linted = runStage(r, "lint", stageArgs, 0, &error, progress >= 0 ? std::vector<int> { progress } : std::vector<int> {});
    if (progress >= 0)
        close(progress);
    if (!linted) {
        err << "kwb-runner: " << error << '\n';
        return 1;
    }
    std::map<std::string, int> counts;
    for (const JsonValue& task : (*linted)["tasks"].items())
        ++counts[task["status"].toString()];
    const int flagged = counts.count("flagged") ? counts.at("flagged") : 0;
    const std::size_t total = (*linted)["tasks"].items().size();
    if (json) {
        JsonWriter w(out);
        w.beginObject();
        (*linted)["tasks"].write(w.key("tasks"));
        w.key("flagged").value(flagged);
        w.key("counts").beginObject();
        for (const auto& [status, n] : counts)
            w.key(status).value(n);
        w.endObject();
        w.key("memory_limit_bytes").value(static_cast<double>(limit));
        w.endObject();
        out << '\n';
        return flagged ? 1 : 0;
    }
    for (const JsonValue& task : (*linted)["tasks"].items()) {
        const std::string name = std::filesystem::path(task["task"].toString()).filename().string();
        const std::string status = task["status"].toString();
        if (status == "ok")
            out << name << ": ok\n";
        else if (status == "flagged")
            for (const JsonValue& f : task["findings"].items())
                out << name << ": " << f["check"].toString() << ": " << f["detail"].toString() << '\n';
        else if (status == "too-large")
            out << name << ": too large for the limit: " << task["reason"].toString() << '\n';
        else if (status == "timed-out")
            out << name << ": timed out: " << task["reason"].toString() << '\n';
        else
            out << name << ": cannot be run: " << task["error"].toString() << '\n';
    }
    out << flagged << " of " << total << " task(s) flagged";
    const auto count = [&counts](const char* status) { return counts.count(status) ? counts.at(status) : 0; };
    if (const int n = count("too-large"))
        out << "; " << n << " too large for " << gib(limit);
    if (const int n = count("timed-out"))
        out << "; " << n << " timed out";
    if (const int n = count("cannot-run"))
        out << "; " << n << " cannot be run";
    out << ".\n";
    return flagged ? 1 : 0;
}

} // namespace kwb::runner
