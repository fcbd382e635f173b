#include "inputwatch.h"

#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <set>
#include <signal.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace kwb::runner {

namespace {

struct ProcInfo
{
    int parent = 0;
    int group = 0;
};

// /proc/PID/stat is "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses, so the fields are
// read after the last ')'.
std::unordered_map<int, ProcInfo> processTable()
{
    std::unordered_map<int, ProcInfo> table;
    DIR* proc = opendir("/proc");
    if (!proc)
        return table;
    while (const dirent* entry = readdir(proc)) {
        char* end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (pid <= 0 || *end != '\0')
            continue;
        std::ifstream stat("/proc/" + std::string(entry->d_name) + "/stat");
        const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const auto close = text.rfind(')');
        if (close == std::string::npos || close + 2 >= text.size() || text[close + 2] == 'Z')
            continue; // gone since the listing, or a zombie (dead already)
        char state = 0;
        ProcInfo info;
        if (std::sscanf(text.c_str() + close + 2, "%c %d %d", &state, &info.parent, &info.group) == 3)
            table[int(pid)] = info;
    }
    closedir(proc);
    return table;
}

std::vector<int> descendantsIn(const std::unordered_map<int, ProcInfo>& table, int root)
{
    std::vector<int> found;
    std::set<int> frontier { root };
    std::set<int> seen { root };
    while (!frontier.empty()) {
        std::set<int> next;
        for (const auto& [pid, info] : table) {
            if (frontier.count(info.parent) && !seen.count(pid)) {
                next.insert(pid);
                seen.insert(pid);
                found.push_back(pid);
            }
        }
        frontier = std::move(next);
    }
    return found;
}

} // namespace

void killDescendants(int pid)
{
    const int ownGroup = int(getpgrp());
    std::set<int> stopped;
    std::set<int> groups;
    for (int round = 0; round < 8; ++round) {
        const auto table = processTable();
        bool grew = false;
        for (int p : descendantsIn(table, pid)) {
            if (const auto it = table.find(p); it != table.end())
                groups.insert(it->second.group);
            if (stopped.insert(p).second) {
                ::kill(p, SIGSTOP);
                grew = true;
            }
        }
        if (!grew)
            break;
    }
    for (int group : groups) {
        if (group > 1 && group != ownGroup)
            ::kill(-group, SIGKILL);
    }
    for (int p : stopped)
        ::kill(p, SIGKILL);
}

void endWithInput()
{
    std::thread([] {
        char buffer[4096];
        for (;;) {
            const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
            if (n == 0 || (n < 0 && errno != EINTR))
                break;
        }
        static const char sentence[]
            = "kwb-runner: the connection that started this run closed; everything the run started was stopped.\n";
        [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, sentence, sizeof sentence - 1);
        killDescendants(int(getpid()));
        _exit(3);
    }).detach();
}

} // namespace kwb::runner
