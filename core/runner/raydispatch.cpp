#include "runner/raydispatch.h"

#include "runner/jsonwriter.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace kwb::runner {

namespace {

bool writeAll(int fd, const std::string& text)
{
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += size_t(n);
    }
    return true;
}

// One line from fd (without its newline); false at end of input.
bool readLine(int fd, std::string& buffer, std::string& line)
{
    for (;;) {
        const size_t at = buffer.find('\n');
        if (at != std::string::npos) {
            line = buffer.substr(0, at);
            buffer.erase(0, at + 1);
            return true;
        }
        char chunk[65536];
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buffer.append(chunk, size_t(n));
    }
}

std::string tail(const std::string& path)
{
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    const size_t at = text.rfind('\n');
    return at == std::string::npos ? text : text.substr(at + 1);
}

} // namespace

RayDispatch::~RayDispatch()
{
    finish();
}

bool RayDispatch::start(const Settings& s, std::string* error)
{
    int toChild[2], fromChild[2];
    if (::pipe2(toChild, O_CLOEXEC) != 0 || ::pipe2(fromChild, O_CLOEXEC) != 0) {
        *error = "Cannot make pipes for the Ray dispatcher.";
        return false;
    }
    std::vector<std::string> argv = { s.python, "-m", "kwb_ray.dispatch", "--address", s.address, "--runner", s.runner,
        "--device", s.device };
    if (!s.nodeRunner.empty())
        argv.insert(argv.end(), { "--node-runner", s.nodeRunner });
    if (!s.nodePython.empty())
        argv.insert(argv.end(), { "--node-python", s.nodePython });
    if (!s.nodeCache.empty())
        argv.insert(argv.end(), { "--node-cache", s.nodeCache });
    if (s.actors > 0)
        argv.insert(argv.end(), { "--actors", std::to_string(s.actors) });
    if (s.compileSlots > 0)
        argv.insert(argv.end(), { "--compile-slots", std::to_string(s.compileSlots) });
    if (s.evalsPerActor > 0)
        argv.insert(argv.end(), { "--evals-per-actor", std::to_string(s.evalsPerActor) });
    if (s.warmPairs > 0)
        argv.insert(argv.end(), { "--warm", std::to_string(s.warmPairs) });
    argv.push_back("--");
    argv.insert(argv.end(), s.forward.begin(), s.forward.end());
    std::vector<char*> args;
    for (std::string& a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    // Its environment: ours, with the package on PYTHONPATH.
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        if (std::string(*e).rfind("PYTHONPATH=", 0) != 0)
            env.emplace_back(*e);
    }
    const char* pythonPath = std::getenv("PYTHONPATH");
    env.push_back("PYTHONPATH=" + s.package + (pythonPath && *pythonPath ? ":" + std::string(pythonPath) : std::string()));
    env.push_back("RAY_USAGE_STATS_ENABLED=0");
    std::vector<char*> envp;
    for (std::string& e : env)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    char scratch[] = "/tmp/kwb-ray-dispatch-XXXXXX";
    const int logFd = ::mkstemp(scratch);
    m_stderrPath = scratch;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
    if (logFd >= 0)
        posix_spawn_file_actions_adddup2(&actions, logFd, 2);
    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, s.python.c_str(), &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(toChild[0]);
    ::close(fromChild[1]);
    if (logFd >= 0)
        ::close(logFd);
    if (rc != 0) {
        ::close(toChild[1]);
        ::close(fromChild[0]);
        *error = "Cannot start " + s.python + " for the Ray dispatcher.";
        return false;
    }
    m_pid = pid;
    m_in = toChild[1];
    m_out = fromChild[0];
    std::signal(SIGPIPE, SIG_IGN); // a dispatcher that died is read as its end of output, not a signal
    std::string buffer, line;
    while (readLine(m_out, buffer, line)) {
        std::string parseError;
        const auto first = JsonValue::parse(line, &parseError);
        if (!first || !first->isObject())
            continue; // a library's stray print
        if (first->contains("error")) {
            *error = (*first)["error"].toString();
            finish();
            return false;
        }
        if (first->contains("ready")) {
            m_ready = (*first)["ready"];
            m_capacity = int(m_ready["capacity"].toNumber(0));
            break;
        }
    }
    if (m_capacity <= 0) {
        const std::string why = tail(m_stderrPath);
        *error = "The Ray dispatcher ended before its actors were up" + (why.empty() ? std::string(".") : ": " + why);
        finish();
        return false;
    }
    // Lines already read past the first stay in buffer; the reader thread starts from there.
    m_reader = std::thread([this, buffer]() mutable {
        std::string l;
        while (true) {
            if (!readLine(m_out, buffer, l))
                break;
            std::string parseError;
            auto answer = JsonValue::parse(l, &parseError);
            if (!answer || !answer->isObject())
                continue;
            std::lock_guard<std::mutex> lock(m_mutex);
            if (answer->contains("id"))
                m_answers[static_cast<long long>((*answer)["id"].toNumber(-1))] = std::move(*answer);
            else if (answer->contains("lost"))
                m_final = std::move(*answer);
            m_answered.notify_all();
        }
        std::lock_guard<std::mutex> lock(m_mutex);
        m_ended = true;
        m_answered.notify_all();
    });
    return true;
}

std::optional<JsonValue> RayDispatch::evaluate(const std::string& name, bool baselinesOnly, const std::string& task,
    const std::string& candidate, const std::string& runDirectory, std::string* error)
{
    long long id;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        id = m_next++;
        if (m_ended) {
            *error = "The Ray dispatcher ended: " + tail(m_stderrPath);
            return std::nullopt;
        }
    }
    std::ostringstream line;
    JsonWriter w(line, 0);
    w.beginObject().key("id").value(id).key("name").value(name).key("command").value(baselinesOnly ? "baseline" : "eval");
    w.key("task").value(task).key("candidate").value(candidate).key("run_dir").value(runDirectory).endObject();
    std::string text = line.str();
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    {
        std::lock_guard<std::mutex> lock(m_mutex); // whole lines, one writer at a time
        if (!writeAll(m_in, text + "\n")) {
            *error = "The Ray dispatcher stopped taking evaluations.";
            return std::nullopt;
        }
    }
    std::unique_lock<std::mutex> lock(m_mutex);
    m_answered.wait(lock, [&] { return m_answers.count(id) || m_ended; });
    const auto it = m_answers.find(id);
    if (it == m_answers.end()) {
        *error = "The Ray dispatcher ended before it answered: " + tail(m_stderrPath);
        return std::nullopt;
    }
    JsonValue answer = std::move(it->second);
    m_answers.erase(it);
    if (answer.contains("error")) {
        *error = answer["error"].toString();
        return std::nullopt;
    }
    return answer["result"];
}

JsonValue RayDispatch::finish()
{
    if (m_in >= 0) {
        ::close(m_in);
        m_in = -1;
    }
    if (m_reader.joinable())
        m_reader.join();
    if (m_out >= 0) {
        ::close(m_out);
        m_out = -1;
    }
    if (m_pid > 0) {
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
        m_pid = -1;
    }
    if (!m_stderrPath.empty()) {
        ::unlink(m_stderrPath.c_str());
        m_stderrPath.clear();
    }
    return m_final;
}

} // namespace kwb::runner
