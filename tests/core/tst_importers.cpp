#include "testutils.h"

#include "io/atifimporter.h"
#include "io/exportformat.h"
#include "io/chatjsonlimporter.h"
#include "io/cudaagentworkspaceimporter.h"
#include "io/importformat.h"
#include "io/kernelbenchrunimporter.h"
#include "io/requestlogimporter.h"
#include "io/traceattacher.h"
#include "store/store.h"

#include "io/trajectorysource.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// Each importer against fixtures written in its format, including broken ones that must leave the store as it was.
class TestImporters : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void openAiChatConversations();
    void atifFromAnotherAgent();
    void atifKeepsTheTaskAndTheSourcesReward();
    void aFolderOfFilesInOneCall();
    void chatLinesKeepTheirIdsMetadataAndRewards();
    void atifKeepsTimesCostsTokensAndUnknownFields();
    void requestLogsBecomeRuns();
    void duplicateLinesSkippedOrRefused();
    void kernelBenchRunWithEvalSetSummary();
    void kernelBenchRun();
    void kernelBenchRunWithOneRecordPerProblem();
    void cudaAgentWorkspace();
    void brokenFilesImportNothing_data();
    void brokenFilesImportNothing();
    void cancelImportsNothing();
    void traceAttachesToOneTurn();
    void brokenTraceChangesNothing();
    void formatsAreRecognised();

private:
    using Import = std::function<std::optional<StoreImport::Counts>(Store&, const QString&, QString*)>;
    static Import importerFor(const QString& format);
    std::unique_ptr<Store> openStore(const QString& name);
    std::unique_ptr<QTemporaryDir> m_dir;
};

TestImporters::Import TestImporters::importerFor(const QString& format)
{
    if (format == QLatin1String("openai"))
        return [](Store& s, const QString& p, QString* e) { return ChatJsonlImporter::importFile(s, p, {}, e); };
    if (format == QLatin1String("atif"))
        return [](Store& s, const QString& p, QString* e) { return AtifImporter::importFile(s, p, {}, e); };
    if (format == QLatin1String("cuda-agent"))
        return [](Store& s, const QString& p, QString* e) { return CudaAgentWorkspaceImporter::importFolder(s, p, {}, e); };
    if (format == QLatin1String("kernelbench"))
        return [](Store& s, const QString& p, QString* e) { return KernelBenchRunImporter::importFolder(s, p, QFINDTESTDATA("data/kernelbench/tasks"), {}, e); };
    return {};
}

void TestImporters::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
}

std::unique_ptr<Store> TestImporters::openStore(const QString& name)
{
    QString error;
    auto store = Store::open(m_dir->filePath(name), &error);
    if (!store)
        qWarning() << error;
    return store;
}

void TestImporters::openAiChatConversations()
{
    const QString path = QFINDTESTDATA("data/openai/conversations.jsonl");
    auto store = openStore(QStringLiteral("s.kwb"));
    QString error;
    QList<qint64> seen;
    const auto counts = ChatJsonlImporter::importFile(*store, path, [&seen](qint64 done, qint64 total) {
        seen.append(done);
        return done <= total;
    }, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    QCOMPARE(counts->turns, 4 + 1);
    QCOMPARE(seen.size(), 2);
    QCOMPARE(seen.last(), QFileInfo(path).size());

    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QCOMPARE(ids->size(), 2);
    Trajectory first = *store->trajectory(ids->at(0), Store::Depth::Full, &error);
    Trajectory second = *store->trajectory(ids->at(1), Store::Depth::Full, &error);
    if (first.turns.size() != 4)
        std::swap(first, second);
    QCOMPARE(first.task.name, QStringLiteral("1_diag_matmul"));
    QCOMPARE(first.task.level, 1);
    QCOMPARE(first.prompt.size(), 2);
    QCOMPARE(first.prompt.at(0).role, Message::Role::System);
    QCOMPARE(first.source, QStringLiteral("openai-chat"));

    const Turn& t0 = first.turns.at(0);
    QCOMPARE(t0.messages.size(), 3);
    QCOMPARE(t0.messages.at(0).reasoning, QStringLiteral("diag(A) @ B scales row i of B by A[i]."));
    QCOMPARE(t0.messages.at(0).toolCalls.size(), 2);
    QCOMPARE(t0.messages.at(0).toolCalls.at(0).arguments.value(QLatin1String("path")).toString(), QStringLiteral("kernels/diag.cu"));
    QCOMPARE(t0.messages.at(1).toolCallId, QStringLiteral("call_1"));
    QCOMPARE(t0.workspace.paths(), QStringList({ QStringLiteral("kernels/diag.cu"), QStringLiteral("model_new.py") }));
    QCOMPARE(t0.provenance.kind, Provenance::Kind::Import);
    QCOMPARE(t0.provenance.model, QStringLiteral("kb-coder-7b"));
    QVERIFY(t0.provenance.source.endsWith(QStringLiteral("conversations.jsonl:1")));

    const Turn& steer = first.turns.at(2);
    QCOMPARE(steer.parentUuid, first.turns.at(1).uuid);
    QCOMPARE(steer.messages.at(0).role, Message::Role::User);
    QCOMPARE(steer.messages.at(0).text, QStringLiteral("Use a grid-stride loop."));
    QCOMPARE(steer.workspace.content(QStringLiteral("kernels/diag.cu")),
        QByteArray("__global__ void scale_rows(const float* a, const float* b, float* c, int n, int m) { for (;;) break; }\n"));
    QCOMPARE(first.turns.at(3).workspace, steer.workspace);

    QCOMPARE(second.prompt.at(0).text, QStringLiteral("Write a ReLU kernel."));
    QCOMPARE(second.turns.at(0).messages.at(1).toolName, QStringLiteral("create_file"));
    QCOMPARE(second.turns.at(0).workspace.content(QStringLiteral("relu.cu")), QByteArray("__global__ void relu() {}\n"));
}

void TestImporters::atifFromAnotherAgent()
{
    auto store = openStore(QStringLiteral("a.kwb"));
    QString error;
    const auto counts = AtifImporter::importFile(*store, QFINDTESTDATA("data/atif/foreign.json"), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 1);
    QCOMPARE(counts->turns, 3);
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    const Trajectory t = *store->trajectory(ids->first(), Store::Depth::Full, &error);
    QCOMPARE(t.title, QStringLiteral("run-0042"));
    QCOMPARE(t.policy, QStringLiteral("terminus"));
    QCOMPARE(t.source, QStringLiteral("atif"));
    QCOMPARE(t.prompt.size(), 2);
    const Turn& first = t.turns.at(0);
    QCOMPARE(first.messages.size(), 2);
    QCOMPARE(first.messages.at(0).reasoning, QStringLiteral("one block per row"));
    QCOMPARE(first.messages.at(0).promptTokens, 812);
    QCOMPARE(first.messages.at(1).toolName, QStringLiteral("write_file"));
    QCOMPARE(first.provenance.model, QStringLiteral("kb-coder-7b"));
    const Turn& second = t.turns.at(1);
    QCOMPARE(second.messages.at(0).text, QStringLiteral("Adding the binding."));
    QCOMPARE(second.messages.size(), 3);
    QCOMPARE(second.workspace.paths(), QStringList({ QStringLiteral("kernels/softmax.cu"), QStringLiteral("model_new.py") }));
    const Turn& third = t.turns.at(2);
    QCOMPARE(third.messages.at(0).role, Message::Role::User);
    QCOMPARE(third.messages.at(1).toolCalls.at(0).arguments.value(QLatin1String("new_string")).toString(), QStringLiteral("softmax_warp()"));
    QCOMPARE(third.workspace.content(QStringLiteral("kernels/softmax.cu")), QByteArray("__global__ void softmax_warp() {}\n"));
}

// Names and verdicts from the source: a Harbor trial folder (<task>__<trial>/agent/trajectory.json with the
// verifier's reward.json), a document naming its task in extra, and a file named for its task. The rollouts export
// then gives the source's reward where the workbench has none, and says where it came from.
void TestImporters::atifKeepsTheTaskAndTheSourcesReward()
{
    auto store = openStore(QStringLiteral("named.kwb"));
    QString error;
    for (const char* file : { "data/atif/harbor/softmax_rows__a1b2c3/agent/trajectory.json", "data/atif/named.json", "data/atif/foreign.json" })
        QVERIFY2(AtifImporter::importFile(*store, QFINDTESTDATA(file), {}, &error), qPrintable(error));
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QCOMPARE(ids->size(), 3);
    QMap<QString, Trajectory> byTask;
    for (qint64 id : *ids) {
        const Trajectory t = *store->trajectory(id, Store::Depth::Headers, &error);
        byTask.insert(t.task.name, t);
    }
    QCOMPARE(byTask.keys(), (QStringList { QStringLiteral("foreign"), QStringLiteral("level1/23_Softmax"), QStringLiteral("softmax_rows") }));
    const QJsonObject reward = byTask.value(QStringLiteral("softmax_rows")).metadata.value(QLatin1String("source_reward")).toObject();
    QCOMPARE(reward.value(QLatin1String("value")).toDouble(), 0.75);
    QVERIFY(reward.value(QLatin1String("from")).toString().endsWith(QStringLiteral("softmax_rows__a1b2c3/verifier/reward.json")));
    QCOMPARE(reward.value(QLatin1String("fields")).toObject().value(QLatin1String("correctness")).toDouble(), 1.0);
    QVERIFY(!byTask.value(QStringLiteral("foreign")).metadata.contains(QLatin1String("source_reward")));

    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY2(ExportFormat::write(*store, *ids, QStringLiteral("rollouts"), {}, out, {}, &error), qPrintable(error));
    int withReward = 0;
    for (const QByteArray& line : out.data().split('\n')) {
        if (line.isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.value(QLatin1String("group_id")).toString() == QLatin1String("softmax_rows")) {
            QCOMPARE(o.value(QLatin1String("reward")).toDouble(), 0.75);
            QVERIFY(o.value(QLatin1String("reward_source")).toString().endsWith(QStringLiteral("verifier/reward.json")));
            ++withReward;
        } else {
            QVERIFY(o.value(QLatin1String("reward")).isNull()); // neither we nor the source judged it
        }
    }
    QCOMPARE(withReward, 1);
}

// A folder of trajectory files, found by content whatever their names and depth: each file in a transaction of its
// own, a bad one said and skipped, the harness's other files (reward.json) passed over.
void TestImporters::aFolderOfFilesInOneCall()
{
    auto store = openStore(QStringLiteral("folder.kwb"));
    QString error;
    const QString folder = QFileInfo(QFINDTESTDATA("data/atif/foreign.json")).absolutePath();
    QCOMPARE(ImportFormat::detect(folder, &error), QStringLiteral("folder"));
    const auto counts = ImportFormat::run(*store, folder, QStringLiteral("folder"), {}, {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 3); // foreign.json, named.json and the Harbor trial
    QCOMPARE(counts->notes.size(), 4); // the four broken-*.json(l) files, each with its reason
    QVERIFY2(counts->notes.filter(QStringLiteral("broken-source.json: ")).size() == 1, qPrintable(counts->notes.join(QLatin1Char('\n'))));
    QCOMPARE(store->info(&error)->trajectories, 3);
    // A folder with nothing of ours in it is refused with its sentence.
    QTemporaryDir empty;
    QVERIFY(ImportFormat::detect(empty.path(), &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("nor a folder of trajectory files")), qPrintable(error));
}

// A chat line names its task in its metadata or its own fields, is titled by its "id", and keeps its metadata and
// reward as the source gave them.
void TestImporters::chatLinesKeepTheirIdsMetadataAndRewards()
{
    auto store = openStore(QStringLiteral("ids.kwb"));
    QString error;
    QVERIFY2(ChatJsonlImporter::importFile(*store, QFINDTESTDATA("data/openai/with-ids.jsonl"), {}, &error), qPrintable(error));
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QCOMPARE(ids->size(), 2);
    QMap<QString, Trajectory> byTitle;
    for (qint64 id : *ids) {
        const Trajectory t = *store->trajectory(id, Store::Depth::Headers, &error);
        byTitle.insert(t.title, t);
    }
    QCOMPARE(byTitle.keys(), (QStringList { QStringLiteral("gelu-r7-s0"), QStringLiteral("softmax-r7-s0") }));
    const Trajectory softmax = byTitle.value(QStringLiteral("softmax-r7-s0"));
    QCOMPARE(softmax.task.name, QStringLiteral("level1/23_Softmax"));
    const QJsonObject imported = softmax.metadata.value(QLatin1String("import")).toObject();
    QCOMPARE(imported.value(QLatin1String("id")).toString(), QStringLiteral("softmax-r7-s0"));
    QCOMPARE(imported.value(QLatin1String("metadata")).toObject().value(QLatin1String("temperature")).toDouble(), 0.7);
    QCOMPARE(softmax.metadata.value(QLatin1String("source_reward")).toObject().value(QLatin1String("value")).toDouble(), 1.0);
    const Trajectory gelu = byTitle.value(QStringLiteral("gelu-r7-s0"));
    QCOMPARE(gelu.task.name, QStringLiteral("level1/26_GELU_"));
    QCOMPARE(gelu.metadata.value(QLatin1String("source_reward")).toObject().value(QLatin1String("value")).toDouble(), -1.0);

    // A file with a line twice: the repeat is skipped and said, the rest lands (it was refused whole).
    QFile twice(m_dir->filePath(QStringLiteral("twice.jsonl")));
    QFile source(QFINDTESTDATA("data/openai/with-ids.jsonl"));
    QVERIFY(twice.open(QIODevice::WriteOnly) && source.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = source.readAll().trimmed().split('\n');
    twice.write(lines.at(0) + '\n' + lines.at(0) + '\n' + lines.at(1) + '\n');
    twice.close();
    auto other = openStore(QStringLiteral("twice.kwb"));
    const auto counts = ChatJsonlImporter::importFile(*other, twice.fileName(), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    QCOMPARE(counts->notes, QStringList { QStringLiteral("twice.jsonl: line 2 repeats line 1") });
}

// An ATIF trial with what a harness records beyond the conversation: per-step times, model, cached tokens, cost, and
// fields of its own (logprobs, reasoning effort, the step's extra, the agent's version, notes, final metrics). They
// are kept, and an ATIF export gives every one back, numbers as they were read.
void TestImporters::atifKeepsTimesCostsTokensAndUnknownFields()
{
    auto store = openStore(QStringLiteral("rich.kwb"));
    QString error;
    const QString path = QFINDTESTDATA("data/mixed/gelu_tanh__d4e5f6/agent/trajectory.json");
    QVERIFY2(AtifImporter::importFile(*store, path, {}, &error), qPrintable(error));
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QCOMPARE(ids->size(), 1);
    const Trajectory t = *store->trajectory(ids->first(), Store::Depth::Full, &error);
    QCOMPARE(t.task.name, QStringLiteral("level1/88_MinGPTNewGelu"));
    QCOMPARE(t.metadata.value(QLatin1String("source_reward")).toObject().value(QLatin1String("value")).toDouble(), 1.0);
    QCOMPARE(t.prompt.size(), 2);
    QCOMPARE(t.prompt.at(1).timestamp, QStringLiteral("2026-11-30T09:14:02.120Z"));
    QCOMPARE(t.turns.size(), 2);
    const Message& first = t.turns.at(0).messages.at(0);
    QCOMPARE(first.timestamp, QStringLiteral("2026-11-30T09:14:09.503Z"));
    QCOMPARE(first.model, QStringLiteral("kb-coder-7b-0.3"));
    QCOMPARE(first.promptTokens, 1840);
    QCOMPARE(first.cachedTokens, 1536);
    QCOMPARE(first.costUsd, 0.0291);
    QCOMPARE(first.extra.value(QLatin1String("reasoning_effort")).toString(), QStringLiteral("high"));
    QCOMPARE(first.extra.value(QLatin1String("metrics")).toObject().value(QLatin1String("logprobs")).toArray().size(), 2);
    QCOMPARE(first.extra.value(QLatin1String("extra")).toObject().value(QLatin1String("phase")).toString(), QStringLiteral("write"));
    const Message& second = t.turns.at(1).messages.at(0);
    QVERIFY(second.model.isEmpty()); // the step names none: the agent's model speaks for it
    QCOMPARE(second.costUsd, 0.0067);
    const QJsonObject atif = t.metadata.value(QLatin1String("atif")).toObject();
    QCOMPARE(atif.value(QLatin1String("agent")).toObject().value(QLatin1String("version")).toString(), QStringLiteral("2.3.1"));
    QCOMPARE(atif.value(QLatin1String("notes")).toString(), QStringLiteral("Second attempt; the first ran out of turns."));
    QCOMPARE(atif.value(QLatin1String("final_metrics")).toObject().value(QLatin1String("total_cached_tokens")).toInt(), 3584);

    // The export gives them back where the source had them.
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY2(ExportFormat::write(*store, *ids, QStringLiteral("atif"), {}, out, {}, &error), qPrintable(error));
    QFile source(path);
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QJsonObject original = QJsonDocument::fromJson(source.readAll()).object();
    const QJsonObject exported = QJsonDocument::fromJson(out.data()).object();
    QVERIFY(out.data().contains("\"cost_usd\":0.0291"));
    for (const char* key : { "notes", "final_metrics" })
        QCOMPARE(exported.value(QLatin1String(key)), original.value(QLatin1String(key)));
    QCOMPARE(exported.value(QLatin1String("agent")).toObject().value(QLatin1String("version")), original.value(QLatin1String("agent")).toObject().value(QLatin1String("version")));
    QCOMPARE(exported.value(QLatin1String("agent")).toObject().value(QLatin1String("extra")), original.value(QLatin1String("agent")).toObject().value(QLatin1String("extra")));
    const QJsonArray steps = exported.value(QLatin1String("steps")).toArray();
    const QJsonArray sourceSteps = original.value(QLatin1String("steps")).toArray();
    QCOMPARE(steps.size(), sourceSteps.size());
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QJsonObject a = steps.at(i).toObject();
        const QJsonObject b = sourceSteps.at(i).toObject();
        for (const char* key : { "timestamp", "source", "message", "reasoning_content", "reasoning_effort", "metrics" })
            QCOMPARE(a.value(QLatin1String(key)), b.value(QLatin1String(key)));
        if (b.contains(QLatin1String("model_name")))
            QCOMPARE(a.value(QLatin1String("model_name")), b.value(QLatin1String("model_name")));
        if (b.contains(QLatin1String("extra")))
            QCOMPARE(a.value(QLatin1String("extra")).toObject().value(QLatin1String("phase")), b.value(QLatin1String("extra")).toObject().value(QLatin1String("phase")));
    }
    // And the export re-imports to the same export, byte for byte, whatever the file is called.
    const QString again = m_dir->filePath(QStringLiteral("export"));
    QFile file(again);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(out.data());
    file.close();
    auto other = openStore(QStringLiteral("again.kwb"));
    QVERIFY2(ImportFormat::run(*other, again, ImportFormat::detect(again, &error), {}, {}, &error), qPrintable(error));
    const auto otherIds = other->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QBuffer back;
    back.open(QIODevice::WriteOnly);
    QVERIFY2(ExportFormat::write(*other, *otherIds, QStringLiteral("atif"), {}, back, {}, &error), qPrintable(error));
    QCOMPARE(back.data(), out.data());
}

// A request/response log: calls that continue one another are one run, each answer a turn with its call's figures; a
// failed call is said and passed over; runs without an instance id are told apart by their opening messages.
void TestImporters::requestLogsBecomeRuns()
{
    auto store = openStore(QStringLiteral("requests.kwb"));
    QString error;
    const QString path = QFINDTESTDATA("data/mixed/requests.jsonl");
    QCOMPARE(ImportFormat::detect(path, &error), QStringLiteral("swe-agent"));
    const auto counts = ImportFormat::run(*store, path, QStringLiteral("swe-agent"), {}, {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    QCOMPARE(counts->turns, 4);
    QCOMPARE(counts->notes.size(), 1);
    QVERIFY2(counts->notes.first().contains(QStringLiteral("line 2 (rate limit reached")), qPrintable(counts->notes.first()));
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QMap<QString, Trajectory> byTask;
    for (qint64 id : *ids) {
        const Trajectory t = *store->trajectory(id, Store::Depth::Full, &error);
        byTask.insert(t.task.name, t);
    }
    QCOMPARE(byTask.keys(), (QStringList { QStringLiteral("level1/19_ReLU"), QStringLiteral("level1/23_Softmax") }));
    const Trajectory relu = byTask.value(QStringLiteral("level1/19_ReLU"));
    QCOMPARE(relu.source, RequestLogImporter::kFormat);
    QCOMPARE(relu.prompt.size(), 2);
    QCOMPARE(relu.turns.size(), 3);
    const Message& answer = relu.turns.at(0).messages.at(0);
    QCOMPARE(answer.role, Message::Role::Assistant);
    QCOMPARE(answer.promptTokens, 612);
    QCOMPARE(answer.completionTokens, 88);
    QCOMPARE(answer.cachedTokens, 0);
    QCOMPARE(answer.costUsd, 0.0011);
    QCOMPARE(answer.latencyMs, 1480);
    QCOMPARE(answer.model, QStringLiteral("kb-coder-7b-0.3"));
    QCOMPARE(answer.timestamp, QStringLiteral("2026-11-30T09:15:00Z"));
    QCOMPARE(answer.extra.value(QLatin1String("response")).toObject().value(QLatin1String("finish_reason")).toString(), QStringLiteral("tool_calls"));
    QCOMPARE(relu.turns.at(0).messages.at(1).role, Message::Role::Tool);
    QCOMPARE(relu.turns.at(0).messages.at(1).toolName, QStringLiteral("write_file"));
    QVERIFY(relu.turns.at(0).workspace.content(QStringLiteral("kernels/relu.cu")).startsWith("__global__ void relu_kernel"));
    QCOMPARE(relu.turns.at(1).messages.at(0).cachedTokens, 512);
    QCOMPARE(relu.turns.at(2).messages.size(), 1);
    QCOMPARE(relu.turns.at(2).messages.at(0).text, QStringLiteral("Correct and a little faster; done."));
    QCOMPARE(relu.turns.at(2).provenance.model, QStringLiteral("kb-coder-7b"));
    QCOMPARE(relu.turns.at(2).provenance.sampling.value(QLatin1String("temperature")).toDouble(), 0.6);
    QCOMPARE(relu.metadata.value(QLatin1String("source_reward")).toObject().value(QLatin1String("value")).toDouble(), 2.0);
    QCOMPARE(relu.metadata.value(QLatin1String("import")).toObject().value(QLatin1String("request")).toObject().value(QLatin1String("tools")).toArray().size(), 2);
    const Trajectory softmax = byTask.value(QStringLiteral("level1/23_Softmax"));
    QCOMPARE(softmax.task.level, 1);
    QCOMPARE(softmax.turns.size(), 1);
    QVERIFY(!softmax.metadata.contains(QLatin1String("source_reward")));

    // A line that is no call is refused with its place, and nothing lands.
    auto broken = openStore(QStringLiteral("broken-requests.kwb"));
    QFile in(path);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray bytes = in.readAll();
    bytes.append("{\"request\": {\"messages\": []}}\n");
    QFile bad(m_dir->filePath(QStringLiteral("bad-requests.jsonl")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(bytes);
    bad.close();
    QVERIFY(!RequestLogImporter::importFile(*broken, bad.fileName(), {}, &error));
    QVERIFY2(error.startsWith(QStringLiteral("bad-requests.jsonl line 6 (byte ")) && error.endsWith(QStringLiteral("nothing was imported.")), qPrintable(error));
    QCOMPARE(broken->info(&error)->trajectories, 0);
}

// A JSONL line that repeats an earlier one: skipped and said by default, the whole file refused with --on-duplicate fail.
void TestImporters::duplicateLinesSkippedOrRefused()
{
    QString error;
    for (const char* fixture : { "data/openai/with-ids.jsonl", "data/mixed/requests.jsonl" }) {
        QFile source(QFINDTESTDATA(fixture));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = source.readAll().trimmed().split('\n');
        const QString name = QStringLiteral("twice-%1").arg(QFileInfo(source.fileName()).fileName());
        QFile twice(m_dir->filePath(name));
        QVERIFY(twice.open(QIODevice::WriteOnly));
        for (const QByteArray& line : lines)
            twice.write(line + '\n');
        twice.write(lines.at(0) + '\n');
        twice.close();
        const QString format = ImportFormat::detect(twice.fileName(), &error);
        auto skipping = openStore(name + QStringLiteral(".skip.kwb"));
        const auto counts = ImportFormat::run(*skipping, twice.fileName(), format, {}, {}, &error);
        QVERIFY2(counts, qPrintable(error));
        QVERIFY2(counts->notes.contains(QStringLiteral("%1: line %2 repeats line 1").arg(name).arg(lines.size() + 1)), qPrintable(counts->notes.join(QLatin1Char('\n'))));
        ImportOptions strict;
        strict.onDuplicate = JsonlLines::OnDuplicate::Fail;
        auto failing = openStore(name + QStringLiteral(".fail.kwb"));
        QVERIFY(!ImportFormat::run(*failing, twice.fileName(), format, strict, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("line %1 repeats line 1").arg(lines.size() + 1)) && error.endsWith(QStringLiteral("nothing was imported.")), qPrintable(error));
        QCOMPARE(failing->info(&error)->trajectories, 0);
    }
}

// A KernelBench run folder that kwb eval-set wrote its summary into (rows of a real H200 run): a candidate with its
// whole result in results/ gets that evaluation and reward as the turn's; one with only its summary row keeps the
// row's reward as the source's. Both come out of rollouts with their reward.
void TestImporters::kernelBenchRunWithEvalSetSummary()
{
    auto store = openStore(QStringLiteral("evalset.kwb"));
    QString error;
    const QString run = QFINDTESTDATA("data/kernelbench/run-evalset");
    QCOMPARE(ImportFormat::detect(run, &error), QStringLiteral("kernelbench"));
    ImportOptions options;
    options.tasksDir = QFINDTESTDATA("data/kernelbench/tasks");
    const auto counts = ImportFormat::run(*store, run, QStringLiteral("kernelbench"), options, {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QMap<QString, Trajectory> byTask;
    for (qint64 id : *ids) {
        const Trajectory t = *store->trajectory(id, Store::Depth::Full, &error);
        byTask.insert(t.task.name, t);
    }
    QCOMPARE(byTask.keys(), (QStringList { QStringLiteral("88_gelu_tanh"), QStringLiteral("9_tall_skinny_matmul") }));
    const Trajectory gelu = byTask.value(QStringLiteral("88_gelu_tanh"));
    QVERIFY(gelu.turns.at(0).eval);
    QCOMPARE(gelu.turns.at(0).eval->reward, 2.0);
    QCOMPARE(gelu.turns.at(0).eval->fingerprint.value(QLatin1String("gpu_name")).toString(), QStringLiteral("NVIDIA H200"));
    QVERIFY(gelu.metadata.value(QLatin1String("eval_set")).toObject().value(QLatin1String("result")).toString().endsWith(QStringLiteral("results/level1_88_MinGPTNewGelu.json")));
    QVERIFY(!gelu.metadata.contains(QLatin1String("source_reward")));
    const Trajectory skinny = byTask.value(QStringLiteral("9_tall_skinny_matmul"));
    QVERIFY(!skinny.turns.at(0).eval); // neither KernelBench's record nor a whole result: the row's verdict only
    const QJsonObject reward = skinny.metadata.value(QLatin1String("source_reward")).toObject();
    QCOMPARE(reward.value(QLatin1String("value")).toDouble(), 3.0);
    QCOMPARE(reward.value(QLatin1String("rules")).toString(), QStringLiteral("kernelbench"));
    QCOMPARE(skinny.metadata.value(QLatin1String("eval_set")).toObject().value(QLatin1String("row")).toObject().value(QLatin1String("candidate_median_us")).toDouble(), 2285.5);

    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY2(ExportFormat::write(*store, *ids, QStringLiteral("rollouts"), {}, out, {}, &error), qPrintable(error));
    QMap<QString, QJsonObject> lines;
    for (const QByteArray& line : out.data().split('\n')) {
        if (!line.isEmpty())
            lines.insert(QJsonDocument::fromJson(line).object().value(QLatin1String("group_id")).toString(), QJsonDocument::fromJson(line).object());
    }
    QCOMPARE(lines.value(QStringLiteral("88_gelu_tanh")).value(QLatin1String("reward")).toDouble(), 2.0);
    QCOMPARE(lines.value(QStringLiteral("88_gelu_tanh")).value(QLatin1String("reward_source")).toString(), QStringLiteral("kwb"));
    QCOMPARE(lines.value(QStringLiteral("88_gelu_tanh")).value(QLatin1String("verdict")).toObject().value(QLatin1String("correct")).toBool(), true);
    QCOMPARE(lines.value(QStringLiteral("9_tall_skinny_matmul")).value(QLatin1String("reward")).toDouble(), 3.0);
    QVERIFY(lines.value(QStringLiteral("9_tall_skinny_matmul")).value(QLatin1String("reward_source")).toString().endsWith(QStringLiteral("run-evalset/summary.json")));
}

void TestImporters::kernelBenchRun()
{
    auto store = openStore(QStringLiteral("k.kwb"));
    QString error;
    const auto counts = KernelBenchRunImporter::importFolder(*store, QFINDTESTDATA("data/kernelbench/run"),
        QFINDTESTDATA("data/kernelbench/tasks"), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 3);
    QCOMPARE(counts->turns, 3);
    const auto ids = TrajectorySource::ids(*store, {}, &error);
    QList<Trajectory> ts;
    for (qint64 id : *ids)
        ts.append(*store->trajectory(id, Store::Depth::Full, &error));
    std::sort(ts.begin(), ts.end(), [](const Trajectory& a, const Trajectory& b) { return a.title < b.title; });

    const Trajectory& fast = ts.at(0);
    QCOMPARE(fast.title, QStringLiteral("run level 1 problem 1 sample 0"));
    QCOMPARE(fast.task.name, QStringLiteral("1_diag_matmul"));
    QCOMPARE(fast.task.level, 1);
    QVERIFY(fast.task.source.contains(QStringLiteral("torch.diag(A) @ B")));
    const Turn& turn = fast.turns.first();
    QCOMPARE(turn.workspace.paths(), QStringList({ QStringLiteral("model_new.py") }));
    QVERIFY(turn.workspace.content(QStringLiteral("model_new.py")).contains("A.unsqueeze(1) * B"));
    QCOMPARE(turn.provenance.kind, Provenance::Kind::Import);
    QCOMPARE(turn.provenance.agent, QStringLiteral("kernelbench"));
    QVERIFY(turn.provenance.source.endsWith(QStringLiteral("run/level_1_problem_1_sample_0_kernel.py")));
    QCOMPARE(turn.eval->compile.status, StageStatus::Passed);
    QCOMPARE(turn.eval->verify.status, StageStatus::Passed);
    QCOMPARE(turn.eval->verify.trials.size(), 5);
    QCOMPARE(turn.eval->timing.candidate.medianUs, 12.3);
    QCOMPARE(turn.eval->timing.candidate.minUs, 11.9);
    QCOMPARE(turn.eval->timing.candidate.samples, 100);
    QCOMPARE(turn.eval->fingerprint.value(QLatin1String("hardware")).toString(), QStringLiteral("NVIDIA H200"));

    const EvalResult& wrong = *ts.at(1).turns.first().eval;
    QCOMPARE(wrong.verify.status, StageStatus::Failed);
    QVERIFY(wrong.verify.message.startsWith(QStringLiteral("Output shape mismatch")));
    QCOMPARE(wrong.verify.trials.size(), 5);
    QCOMPARE(wrong.verify.trials.at(3).passed, false);
    QCOMPARE(wrong.verify.trials.at(3).maxAbsError, 0.51);
    QVERIFY(!wrong.timing.candidate.isKnown());

    const Trajectory& broken = ts.at(2);
    QCOMPARE(broken.task.name, QStringLiteral("2_relu"));
    QCOMPARE(broken.turns.first().eval->compile.status, StageStatus::Failed);
    QCOMPARE(broken.turns.first().eval->verify.status, StageStatus::NotRun);
    QVERIFY(broken.turns.first().eval->compile.log.contains(QStringLiteral("expected ')'")));
    QCOMPARE(ImportFormat::detect(QFINDTESTDATA("data/kernelbench/run"), &error), QStringLiteral("kernelbench"));
}

// The older eval_results.json layout (one record per problem, no sample_id) imports as sample 0 of each problem, and
// the tasks may be given as a KernelBench checkout (its levels under KernelBench/).
void TestImporters::kernelBenchRunWithOneRecordPerProblem()
{
    QTemporaryDir checkout;
    QVERIFY(QDir().mkpath(checkout.filePath(QStringLiteral("KernelBench/level1"))));
    for (const QString& name : { QStringLiteral("1_diag_matmul.py"), QStringLiteral("2_relu.py") })
        QVERIFY(QFile::copy(QFINDTESTDATA("data/kernelbench/tasks/level1/") + name, checkout.filePath(QStringLiteral("KernelBench/level1/")) + name));
    auto store = openStore(QStringLiteral("k1.kwb"));
    QString error;
    const auto counts = KernelBenchRunImporter::importFolder(*store, QFINDTESTDATA("data/kernelbench/run-one-record"), checkout.path(), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    const auto ids = TrajectorySource::ids(*store, {}, &error);
    QList<Trajectory> ts;
    for (qint64 id : *ids)
        ts.append(*store->trajectory(id, Store::Depth::Full, &error));
    std::sort(ts.begin(), ts.end(), [](const Trajectory& a, const Trajectory& b) { return a.title < b.title; });
    const EvalResult& fast = *ts.at(0).turns.first().eval;
    QCOMPARE(fast.verify.status, StageStatus::Passed);
    QCOMPARE(fast.timing.candidate.medianUs, 20.8);
    QCOMPARE(ts.at(0).metadata.value(QLatin1String("kernelbench")).toObject().value(QLatin1String("record")).toObject().value(QLatin1String("runtime")).toDouble(), 0.0208);
    const EvalResult& crashed = *ts.at(1).turns.first().eval;
    QCOMPARE(crashed.verify.status, StageStatus::Failed);
    QVERIFY(crashed.verify.message.contains(QStringLiteral("illegal memory access")));
}

void TestImporters::cudaAgentWorkspace()
{
    auto store = openStore(QStringLiteral("w.kwb"));
    QString error;
    const QString dir = QFINDTESTDATA("data/cuda-agent/relu_task");
    QCOMPARE(ImportFormat::detect(dir, &error), QStringLiteral("cuda-agent"));
    const auto counts = CudaAgentWorkspaceImporter::importFolder(*store, dir, {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 1);
    QCOMPARE(counts->turns, 3);
    const auto ids = TrajectorySource::ids(*store, {}, &error);
    const Trajectory t = *store->trajectory(ids->first(), Store::Depth::Full, &error);
    QCOMPARE(t.task.name, QStringLiteral("relu_task"));
    QVERIFY(t.task.source.contains(QStringLiteral("class Model(nn.Module)")));
    QCOMPARE(t.prompt.size(), 1);
    QCOMPARE(t.turns.at(0).workspace.paths(), QStringList({ QStringLiteral("kernels/relu.cu") }));
    QCOMPARE(t.turns.at(1).messages.at(1).text, QStringLiteral("built cuda_extension.so"));
    const Turn& files = t.turns.at(2);
    QCOMPARE(files.parentUuid, t.turns.at(1).uuid);
    QCOMPARE(files.workspace.paths(), QStringList({ QStringLiteral("kernels/relu.cu"), QStringLiteral("kernels/relu_binding.cpp"),
                                          QStringLiteral("model_new.py") }));
    QCOMPARE(files.workspace.hash(QStringLiteral("kernels/relu.cu")), t.turns.at(0).workspace.hash(QStringLiteral("kernels/relu.cu")));
    QCOMPARE(files.provenance.kind, Provenance::Kind::Import);
    QCOMPARE(files.provenance.agent, QStringLiteral("cuda-agent"));
}

void TestImporters::brokenFilesImportNothing_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("expected");
    QTest::newRow("openai: message without role") << QStringLiteral("openai") << QStringLiteral("data/openai/broken-role.jsonl")
                                                  << QStringLiteral("broken-role.jsonl line 2 (byte 358): message 2: field \"role\" is missing");
    QTest::newRow("openai: tool result first") << QStringLiteral("openai") << QStringLiteral("data/openai/broken-tool-order.jsonl")
                                               << QStringLiteral("broken-tool-order.jsonl line 2 (byte 358): message 2: a tool result (\"role\": \"tool\") answers no assistant message");
    QTest::newRow("openai: truncated line") << QStringLiteral("openai") << QStringLiteral("data/openai/broken-truncated.jsonl")
                                            << QStringLiteral("broken-truncated.jsonl line 2 (byte 358): not valid JSON at byte");
    QTest::newRow("openai: messages not a list") << QStringLiteral("openai") << QStringLiteral("data/openai/broken-messages-field.jsonl")
                                                 << QStringLiteral("broken-messages-field.jsonl line 2 (byte 358): field \"messages\" is not a list");
    QTest::newRow("kernelbench: truncated results") << QStringLiteral("kernelbench") << QStringLiteral("data/kernelbench/run-bad-json")
                                                    << QStringLiteral("run-bad-json eval_results.json (byte ");
    QTest::newRow("kernelbench: wrong field type") << QStringLiteral("kernelbench") << QStringLiteral("data/kernelbench/run-bad-field")
                                                   << QStringLiteral("run-bad-field eval_results.json: field \"1[1].compiled\" is missing or not true/false");
    QTest::newRow("kernelbench: a run made for another task version") << QStringLiteral("kernelbench") << QStringLiteral("data/kernelbench/run-wrong-version")
        << QStringLiteral("run-wrong-version level_1_problem_2_sample_0_kernel.py: its ModelNew.__init__ takes 3 argument(s) where Model.__init__ of level1/2_relu.py takes 0; is the task folder the KernelBench version the run was made for?");
    QTest::newRow("kernelbench: no task file") << QStringLiteral("kernelbench") << QStringLiteral("data/kernelbench/run-missing-task")
                                               << QStringLiteral("run-missing-task level_1_problem_7_sample_0_kernel.py: the task folder has no level1/7_*.py");
    QTest::newRow("cuda-agent: transcript tool call without name") << QStringLiteral("cuda-agent") << QStringLiteral("data/cuda-agent/bad_transcript")
                                                                   << QStringLiteral("bad_transcript messages.jsonl line 1: message 2: field \"tool_calls[0].function.name\" is missing");
    QTest::newRow("atif: unknown step source") << QStringLiteral("atif") << QStringLiteral("data/atif/broken-source.json")
                                               << QStringLiteral("broken-source.json: steps[3]: field \"source\" has the unknown value \"robot\"");
    QTest::newRow("atif: no schema version") << QStringLiteral("atif") << QStringLiteral("data/atif/broken-schema.jsonl")
                                             << QStringLiteral("broken-schema.jsonl line 2 (byte 1651): field \"schema_version\" is missing");
    QTest::newRow("atif: tool call without name") << QStringLiteral("atif") << QStringLiteral("data/atif/broken-tool-call.jsonl")
                                                  << QStringLiteral("broken-tool-call.jsonl line 2 (byte 1651): steps[2]: field \"tool_calls[0].function_name\" is missing");
    QTest::newRow("atif: parent missing") << QStringLiteral("atif") << QStringLiteral("data/atif/broken-parent.jsonl")
                                          << QStringLiteral("broken-parent.jsonl line 2 (byte 1651): steps[1].extra.kwb: field \"parent\" names turn o-t0");
}

void TestImporters::brokenFilesImportNothing()
{
    QFETCH(QString, format);
    QFETCH(QString, fixture);
    QFETCH(QString, expected);
    const QString path = QFINDTESTDATA(fixture);
    QVERIFY(!path.isEmpty());
    const QString storePath = m_dir->filePath(QStringLiteral("b.kwb"));
    QString error;
    {
        auto store = Store::open(storePath, &error);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("existing")), &error));
    }
    const QByteArray before = test::fileDigest(storePath);
    auto store = Store::open(storePath, &error);
    QVERIFY(!importerFor(format)(*store, path, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.endsWith(QStringLiteral("; nothing was imported.")), qPrintable(error));
    QCOMPARE(store->info(&error)->trajectories, 1);
    store.reset();
    QCOMPARE(test::fileDigest(storePath), before);
}

void TestImporters::cancelImportsNothing()
{
    auto store = openStore(QStringLiteral("c.kwb"));
    QString error;
    QVERIFY(!ChatJsonlImporter::importFile(*store, QFINDTESTDATA("data/openai/conversations.jsonl"),
        [](qint64 done, qint64) { return done < 1000; }, &error));
    QVERIFY2(error.contains(QStringLiteral("cancelled")), qPrintable(error));
    QCOMPARE(store->info(&error)->trajectories, 0);
}

void TestImporters::traceAttachesToOneTurn()
{
    auto store = openStore(QStringLiteral("t.kwb"));
    QString error;
    const Trajectory original = test::forkedTrajectory(QStringLiteral("x"));
    const auto id = store->addTrajectory(original, &error);
    const QString path = QFINDTESTDATA("data/trace/kineto-small.json");
    const auto hash = TraceAttacher::attach(*store, path, QStringLiteral("x-t1"), {}, &error);
    QVERIFY2(hash, qPrintable(error));
    const Trajectory after = *store->trajectory(*id, Store::Depth::Full, &error);
    QCOMPARE(after.turns.at(1).eval->traceBlob, *hash);
    EvalResult withoutTrace = *after.turns.at(1).eval;
    withoutTrace.traceBlob.clear();
    QCOMPARE(withoutTrace, *original.turns.at(1).eval);
    QCOMPARE(after.turns.at(0), original.turns.at(0));
    QCOMPARE(after.turns.at(2), original.turns.at(2));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(*store->blob(*hash, &error), file.readAll());
    QVERIFY(!TraceAttacher::attach(*store, path, QStringLiteral("no-such-turn"), {}, &error));
    QVERIFY2(error.contains(QStringLiteral("Turn no-such-turn")) && error.contains(QStringLiteral("does not exist")), qPrintable(error));
}

void TestImporters::brokenTraceChangesNothing()
{
    const QString storePath = m_dir->filePath(QStringLiteral("bt.kwb"));
    QString error;
    {
        auto store = Store::open(storePath, &error);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("y")), &error));
    }
    const QByteArray before = test::fileDigest(storePath);
    auto store = Store::open(storePath, &error);
    QVERIFY(!TraceAttacher::attach(*store, QFINDTESTDATA("data/trace/broken-truncated.json"), QStringLiteral("y-t1"), {}, &error));
    QVERIFY2(error.startsWith(QStringLiteral("broken-truncated.json is not a readable Chrome trace: ")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("byte")), qPrintable(error));
    QVERIFY2(error.endsWith(QStringLiteral("nothing was changed.")), qPrintable(error));
    store.reset();
    QCOMPARE(test::fileDigest(storePath), before);
}

void TestImporters::formatsAreRecognised()
{
    QString error;
    QCOMPARE(ImportFormat::detect(QFINDTESTDATA("data/openai/conversations.jsonl"), &error), QStringLiteral("openai"));
    QCOMPARE(ImportFormat::detect(QFINDTESTDATA("data/atif/foreign.json"), &error), QStringLiteral("atif"));
    QCOMPARE(ImportFormat::detect(QFINDTESTDATA("data/native-mixed.jsonl"), &error), QStringLiteral("native"));
    QVERIFY(ImportFormat::detect(QFINDTESTDATA("data/trace/kineto-small.json"), &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("kineto-small.json is not recognised")) || error.contains(QStringLiteral("format of kineto-small.json")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
