#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kwb::runner {

// Limits for one stage. Zero means "no limit". Memory is the resident size of the whole process group,
// watched from outside, because address-space limits break CUDA (it reserves far more than it uses).
struct ProcessLimits
{
    double wallSeconds = 0;
    std::int64_t memoryBytes = 0;
    std::int64_t fileSizeBytes = 0; // the largest file the process may write (RLIMIT_FSIZE; beyond it, SIGXFSZ)
    int openFiles = 0; // RLIMIT_NOFILE
    double cpuSeconds = 0; // RLIMIT_CPU: processor time of each process, all its threads together
    std::int64_t addressSpaceBytes = 0; // RLIMIT_AS; leave 0 for CUDA stages, whose reservations exceed any sane limit
    int processes = 0; // processes the stage may have at once, descendants included (a fork bomb is stopped here)
};

// A hold on a child started before it has work (a warm worker of a pool): its wall-clock limit counts from arm(),
// not from its start, and stop() ends its whole group from another thread.
class ProcessWatch
{
public:
    void arm() { m_armedNs = now(); }
    void stop() { m_stop = true; }
    bool armed() const { return m_armedNs.load() != 0; }
    bool stopped() const { return m_stop.load(); }
    // Seconds since arm(); 0 while not armed.
    double armedSeconds() const { return armed() ? double(now() - m_armedNs.load()) / 1e9 : 0; }

private:
    static std::int64_t now();
    std::atomic<std::int64_t> m_armedNs { 0 };
    std::atomic<bool> m_stop { false };
};

struct ProcessSpec
{
    std::vector<std::string> argv;
    std::string workingDirectory;
    std::vector<std::string> environment; // "KEY=VALUE", added to or replacing the runner's own environment
    std::string logPath; // stdout and stderr, interleaved as the process wrote them
    ProcessLimits limits;
    std::vector<int> inheritFds; // descriptors (opened close-on-exec) the child keeps, under the same numbers
    std::function<void()> started; // called in the runner once the child runs (e.g. to close the runner's copies)
    // When set, the wall-clock limit waits for the watch to be armed and counts from then, and the reported wall
    // time is from then; stop() kills the group (not a limit: the outcome is only "killed by signal 9").
    std::shared_ptr<ProcessWatch> watch;
    // Of the runner's own environment, keep only what isToolVariable() names (for stages that run candidate code).
    bool onlyToolEnvironment = false;
};

// Variables a stage that runs candidate code may inherit: paths, locale, CUDA, compiler and Python settings.
bool isToolVariable(const std::string& name);
// A name that holds an API key, token, password, credential or personal access token, in any naming style.
bool looksSecret(const std::string& name);

struct ProcessOutcome
{
    bool started = false;
    std::string startError;
    int exitCode = -1; // valid when signal == 0 and the process was not stopped by a limit
    int signal = 0;
    bool timedOut = false;
    bool memoryExceeded = false;
    bool processesExceeded = false;
    double wallSeconds = 0;
    std::int64_t peakRssBytes = 0; // resident and swapped; measured only under a memory limit

    bool succeeded() const
    {
        return started && signal == 0 && !timedOut && !memoryExceeded && !processesExceeded && exitCode == 0;
    }
    // "timed out after 60 s", "was killed by signal 11 (Segmentation fault)", "exited with status 3", ...
    std::string describe() const;
};

// The program as the child will run it: a path made absolute, or a bare name looked up on the PATH (returned as
// given when it is on none of them, so that running it fails with "not found").
std::string resolveProgram(const std::string& program);

// Deletes a file or a whole folder; false when something could not be removed. POSIX calls rather than
// std::filesystem::remove_all, whose copy inside libtorch is the one the dynamic linker binds and it crashes.
bool removeTree(const std::string& path);

// Runs one child in its own process group and waits for it; a limit kills the whole group, a hung GPU
// kernel's process included. Never throws.
ProcessOutcome runProcess(const ProcessSpec& spec);

} // namespace kwb::runner
