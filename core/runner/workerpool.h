#pragma once

#include "runner/childprocess.h"
#include "runner/workerpair.h"

#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace kwb::runner {

// What a warm pair is started with. An evaluation whose own settings differ from its pool's gets a pair started for
// it alone, as without a pool.
struct PoolProfile
{
    std::string python;
    std::string harnessDirectory; // the harness the pool copies once and runs from
    std::string device;
    std::string cacheDirectory; // absolute: builds readable to the worker, baselines and locks hidden from it
    std::string tracerPath; // CUPTI tracer for the worker (cuda), or empty
    std::string cudaArch;
    ProcessLimits runLimits; // the candidate's limits; the driver gets twice the time plus two minutes

    bool operator==(const PoolProfile& other) const;
};

// The limits of a sandboxed stage from the request's: the process count, the processor time for every core, and on
// the CPU an address space (CUDA reserves far more than it uses, so not there).
ProcessLimits sandboxedLimits(const ProcessLimits& limits, const std::string& device, bool compile);

// A driver and a candidate's worker started before their evaluation is known, joined by their channel: both have
// imported torch and made their device ready. The worker's sandbox sees the build cache (read-only) and its own
// slot folder (writable), nothing of any run or other slot. The pair serves one evaluation: run() hands the driver
// that evaluation's arguments, arms both limits and waits for both to end. A pair never run is killed when dropped.
class WarmPair
{
public:
    WarmPair(const PoolProfile& profile, const std::string& root, int number);
    ~WarmPair();
    WarmPair(const WarmPair&) = delete;
    WarmPair& operator=(const WarmPair&) = delete;

    const std::string& slot() const { return m_slot; } // the worker's writable folder: copy the candidate here
    std::string tracePath() const { return m_slot + "/trace.json"; }
    const std::string& driverLog() const { return m_driver.logPath; }
    const std::string& workerLog() const { return m_worker.logPath; }
    const ProcessSpec& driverSpec() const { return m_driver; }
    const ProcessSpec& workerSpec() const { return m_worker; }
    // Both processes still running (not yet asked for anything).
    bool alive() const;
    // driverArguments: everything after "kwb_driver.py", without the channel.
    WorkerPairOutcome run(const std::vector<std::string>& driverArguments);

private:
    void stopAndJoin();

    std::string m_slot;
    std::string m_token;
    ProcessSpec m_driver;
    ProcessSpec m_worker;
    int m_argsWrite = -1;
    WorkerPairOutcome m_outcome;
    std::atomic<bool> m_driverDone { false };
    std::atomic<bool> m_workerDone { false };
    std::thread m_driverThread;
    std::thread m_workerThread;
    bool m_ran = false;
};

// Warm pairs kept ready for one owner (an eval-set, a `kwb-runner serve`): the replacement of a pair taken starts
// when its evaluation has run, and warms up while the result is put together and the next request is awaited. Nothing
// outlives the pool: its pairs are killed and its folder removed when it is destroyed.
class WorkerPool
{
public:
    WorkerPool(PoolProfile profile, int size);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    const PoolProfile& profile() const { return m_profile; }
    // A ready pair; one whose process died while it waited is dropped. With none ready, one is started now.
    std::unique_ptr<WarmPair> take();
    // Starts pairs until `size` are ready or warming. Called once an evaluation's pair has ended, so that no
    // warm-up runs beside its timed calls (on the GPU the warm-up also waits for any other evaluation's measurement).
    void refill();
    // Pairs started by this pool so far (tests: a crashed evaluation's pair is never given out again).
    int started() const;

private:
    std::unique_ptr<WarmPair> start();

    PoolProfile m_profile;
    int m_size;
    std::string m_root;
    mutable std::mutex m_lock;
    std::deque<std::unique_ptr<WarmPair>> m_ready;
    int m_started = 0;
};

} // namespace kwb::runner
