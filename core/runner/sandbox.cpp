#include "runner/sandbox.h"

#include "runner/childprocess.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace kwb::runner {

namespace {

std::vector<std::string> isolationArguments(const std::string& bwrap, bool network, bool ownPids, bool gpu)
{
    std::vector<std::string> args = { bwrap, "--die-with-parent", "--unshare-ipc", "--unshare-uts" };
    if (ownPids)
        args.push_back("--unshare-pid");
    if (!network)
        args.push_back("--unshare-net");
    // /dev as it is, for the GPU's device files (or a fresh one without them); a fresh /proc for a new PID namespace;
    // a private /tmp.
    args.insert(args.end(), { "--ro-bind", "/", "/" });
    if (gpu)
        args.insert(args.end(), { "--dev-bind", "/dev", "/dev" });
    else
        args.insert(args.end(), { "--dev", "/dev" });
    if (ownPids)
        args.insert(args.end(), { "--proc", "/proc" });
    args.insert(args.end(), { "--tmpfs", "/tmp" });
    return args;
}

std::string firstLineOf(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

bool underTmp(const std::filesystem::path& path)
{
    const std::string text = path.lexically_normal().string();
    return text == "/tmp" || text.rfind("/tmp/", 0) == 0;
}

} // namespace

std::vector<std::string> toolPathsUnderTmp(const std::string& python, const std::vector<std::string>& files)
{
    namespace fs = std::filesystem;
    std::vector<std::string> paths;
    const auto add = [&paths](const fs::path& path) {
        if (!path.empty() && underTmp(path) && std::find(paths.begin(), paths.end(), path.string()) == paths.end())
            paths.push_back(path.string());
    };
    std::error_code ec;
    if (!python.empty()) {
        const fs::path interpreter = fs::absolute(resolveProgram(python), ec);
        // A venv (bin/python beside ../pyvenv.cfg): its whole root, site-packages included; else the interpreter's
        // folder's parent, where a relocated Python keeps its lib/.
        const fs::path bin = interpreter.parent_path();
        add(bin.parent_path());
        // A venv's lib (or include, or lib64) may be a link to another venv's, itself under /tmp: its target too, read
        // only as the rest. Never /tmp itself, which would show candidates every other run's folder.
        for (auto it = fs::directory_iterator(bin.parent_path(), ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
            std::error_code linkError;
            if (it->is_symlink(linkError)) {
                const fs::path target = fs::canonical(it->path(), linkError);
                if (!linkError && target != "/tmp")
                    add(target);
            }
        }
        ec.clear();
        const fs::path real = fs::canonical(interpreter, ec);
        if (!ec)
            add(real.parent_path().parent_path());
    }
    for (const std::string& file : files) {
        if (!file.empty())
            add(fs::absolute(file, ec));
    }
    return paths;
}

const Sandbox& Sandbox::instance()
{
    static const Sandbox sandbox;
    return sandbox;
}

Sandbox::Sandbox()
{
    const char* wanted = std::getenv("KWB_SANDBOX");
    if (wanted && std::string(wanted) == "rlimits") {
        m_note = "KWB_SANDBOX=rlimits asks for resource limits only.";
        return;
    }
    const std::string bwrap = resolveProgram("bwrap");
    if (bwrap.find('/') == std::string::npos || access(bwrap.c_str(), X_OK) != 0) {
        m_note = "bubblewrap (bwrap) is not installed, so candidate code runs with resource limits only.";
        return;
    }
    // The same namespaces and mounts every stage gets, around a program that does nothing.
    char logTemplate[] = "/tmp/kwb-sandbox-probe-XXXXXX";
    const int fd = mkstemp(logTemplate);
    if (fd >= 0)
        close(fd);
    ProcessSpec probe;
    probe.argv = isolationArguments(bwrap, false, true, true);
    probe.argv.insert(probe.argv.end(), { "--", resolveProgram("true") });
    probe.logPath = fd >= 0 ? logTemplate : "";
    probe.limits.wallSeconds = 20;
    const ProcessOutcome outcome = runProcess(probe);
    const std::string why = fd >= 0 ? firstLineOf(logTemplate) : std::string();
    if (fd >= 0)
        unlink(logTemplate);
    if (!outcome.succeeded()) {
        m_note = "bubblewrap cannot create its namespaces here (" + (why.empty() ? outcome.describe() : why)
            + "), so candidate code runs with resource limits only.";
        return;
    }
    m_kind = Kind::Bubblewrap;
    m_bwrap = bwrap;
}

std::vector<std::string> Sandbox::launcher(const SandboxPaths& paths) const
{
    if (m_kind != Kind::Bubblewrap)
        return {};
    std::vector<std::string> args = isolationArguments(m_bwrap, paths.network, paths.ownPids, paths.gpu);
    for (const std::string& path : paths.readable)
        args.insert(args.end(), { "--ro-bind", path, path });
    for (const std::string& path : paths.writable)
        args.insert(args.end(), { "--bind", path, path });
    for (const std::string& path : paths.hidden)
        args.insert(args.end(), { "--tmpfs", path });
    if (!paths.workingDirectory.empty())
        args.insert(args.end(), { "--chdir", paths.workingDirectory });
    args.push_back("--");
    return args;
}

} // namespace kwb::runner
