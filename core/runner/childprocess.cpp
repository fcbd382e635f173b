#include "runner/childprocess.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <ftw.h>
#include <signal.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace kwb::runner {

namespace {

std::string formatLimit(double value, const char* unit)
{
    std::ostringstream s;
    s << value << ' ' << unit;
    return s.str();
}

// What of a process is in swap (VmSwap of /proc/<pid>/status): pages a hoarder wrote once and never touched again are
// the first the kernel swaps out, so resident memory alone can stay under a limit while the hoard grows without end.
std::int64_t swappedBytes(const std::string& dir)
{
    std::ifstream status(dir + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmSwap:", 0) == 0)
            return std::int64_t(std::atoll(line.c_str() + 7)) << 10; // in kB
    }
    return 0;
}

// Memory of every process in the group (ninja, nvcc and python children included): resident and swapped pages.
std::int64_t groupRss(pid_t group)
{
    static const long pageSize = sysconf(_SC_PAGESIZE);
    std::int64_t total = 0;
    DIR* proc = opendir("/proc");
    if (!proc)
        return 0;
    while (dirent* entry = readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        const std::string dir = std::string("/proc/") + entry->d_name;
        std::ifstream stat(dir + "/stat");
        std::string line;
        if (!std::getline(stat, line))
            continue;
        // Fields after the parenthesised command: state ppid pgrp ...
        const auto close = line.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream fields(line.substr(close + 2));
        char state = 0;
        long ppid = 0, pgrp = 0;
        fields >> state >> ppid >> pgrp;
        if (pgrp != group)
            continue;
        std::ifstream statm(dir + "/statm");
        long size = 0, resident = 0;
        if (statm >> size >> resident)
            total += std::int64_t(resident) * pageSize;
        total += swappedBytes(dir);
    }
    closedir(proc);
    return total;
}

// Parent of every process, from /proc/<pid>/stat.
std::vector<std::pair<pid_t, pid_t>> processParents()
{
    std::vector<std::pair<pid_t, pid_t>> parents;
    DIR* proc = opendir("/proc");
    if (!proc)
        return parents;
    while (dirent* entry = readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
        std::string line;
        if (!std::getline(stat, line))
            continue;
        const auto close = line.rfind(')');
        if (close == std::string::npos || close + 2 >= line.size())
            continue;
        std::istringstream fields(line.substr(close + 2));
        char state = 0;
        long ppid = 0;
        fields >> state >> ppid;
        if (state != 'Z')
            parents.emplace_back(pid_t(std::atol(entry->d_name)), pid_t(ppid));
    }
    closedir(proc);
    return parents;
}

// The child and everything below it, also what left its process group with setsid().
std::vector<pid_t> descendants(pid_t root)
{
    const auto parents = processParents();
    std::vector<pid_t> found { root };
    for (std::size_t i = 0; i < found.size(); ++i) {
        for (const auto& [pid, ppid] : parents) {
            if (ppid == found[i])
                found.push_back(pid);
        }
    }
    return found;
}

// Stops the whole tree first (a stopped process cannot fork, and its children keep their parent), then kills it:
// a process killed first would hand its children to init, out of the tree's reach.
void killAll(pid_t root)
{
    for (int round = 0; round < 3; ++round) {
        for (pid_t pid : descendants(root))
            kill(pid, SIGSTOP);
    }
    for (pid_t pid : descendants(root))
        kill(pid, SIGKILL);
    kill(-root, SIGKILL);
}

// Processes this user has now; RLIMIT_NPROC counts them all, not only the stage's.
long userProcesses()
{
    long count = 0;
    DIR* proc = opendir("/proc");
    if (!proc)
        return 0;
    const uid_t uid = getuid();
    while (dirent* entry = readdir(proc)) {
        struct stat info {};
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9'
            && stat((std::string("/proc/") + entry->d_name).c_str(), &info) == 0 && info.st_uid == uid)
            ++count;
    }
    closedir(proc);
    return count;
}

void applyLimit(int resource, double value)
{
    if (value <= 0)
        return;
    rlimit limit { rlim_t(value), rlim_t(value) };
    setrlimit(resource, &limit);
}

// Between fork and exec: only async-signal-safe calls. Errors go back through the status pipe.
[[noreturn]] void execChild(const ProcessSpec& spec, char* const* argv, char* const* envp, int statusPipe, long nproc)
{
    setsid();
    applyLimit(RLIMIT_FSIZE, double(spec.limits.fileSizeBytes));
    applyLimit(RLIMIT_NOFILE, spec.limits.openFiles);
    applyLimit(RLIMIT_CPU, spec.limits.cpuSeconds);
    applyLimit(RLIMIT_AS, double(spec.limits.addressSpaceBytes));
    applyLimit(RLIMIT_NPROC, double(nproc)); // root is exempt from it; the watch below holds it there
    rlimit noCore { 0, 0 };
    setrlimit(RLIMIT_CORE, &noCore);
    for (const int keep : spec.inheritFds)
        fcntl(keep, F_SETFD, 0);
    int fd = open(spec.logPath.empty() ? "/dev/null" : spec.logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || in < 0 || dup2(in, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0
        || (!spec.workingDirectory.empty() && chdir(spec.workingDirectory.c_str()) != 0)) {
        const int error = errno;
        (void)!write(statusPipe, &error, sizeof error);
        _exit(127);
    }
    execve(argv[0], argv, envp);
    const int error = errno;
    (void)!write(statusPipe, &error, sizeof error);
    _exit(127);
}

} // namespace

std::string resolveProgram(const std::string& program)
{
    if (program.find('/') != std::string::npos) // relative to where we are now, not to a stage's folder
        return program.front() == '/' ? program : std::string(std::filesystem::absolute(program));
    const char* path = getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        if (access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return program;
}

bool removeTree(const std::string& path)
{
    struct stat info {};
    if (lstat(path.c_str(), &info) != 0)
        return errno == ENOENT;
    const auto removeOne = [](const char* entry, const struct stat*, int, FTW*) { return ::remove(entry); };
    return nftw(path.c_str(), removeOne, 32, FTW_DEPTH | FTW_PHYS) == 0;
}

std::int64_t ProcessWatch::now()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool looksSecret(const std::string& name)
{
    // By the words of the name: split at '_', '-', '.' and where a lower-case letter or digit meets an upper-case
    // one, so OPENAI_API_KEY, GH_PAT, AWS_ACCESS_KEY_ID, npm_config__authToken and DB_PASSWD are secrets, and PATH,
    // CUDA_CACHE_PATH and KEYBOARD_LAYOUT are not.
    static const char* const words[] = { "KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PAT", "CREDENTIAL",
        "CREDENTIALS", "AUTH", "APIKEY" };
    static const char* const inside[] = { "APIKEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL" };
    std::vector<std::string> parts(1);
    std::string upper;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        const bool boundary = i > 0 && std::isupper(c)
            && (std::islower(static_cast<unsigned char>(name[i - 1])) || std::isdigit(static_cast<unsigned char>(name[i - 1])));
        if (c == '_' || c == '-' || c == '.' || boundary) {
            if (!parts.back().empty())
                parts.emplace_back();
            if (!boundary)
                continue;
        }
        parts.back() += static_cast<char>(std::toupper(c));
        upper += static_cast<char>(std::toupper(c));
    }
    for (const std::string& part : parts) {
        for (const char* w : words) {
            if (part == w)
                return true;
        }
    }
    for (const char* w : inside) {
        if (upper.find(w) != std::string::npos)
            return true;
    }
    return false;
}

bool isToolVariable(const std::string& name)
{
    if (looksSecret(name)) // CUDA_API_KEY is a key, whatever its prefix
        return false;
    // Where programs and libraries are, the locale, and the CUDA, compiler and Python settings a build or a GPU
    // needs. Nothing else of the user's environment (API keys, tokens, cloud credentials) reaches candidate code.
    static const char* const exact[] = { "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TERM",
        "SHELL", "LD_LIBRARY_PATH", "LIBRARY_PATH", "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
        "PKG_CONFIG_PATH", "CC", "CXX", "CFLAGS", "CXXFLAGS", "LDFLAGS", "MAX_JOBS", "VIRTUAL_ENV", "PYTHONHOME",
        "PYTHONPATH", "OMP_NUM_THREADS", "MKL_NUM_THREADS" };
    static const char* const prefixes[] = { "LC_", "CUDA", "NVIDIA_", "NVCC", "CUDNN", "CUBLAS", "NCCL_" };
    for (const char* e : exact) {
        if (name == e)
            return true;
    }
    for (const char* prefix : prefixes) {
        if (name.rfind(prefix, 0) == 0)
            return true;
    }
    return false;
}

std::string ProcessOutcome::describe() const
{
    if (!started)
        return "could not be started: " + startError;
    if (timedOut)
        return "timed out after " + formatLimit(wallSeconds, "s");
    if (memoryExceeded)
        return "exceeded its memory limit (" + std::to_string(peakRssBytes >> 20) + " MiB resident or swapped)";
    if (processesExceeded)
        return "started more processes than its limit allows";
    if (signal != 0)
        return "was killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    return "exited with status " + std::to_string(exitCode);
}

ProcessOutcome runProcess(const ProcessSpec& spec)
{
    ProcessOutcome outcome;
    if (spec.argv.empty()) {
        outcome.startError = "no program given";
        return outcome;
    }
    // Everything exec needs is prepared before fork.
    std::vector<std::string> args = spec.argv;
    args[0] = resolveProgram(args[0]);
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string entry(*e);
        const std::string key = entry.substr(0, entry.find('='));
        bool overridden = spec.onlyToolEnvironment && !isToolVariable(key);
        for (const std::string& own : spec.environment)
            overridden = overridden || own.compare(0, key.size() + 1, key + "=") == 0;
        if (!overridden)
            env.push_back(entry);
    }
    env.insert(env.end(), spec.environment.begin(), spec.environment.end());
    std::vector<char*> envp;
    for (std::string& e : env)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    int status[2];
    if (pipe2(status, O_CLOEXEC) != 0) {
        outcome.startError = strerror(errno);
        return outcome;
    }
    const long nproc = spec.limits.processes > 0 && getuid() != 0 ? userProcesses() + spec.limits.processes : 0;
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        outcome.startError = strerror(errno);
        return outcome;
    }
    if (pid == 0)
        execChild(spec, argv.data(), envp.data(), status[1], nproc);
    close(status[1]);
    int execError = 0;
    const bool failed = read(status[0], &execError, sizeof execError) == sizeof execError;
    close(status[0]);
    if (failed) {
        waitpid(pid, nullptr, 0);
        outcome.startError = args[0] + ": " + strerror(execError);
        return outcome;
    }
    outcome.started = true;
    if (spec.started)
        spec.started();

    int waitStatus = 0;
    auto lastMemoryCheck = start - std::chrono::seconds(1);
    while (true) {
        const pid_t done = waitpid(pid, &waitStatus, WNOHANG);
        const auto now = std::chrono::steady_clock::now();
        outcome.wallSeconds = spec.watch ? spec.watch->armedSeconds() : std::chrono::duration<double>(now - start).count();
        if (done == pid)
            break;
        if (spec.limits.wallSeconds > 0 && outcome.wallSeconds > spec.limits.wallSeconds)
            outcome.timedOut = true;
        if (spec.watch && spec.watch->stopped()) {
            killAll(pid);
            waitpid(pid, &waitStatus, 0);
            break;
        }
        // The process group's RSS (a scan of /proc) only matters when there is a limit to hold it to.
        if (spec.limits.memoryBytes > 0 && now - lastMemoryCheck > std::chrono::milliseconds(100)) {
            lastMemoryCheck = now;
            const std::int64_t rss = groupRss(pid);
            outcome.peakRssBytes = std::max(outcome.peakRssBytes, rss);
            if (rss > spec.limits.memoryBytes)
                outcome.memoryExceeded = true;
        }
        if (spec.limits.processes > 0 && descendants(pid).size() > std::size_t(spec.limits.processes))
            outcome.processesExceeded = true;
        if (outcome.timedOut || outcome.memoryExceeded || outcome.processesExceeded) {
            killAll(pid);
            waitpid(pid, &waitStatus, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(-pid, SIGKILL); // whatever the stage left running in its group goes with it
    if (WIFEXITED(waitStatus))
        outcome.exitCode = WEXITSTATUS(waitStatus);
    else if (WIFSIGNALED(waitStatus) && !outcome.timedOut && !outcome.memoryExceeded && !outcome.processesExceeded)
        outcome.signal = WTERMSIG(waitStatus);
    return outcome;
}

} // namespace kwb::runner
