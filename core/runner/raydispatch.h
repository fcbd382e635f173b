#pragma once

#include "runner/jsonvalue.h"

#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace kwb::runner {

// eval-set's evaluations on a Ray cluster: a dispatcher process (python -m kwb_ray.dispatch, resources/ray) joins the
// cluster, starts one evaluation actor per GPU (per node on the CPU), and answers each evaluation sent to it, one JSON
// line each way. The run itself (discovery, resume, results/, the summary) stays in EvalSet, as for a local run.
class RayDispatch
{
public:
    struct Settings
    {
        std::string address; // "127.0.0.1:6379", "auto"
        std::string python; // the Python that has Ray
        std::string package; // the folder holding kwb_ray/
        std::string runner; // this kwb-runner
        std::string nodeRunner; // kwb-runner's path on the nodes (empty: the same as runner)
        std::string nodePython; // the Python with torch on the nodes (empty: each node's default)
        std::string nodeCache; // builds and baselines on the nodes (empty: each node's ~/.cache/kernel-workbench)
        std::string device;
        int actors = 0; // 0: one per GPU (per node on the CPU)
        // Each actor's share (0: the dispatcher's defaults, 2 builds, 3 evaluations on a GPU and 1 on the CPU, twice
        // as many warm pairs as evaluations on a GPU): eval-set's --compile-jobs, --eval-jobs and --warm under --ray.
        int compileSlots = 0;
        int evalsPerActor = 0;
        int warmPairs = 0;
        std::vector<std::string> forward; // eval options every node applies (device, tolerances, protocol, reward)
    };

    ~RayDispatch();

    // Starts the dispatcher and waits until its actors are up; false with a sentence in error.
    bool start(const Settings& settings, std::string* error);
    int capacity() const { return m_capacity; } // evaluations the cluster takes at once
    const JsonValue& ready() const { return m_ready; }

    // Sends one evaluation and waits for its answer: the result, or nullopt with the cluster's error (not the
    // candidate's) in error. runDirectory receives the run folder's files.
    std::optional<JsonValue> evaluate(const std::string& name, bool baselinesOnly, const std::string& task,
        const std::string& candidate, const std::string& runDirectory, std::string* error);

    // Ends the dispatcher (its actors close); what it reported at the end (nodes lost, evaluations retried).
    JsonValue finish();

private:
    void readLoop();

    int m_pid = -1;
    int m_in = -1; // its standard input
    int m_out = -1; // its standard output
    int m_capacity = 0;
    JsonValue m_ready;
    JsonValue m_final;
    std::thread m_reader;
    std::mutex m_mutex;
    std::condition_variable m_answered;
    std::map<long long, JsonValue> m_answers;
    long long m_next = 0;
    bool m_ended = false; // the dispatcher's output closed
    std::string m_stderrPath;
};

} // namespace kwb::runner
