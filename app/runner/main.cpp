// kwb-runner: the Qt-free program that runs where the GPU is; the workbench starts it and reads its JSON.
#include "calibratecommand.h"
#include "disasmcommand.h"
#include "evalcommand.h"
#include "fingerprintcommand.h"
#include "runner/inputwatch.h"
#include "lintcommand.h"
#include "shellcommand.h"
#include "summarizecommand.h"

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::string_view kUsage = R"(Usage: kwb-runner COMMAND [ARGS]

Runs the Kernel Workbench evaluation stages on this machine and prints results as JSON.

Commands:
  eval --task T --candidate C [options]
                       compile, verify, time and score one candidate (see eval --help)
  baseline --task T    time eager PyTorch and torch.compile for a task
  eval-set --tasks D --candidates D --out D
                       one candidate per task, with the run's pass rate and speedups
  serve                evaluations read one per line (JSON) from standard input, answered one per line,
                       by workers that are warm before each request comes (see serve --help)
  calibrate            measure copy bandwidth and matrix rates for the roofline (see calibrate --help)
  floor --task T       the least work a task needs: bytes and FLOPs
  lint --tasks DIR     find tasks whose output lets a wrong kernel pass (zeros, a constant, a cached answer)
  shell --dir D -- CMD run a command as the agent's bash tool does: sandboxed, time-limited (see shell --help)
  disasm MODULE --out F  SASS (with source lines) and PTX of a build, as an evaluation keeps them (see disasm --help)
  fingerprint          print this host's environment (CPU, CUDA devices, driver, LibTorch)
  summarize FILE.pt    print dtype, shape and statistics of each tensor in a torch.save file

Options:
  --end-with-input     (before the command) end the run, and everything it started, when standard input closes:
                       how the workbench starts a runner over SSH, so that a cancel or a dropped connection
                       leaves nothing running on the host
  -h, --help           show this help
  --version            show the version
)";

int usageError(std::string_view message)
{
    std::cerr << "kwb-runner: " << message << "\n\n" << kUsage;
    return 2;
}

} // namespace

int main(int argc, char* argv[])
{
    std::vector<std::string_view> args(argv + 1, argv + argc);
    if (!args.empty() && args.front() == "--end-with-input") {
        args.erase(args.begin());
        if (!args.empty() && args.front() == "serve")
            return usageError("serve reads its requests from standard input; --end-with-input is for the other commands.");
        kwb::runner::endWithInput();
    }
    if (args.empty())
        return usageError("no command given.");
    const std::string_view command = args.front();
    if (command == "-h" || command == "--help" || command == "help") {
        std::cout << kUsage;
        return 0;
    }
    if (command == "--version") {
        std::cout << "kwb-runner " << KWB_VERSION << '\n';
        return 0;
    }
    if (command == "eval")
        return kwb::runner::evalCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "baseline")
        return kwb::runner::baselineCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "eval-set")
        return kwb::runner::evalSetCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "serve")
        return kwb::runner::serveCommand({ args.begin() + 1, args.end() }, std::cin, std::cout, std::cerr);
    if (command == "calibrate")
        return kwb::runner::calibrateCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "floor")
        return kwb::runner::floorCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "lint")
        return kwb::runner::lintCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "disasm")
        return kwb::runner::disasmCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "shell")
        return kwb::runner::shellCommand({ args.begin() + 1, args.end() }, std::cout, std::cerr);
    if (command == "fingerprint" && args.size() == 1)
        return kwb::runner::fingerprintCommand(std::cout);
    if (command == "summarize" && args.size() == 2)
        return kwb::runner::summarizeCommand(std::string(args[1]), std::cout, std::cerr);
    if (command == "fingerprint" || command == "summarize")
        return usageError("wrong number of arguments for '" + std::string(command) + "'.");
    return usageError("unknown command '" + std::string(command) + "'.");
}
