#include "runner/evalset.h"

#include "runner/childprocess.h"
#include "runner/evalpipeline.h"
#include "runner/jsonvalue.h"
#include "runner/jsonwriter.h"
#include "runner/workerpool.h"

#include <algorithm>
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

} // namespace

std::vector<TaskEntry> EvalSet::discover(const std::string& taskDirectory, const std::string& candidateDirectory)
{
    std::vector<TaskEntry> tasks;
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(taskDirectory, ec)) {
        const fs::path path = entry.path();
        if (!entry.is_regular_file() || path.extension() != ".py" || path.filename().string()[0] < '0'
            || path.filename().string()[0] > '9')
            continue; // KernelBench task files start with their number; helpers such as check_tasks.py do not
        TaskEntry task;
        task.path = path.string();
        const std::string parent = path.parent_path().filename().string();
        const std::string stem = path.stem().string();
        if (parent.rfind("level", 0) == 0 && parent.size() > 5) {
            task.level = std::atoi(parent.c_str() + 5);
            task.name = parent + "_" + stem;
        } else {
            task.name = stem;
        }
        task.candidate = findCandidate(candidateDirectory, task.name, stem);
        tasks.push_back(task);
    }
    std::sort(tasks.begin(), tasks.end(), [](const TaskEntry& a, const TaskEntry& b) {
        return a.level != b.level ? a.level < b.level : std::atoi(fs::path(a.path).stem().c_str()) < std::atoi(fs::path(b.path).stem().c_str());
    });
    return tasks;
}

bool EvalSet::run(const Options& options, std::ostream& out, std::string* error)
{
    const auto start = std::chrono::steady_clock::now();
    const std::vector<TaskEntry> tasks = discover(options.taskDirectory, options.candidateDirectory);
    if (tasks.empty()) {
        *error = "No task files (NN_name.py) were found in " + options.taskDirectory + ".";
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
    auto requestFor = [&](const TaskEntry& task, const std::string& runName, EvalRequest::Mode mode) {
        EvalRequest r = options.base;
        r.mode = mode;
        r.taskPath = task.path;
        r.candidatePath = task.candidate;
        r.runDirectory = (outDir / "runs" / runName).string();
        removeTree(r.runDirectory);
        return r;
    };

    // Compiles run ahead on a pool of threads (each a process with its own limits); evaluations follow, a few at once.
    const int jobs = options.compileJobs > 0 ? options.compileJobs : std::max(1, int(std::thread::hardware_concurrency() / 2));
    std::vector<std::promise<void>> built(tasks.size());
    std::vector<std::shared_future<void>> isBuilt;
    for (auto& promise : built)
        isBuilt.push_back(promise.get_future().share());
    std::atomic<std::size_t> next { 0 };
    std::vector<std::thread> workers;
    for (int j = 0; j < jobs; ++j) {
        workers.emplace_back([&] {
            for (std::size_t i = next++; i < tasks.size(); i = next++) {
                if (!tasks[i].candidate.empty()) {
                    runPipeline(requestFor(tasks[i], tasks[i].name + "-build", EvalRequest::Mode::CompileOnly),
                        (outDir / "runs" / (tasks[i].name + "-build.json")).string());
                }
                built[i].set_value();
            }
        });
    }

    struct Row
    {
        const TaskEntry* task;
        JsonValue result;
    };
    std::vector<Row> slots(tasks.size());
    std::vector<char> ran(tasks.size(), 0); // not vector<bool>: threads write their own elements
    const int evalJobs = options.evalJobs > 0 ? options.evalJobs : options.base.device == "cuda" ? 3 : 1;
    // Warm pairs (driver and worker with torch imported and the device ready), one per evaluation at once: each
    // serves one candidate, and its replacement warms up while that evaluation runs.
    std::unique_ptr<WorkerPool> pool;
    if (options.warmWorkers) {
        EvalRequest probe = options.base;
        probe.runDirectory = (outDir / "runs").string();
        const int pairs = options.warmPairs > 0 ? options.warmPairs : options.base.device == "cuda" ? 2 * evalJobs : evalJobs;
        pool = std::make_unique<WorkerPool>(EvalPipeline(probe).poolProfile(), pairs);
    }
    std::atomic<std::size_t> nextEval { 0 };
    std::vector<std::thread> evaluators;
    for (int j = 0; j < evalJobs; ++j) {
        evaluators.emplace_back([&] {
            for (std::size_t i = nextEval++; i < tasks.size(); i = nextEval++) {
                const TaskEntry& task = tasks[i];
                // While the candidate still builds, its task's baselines are timed (on the GPU, which no compile stage
                // can reach); the evaluation then finds them cached.
                if (!task.candidate.empty() && options.base.device == "cuda" && options.base.timeBaselines
                    && isBuilt[i].wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
                    runPipeline(requestFor(task, task.name + "-baselines", EvalRequest::Mode::BaselinesOnly),
                        (outDir / "runs" / (task.name + "-baselines.json")).string());
                }
                isBuilt[i].wait();
                if (task.candidate.empty() && !options.baselinesWithoutCandidate)
                    continue;
                const std::string resultPath = (outDir / "results" / (task.name + ".json")).string();
                runPipeline(requestFor(task, task.name, task.candidate.empty() ? EvalRequest::Mode::BaselinesOnly : EvalRequest::Mode::Full),
                    resultPath, pool.get());
                std::string parseError;
                auto result = JsonValue::parseFile(resultPath, &parseError);
                slots[i] = { &task, result ? std::move(*result) : JsonValue() };
                ran[i] = 1;
            }
        });
    }
    for (std::thread& evaluator : evaluators)
        evaluator.join();
    std::vector<Row> rows;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        if (ran[i])
            rows.push_back(std::move(slots[i]));
    }
    for (std::thread& worker : workers)
        worker.join();

    std::size_t evaluated = 0, correct = 0, fasterEager = 0, fasterCompile = 0;
    std::vector<double> speedupsEager, speedupsCompile;
    JsonWriter w(out, 1);
    w.beginObject();
    w.key("rules").value(options.base.rules); // one profile per run: its rows are never mixed with another's
    w.key("tasks").value(static_cast<unsigned long long>(tasks.size()));
    w.key("results").beginArray();
    for (const Row& row : rows) {
        const JsonValue& r = row.result;
        const bool hasCandidate = !row.task->candidate.empty();
        const bool isCorrect = r["verify"]["status"].toString() == "passed";
        const double se = r["speedup_vs_eager"].toNumber(std::nan(""));
        const double sc = r["speedup_vs_compile"].toNumber(std::nan(""));
        if (hasCandidate) {
            ++evaluated;
            correct += isCorrect;
            if (isCorrect && std::isfinite(se)) {
                speedupsEager.push_back(se);
                fasterEager += se > 1.0;
            }
            if (isCorrect && std::isfinite(sc)) {
                speedupsCompile.push_back(sc);
                fasterCompile += sc > 1.0;
            }
        }
        w.beginObject();
        w.key("name").value(row.task->name).key("level").value(row.task->level).key("task").value(row.task->path);
        w.key("candidate").value(row.task->candidate);
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
    w.key("evaluated").value(static_cast<unsigned long long>(evaluated));
    w.key("correct").value(static_cast<unsigned long long>(correct));
    writeRate(w, "pass_rate", correct, evaluated);
    writeRate(w, "faster_than_eager_rate", fasterEager, evaluated);
    writeRate(w, "faster_than_compile_rate", fasterCompile, evaluated);
    w.key("geomean_speedup_vs_eager").value(geomean(speedupsEager));
    w.key("geomean_speedup_vs_compile").value(geomean(speedupsCompile));
    w.key("compile_jobs").value(jobs);
    w.key("seconds").value(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    for (const Row& row : rows) { // every evaluation ran on this host; the first that knows the GPU speaks for all
        if (!row.result["fingerprint"]["gpu_name"].isNull() || &row == &rows.back()) {
            row.result["fingerprint"].write(w.key("fingerprint"));
            break;
        }
    }
    w.endObject();
    out << '\n';
    return true;
}

} // namespace kwb::runner
