#include "gpulock.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include <cctype>
#include <cstdlib>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kwb::runner {

namespace {

int openLockFile(const std::filesystem::path& path, std::string* error)
{
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0)
        ::fchmod(fd, 0666); // whatever the umask: other users' runners lock it too
    else if (errno == EEXIST)
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC); // flock needs no write access
    struct stat st {};
    if (fd >= 0 && (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        ::close(fd);
        fd = -1;
        errno = EISDIR;
    }
    if (fd < 0)
        *error = "The GPU lock " + path.string() + " cannot be opened: " + std::strerror(errno) + ".";
    return fd;
}

bool lock(int fd, int operation)
{
    while (::flock(fd, operation) != 0) {
        if (errno != EINTR)
            return false;
    }
    return true;
}

} // namespace

GpuLock::GpuLock(const std::string& folder, Mode mode)
{
    const auto start = std::chrono::steady_clock::now();
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    // The gate orders the waiters: whoever holds it is next for the GPU lock, so a measuring stage that waits for
    // the sharing ones to finish keeps new sharing stages behind it.
    const int gate = openLockFile(std::filesystem::path(folder) / "gpu.gate", &m_error);
    if (gate < 0)
        return;
    const int fd = openLockFile(std::filesystem::path(folder) / "gpu.lock", &m_error);
    if (fd >= 0 && lock(gate, LOCK_EX) && lock(fd, mode == Mode::Exclusive ? LOCK_EX : LOCK_SH)) {
        m_fd = fd;
    } else if (fd >= 0) {
        m_error = std::string("The GPU lock cannot be taken: ") + std::strerror(errno) + ".";
        ::close(fd);
    }
    ::close(gate); // releases the gate
    m_waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

GpuLock::~GpuLock()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

GpuLock::Holder GpuLock::holderForStage(const std::string& stage)
{
    if (stage == "compile" || stage == "checks" || stage == "binding" || stage == "environment" || stage == "floor"
        || stage == "lint")
        return Holder::None;
    if (stage == "candidate_profile" || stage == "calibrate")
        return Holder::Runner;
    return Holder::Harness;
}

bool GpuLock::prepareFolder(const std::string& folder, std::string* error)
{
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    for (const char* name : { "gpu.gate", "gpu.lock" }) {
        const int fd = openLockFile(std::filesystem::path(folder) / name, error);
        if (fd < 0)
            return false;
        ::close(fd);
    }
    return true;
}

std::string GpuLock::forDevices(const std::string& cacheDirectory, std::string* note)
{
    namespace fs = std::filesystem;
    if (const char* own = std::getenv("KWB_GPU_LOCK_DIR"); own && *own)
        return fs::absolute(own).string();
    std::string devices = "all";
    if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES"); visible && *visible) {
        devices.clear();
        for (const char* c = visible; *c; ++c)
            devices += std::isalnum(static_cast<unsigned char>(*c)) || *c == '-' ? *c : '_';
    }
    const fs::path shared("/tmp/kwb-gpu-locks");
    std::error_code ec;
    if (fs::create_directory(shared, ec))
        ::chmod(shared.c_str(), 01777); // like /tmp itself: everyone makes folders, nobody removes another's
    const fs::path folder = shared / ("gpu-" + devices);
    if (fs::create_directory(folder, ec))
        ::chmod(folder.c_str(), 01777);
    std::string error;
    if (prepareFolder(folder.string(), &error))
        return folder.string();
    if (note)
        *note = error + " Evaluations take turns on the GPU only with those sharing the cache folder.";
    return (fs::absolute(cacheDirectory) / "locks").string();
}

} // namespace kwb::runner
