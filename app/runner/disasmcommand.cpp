#include "disasmcommand.h"

#include "runner/childprocess.h"
#include "runner/disassembly.h"

#include <filesystem>
#include <ostream>
#include <string>

#include <unistd.h>

namespace kwb::runner {

int disasmCommand(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> modules;
    std::vector<std::string> roots;
    std::string output;
    std::string python = "python3";
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "-h" || a == "--help") {
            out << "usage: kwb-runner disasm MODULE... --out FILE [--sources DIR]... [--python PY]\n"
                   "  MODULE      a build (.so with embedded cubins, or a .cubin)\n"
                   "  --out FILE  the disassembly (kwb-disassembly/1 JSON), as an evaluation keeps it with a turn\n"
                   "  --sources   a folder whose files the line tables may name, kept with the listing (repeatable)\n"
                   "  --python    the Python whose environment may hold the nvidia-cuda-cuobjdump/nvdisasm wheels\n";
            return 0;
        }
        if ((a == "--out" || a == "--sources" || a == "--python") && i + 1 < args.size()) {
            const std::string value(args[++i]);
            if (a == "--out")
                output = value;
            else if (a == "--python")
                python = value;
            else
                roots.push_back(value);
            continue;
        }
        if (a.rfind("--", 0) == 0) {
            err << "kwb-runner disasm: unknown option '" << a << "' (see --help).\n";
            return 2;
        }
        modules.emplace_back(a);
    }
    if (modules.empty() || output.empty()) {
        err << "kwb-runner disasm: give one module or more and --out FILE (see --help).\n";
        return 2;
    }
    for (const std::string& m : modules) {
        if (!std::filesystem::exists(m)) {
            err << "kwb-runner disasm: " << m << " does not exist.\n";
            return 1;
        }
    }
    const Disassembly::Tools tools = Disassembly::findTools(python);
    const std::string scratch = (std::filesystem::temp_directory_path() / ("kwb-disasm-" + std::to_string(::getpid()))).string();
    std::string error;
    int kernels = 0;
    const bool ok = Disassembly::write(modules, roots, tools, scratch, output, &kernels, &error);
    removeTree(scratch);
    if (!ok) {
        err << "kwb-runner disasm: " << error << ".\n";
        return 1;
    }
    out << "Wrote " << kernels << " kernel(s) to " << output << " (" << tools.version << ").\n";
    return 0;
}

} // namespace kwb::runner
