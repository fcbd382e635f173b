#include "shellcommand.h"

#include "runner/childprocess.h"
#include "runner/sandbox.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

namespace kwb::runner {

namespace {

constexpr std::string_view kShellUsage = R"(Usage: kwb-runner shell --dir DIR [--seconds N] -- COMMAND

Runs `bash -c COMMAND` in DIR as the agent's bash tool does: in the sandbox, with the tool variables of the
environment only, no input, and at most N seconds (default 120) before it and all it started are killed.
)";

} // namespace

int shellCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    std::string directory;
    double seconds = 120;
    std::string command;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-h" || args[i] == "--help") {
            out << kShellUsage;
            return 0;
        }
        if (args[i] == "--" && i + 1 < args.size()) {
            command = args[i + 1];
            break;
        }
        if (args[i] == "--dir" && i + 1 < args.size()) {
            directory = args[++i];
        } else if (args[i] == "--seconds" && i + 1 < args.size()) {
            seconds = std::atof(std::string(args[++i]).c_str());
        } else {
            err << "kwb-runner: shell does not take '" << args[i] << "'; see kwb-runner shell --help.\n";
            return 2;
        }
    }
    std::error_code ec;
    if (directory.empty() || command.empty() || !std::filesystem::is_directory(directory, ec) || seconds <= 0) {
        err << "kwb-runner: shell needs --dir with an existing folder, a positive --seconds and a command after --.\n";
        return 2;
    }
    directory = std::filesystem::absolute(directory).string();
    ProcessSpec spec;
    spec.argv = { "/bin/bash", "-c", command };
    const Sandbox& sandbox = Sandbox::instance();
    if (sandbox.kind() == Sandbox::Kind::Bubblewrap) {
        SandboxPaths paths;
        paths.writable = { directory };
        paths.workingDirectory = directory;
        std::vector<std::string> argv = sandbox.launcher(paths);
        argv.insert(argv.end(), spec.argv.begin(), spec.argv.end());
        spec.argv = argv;
        spec.environment = { "TMPDIR=/tmp", "TORCH_EXTENSIONS_DIR=/tmp/torch_extensions" };
    }
    spec.environment.push_back("PYTHONDONTWRITEBYTECODE=1");
    spec.workingDirectory = directory;
    spec.onlyToolEnvironment = true;
    spec.logPath = "/dev/stdout";
    spec.limits.wallSeconds = seconds;
    std::cout.flush();
    const ProcessOutcome outcome = runProcess(spec);
    if (!outcome.started) {
        err << "kwb-runner: bash could not be started: " << outcome.startError << '\n';
        return 1;
    }
    if (outcome.timedOut)
        return 124;
    if (outcome.signal != 0)
        return 128 + outcome.signal;
    return outcome.exitCode;
}

} // namespace kwb::runner
