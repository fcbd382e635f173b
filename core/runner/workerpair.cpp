#include "runner/workerpair.h"

#include <cerrno>
#include <cstdio>
#include <random>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace kwb::runner {

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

std::string WorkerPair::newToken()
{
    std::random_device device;
    char text[33];
    std::snprintf(text, sizeof text, "%08x%08x%08x%08x", device(), device(), device(), device());
    return text;
}

void WorkerPair::putChannel(std::vector<std::string>& argv, int fd)
{
    for (std::string& arg : argv) {
        const auto at = arg.find("{fd}");
        if (at != std::string::npos)
            arg.replace(at, 4, std::to_string(fd));
    }
}

WorkerPairOutcome WorkerPair::run(ProcessSpec driver, ProcessSpec worker)
{
    WorkerPairOutcome outcome;
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) {
        outcome.setupError
            = std::string("the channel between driver and worker could not be made: ") + std::strerror(errno);
        return outcome;
    }
    int driverEnd = ends[0];
    int workerEnd = ends[1];
    putChannel(driver.argv, driverEnd);
    putChannel(worker.argv, workerEnd);
    driver.inheritFds.push_back(driverEnd);
    worker.inheritFds.push_back(workerEnd);
    // Each end is closed here as soon as its process holds it, so that end-of-file reaches the other side.
    driver.started = [&driverEnd] {
        close(driverEnd);
        driverEnd = -1;
    };
    worker.started = [&workerEnd] {
        close(workerEnd);
        workerEnd = -1;
    };
    std::thread workerThread([&] {
        outcome.worker = runProcess(worker);
        if (workerEnd >= 0) {
            close(workerEnd);
            workerEnd = -1;
        }
    });
    outcome.driver = runProcess(driver);
    if (driverEnd >= 0) {
        close(driverEnd);
        driverEnd = -1;
    }
    workerThread.join();
    static const std::string kStageId = "KWB_STAGE_ID=";
    for (const std::string& entry : worker.environment) {
        if (entry.rfind(kStageId, 0) == 0)
            outcome.leftovers = killLeftovers(entry.substr(kStageId.size()));
    }
    return outcome;
}

int WorkerPair::killLeftovers(const std::string& token)
{
    if (token.empty())
        return 0;
    const std::string needle = "KWB_STAGE_ID=" + token;
    int killed = 0;
    DIR* proc = opendir("/proc");
    if (!proc)
        return 0;
    while (dirent* entry = readdir(proc)) {
        char* end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (pid <= 0 || *end != '\0' || pid == getpid())
            continue;
        const std::string environ = readAll("/proc/" + std::string(entry->d_name) + "/environ");
        std::size_t at = 0;
        while (at < environ.size()) {
            const std::size_t next = environ.find('\0', at);
            const std::string_view item(environ.data() + at, (next == std::string::npos ? environ.size() : next) - at);
            if (item == needle) {
                if (kill(pid_t(pid), SIGKILL) == 0)
                    ++killed;
                break;
            }
            at = next == std::string::npos ? environ.size() : next + 1;
        }
    }
    closedir(proc);
    return killed;
}

} // namespace kwb::runner
