// eval-set: a task set evaluated with builds on several CPUs and evaluations sharing one GPU, locally or
// through Ray, resumable, with its summary. One file because the scheduling, the resume and the summary read
// the same per-task state; the Ray branch is meant to become a stage of its own.
#include "runner/evalset.h"

#include "runner/childprocess.h"
#include "runner/evalpipeline.h"
#include "runner/jsonvalue.h"
#include "runner/jsonwriter.h"
#include "runner/workerpool.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <optional>
#include <set>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <atomic>
#include <future>
#include <ostream>
#include <thread>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

std::string findCandidate(const std::string& directory, const std::string& name, const std::string& stem)
{
    if (directory.empty())
        return {};
    for (const std::string& base : { name, stem }) {
        const fs::path dir = fs::path(directory) / base;
        if (fs::is_regular_file(dir / "model_new.py"))
            return dir.string();
        if (fs::is_regular_file(fs::path(directory) / (base + ".py")))
            return (fs::path(directory) / (base + ".py")).string();
    }
    return {};
}

// KernelBench's run naming, level_<L>_problem_<P>_sample_<S>_kernel.py: every sample, keyed by level and problem.
std::map<std::pair<int, int>, std::vector<CandidateSample>> kernelBenchSamples(const std::string& directory)
{
    std::map<std::pair<int, int>, std::vector<CandidateSample>> samples;
    if (directory.empty())
        return samples;
    static const std::regex naming(R"(level_(\d+)_problem_(\d+)_sample_(\d+)_kernel\.py)");
    std::error_code ec;
    for (auto it = fs::directory_iterator(directory, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::smatch m;
        const std::string file = it->path().filename().string();
        if (it->is_regular_file() && std::regex_match(file, m, naming))
            samples[{ std::stoi(m[1]), std::stoi(m[2]) }].push_back({ std::stoi(m[3]), it->path().string(), true });
    }
    for (auto& [key, list] : samples)
        std::sort(list.begin(), list.end(), [](const CandidateSample& a, const CandidateSample& b) { return a.id < b.id; });
    return samples;
}

// KernelBench's own verdicts from the run folder's eval_results.json, by problem and sample. Its two layouts:
// {problem: [record with sample_id, ...]} and, in older runs, {problem: record} (sample 0). The file names problems
// without their level, so it is read only for a folder whose candidates are of one level.
std::map<std::pair<int, int>, JsonValue> kernelBenchVerdicts(const std::string& directory, bool oneLevel)
{
    std::map<std::pair<int, int>, JsonValue> verdicts;
    std::string error;
    const fs::path file = fs::path(directory) / "eval_results.json";
    std::error_code ec;
    if (directory.empty() || !oneLevel || !fs::is_regular_file(file, ec))
        return verdicts;
    const auto parsed = JsonValue::parseFile(file.string(), &error);
    if (!parsed || !parsed->isObject())
        return verdicts;
    for (const auto& [problem, value] : parsed->members()) {
        const int id = std::atoi(problem.c_str());
        if (value.isObject()) {
            verdicts[{ id, int(value["sample_id"].toNumber(0)) }] = value;
        } else {
            for (const JsonValue& record : value.items()) {
                if (record.isObject())
                    verdicts[{ id, int(record["sample_id"].toNumber(0)) }] = record;
            }
        }
    }
    return verdicts;
}

bool runPipeline(EvalRequest request, const std::string& resultPath, WorkerPool* pool = nullptr)
{
    EvalPipeline pipeline(std::move(request));
    pipeline.setPool(pool);
    pipeline.run();
    std::ofstream file(resultPath);
    JsonWriter writer(file, 1);
    pipeline.writeResult(writer);
    file << '\n';
    return bool(file);
}

double geomean(const std::vector<double>& values)
{
    if (values.empty())
        return std::nan("");
    double logSum = 0;
    for (double v : values)
        logSum += std::log(v);
    return std::exp(logSum / double(values.size()));
}

void writeRate(JsonWriter& w, const char* key, std::size_t count, std::size_t of)
{
    w.key(key);
    if (of == 0)
        w.null();
    else
        w.value(double(count) / double(of));
}

// The CUDA Agent paper's figures over a group of tasks (a level, or all): each task counted once, by its first sample.
// An evaluation that ended in the machine's or the task's error rather than a verdict (no GPU, a lost worker).
bool isEnvironmentError(const JsonValue& r)
{
    return r.contains("error") || r["compile"]["status"].toString() == "error" || r["verify"]["status"].toString() == "error"
        || r["timing"]["status"].toString() == "error"; // a correct candidate whose baselines could not be timed
}

// A result that ran out of GPU memory, in any stage: with other evaluations on the GPU at the same time, that may be
// theirs, so it is evaluated again with the GPU to itself and the second result stands.
bool ranOutOfMemory(const JsonValue& r)
{
    const std::string text = r.toJson();
    return text.find("out of memory") != std::string::npos || text.find("OutOfMemoryError") != std::string::npos;
}

struct Tally
{
    std::size_t tasks = 0, evaluated = 0, correct = 0, fasterEager = 0, fasterCompile = 0, environmentErrors = 0;
    std::vector<double> speedupsEager, speedupsCompile;

    void add(const JsonValue& r)
    {
        if (isEnvironmentError(r)) {
            ++environmentErrors; // not the candidate's: counted apart, out of every rate
            return;
        }
        ++evaluated;
        if (r["verify"]["status"].toString() != "passed")
            return;
        ++correct;
        const double se = r["speedup_vs_eager"].toNumber(std::nan(""));
        const double sc = r["speedup_vs_compile"].toNumber(std::nan(""));
        if (std::isfinite(se)) {
            speedupsEager.push_back(se);
            fasterEager += se > 1.0;
        }
        if (std::isfinite(sc)) {
            speedupsCompile.push_back(sc);
            fasterCompile += sc > 1.0;
        }
    }

    void write(JsonWriter& w) const
    {
        w.key("tasks").value(static_cast<unsigned long long>(tasks));
        w.key("evaluated").value(static_cast<unsigned long long>(evaluated));
        w.key("correct").value(static_cast<unsigned long long>(correct));
        w.key("environment_errors").value(static_cast<unsigned long long>(environmentErrors));
        writeRate(w, "pass_rate", correct, evaluated);
        writeRate(w, "faster_than_eager_rate", fasterEager, evaluated);
        writeRate(w, "faster_than_compile_rate", fasterCompile, evaluated);
        w.key("geomean_speedup_vs_eager").value(geomean(speedupsEager));
        w.key("geomean_speedup_vs_compile").value(geomean(speedupsCompile));
    }
};

// The unbiased estimator of pass@k for a problem with n samples of which c are correct: 1 - C(n-c, k) / C(n, k).
double passAtK(int n, int c, int k)
{
    if (n - c < k)
        return 1.0;
    double miss = 1.0;
    for (int i = n - c + 1; i <= n; ++i)
        miss *= 1.0 - double(k) / double(i);
    return 1.0 - miss;
}

std::string percent(const JsonValue& v)
{
    if (!v.isNumber())
        return "–";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v.toNumber(0) * 100.0);
    return text;
}

std::string times(const JsonValue& v)
{
    if (!v.isNumber())
        return "–";
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", v.toNumber(0));
    return text;
}

} // namespace

std::vector<TaskEntry> EvalSet::discover(const std::string& taskDirectory, const std::string& candidateDirectory,
    const std::vector<int>& levels)
{
    std::vector<TaskEntry> tasks;
    std::error_code ec;
    // A KernelBench checkout keeps its tasks in KernelBench/level1..4; its src/ and scripts/ hold no task.
    fs::path root = taskDirectory;
    if (fs::is_directory(root / "KernelBench" / "level1", ec))
        root /= "KernelBench";
    const auto runSamples = kernelBenchSamples(candidateDirectory);
    for (const auto& entry : fs::recursive_directory_iterator(root, ec)) {
        const fs::path path = entry.path();
        if (!entry.is_regular_file() || path.extension() != ".py" || path.filename().string()[0] < '0'
            || path.filename().string()[0] > '9')
            continue; // KernelBench task files start with their number; helpers such as check_tasks.py do not
        TaskEntry task;
        task.path = path.string();
        const std::string parent = path.parent_path().filename().string();
        const std::string stem = path.stem().string();
        task.problem = std::atoi(stem.c_str());
        if (parent.rfind("level", 0) == 0 && parent.size() > 5) {
            task.level = std::atoi(parent.c_str() + 5);
            task.name = parent + "_" + stem;
        } else {
            task.name = stem;
        }
        if (!levels.empty() && std::find(levels.begin(), levels.end(), task.level) == levels.end())
            continue;
        if (const std::string own = findCandidate(candidateDirectory, task.name, stem); !own.empty())
            task.samples.push_back({ 0, own });
        else if (const auto it = runSamples.find({ task.level, task.problem }); it != runSamples.end())
            task.samples = it->second;
        task.candidate = task.samples.empty() ? std::string() : task.samples.front().path;
        tasks.push_back(task);
    }
    std::sort(tasks.begin(), tasks.end(), [](const TaskEntry& a, const TaskEntry& b) {
        return a.level != b.level ? a.level < b.level : a.problem < b.problem;
    });
    return tasks;
}

bool EvalSet::run(const Options& options, std::ostream& out, std::string* error)
{
    const auto start = std::chrono::steady_clock::now();
    const std::vector<TaskEntry> tasks = discover(options.taskDirectory, options.candidateDirectory, options.levels);
    if (tasks.empty()) {
        *error = "No task files (NN_name.py) were found in " + options.taskDirectory
            + (options.levels.empty() ? "." : " at the levels asked for.");
        return false;
    }
    const fs::path outDir = fs::absolute(options.outputDirectory);
    std::error_code ec;
    fs::create_directories(outDir / "results", ec);
    fs::create_directories(outDir / "runs", ec);
    if (ec) {
        *error = "The output directory " + outDir.string() + " cannot be created: " + ec.message() + ".";
        return false;
    }

    // One job per candidate sample, and one (baselines only) per task without a candidate.
    struct Job
    {
        std::size_t task;
        int sample; // index into the task's samples; -1: none
        std::string name; // the result's file name and run folder
    };
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const TaskEntry& task = tasks[i];
        if (task.samples.empty())
            jobs.push_back({ i, -1, task.name });
        for (std::size_t s = 0; s < task.samples.size(); ++s)
            jobs.push_back({ i, int(s), task.samples.size() == 1 ? task.name : task.name + "_sample_" + std::to_string(task.samples[s].id) });
    }
    auto requestFor = [&](const Job& job, const std::string& runName, EvalRequest::Mode mode) {
        EvalRequest r = options.base;
        r.mode = mode;
        r.taskPath = tasks[job.task].path;
        r.candidatePath = job.sample < 0 ? std::string() : tasks[job.task].samples[std::size_t(job.sample)].path;
        r.runDirectory = (outDir / "runs" / runName).string();
        removeTree(r.runDirectory);
        return r;
    };

    // With --resume, the results a stopped run left are kept: the same rules, and a verdict (not the machine's error).
    std::vector<std::optional<JsonValue>> kept(jobs.size());
    if (options.resume) {
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            std::string ignored;
            auto r = JsonValue::parseFile((outDir / "results" / (jobs[i].name + ".json")).string(), &ignored);
            if (r && r->isObject() && (*r)["rules"].toString() == options.base.rules && !isEnvironmentError(*r))
                kept[i] = std::move(*r);
        }
    }

    // Compiles run ahead on a pool of threads (each a process with its own limits); evaluations follow, a few at once.
    const int compileJobs = options.compileJobs > 0 ? options.compileJobs : std::max(1, int(std::thread::hardware_concurrency() / 2));
    std::vector<std::promise<void>> built(jobs.size());
    std::vector<std::shared_future<void>> isBuilt;
    for (auto& promise : built)
        isBuilt.push_back(promise.get_future().share());
    // On a Ray cluster the actors build on their own nodes, ahead of their evaluations.
    const bool onRay = !options.ray.address.empty();
    std::unique_ptr<RayDispatch> ray;
    if (onRay && std::any_of(kept.begin(), kept.end(), [](const std::optional<JsonValue>& k) { return !k; })) {
        ray = std::make_unique<RayDispatch>();
        if (!ray->start(options.ray, error)) {
            *error = "The run cannot start on the Ray cluster at " + options.ray.address + ": " + *error;
            return false;
        }
    }
    std::atomic<std::size_t> next { 0 };
    std::vector<std::thread> workers;
    for (int j = 0; j < (onRay ? 0 : compileJobs); ++j) {
        workers.emplace_back([&] {
            for (std::size_t i = next++; i < jobs.size(); i = next++) {
                if (jobs[i].sample >= 0 && !kept[i]) {
                    runPipeline(requestFor(jobs[i], jobs[i].name + "-build", EvalRequest::Mode::CompileOnly),
                        (outDir / "runs" / (jobs[i].name + "-build.json")).string());
                }
                built[i].set_value();
            }
        });
    }

    if (onRay) {
        for (auto& promise : built)
            promise.set_value();
    }
    std::vector<JsonValue> results(jobs.size());
    std::vector<char> ran(jobs.size(), 0); // not vector<bool>: threads write their own elements
    const int evalJobs = ray ? ray->capacity() : options.evalJobs > 0 ? options.evalJobs : options.base.device == "cuda" ? 3 : 1;
    // Warm pairs (driver and worker with torch imported and the device ready), one per evaluation at once: each
    // serves one candidate, and its replacement warms up while that evaluation runs.
    std::unique_ptr<WorkerPool> pool;
    const bool toEvaluate = std::any_of(kept.begin(), kept.end(), [](const std::optional<JsonValue>& k) { return !k; });
    if (options.warmWorkers && toEvaluate && !onRay) { // a resumed run with every result kept starts no worker
        EvalRequest probe = options.base;
        probe.runDirectory = (outDir / "runs").string();
        const int pairs = options.warmPairs > 0 ? options.warmPairs : options.base.device == "cuda" ? 2 * evalJobs : evalJobs;
        pool = std::make_unique<WorkerPool>(EvalPipeline(probe).poolProfile(), pairs);
    }
    // One job's evaluation into results/<name>.json, read back (an empty value when the runner left none).
    auto evaluate = [&](const Job& job) {
        const std::string resultPath = (outDir / "results" / (job.name + ".json")).string();
        if (ray) {
            const EvalRequest r = requestFor(job, job.name, job.sample < 0 ? EvalRequest::Mode::BaselinesOnly : EvalRequest::Mode::Full);
            std::string why;
            const std::optional<JsonValue> answer = ray->evaluate(job.name, job.sample < 0, r.taskPath, r.candidatePath, r.runDirectory, &why);
            std::ofstream file(resultPath);
            JsonWriter writer(file, 1);
            if (answer) {
                answer->write(writer);
                file << '\n';
                return *answer;
            }
            // The cluster's failure, never the candidate's: an environment error, in no rate and with no reward.
            writer.beginObject().key("rules").value(options.base.rules).key("error").value("Ray: " + why);
            writer.key("compile").beginObject().key("status").value("not-run").endObject();
            writer.key("verify").beginObject().key("status").value("not-run").endObject();
            writer.key("reward").beginObject().endObject().endObject();
            file << '\n';
            file.close();
            std::string parseError;
            auto written = JsonValue::parseFile(resultPath, &parseError);
            return written ? std::move(*written) : JsonValue();
        }
        runPipeline(requestFor(job, job.name, job.sample < 0 ? EvalRequest::Mode::BaselinesOnly : EvalRequest::Mode::Full),
            resultPath, pool.get());
        std::string parseError;
        auto result = JsonValue::parseFile(resultPath, &parseError);
        return result ? std::move(*result) : JsonValue();
    };
    std::atomic<std::size_t> nextEval { 0 };
    std::vector<std::thread> evaluators;
    for (int j = 0; j < evalJobs; ++j) {
        evaluators.emplace_back([&] {
            for (std::size_t i = nextEval++; i < jobs.size(); i = nextEval++) {
                const Job& job = jobs[i];
                if (kept[i]) {
                    results[i] = std::move(*kept[i]);
                    ran[i] = 1;
                    continue;
                }
                // While the candidate still builds, its task's baselines are timed (on the GPU, which no compile stage
                // can reach); the evaluation then finds them cached. Once per task: its first sample.
                if (job.sample == 0 && options.base.device == "cuda" && options.base.timeBaselines && !onRay
                    && isBuilt[i].wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
                    runPipeline(requestFor(job, job.name + "-baselines", EvalRequest::Mode::BaselinesOnly),
                        (outDir / "runs" / (job.name + "-baselines.json")).string());
                }
                isBuilt[i].wait();
                if (job.sample < 0 && !options.baselinesWithoutCandidate)
                    continue;
                results[i] = evaluate(job);
                ran[i] = 1;
            }
        });
    }
    for (std::thread& evaluator : evaluators)
        evaluator.join();
    for (std::thread& worker : workers)
        worker.join();
    // Evaluations that shared the GPU and ended in the machine's error or ran out of memory go again, one at a time.
    std::vector<std::string> retried;
    if (evalJobs > 1) {
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            const Job& job = jobs[i];
            if (!ran[i] || kept[i] || !(isEnvironmentError(results[i]) || ranOutOfMemory(results[i])))
                continue;
            results[i] = evaluate(job);
            retried.push_back(job.name);
        }
    }

    // Table 1 counts each task once, by its first sample (as KernelBench's own analysis takes sample 0); pass@k uses
    // every sample.
    std::map<int, Tally> perLevel;
    Tally overall;
    std::map<std::size_t, std::pair<int, int>> samplesCorrect; // task -> (samples, correct)
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const Job& job = jobs[i];
        if (job.sample <= 0) {
            ++perLevel[tasks[job.task].level].tasks;
            ++overall.tasks;
        }
        if (!ran[i] || job.sample < 0)
            continue;
        if (!isEnvironmentError(results[i])) { // pass@k counts verdicts only
            auto& [n, c] = samplesCorrect[job.task];
            ++n;
            c += results[i]["verify"]["status"].toString() == "passed";
        }
        if (job.sample == 0) {
            perLevel[tasks[job.task].level].add(results[i]);
            overall.add(results[i]);
        }
    }
    std::size_t mostSamples = 0;
    std::set<int> runLevels;
    for (const TaskEntry& task : tasks) {
        mostSamples = std::max(mostSamples, task.samples.size());
        for (const CandidateSample& sample : task.samples) {
            if (sample.kernelBenchNaming)
                runLevels.insert(task.level);
        }
    }
    // Where the run folder has KernelBench's own verdicts, each sample's is kept beside this evaluation's, and the
    // summary counts where the two agree.
    const auto verdicts = kernelBenchVerdicts(options.candidateDirectory, runLevels.size() == 1);
    std::size_t bothCorrect = 0, onlyTheirs = 0, onlyHere = 0, neither = 0;

    JsonWriter w(out, 1);
    w.beginObject();
    w.key("rules").value(options.base.rules); // one profile per run: its rows are never mixed with another's
    w.key("results").beginArray();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!ran[i])
            continue;
        const Job& job = jobs[i];
        const TaskEntry& task = tasks[job.task];
        const JsonValue& r = results[i];
        const bool hasCandidate = job.sample >= 0;
        const double se = r["speedup_vs_eager"].toNumber(std::nan(""));
        const double sc = r["speedup_vs_compile"].toNumber(std::nan(""));
        w.beginObject();
        w.key("name").value(task.name).key("level").value(task.level).key("task").value(task.path);
        w.key("candidate").value(hasCandidate ? task.samples[std::size_t(job.sample)].path : std::string());
        if (hasCandidate && task.samples.size() > 1)
            w.key("sample").value(task.samples[std::size_t(job.sample)].id);
        if (hasCandidate && task.samples[std::size_t(job.sample)].kernelBenchNaming) {
            const auto verdict = verdicts.find({ task.problem, task.samples[std::size_t(job.sample)].id });
            if (verdict != verdicts.end()) {
                const bool theirs = verdict->second["correctness"].toBool();
                const bool ours = r["verify"]["status"].toString() == "passed";
                bothCorrect += theirs && ours;
                onlyTheirs += theirs && !ours;
                onlyHere += !theirs && ours;
                neither += !theirs && !ours;
                w.key("kernelbench").beginObject().key("compiled").value(verdict->second["compiled"].toBool());
                w.key("correctness").value(theirs);
                if (verdict->second["runtime"].toNumber(-1) > 0)
                    w.key("runtime_ms").value(verdict->second["runtime"].toNumber(0));
                w.endObject();
            }
        }
        if (r.contains("error"))
            w.key("error").value(r["error"].toString());
        w.key("compile").value(r["compile"]["status"].toString());
        w.key("verify").value(r["verify"]["status"].toString());
        if (!r["verify"]["message"].toString().empty())
            w.key("message").value(r["verify"]["message"].toString());
        for (const char* which : { "eager", "compiled", "candidate" }) {
            const JsonValue& stats = r["timing"][which];
            if (stats.isObject()) {
                w.key(std::string(which) + "_median_us").value(stats["median_us"].toNumber(0));
                w.key(std::string(which) + "_cv").value(stats["cv"].toNumber(0));
            }
        }
        if (std::isfinite(se))
            w.key("speedup_vs_eager").value(se);
        if (std::isfinite(sc))
            w.key("speedup_vs_compile").value(sc);
        if (hasCandidate && r["reward"]["value"].isNumber())
            w.key("reward").value(r["reward"]["value"].toNumber(0));
        w.key("seconds").value(r["seconds"].toNumber(0));
        w.endObject();
    }
    w.endArray();
    overall.write(w); // tasks, evaluated, correct, the rates and geometric means over every level
    w.key("levels").beginArray();
    for (const auto& [level, tally] : perLevel) {
        w.beginObject().key("level").value(level);
        tally.write(w);
        w.endObject();
    }
    w.endArray();
    // KernelBench's fast_p: the share of the evaluated tasks whose first sample is correct and more than p times as
    // fast as the baseline; fast_0 is the pass rate.
    w.key("fast_p");
    if (!options.base.timeBaselines)
        w.null(); // no baselines, no speedups
    else
        w.beginObject();
    for (const auto& [which, key] : { std::pair<const char*, const char*> { "eager", "speedup_vs_eager" }, { "compile", "speedup_vs_compile" } }) {
        if (!options.base.timeBaselines)
            break;
        w.key(which).beginObject();
        for (double p : { 0.0, 0.5, 0.8, 1.0, 1.5, 2.0 }) {
            std::size_t count = 0, of = 0;
            for (std::size_t i = 0; i < jobs.size(); ++i) {
                if (!ran[i] || jobs[i].sample != 0 || isEnvironmentError(results[i]))
                    continue; // an environment error is no verdict: out of every rate
                ++of;
                const JsonValue& r = results[i];
                count += r["verify"]["status"].toString() == "passed" && r[key].toNumber(0) > p;
            }
            char name[16];
            std::snprintf(name, sizeof name, "%g", p);
            writeRate(w, name, count, of);
        }
        w.endObject();
    }
    if (options.base.timeBaselines)
        w.endObject();
    if (mostSamples > 1) {
        // pass@k over the tasks with at least k samples, by the unbiased estimator.
        w.key("pass_at_k").beginObject();
        for (int k : { 1, 2, 5, 10, 20, 50, 100 }) {
            if (std::size_t(k) > mostSamples)
                break;
            double sum = 0;
            std::size_t counted = 0;
            for (const auto& [task, nc] : samplesCorrect) {
                if (nc.first >= k) {
                    sum += passAtK(nc.first, nc.second, k);
                    ++counted;
                }
            }
            w.key(std::to_string(k)).beginObject().key("tasks").value(static_cast<unsigned long long>(counted));
            w.key("value");
            if (counted)
                w.value(sum / double(counted));
            else
                w.null();
            w.endObject();
        }
        w.endObject();
        std::size_t samples = 0;
        for (const auto& [task, nc] : samplesCorrect)
            samples += std::size_t(nc.first);
        w.key("samples_evaluated").value(static_cast<unsigned long long>(samples));
    }
    if (bothCorrect + onlyTheirs + onlyHere + neither > 0) {
        w.key("kernelbench_agreement").beginObject();
        w.key("both_correct").value(static_cast<unsigned long long>(bothCorrect));
        w.key("correct_only_in_kernelbench").value(static_cast<unsigned long long>(onlyTheirs));
        w.key("correct_only_here").value(static_cast<unsigned long long>(onlyHere));
        w.key("both_incorrect").value(static_cast<unsigned long long>(neither));
        w.endObject();
    }
    if (onRay) {
        const JsonValue end = ray ? ray->finish() : JsonValue();
        w.key("ray").beginObject().key("address").value(options.ray.address);
        if (ray) {
            w.key("actors").value(ray->ready()["actors"].toNumber(0)).key("capacity").value(ray->capacity());
            ray->ready()["hosts"].write(w.key("hosts"));
            ray->ready()["nodes"].write(w.key("nodes"));
            end["lost"].write(w.key("nodes_lost"));
            w.key("evaluations_retried").value(end["retried"].toNumber(0));
        }
        w.endObject();
    } else {
        w.key("compile_jobs").value(compileJobs);
    }
    w.key("retried_alone").beginArray(); // evaluated again with the GPU to themselves (see above)
    for (const std::string& name : retried)
        w.value(name);
    w.endArray();
    w.key("seconds").value(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    // Every evaluation ran on this host: the first result that knows the GPU speaks for all, else the last one.
    std::size_t speaker = jobs.size();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (ran[i] && (speaker == jobs.size() || results[speaker]["fingerprint"]["gpu_name"].isNull()))
            speaker = i;
    }
    if (speaker < jobs.size())
        results[speaker]["fingerprint"].write(w.key("fingerprint"));
    w.endObject();
    out << '\n';
    return true;
}

std::string EvalSet::table(const JsonValue& summary)
{
    std::string text = "Rules: " + summary["rules"].toString() + "\n\n";
    char line[256];
    const char* format = "%-8s  %-9s  %-6s  %-11s  %-11s  %-10s  %s\n";
    std::snprintf(line, sizeof line, format, "subset", "evaluated", "pass %", "faster than", "faster than", "geomean vs",
        "geomean vs");
    text += line;
    std::snprintf(line, sizeof line, format, "", "of tasks", "", "eager %", "compile %", "eager", "compile");
    text += line;
    auto row = [&](const std::string& name, const JsonValue& t) {
        const std::string counts = std::to_string(static_cast<long long>(t["evaluated"].toNumber(0))) + "/"
            + std::to_string(static_cast<long long>(t["tasks"].toNumber(0)));
        std::snprintf(line, sizeof line, format, name.c_str(), counts.c_str(), percent(t["pass_rate"]).c_str(),
            percent(t["faster_than_eager_rate"]).c_str(), percent(t["faster_than_compile_rate"]).c_str(),
            times(t["geomean_speedup_vs_eager"]).c_str(), times(t["geomean_speedup_vs_compile"]).c_str());
        text += line;
    };
    for (const JsonValue& level : summary["levels"].items())
        row("L" + std::to_string(static_cast<long long>(level["level"].toNumber(0))), level);
    row("overall", summary);
    if (const auto errors = static_cast<long long>(summary["environment_errors"].toNumber(0)); errors > 0)
        text += std::to_string(errors) + " evaluation(s) ended in an environment error (not the candidate's) and are in no rate.\n";
    if (summary["fast_p"].isObject()) {
        text += "\nfast_p, % of the tasks correct and more than p times as fast:\n";
        std::snprintf(line, sizeof line, "%-12s", "p");
        text += line;
        for (const auto& [p, value] : summary["fast_p"]["eager"].members()) {
            std::snprintf(line, sizeof line, "  %6s", p.c_str());
            text += line;
        }
        for (const char* which : { "eager", "compile" }) {
            std::snprintf(line, sizeof line, "\nvs %-9s", which);
            text += line;
            for (const auto& [p, value] : summary["fast_p"][which].members()) {
                std::snprintf(line, sizeof line, "  %6s", percent(value).c_str());
                text += line;
            }
        }
        text += "\n";
    }
    if (summary["pass_at_k"].isObject()) {
        text += "\npass@k, % (over the tasks with at least k samples):";
        for (const auto& [k, entry] : summary["pass_at_k"].members())
            text += "  @" + k + " " + percent(entry["value"]) + " (" + std::to_string(static_cast<long long>(entry["tasks"].toNumber(0))) + " tasks)";
        text += "\n";
    }
    if (const JsonValue& a = summary["kernelbench_agreement"]; a.isObject()) {
        auto n = [&](const char* key) { return std::to_string(static_cast<long long>(a[key].toNumber(0))); };
        text += "\nAgainst KernelBench's own verdicts (eval_results.json), samples: both correct " + n("both_correct")
            + ", correct only in KernelBench's " + n("correct_only_in_kernelbench") + ", correct only here "
            + n("correct_only_here") + ", both incorrect " + n("both_incorrect") + ".\n";
    }
    text += "\nGeometric means over the correct tasks; rates over the tasks evaluated; each task by its first sample.\n";
    return text;
}

} // namespace kwb::runner
