#include "gpulock.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace kwb::runner {

namespace {

int openLockFile(const std::filesystem::path& path, std::string* error)
{
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
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
    if (stage == "compile" || stage == "environment" || stage == "floor" || stage == "lint")
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

} // namespace kwb::runner
