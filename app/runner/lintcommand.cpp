#include "lintcommand.h"

#include "evaloptions.h"
#include "harnessstage.h"
#include "runner/jsonwriter.h"

#include <filesystem>
#include <map>
#include <ostream>

namespace kwb::runner {

namespace {

constexpr std::string_view kLintUsage = R"(Usage: kwb-runner lint TASKSET [--json] [options]   (or --tasks TASKSET)

Checks a task file, or every task under a folder, for outputs that let a wrong kernel pass the judge at the
tolerances given (--atol, --rtol): an all-zero or constant output that would pass, an output that passes for
other inputs too (a cached answer would pass), NaN or Inf in the reference. Runs each reference on two seeded
input sets on --device (default cpu).

  --json                   print the findings as JSON
)";

} // namespace

int lintCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    EvalRequest r;
    r.device = "cpu";
    std::map<std::string, std::string> extra = { { "--tasks", "" }, { "--json", "" } };
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
    extra.erase("--json");
    if (const int code = parseEvalOptions(rest, r, extra, kLintUsage, out, err); code >= 0)
        return code;
    if (extra["--tasks"].empty())
        extra["--tasks"] = positional;
    if (extra["--tasks"].empty()) {
        err << "kwb-runner: lint needs --tasks FILE_OR_FOLDER.\n";
        return 2;
    }
    std::string error;
    const auto linted = runStage(r, "lint", { "--tasks", std::filesystem::absolute(extra["--tasks"]).string(), "--device", r.device,
        "--atol", std::to_string(r.atol), "--rtol", std::to_string(r.rtol) }, 3600, &error);
    if (!linted) {
        err << "kwb-runner: " << error << '\n';
        return 1;
    }
    int flagged = 0;
    for (const JsonValue& task : (*linted)["tasks"].items())
        flagged += !task["findings"].items().empty() || task["error"].isString();
    if (json) {
        JsonWriter w(out);
        w.beginObject();
        (*linted)["tasks"].write(w.key("tasks"));
        w.key("flagged").value(flagged);
        w.endObject();
        out << '\n';
        return flagged ? 1 : 0;
    }
    for (const JsonValue& task : (*linted)["tasks"].items()) {
        const std::string name = std::filesystem::path(task["task"].toString()).filename().string();
        if (task["error"].isString()) {
            out << name << ": cannot be run: " << task["error"].toString() << '\n';
            continue;
        }
        if (task["findings"].items().empty())
            out << name << ": ok\n";
        for (const JsonValue& f : task["findings"].items())
            out << name << ": " << f["check"].toString() << ": " << f["detail"].toString() << '\n';
    }
    out << flagged << " of " << (*linted)["tasks"].items().size() << " task(s) flagged.\n";
    return flagged ? 1 : 0;
}

} // namespace kwb::runner
