#include "testutils.h"

#include "io/chatjsonlimporter.h"
#include "io/kernelbenchresultsexporter.h"
#include "io/kernelbenchrunimporter.h"
#include "io/exportformat.h"
#include "io/importformat.h"
#include "io/preferencepairs.h"
#include "io/rolloutexporter.h"
#include "io/atifexporter.h"
#include "io/atifimporter.h"
#include "io/branchselection.h"
#include "io/sftexporter.h"
#include "io/trajectorysource.h"
#include "store/store.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kwb;

namespace {

Message toolResult(const QString& id, const QString& name, const QString& text)
{
    Message m;
    m.role = Message::Role::Tool;
    m.toolCallId = id;
    m.toolName = name;
    m.text = text;
    return m;
}

Message assistantCalling(const QString& text, const QList<ToolCall>& calls)
{
    Message m = test::assistant(text);
    m.toolCalls = calls;
    return m;
}

ToolCall writeFile(const QString& id, const QString& path, const QString& content)
{
    return { id, QStringLiteral("write_file"), { { QStringLiteral("path"), path }, { QStringLiteral("content"), content } } };
}

Annotation label(const QString& value)
{
    Annotation a;
    a.kind = Annotation::Kind::Label;
    a.scope = Annotation::Scope::Branch;
    a.value = value;
    a.author = QStringLiteral("tester");
    a.created = QDateTime(QDate(2026, 3, 2), QTime(9, 0), Qt::UTC);
    return a;
}

// A root that writes two files, a child that edits one (reward 3, accepted) and a fork of the root that writes a
// broken kernel (reward -1): workspaces are what the tool calls leave, as an imported conversation rebuilds them.
Trajectory toolTrajectory(const QString& uuid, const QString& task = QStringLiteral("1_diag_matmul"))
{
    Trajectory t = test::forkedTrajectory(uuid, task);
    t.prompt = { Message::of(Message::Role::System, QStringLiteral("You write CUDA kernels.")),
        Message::of(Message::Role::User, QStringLiteral("Make diag(A) @ B fast.")) };
    Turn& root = t.turns[0];
    root.messages = { assistantCalling(QStringLiteral("First version."),
                          { writeFile(QStringLiteral("c1"), QStringLiteral("kernels/diag.cu"), QStringLiteral("__global__ void k() {}\n")),
                              writeFile(QStringLiteral("c2"), QStringLiteral("model_new.py"), QStringLiteral("import torch\n")) }),
        toolResult(QStringLiteral("c1"), QStringLiteral("write_file"), QStringLiteral("wrote kernels/diag.cu")),
        toolResult(QStringLiteral("c2"), QStringLiteral("write_file"), QStringLiteral("wrote model_new.py")) };
    root.messages[0].reasoning = QStringLiteral("rows scale independently");
    root.workspace = {};
    root.workspace.setFile(QStringLiteral("kernels/diag.cu"), "__global__ void k() {}\n");
    root.workspace.setFile(QStringLiteral("model_new.py"), "import torch\n");

    Turn& child = t.turns[1];
    child.messages = { Message::of(Message::Role::User, QStringLiteral("Vectorize it.")),
        assistantCalling(QStringLiteral("float4 loads."),
            { { QStringLiteral("c3"), QStringLiteral("edit_file"),
                { { QStringLiteral("path"), QStringLiteral("kernels/diag.cu") }, { QStringLiteral("old_string"), QStringLiteral("k()") },
                    { QStringLiteral("new_string"), QStringLiteral("k4()") } } } }),
        toolResult(QStringLiteral("c3"), QStringLiteral("edit_file"), QStringLiteral("edited")) };
    child.workspace = root.workspace;
    child.workspace.setFile(QStringLiteral("kernels/diag.cu"), "__global__ void k4() {}\n");
    child.annotations = { label(QStringLiteral("accept")) };

    Turn& fork = t.turns[2];
    fork.messages = { assistantCalling(QStringLiteral("Try again."),
                          { writeFile(QStringLiteral("c4"), QStringLiteral("kernels/diag.cu"), QStringLiteral("__global__ void k( {}\n")) }),
        toolResult(QStringLiteral("c4"), QStringLiteral("write_file"), QStringLiteral("wrote kernels/diag.cu")) };
    fork.workspace = root.workspace;
    fork.workspace.setFile(QStringLiteral("kernels/diag.cu"), "__global__ void k( {}\n");
    fork.annotations = { label(QStringLiteral("reject")) };
    return t;
}

QList<QJsonObject> jsonLines(const QByteArray& data)
{
    QList<QJsonObject> lines;
    for (const QByteArray& line : data.split('\n')) {
        if (!line.isEmpty())
            lines.append(QJsonDocument::fromJson(line).object());
    }
    return lines;
}

} // namespace

class TestExporters : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void sftOneLinePerBranch();
    void sftAcceptedOnlyAndUpToBest();
    void exportsAreDeterministic();
    void sftRoundTrip();
    void atifDocumentPerBranch();
    void atifRoundTripRebuildsTheTree();
    void taskFilterIsExact();
    void pairsFromForksByReward();
    void pairsByLabel();
    void rolloutsGroupedByTask();
    void kernelBenchResultsRoundTrip();
    void aMixedStoreTrainsClean();

private:
    using Writer = std::function<bool(const Store&, const QList<qint64>&, const ExportOptions&, QIODevice&, QString*)>;
    static Writer writerFor(const QString& format);
    QByteArray exportAll(const Store& store, const QString& format, const ExportOptions& options = {});
    std::unique_ptr<Store> storeWith(const QString& name, const QList<Trajectory>& trajectories);
    QString writeFile(const QString& name, const QByteArray& data);
    std::unique_ptr<QTemporaryDir> m_dir;
};

TestExporters::Writer TestExporters::writerFor(const QString& format)
{
    if (format == QLatin1String("sft"))
        return [](const Store& s, const QList<qint64>& ids, const ExportOptions& o, QIODevice& out, QString* e) { return SftExporter::write(s, ids, o, out, {}, e); };
    if (format == QLatin1String("pairs") || format == QLatin1String("pairs-label")) {
        return [format](const Store& s, const QList<qint64>& ids, const ExportOptions& o, QIODevice& out, QString* e) {
            ExportOptions options = o;
            if (format == QLatin1String("pairs-label"))
                options.pairsBy = ExportOptions::PairsBy::Label;
            return PreferencePairs::write(s, ids, options, out, {}, e);
        };
    }
    if (format == QLatin1String("rollouts"))
        return [](const Store& s, const QList<qint64>& ids, const ExportOptions& o, QIODevice& out, QString* e) { return RolloutExporter::write(s, ids, o, out, {}, e); };
    if (format == QLatin1String("kernelbench"))
        return [](const Store& s, const QList<qint64>& ids, const ExportOptions& o, QIODevice& out, QString* e) { return KernelBenchResultsExporter::write(s, ids, o, out, {}, e); };
    if (format == QLatin1String("atif"))
        return [](const Store& s, const QList<qint64>& ids, const ExportOptions& o, QIODevice& out, QString* e) { return AtifExporter::write(s, ids, o, out, {}, e); };
    return {};
}

void TestExporters::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
}

QByteArray TestExporters::exportAll(const Store& store, const QString& format, const ExportOptions& options)
{
    QString error;
    const auto ids = TrajectorySource::ids(store, options.tasks, &error);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!ids || !writerFor(format)(store, *ids, options, buffer, &error))
        qWarning() << error;
    return buffer.data();
}

std::unique_ptr<Store> TestExporters::storeWith(const QString& name, const QList<Trajectory>& trajectories)
{
    QString error;
    auto store = Store::open(m_dir->filePath(name), &error);
    for (const Trajectory& t : trajectories) {
        if (!store->addTrajectory(t, &error))
            qWarning() << error;
    }
    return store;
}

QString TestExporters::writeFile(const QString& name, const QByteArray& data)
{
    QFile f(m_dir->filePath(name));
    f.open(QIODevice::WriteOnly);
    f.write(data);
    return f.fileName();
}

void TestExporters::sftOneLinePerBranch()
{
    auto store = storeWith(QStringLiteral("a.kwb"), { toolTrajectory(QStringLiteral("a")) });
    const QList<QJsonObject> lines = jsonLines(exportAll(*store, QStringLiteral("sft")));
    QCOMPARE(lines.size(), 2);
    const QJsonArray messages = lines.at(0).value(QLatin1String("messages")).toArray();
    QCOMPARE(messages.size(), 2 + 3 + 3);
    QCOMPARE(messages.at(0).toObject().value(QLatin1String("role")).toString(), QStringLiteral("system"));
    const QJsonObject first = messages.at(2).toObject();
    QCOMPARE(first.value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
    QCOMPARE(first.value(QLatin1String("reasoning_content")).toString(), QStringLiteral("rows scale independently"));
    const QJsonObject call = first.value(QLatin1String("tool_calls")).toArray().at(0).toObject();
    QCOMPARE(call.value(QLatin1String("type")).toString(), QStringLiteral("function"));
    QCOMPARE(call.value(QLatin1String("function")).toObject().value(QLatin1String("arguments")).toString(),
        QStringLiteral("{\"content\":\"__global__ void k() {}\\n\",\"path\":\"kernels/diag.cu\"}"));
    const QJsonObject result = messages.at(3).toObject();
    QCOMPARE(result.value(QLatin1String("role")).toString(), QStringLiteral("tool"));
    QCOMPARE(result.value(QLatin1String("tool_call_id")).toString(), QStringLiteral("c1"));
    QCOMPARE(messages.at(5).toObject().value(QLatin1String("content")).toString(), QStringLiteral("Vectorize it."));
    const QJsonObject metadata = lines.at(0).value(QLatin1String("metadata")).toObject();
    QCOMPARE(metadata.value(QLatin1String("leaf")).toString(), QStringLiteral("a-t1"));
    QCOMPARE(metadata.value(QLatin1String("reward")).toDouble(), 3.0);
    QCOMPARE(lines.at(1).value(QLatin1String("messages")).toArray().size(), 2 + 3 + 2);

    // A branch with a turn the machine could not evaluate is left out: its tool results and reward are not the agent's.
    Trajectory lost = toolTrajectory(QStringLiteral("lost"));
    lost.turns[2].eval = EvalResult::environmentFailure(QStringLiteral("The host gpu-1 was lost."));
    auto lostStore = storeWith(QStringLiteral("lost.kwb"), { lost });
    const QList<QJsonObject> kept = jsonLines(exportAll(*lostStore, QStringLiteral("sft")));
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept.first().value(QLatin1String("metadata")).toObject().value(QLatin1String("leaf")).toString(), QStringLiteral("lost-t1"));
    QCOMPARE(PreferencePairs::build(lost, ExportOptions::PairsBy::Reward).size(), 0);

    // Nothing to write is said, not an empty file: siblings whose rewards tie make no pair.
    Trajectory tied = toolTrajectory(QStringLiteral("tied"));
    tied.turns[2].eval->reward = tied.turns[1].eval->reward;
    auto tiedStore = storeWith(QStringLiteral("tied.kwb"), { tied });
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    qint64 records = -2;
    QVERIFY(!ExportFormat::write(*tiedStore, { 1 }, QStringLiteral("pairs"), {}, buffer, {}, &error, &records));
    QVERIFY2(error.startsWith(QStringLiteral("No preference pair in the 1 trajectory")), qPrintable(error));
    QCOMPARE(records, 0);
    QVERIFY(ExportFormat::write(*lostStore, { 1 }, QStringLiteral("sft"), {}, buffer, {}, &error, &records));
    QCOMPARE(records, 1);

    // Code without a conversation (a run folder's or a workspace's import) trains nothing: no line with empty
    // messages, and the export says what it skipped.
    Trajectory silent = toolTrajectory(QStringLiteral("silent"));
    for (Turn& turn : silent.turns)
        turn.messages.clear();
    silent.prompt.clear();
    auto mixed = storeWith(QStringLiteral("mixed.kwb"), { toolTrajectory(QStringLiteral("spoken")), silent });
    QBuffer both;
    both.open(QIODevice::WriteOnly);
    ExportSkips skipped;
    QVERIFY2(ExportFormat::write(*mixed, { 1, 2 }, QStringLiteral("sft"), {}, both, {}, &error, &records, &skipped), qPrintable(error));
    QCOMPARE(records, 2); // the spoken trajectory's two branches
    for (const QJsonObject& line : jsonLines(both.data()))
        QVERIFY(!line.value(QLatin1String("messages")).toArray().isEmpty());
    QCOMPARE(skipped.total(), 2); // the silent one's two branches
    QVERIFY2(skipped.summary().startsWith(QStringLiteral("Skipped 2 branch(es) with no assistant message")), qPrintable(skipped.summary()));
    QBuffer none;
    none.open(QIODevice::WriteOnly);
    QVERIFY(!ExportFormat::write(*mixed, { 2 }, QStringLiteral("sft"), {}, none, {}, &error, &records));
    QVERIFY2(error.startsWith(QStringLiteral("Nothing of the 1 trajectory is left to write: Skipped 2 branch(es)")), qPrintable(error));
    QCOMPARE(none.data().size(), 0);
}

void TestExporters::sftAcceptedOnlyAndUpToBest()
{
    Trajectory unlabelled = toolTrajectory(QStringLiteral("b"));
    unlabelled.turns[1].annotations.clear();
    Trajectory accepted = toolTrajectory(QStringLiteral("c"));
    accepted.turns[1].annotations.clear();
    Annotation whole = label(QStringLiteral("accept"));
    whole.scope = Annotation::Scope::Trajectory;
    accepted.annotations = { whole };
    auto store = storeWith(QStringLiteral("b.kwb"), { toolTrajectory(QStringLiteral("a")), unlabelled, accepted });

    ExportOptions options;
    options.acceptedOnly = true;
    QList<QJsonObject> lines = jsonLines(exportAll(*store, QStringLiteral("sft"), options));
    QStringList leaves;
    for (const QJsonObject& l : lines)
        leaves.append(l.value(QLatin1String("metadata")).toObject().value(QLatin1String("leaf")).toString());
    QCOMPARE(leaves, QStringList({ QStringLiteral("a-t1"), QStringLiteral("c-t1"), QStringLiteral("c-t2") }));

    // Best of a -> t1 is t1 (3); best of a -> t2 is the root (1): the fork's bad turn is cut.
    options = {};
    options.upToBest = true;
    options.tasks = { QStringLiteral("1_diag_matmul") };
    lines = jsonLines(exportAll(*store, QStringLiteral("sft"), options));
    QCOMPARE(lines.size(), 6);
    QCOMPARE(lines.at(1).value(QLatin1String("metadata")).toObject().value(QLatin1String("leaf")).toString(), QStringLiteral("a-t0"));
    QCOMPARE(lines.at(1).value(QLatin1String("messages")).toArray().size(), 2 + 3);
}

void TestExporters::exportsAreDeterministic()
{
    const QList<Trajectory> trajectories { toolTrajectory(QStringLiteral("x")), test::forkedTrajectory(QStringLiteral("y"), QStringLiteral("5_softmax_rows")),
        toolTrajectory(QStringLiteral("z"), QStringLiteral("2_relu")) };
    auto first = storeWith(QStringLiteral("d1.kwb"), trajectories);
    auto second = storeWith(QStringLiteral("d2.kwb"), trajectories);
    for (const QString& format : QStringList { QStringLiteral("sft"), QStringLiteral("atif"), QStringLiteral("pairs"), QStringLiteral("rollouts"), QStringLiteral("kernelbench") }) {
        const QByteArray once = exportAll(*first, format);
        QVERIFY2(!once.isEmpty(), qPrintable(format));
        QCOMPARE(exportAll(*first, format), once);
        QCOMPARE(exportAll(*second, format), once);
    }
}

void TestExporters::sftRoundTrip()
{
    const Trajectory original = toolTrajectory(QStringLiteral("r"));
    auto store = storeWith(QStringLiteral("r.kwb"), { original });
    const QByteArray exported = exportAll(*store, QStringLiteral("sft"));
    auto back = storeWith(QStringLiteral("r2.kwb"), {});
    QString error;
    const auto counts = ChatJsonlImporter::importFile(*back, writeFile(QStringLiteral("sft.jsonl"), exported), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    const auto ids = TrajectorySource::ids(*back, {}, &error);
    const auto branches = BranchSelection::all(original);
    for (int i = 0; i < 2; ++i) {
        const Trajectory imported = *back->trajectory(ids->at(i), Store::Depth::Full, &error);
        QCOMPARE(imported.task.name, original.task.name);
        QCOMPARE(imported.prompt, original.prompt);
        const QList<const Turn*>& branch = branches.at(i);
        QCOMPARE(imported.turns.size(), branch.size());
        for (qsizetype k = 0; k < branch.size(); ++k) {
            QCOMPARE(imported.turns.at(k).messages, branch.at(k)->messages);
            QCOMPARE(imported.turns.at(k).workspace, branch.at(k)->workspace);
            QCOMPARE(imported.turns.at(k).workspace.content(QStringLiteral("kernels/diag.cu")),
                branch.at(k)->workspace.content(QStringLiteral("kernels/diag.cu")));
        }
    }
    // And what came back goes out again unchanged.
    QCOMPARE(exportAll(*back, QStringLiteral("sft")).count('\n'), 2);
}

void TestExporters::atifDocumentPerBranch()
{
    auto store = storeWith(QStringLiteral("a.kwb"), { toolTrajectory(QStringLiteral("a")) });
    const QList<QJsonObject> docs = jsonLines(exportAll(*store, QStringLiteral("atif")));
    QCOMPARE(docs.size(), 2);
    const QJsonObject doc = docs.first();
    QCOMPARE(doc.value(QLatin1String("schema_version")).toString(), QStringLiteral("ATIF-v1.7"));
    QCOMPARE(doc.value(QLatin1String("session_id")).toString(), QStringLiteral("a/a-t1"));
    const QJsonArray steps = doc.value(QLatin1String("steps")).toArray();
    QCOMPARE(steps.size(), 2 + 1 + 2);
    const QJsonObject agent = steps.at(2).toObject();
    QCOMPARE(agent.value(QLatin1String("step_id")).toInt(), 3);
    QCOMPARE(agent.value(QLatin1String("source")).toString(), QStringLiteral("agent"));
    QCOMPARE(agent.value(QLatin1String("tool_calls")).toArray().at(0).toObject().value(QLatin1String("function_name")).toString(), QStringLiteral("write_file"));
    QCOMPARE(agent.value(QLatin1String("observation")).toObject().value(QLatin1String("results")).toArray().at(1).toObject().value(QLatin1String("source_call_id")).toString(), QStringLiteral("c2"));
    QCOMPARE(agent.value(QLatin1String("extra")).toObject().value(QLatin1String("reward")).toDouble(), 1.0);
    const QJsonObject kwb = steps.at(4).toObject().value(QLatin1String("extra")).toObject().value(QLatin1String("kwb")).toObject();
    QCOMPARE(kwb.value(QLatin1String("parent")).toString(), QStringLiteral("a-t0"));
    QCOMPARE(kwb.value(QLatin1String("workspace")).toObject().keys(), QStringList({ QStringLiteral("kernels/diag.cu") }));
}

void TestExporters::atifRoundTripRebuildsTheTree()
{
    Trajectory original = toolTrajectory(QStringLiteral("r"));
    original.turns[2].workspace.removeFile(QStringLiteral("model_new.py"));
    original.turns[1].messages[1].promptTokens = 1200;
    auto store = storeWith(QStringLiteral("r.kwb"), { original, test::forkedTrajectory(QStringLiteral("s")) });
    const QByteArray exported = exportAll(*store, QStringLiteral("atif"));
    auto back = storeWith(QStringLiteral("r2.kwb"), {});
    QString error;
    const auto counts = AtifImporter::importFile(*back, writeFile(QStringLiteral("r.atif.jsonl"), exported), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 2);
    QCOMPARE(counts->turns, 6);
    const auto id = back->trajectoryId(QStringLiteral("r"), &error);
    const Trajectory imported = *back->trajectory(*id, Store::Depth::Full, &error);
    QCOMPARE(imported.prompt, original.prompt);
    QCOMPARE(imported.turns.size(), original.turns.size());
    for (qsizetype i = 0; i < original.turns.size(); ++i) {
        QCOMPARE(imported.turns.at(i).messages, original.turns.at(i).messages);
        QCOMPARE(imported.turns.at(i).workspace, original.turns.at(i).workspace);
        QCOMPARE(imported.turns.at(i).eval, original.turns.at(i).eval);
        QCOMPARE(imported.turns.at(i).parentUuid, original.turns.at(i).parentUuid);
    }
    QVERIFY(imported == original);
    QCOMPARE(exportAll(*back, QStringLiteral("atif")), exported);

    // The same bytes under another name (.json, or none): read by their content, the same round trip.
    for (const QString& name : { QStringLiteral("r.atif.json"), QStringLiteral("r-atif") }) {
        auto renamed = storeWith(name + QStringLiteral(".kwb"), {});
        const auto again = AtifImporter::importFile(*renamed, writeFile(name, exported), {}, &error);
        QVERIFY2(again, qPrintable(name + QStringLiteral(": ") + error));
        QCOMPARE(again->trajectories, 2);
        QCOMPARE(exportAll(*renamed, QStringLiteral("atif")), exported);
    }
}

void TestExporters::taskFilterIsExact()
{
    auto store = storeWith(QStringLiteral("f.kwb"), { toolTrajectory(QStringLiteral("a"), QStringLiteral("1_relu")),
        toolTrajectory(QStringLiteral("b"), QStringLiteral("11_relu")), toolTrajectory(QStringLiteral("c"), QStringLiteral("2_gelu")) });
    QString error;
    const auto ids = TrajectorySource::ids(*store, { QStringLiteral("1_relu"), QStringLiteral("2_gelu") }, &error);
    QVERIFY2(ids, qPrintable(error));
    QCOMPARE(ids->size(), 2);
    QVERIFY(ids->at(0) < ids->at(1));
}

void TestExporters::pairsFromForksByReward()
{
    const Trajectory t = toolTrajectory(QStringLiteral("p"));
    const auto pairs = PreferencePairs::build(t, ExportOptions::PairsBy::Reward);
    QCOMPARE(pairs.size(), 1);
    QCOMPARE(pairs.first().forkTurn, QStringLiteral("p-t0"));
    QCOMPARE(pairs.first().chosen.first()->uuid, QStringLiteral("p-t1"));
    QCOMPARE(pairs.first().rejected.first()->uuid, QStringLiteral("p-t2"));
    QCOMPARE(pairs.first().chosenScore, 3.0);

    // Two more children of the root: one as good as the best (a tie makes no pair), one unevaluated (no pairs).
    Trajectory wide = t;
    Turn same = wide.turns[1];
    same.uuid = QStringLiteral("p-t3");
    same.annotations.clear();
    Turn unknown = wide.turns[2];
    unknown.uuid = QStringLiteral("p-t4");
    unknown.eval.reset();
    wide.turns << same << unknown;
    ExportSkips skipped;
    QCOMPARE(PreferencePairs::build(wide, ExportOptions::PairsBy::Reward, &skipped).size(), 2); // t1 > t2, t3 > t2
    // What made no pair is said: t1 ties t3 (both 3), and each of the three others meets the unevaluated t4.
    QCOMPARE(skipped.reasons, (QMap<QString, qint64> { { QStringLiteral("sibling pair(s) that tie (score 3 on both sides)"), 1 },
                                  { QStringLiteral("sibling pair(s) with a side never evaluated"), 3 } }));
    QCOMPARE(skipped.summary(), QStringLiteral("Skipped 1 sibling pair(s) that tie (score 3 on both sides). Skipped 3 sibling pair(s) with a side never evaluated."));

    auto store = storeWith(QStringLiteral("p.kwb"), { t, test::forkedTrajectory(QStringLiteral("q")) });
    const QList<QJsonObject> lines = jsonLines(exportAll(*store, QStringLiteral("pairs")));
    QCOMPARE(lines.size(), 2);
    const QJsonObject line = lines.first();
    QCOMPARE(line.value(QLatin1String("prompt")).toArray().size(), 2 + 3);
    QCOMPARE(line.value(QLatin1String("chosen")).toArray().size(), 3);
    QCOMPARE(line.value(QLatin1String("chosen")).toArray().at(0).toObject().value(QLatin1String("content")).toString(), QStringLiteral("Vectorize it."));
    QCOMPARE(line.value(QLatin1String("rejected")).toArray().size(), 2);
    QCOMPARE(line.value(QLatin1String("rejected")).toArray().at(0).toObject().value(QLatin1String("content")).toString(), QStringLiteral("Try again."));
    QCOMPARE(line.value(QLatin1String("metadata")).toObject().value(QLatin1String("by")).toString(), QStringLiteral("reward"));
}

void TestExporters::pairsByLabel()
{
    Trajectory t = toolTrajectory(QStringLiteral("l"));
    // Labels overrule rewards: the rejected fork is starred instead and its sibling left unlabelled.
    t.turns[1].annotations.clear();
    t.turns[2].annotations = { label(QStringLiteral("star")) };
    auto pairs = PreferencePairs::build(t, ExportOptions::PairsBy::Label);
    QCOMPARE(pairs.size(), 1);
    QCOMPARE(pairs.first().chosen.first()->uuid, QStringLiteral("l-t2"));
    t.turns[1].annotations = { label(QStringLiteral("accept")) };
    pairs = PreferencePairs::build(t, ExportOptions::PairsBy::Label);
    QCOMPARE(pairs.first().chosen.first()->uuid, QStringLiteral("l-t1"));
    QVERIFY(PreferencePairs::build(test::forkedTrajectory(QStringLiteral("n")), ExportOptions::PairsBy::Label).isEmpty());

    auto store = storeWith(QStringLiteral("l.kwb"), { t });
    const QList<QJsonObject> lines = jsonLines(exportAll(*store, QStringLiteral("pairs-label")));
    QCOMPARE(lines.size(), 1);
    QCOMPARE(lines.first().value(QLatin1String("metadata")).toObject().value(QLatin1String("chosen_score")).toDouble(), 2.0);
}

void TestExporters::rolloutsGroupedByTask()
{
    auto store = storeWith(QStringLiteral("g.kwb"), { toolTrajectory(QStringLiteral("b1"), QStringLiteral("2_relu")),
        toolTrajectory(QStringLiteral("a1"), QStringLiteral("1_diag_matmul")), toolTrajectory(QStringLiteral("b2"), QStringLiteral("2_relu")) });
    const QList<QJsonObject> lines = jsonLines(exportAll(*store, QStringLiteral("rollouts")));
    QCOMPARE(lines.size(), 6);
    QStringList groups;
    for (const QJsonObject& l : lines)
        groups.append(l.value(QLatin1String("group_id")).toString());
    QCOMPARE(groups, QStringList({ QStringLiteral("1_diag_matmul"), QStringLiteral("1_diag_matmul"), QStringLiteral("2_relu"),
                         QStringLiteral("2_relu"), QStringLiteral("2_relu"), QStringLiteral("2_relu") }));
    const QJsonObject first = lines.first();
    QCOMPARE(first.value(QLatin1String("rollout_id")).toString(), QStringLiteral("a1/a1-t1"));
    QCOMPARE(first.value(QLatin1String("turn_rewards")).toArray(), QJsonArray({ 1.0, 3.0 }));
    QCOMPARE(first.value(QLatin1String("reward")).toDouble(), 3.0);
    QCOMPARE(lines.at(1).value(QLatin1String("reward")).toDouble(), -1.0);
    QCOMPARE(lines.at(2).value(QLatin1String("trajectory")).toString(), QStringLiteral("b1"));
}

void TestExporters::kernelBenchResultsRoundTrip()
{
    auto store = storeWith(QStringLiteral("kb.kwb"), {});
    QString error;
    QVERIFY2(KernelBenchRunImporter::importFolder(*store, QFINDTESTDATA("data/kernelbench/run"), QFINDTESTDATA("data/kernelbench/tasks"), {}, &error),
        qPrintable(error));
    const QJsonObject exported = QJsonDocument::fromJson(exportAll(*store, QStringLiteral("kernelbench"))).object();
    QFile file(QFINDTESTDATA("data/kernelbench/run/eval_results.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject recorded = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(exported.keys(), recorded.keys());
    for (const QString& problem : recorded.keys()) {
        const QJsonArray a = exported.value(problem).toArray();
        const QJsonArray b = recorded.value(problem).toArray();
        QCOMPARE(a.size(), b.size());
        for (qsizetype i = 0; i < a.size(); ++i) {
            for (const char* key : { "sample_id", "compiled", "correctness", "runtime" })
                QCOMPARE(a.at(i).toObject().value(QLatin1String(key)), b.at(i).toObject().value(QLatin1String(key)));
            const QJsonObject stats = a.at(i).toObject().value(QLatin1String("runtime_stats")).toObject();
            if (!stats.isEmpty()) {
                QCOMPARE(stats.value(QLatin1String("num_trials")).toInt(), 100);
                QCOMPARE(stats.value(QLatin1String("hardware")).toString(), QStringLiteral("NVIDIA H200"));
            }
            QCOMPARE(a.at(i).toObject().value(QLatin1String("metadata")).toObject().value(QLatin1String("correctness_trials")),
                b.at(i).toObject().value(QLatin1String("metadata")).toObject().value(QLatin1String("correctness_trials")));
            // Every field as the run wrote it (runtime_stats.max, error text), only the store's own keys added.
            QJsonObject back = a.at(i).toObject();
            QJsonObject backMetadata = back.value(QLatin1String("metadata")).toObject();
            QVERIFY(backMetadata.value(QLatin1String("kwb_turn")).isString());
            backMetadata.remove(QLatin1String("kwb_trajectory"));
            backMetadata.remove(QLatin1String("kwb_turn"));
            back.insert(QLatin1String("metadata"), backMetadata);
            QCOMPARE(back, b.at(i).toObject());
        }
    }
    QVERIFY(exportAll(*store, QStringLiteral("kernelbench")).contains("\"max\": 0.0131"));

    // Our own trajectories: the best-rewarded turn speaks for each; two levels do not fit one file.
    auto own = storeWith(QStringLiteral("own.kwb"), { toolTrajectory(QStringLiteral("a")) });
    const QJsonObject mine = QJsonDocument::fromJson(exportAll(*own, QStringLiteral("kernelbench"))).object();
    const QJsonObject best = mine.value(QLatin1String("1")).toArray().at(0).toObject();
    QCOMPARE(best.value(QLatin1String("correctness")).toBool(), true);
    QCOMPARE(best.value(QLatin1String("runtime")).toDouble(), 0.05);
    QCOMPARE(best.value(QLatin1String("metadata")).toObject().value(QLatin1String("kwb_turn")).toString(), QStringLiteral("a-t1"));
    QVERIFY(own->addTrajectory(toolTrajectory(QStringLiteral("b"), QStringLiteral("3_gelu")), &error));
    Trajectory other = toolTrajectory(QStringLiteral("c"), QStringLiteral("4_tanh"));
    other.task.level = 2;
    QVERIFY(own->addTrajectory(other, &error));
    const auto ids = TrajectorySource::ids(*own, {}, &error);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(!KernelBenchResultsExporter::write(*own, *ids, {}, buffer, {}, &error));
    QVERIFY2(error.contains(QStringLiteral("one level")), qPrintable(error));
}

// A store with every kind of import: native, OpenAI chat with ids, ATIF with reward.json (two harnesses), a
// request/response log, KernelBench runs (one with eval-set's summary), a CUDA Agent workspace and another store.
// sft writes no empty conversation and counts what it left out; asked, it builds conversations for code-only
// branches; rollouts carry a reward for every trajectory that has one (ours or its source's) and count the rest;
// the kernelbench export counts the trajectories it could not speak for.
void TestExporters::aMixedStoreTrainsClean()
{
    QString error;
    {
        auto merged = storeWith(QStringLiteral("other.kwb"), { toolTrajectory(QStringLiteral("merged"), QStringLiteral("3_gelu")) });
    }
    auto store = storeWith(QStringLiteral("mixed.kwb"), {});
    ImportOptions options;
    options.tasksDir = QFINDTESTDATA("data/kernelbench/tasks");
    const QList<std::pair<QString, QString>> inputs { { QFINDTESTDATA("data/native-mixed.jsonl"), QStringLiteral("native") },
        { QFINDTESTDATA("data/openai/with-ids.jsonl"), QStringLiteral("openai") },
        { QFINDTESTDATA("data/atif/harbor/softmax_rows__a1b2c3/agent/trajectory.json"), QStringLiteral("atif") },
        { QFINDTESTDATA("data/mixed/gelu_tanh__d4e5f6/agent/trajectory.json"), QStringLiteral("atif") },
        { QFINDTESTDATA("data/mixed/requests.jsonl"), QStringLiteral("swe-agent") },
        { QFINDTESTDATA("data/kernelbench/run"), QStringLiteral("kernelbench") },
        { QFINDTESTDATA("data/kernelbench/run-evalset"), QStringLiteral("kernelbench") },
        { QFINDTESTDATA("data/cuda-agent/relu_task"), QStringLiteral("cuda-agent") },
        { m_dir->filePath(QStringLiteral("other.kwb")), QStringLiteral("store") } };
    for (const auto& [path, format] : inputs)
        QVERIFY2(ImportFormat::run(*store, path, format, options, {}, &error), qPrintable(path + QStringLiteral(": ") + error));
    const auto ids = TrajectorySource::ids(*store, {}, &error);
    QVERIFY2(ids, qPrintable(error));

    // What each export should do, worked out from the store itself.
    qint64 branches = 0;
    qint64 silent = 0; // branches with no assistant message
    qint64 buildable = 0; // of those, with a task source and files
    QSet<QString> rewarded; // rollouts (trajectory/leaf) with a reward, ours or the source's
    QSet<QString> sources;
    for (qint64 id : *ids) {
        const Trajectory t = *store->trajectory(id, Store::Depth::Full, &error);
        sources.insert(t.source);
        for (const auto& branch : BranchSelection::select(t, {})) {
            ++branches;
            const bool spoken = std::any_of(branch.cbegin(), branch.cend(), [](const Turn* turn) { return turn->assistantMessage() != nullptr; });
            if (!spoken) {
                ++silent;
                buildable += !t.task.source.isEmpty() && !branch.last()->workspace.paths().isEmpty();
            }
            if (!std::isnan(BranchSelection::finalReward(branch)) || t.metadata.value(QLatin1String("source_reward")).toObject().contains(QLatin1String("value")))
                rewarded.insert(t.uuid + QLatin1Char('/') + branch.last()->uuid);
        }
    }
    QVERIFY2(sources.size() >= 7, qPrintable(QStringList(sources.cbegin(), sources.cend()).join(QLatin1Char(','))));
    QVERIFY(silent >= 5); // the five KernelBench samples carry code only
    QVERIFY(!rewarded.isEmpty());

    QBuffer sft;
    sft.open(QIODevice::WriteOnly);
    ExportSkips sftSkips;
    qint64 records = 0;
    QVERIFY2(ExportFormat::write(*store, *ids, QStringLiteral("sft"), {}, sft, {}, &error, &records, &sftSkips), qPrintable(error));
    QCOMPARE(records, branches - silent);
    for (const QJsonObject& line : jsonLines(sft.data())) {
        const QJsonArray messages = line.value(QLatin1String("messages")).toArray();
        QVERIFY(!messages.isEmpty());
        QVERIFY(std::any_of(messages.begin(), messages.end(), [](const QJsonValue& m) { return m.toObject().value(QLatin1String("role")).toString() == QLatin1String("assistant"); }));
    }
    QCOMPARE(sftSkips.reasons, (QMap<QString, qint64> { { SftExporter::noConversation(), silent } }));

    ExportOptions synthesize;
    synthesize.synthesizePrompt = true;
    QBuffer built;
    built.open(QIODevice::WriteOnly);
    ExportSkips builtSkips;
    QVERIFY2(ExportFormat::write(*store, *ids, QStringLiteral("sft"), synthesize, built, {}, &error, &records, &builtSkips), qPrintable(error));
    QCOMPARE(records, branches - silent + buildable);
    qint64 synthesized = 0;
    for (const QJsonObject& line : jsonLines(built.data())) {
        if (!line.value(QLatin1String("metadata")).toObject().value(QLatin1String("synthesized")).toBool())
            continue;
        ++synthesized;
        const QJsonArray messages = line.value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.last().toObject().value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
        QVERIFY(messages.last().toObject().value(QLatin1String("content")).toString().contains(QStringLiteral("class ModelNew")));
        QVERIFY(messages.at(messages.size() - 2).toObject().value(QLatin1String("content")).toString().contains(QStringLiteral("class Model(")));
    }
    QCOMPARE(synthesized, buildable);
    QCOMPARE(builtSkips.caveats.value(QStringLiteral("conversation(s) built from the task and the code (--synthesize-prompt)")), buildable);
    QCOMPARE(builtSkips.reasons.value(SftExporter::nothingToSynthesize()), silent - buildable);

    QBuffer rollouts;
    rollouts.open(QIODevice::WriteOnly);
    ExportSkips rolloutSkips;
    QVERIFY2(ExportFormat::write(*store, *ids, QStringLiteral("rollouts"), {}, rollouts, {}, &error, &records, &rolloutSkips), qPrintable(error));
    QCOMPARE(records, branches);
    qint64 unrewarded = 0;
    for (const QJsonObject& line : jsonLines(rollouts.data())) {
        const bool has = !line.value(QLatin1String("reward")).isNull();
        if (rewarded.contains(line.value(QLatin1String("rollout_id")).toString()))
            QVERIFY2(has, qPrintable(line.value(QLatin1String("rollout_id")).toString()));
        else
            QVERIFY(!has);
        unrewarded += has ? 0 : 1;
        if (has)
            QVERIFY(!line.value(QLatin1String("reward_source")).toString().isEmpty());
    }
    QCOMPARE(rolloutSkips.caveats.value(RolloutExporter::noReward()), unrewarded);
    QCOMPARE(rolloutSkips.reasons.size(), 0);

    // The KernelBench samples: the one with neither KernelBench's record nor a whole result is named, not guessed.
    ExportOptions kernelbench;
    kernelbench.tasks = QStringList { QStringLiteral("1_diag_matmul"), QStringLiteral("2_relu"), QStringLiteral("88_gelu_tanh"), QStringLiteral("9_tall_skinny_matmul") };
    const auto kbIds = TrajectorySource::ids(*store, kernelbench.tasks, &error);
    QBuffer results;
    results.open(QIODevice::WriteOnly);
    ExportSkips kbSkips;
    QVERIFY2(ExportFormat::write(*store, *kbIds, QStringLiteral("kernelbench"), kernelbench, results, {}, &error, &records, &kbSkips), qPrintable(error));
    QCOMPARE(kbSkips.reasons, (QMap<QString, qint64> { { QStringLiteral("trajectory(ies) with no judged turn (never evaluated, or only environment errors)"), 1 } }));
    const QJsonObject written = QJsonDocument::fromJson(results.data()).object();
    QCOMPARE(written.keys(), (QStringList { QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("88") }));
}

QTEST_GUILESS_MAIN(TestExporters)
#include "tst_exporters.moc"
