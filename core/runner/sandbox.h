#pragma once

#include <string>
#include <vector>

namespace kwb::runner {

// What a sandboxed stage may touch. Everything else of the file system is read-only; paths listed here must exist.
// What a stage's own tools need to stay visible under the sandbox's private /tmp: the Python environment the
// interpreter belongs to (a venv's root, or the folder of a bare interpreter) and the given files (the tracer), for a
// checkout or build that lies under /tmp. Paths elsewhere are visible through the read-only root already and are left
// out.
std::vector<std::string> toolPathsUnderTmp(const std::string& python, const std::vector<std::string>& files = {});

struct SandboxPaths
{
    std::vector<std::string> readable; // shown read-only even under the private /tmp (a task or run folder there)
    std::vector<std::string> writable; // bound read-write
    std::vector<std::string> hidden; // covered by an empty folder (results the stage must not read)
    std::string workingDirectory;
    bool network = false;
    // A PID namespace of its own: the stage and everything it starts die with it. Off where the caller watches the
    // processes by their host PIDs itself (the agent's bash tool).
    bool ownPids = true;
    // The GPU's device files. Off for the compile stage: building needs no GPU, so candidate code that runs while it
    // builds (a single file's imports) cannot put work on the GPU beside another stage's measurement.
    bool gpu = true;
};

// How candidate code is isolated. With bubblewrap: no network, a private /tmp and PID namespace, the file system
// read-only but for the given folders. Where bubblewrap is missing or cannot create namespaces, the stage runs
// with resource limits and a private temp folder only, and the result says so (kindName(), note()).
class Sandbox
{
public:
    enum class Kind { Bubblewrap, Rlimits };

    // Probed once per process. KWB_SANDBOX=rlimits forces the fallback (for tests and for hosts where a user wants
    // it); KWB_SANDBOX=bubblewrap is the default and falls back only when bwrap cannot run.
    static const Sandbox& instance();

    Kind kind() const { return m_kind; }
    std::string kindName() const { return m_kind == Kind::Bubblewrap ? "bubblewrap" : "rlimits"; }
    // Why there is no bubblewrap; empty when there is.
    const std::string& note() const { return m_note; }
    // The command line to put in front of the stage's own; empty under the fallback.
    std::vector<std::string> launcher(const SandboxPaths& paths) const;

private:
    Sandbox();

    Kind m_kind = Kind::Rlimits;
    std::string m_bwrap;
    std::string m_note;
};

} // namespace kwb::runner
