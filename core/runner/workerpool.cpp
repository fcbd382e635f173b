#include "runner/workerpool.h"

#include "runner/gpulock.h"
#include "runner/sandbox.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/socket.h>
#include <unistd.h>

namespace kwb::runner {

namespace fs = std::filesystem;

bool PoolProfile::operator==(const PoolProfile& o) const
{
    const ProcessLimits& a = runLimits;
    const ProcessLimits& b = o.runLimits;
    return python == o.python && harnessDirectory == o.harnessDirectory && device == o.device
        && cacheDirectory == o.cacheDirectory && tracerPath == o.tracerPath && cudaArch == o.cudaArch
        && a.wallSeconds == b.wallSeconds && a.memoryBytes == b.memoryBytes && a.fileSizeBytes == b.fileSizeBytes
        && a.openFiles == b.openFiles && a.cpuSeconds == b.cpuSeconds && a.addressSpaceBytes == b.addressSpaceBytes
        && a.processes == b.processes;
}

ProcessLimits sandboxedLimits(const ProcessLimits& limits, const std::string& device, bool compile)
{
    ProcessLimits own = limits;
    own.processes = compile ? 1024 : 256;
    own.cpuSeconds = limits.wallSeconds * std::max(1u, std::thread::hardware_concurrency());
    if (device == "cpu" && limits.memoryBytes > 0)
        own.addressSpaceBytes = 4 * limits.memoryBytes + (std::int64_t(8) << 30);
    return own;
}

WarmPair::WarmPair(const PoolProfile& profile, const std::string& root, int number)
{
    const fs::path base(root);
    const std::string n = std::to_string(number);
    m_slot = (base / "slots" / n).string();
    m_token = WorkerPair::newToken();
    const fs::path cache(profile.cacheDirectory);
    std::error_code ec;
    for (const fs::path& folder :
        { fs::path(m_slot) / "tmp", fs::path(m_slot) / "torch_extensions", base / "logs" / (n + "-tmp"),
            cache / "baselines", cache / "locks", cache / "build", cache / "torch_extensions" })
        fs::create_directories(folder, ec);

    const std::string harness = (base / "harness").string();
    SandboxPaths paths;
    paths.readable = { cache.string(), harness };
    for (const std::string& tool : toolPathsUnderTmp(profile.python, { profile.tracerPath }))
        paths.readable.push_back(tool); // a checkout under /tmp: its Python and tracer, hidden by the private /tmp
    paths.writable = { m_slot };
    paths.hidden = { (cache / "baselines").string(), (cache / "locks").string() };
    paths.workingDirectory = m_slot;
    m_worker.argv = Sandbox::instance().launcher(paths);
    m_worker.argv.insert(m_worker.argv.end(),
        { profile.python, harness + "/kwb_worker.py", "--channel-fd", "{fd}", "--device", profile.device, "--kind",
            "candidate", "--wait-go" });
    m_worker.workingDirectory = m_slot;
    m_worker.logPath = (base / "logs" / ("worker-" + n + ".log")).string();
    m_worker.limits = sandboxedLimits(profile.runLimits, profile.device, false);
    m_worker.environment = { "PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1", "TMPDIR=" + m_slot + "/tmp",
        "TORCH_EXTENSIONS_DIR=" + m_slot + "/torch_extensions", "KWB_STAGE_ID=" + m_token };
    if (!profile.cudaArch.empty())
        m_worker.environment.push_back("TORCH_CUDA_ARCH_LIST=" + profile.cudaArch);
    if (!profile.tracerPath.empty()) {
        m_worker.environment.insert(m_worker.environment.end(),
            { "CUDA_INJECTION64_PATH=" + profile.tracerPath, "NVTX_INJECTION64_PATH=" + profile.tracerPath,
                "KWB_TRACE_OUT=" + tracePath() });
    }
    m_worker.watch = std::make_shared<ProcessWatch>();
    m_worker.onlyToolEnvironment = true;

    m_driver.argv = { profile.python, harness + "/kwb_driver.py", "--channel-fd", "{fd}", "--device", profile.device,
        "--args-fd", "" };
    m_driver.workingDirectory = (base / "logs" / (n + "-tmp")).string();
    m_driver.logPath = (base / "logs" / ("driver-" + n + ".log")).string();
    m_driver.limits = profile.runLimits;
    m_driver.limits.wallSeconds = profile.runLimits.wallSeconds * 2 + 120; // it outlives the worker to report on it
    m_driver.limits.memoryBytes = 0;
    m_driver.environment = { "PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1", "TMPDIR=" + m_driver.workingDirectory };
    if (!profile.cudaArch.empty())
        m_driver.environment.push_back("TORCH_CUDA_ARCH_LIST=" + profile.cudaArch);
    if (profile.device == "cuda") {
        const std::string locks = GpuLock::forDevices(cache.string());
        std::string lockError;
        if (GpuLock::prepareFolder(locks, &lockError))
            m_driver.environment.push_back("KWB_GPU_LOCK_DIR=" + locks);
    }
    m_driver.watch = std::make_shared<ProcessWatch>();

    int ends[2];
    int args[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) {
        m_outcome.setupError
            = std::string("the channel between driver and worker could not be made: ") + std::strerror(errno);
        return;
    }
    if (pipe2(args, O_CLOEXEC) != 0) {
        m_outcome.setupError = std::string("the driver's argument pipe could not be made: ") + std::strerror(errno);
        close(ends[0]);
        close(ends[1]);
        return;
    }
    m_argsWrite = args[1];
    WorkerPair::putChannel(m_driver.argv, ends[0]);
    m_driver.argv.back() = std::to_string(args[0]);
    WorkerPair::putChannel(m_worker.argv, ends[1]);
    m_driver.inheritFds = { ends[0], args[0] };
    m_worker.inheritFds = { ends[1] };
    // The runner keeps none of the children's ends, so end-of-file reaches each side when the other ends.
    const int driverEnd = ends[0], argsRead = args[0], workerEnd = ends[1];
    m_driverThread = std::thread([this, driverEnd, argsRead] {
        m_driver.started = [driverEnd, argsRead] {
            close(driverEnd);
            close(argsRead);
        };
        m_outcome.driver = runProcess(m_driver);
        if (!m_outcome.driver.started) {
            close(driverEnd);
            close(argsRead);
        }
        m_driverDone = true;
    });
    m_workerThread = std::thread([this, workerEnd] {
        m_worker.started = [workerEnd] { close(workerEnd); };
        m_outcome.worker = runProcess(m_worker);
        if (!m_outcome.worker.started)
            close(workerEnd);
        m_workerDone = true;
    });
}

WarmPair::~WarmPair()
{
    if (!m_ran)
        stopAndJoin();
    removeTree(m_slot);
    removeTree(m_driver.logPath);
    removeTree(m_worker.logPath);
    removeTree(m_driver.workingDirectory);
}

void WarmPair::stopAndJoin()
{
    if (m_driver.watch)
        m_driver.watch->stop();
    if (m_worker.watch)
        m_worker.watch->stop();
    if (m_argsWrite >= 0) {
        close(m_argsWrite);
        m_argsWrite = -1;
    }
    if (m_driverThread.joinable())
        m_driverThread.join();
    if (m_workerThread.joinable())
        m_workerThread.join();
}

bool WarmPair::alive() const
{
    return m_outcome.setupError.empty() && !m_driverDone && !m_workerDone;
}

WorkerPairOutcome WarmPair::run(const std::vector<std::string>& driverArguments)
{
    m_ran = true;
    if (!m_outcome.setupError.empty())
        return m_outcome;
    // The arguments, each ended by a NUL, then end-of-file: the driver starts the evaluation.
    std::string message;
    for (const std::string& argument : driverArguments)
        message += argument + '\0';
    m_driver.watch->arm();
    m_worker.watch->arm();
    const char* data = message.data();
    std::size_t left = message.size();
    while (left > 0) {
        const ssize_t wrote = write(m_argsWrite, data, left);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            break; // the driver is gone: its outcome says how
        data += wrote;
        left -= std::size_t(wrote);
    }
    close(m_argsWrite);
    m_argsWrite = -1;
    m_driverThread.join();
    m_workerThread.join();
    m_outcome.leftovers = WorkerPair::killLeftovers(m_token);
    return m_outcome;
}

WorkerPool::WorkerPool(PoolProfile profile, int size)
    : m_profile(std::move(profile))
    , m_size(std::max(1, size))
{
    // Under /tmp, which the sandbox replaces with its own: a worker sees its slot and the harness, no other slot.
    const fs::path tmp = fs::is_directory("/tmp") ? fs::path("/tmp") : fs::temp_directory_path();
    m_root = (tmp / ("kwb-pool-" + std::to_string(getpid()) + "-" + WorkerPair::newToken().substr(0, 8))).string();
    std::error_code ec;
    fs::create_directories(fs::path(m_root) / "logs", ec);
    fs::create_directories(fs::path(m_root) / "harness", ec);
    for (auto it = fs::directory_iterator(m_profile.harnessDirectory, ec); !ec && it != fs::directory_iterator();
         it.increment(ec)) {
        if (it->path().filename() != "__pycache__")
            fs::copy(it->path(), fs::path(m_root) / "harness" / it->path().filename(), fs::copy_options::recursive, ec);
    }
    std::lock_guard<std::mutex> hold(m_lock);
    while (int(m_ready.size()) < m_size)
        m_ready.push_back(start());
}

WorkerPool::~WorkerPool()
{
    {
        std::lock_guard<std::mutex> hold(m_lock);
        m_ready.clear();
    }
    removeTree(m_root);
}

std::unique_ptr<WarmPair> WorkerPool::start()
{
    return std::make_unique<WarmPair>(m_profile, m_root, m_started++);
}

std::unique_ptr<WarmPair> WorkerPool::take()
{
    std::lock_guard<std::mutex> hold(m_lock);
    std::unique_ptr<WarmPair> pair;
    while (!pair && !m_ready.empty()) {
        pair = std::move(m_ready.front());
        m_ready.pop_front();
        if (!pair->alive())
            pair.reset(); // died while it waited (killed, out of memory): never handed out
    }
    if (!pair)
        pair = start();
    return pair;
}

void WorkerPool::refill()
{
    std::lock_guard<std::mutex> hold(m_lock);
    while (int(m_ready.size()) < m_size)
        m_ready.push_back(start());
}

int WorkerPool::started() const
{
    std::lock_guard<std::mutex> hold(m_lock);
    return m_started;
}

} // namespace kwb::runner
