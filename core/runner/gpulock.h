#pragma once

#include <string>

namespace kwb::runner {

// Evaluations on one machine take turns on the GPU: what measures (timing loops, traced calls, Nsight Compute)
// has it alone, what only computes (trials, input generation, start-up) shares it, and compiles never wait.
// Every kwb-runner on the machine sees the same locks (flock(2) on two files, a gate and the lock, in the folder
// forDevices() names), whatever cache folder each uses. The harness's reference and candidate stages lock for themselves (kwb_gpulock.py: shared for
// the stage, alone only around what they measure); this class locks for the stages the harness cannot, such as
// Nsight Compute's, for their whole run. A measuring stage that waits keeps later sharing stages out, so it cannot
// be starved. The lock goes with the object, or with the process if that dies.
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

    // Who locks for a harness stage: nobody (no GPU), the harness itself, or the runner around the whole stage.
    enum class Holder { None, Harness, Runner };
    static Holder holderForStage(const std::string& stage);
    // Makes the folder and its two files, so that a sandboxed stage can open them read-only.
    static bool prepareFolder(const std::string& folder, std::string* error);
    // The folder of the GPUs this process sees: $KWB_GPU_LOCK_DIR if set, else one per CUDA_VISIBLE_DEVICES under
    // /tmp/kwb-gpu-locks (open to every user of the machine, as the GPU is). Where that cannot be made, the cache
    // folder's "locks", which only evaluations sharing that cache see; *note then says so.
    static std::string forDevices(const std::string& cacheDirectory, std::string* note = nullptr);

private:
    int m_fd = -1;
    double m_waited = 0;
    std::string m_error;
};

} // namespace kwb::runner
