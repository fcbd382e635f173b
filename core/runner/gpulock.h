#pragma once

#include <string>

namespace kwb::runner {

// Evaluations on one machine take turns on the GPU: stages that measure (timing, baselines, traces, Nsight
// Compute) hold it alone, stages that only check (trials) may share it with each other, and compiles never wait.
// Several kwb-runner processes that share a cache folder see each other's locks (flock(2) on files in that folder).
// A measuring stage that waits keeps later sharing stages out, so it cannot be starved. The lock goes with the
// object, or with the process if that dies.
class GpuLock
{
public:
    enum class Mode { Shared, Exclusive };

    // Blocks until the GPU is ours in that mode. A folder that cannot hold the lock files leaves the lock
    // unheld (evaluations then overlap as they did before); error() says why.
    GpuLock(const std::string& folder, Mode mode);
    ~GpuLock();
    GpuLock(const GpuLock&) = delete;
    GpuLock& operator=(const GpuLock&) = delete;

    bool held() const { return m_fd >= 0; }
    double waitedSeconds() const { return m_waited; }
    const std::string& error() const { return m_error; }

    // Which mode a harness stage needs; false for stages that do not touch the GPU.
    static bool modeForStage(const std::string& stage, Mode* mode);

private:
    int m_fd = -1;
    double m_waited = 0;
    std::string m_error;
};

} // namespace kwb::runner
