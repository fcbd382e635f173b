#include "testutils.h"

#include "io/nativejsonl.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

// Drives the real kwb binary: exit codes, messages and files as a user sees them.
class TestKwbCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void helpAndUsage();
    void generateInfoExportImportRoundTrip();
    void badInputFailsWithOneSentence_data();
    void badInputFailsWithOneSentence();
    void failedImportIntoNewStoreLeavesNoFile();
    void evalPrintsTheRunnersVerdict();
    void labelSummaryAndFilteredExport();
    void labelWaitsForAnotherWriter();
    void recordKeepsTheRewardServicesRequests();
    void replayRunsARecordedBranchAgain();

private:
    struct Result
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };
    Result kwb(const QStringList& args);
    QString path(const QString& name) const { return m_dir->filePath(name); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestKwbCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
}

TestKwbCli::Result TestKwbCli::kwb(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(KWB_CLI), args);
    if (!p.waitForFinished(600000))
        return {};
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError() };
}

void TestKwbCli::helpAndUsage()
{
    Result r = kwb({ QStringLiteral("--help") });
    QCOMPARE(r.code, 0);
    for (const char* command : { "info", "export", "import", "gen-synthetic", "check" })
        QVERIFY2(r.out.contains(command), command);
    r = kwb({ QStringLiteral("frobnicate") });
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("'frobnicate' is not a kwb command"));
    r = kwb({ QStringLiteral("info"), QStringLiteral("--help") });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("--json"));
    r = kwb({ QStringLiteral("import"), path(QStringLiteral("x.jsonl")) });
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--store STORE is required"));
}

void TestKwbCli::generateInfoExportImportRoundTrip()
{
    const QString a = path(QStringLiteral("a.kwb"));
    Result r = kwb({ QStringLiteral("gen-synthetic"), QStringLiteral("--store"), a, QStringLiteral("--trajectories"), QStringLiteral("30"),
        QStringLiteral("--turns"), QStringLiteral("8"), QStringLiteral("--seed"), QStringLiteral("5") });
    QVERIFY2(r.code == 0, r.err.constData());

    r = kwb({ QStringLiteral("info"), a, QStringLiteral("--json") });
    QCOMPARE(r.code, 0);
    const QJsonObject info = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(info.value(QStringLiteral("trajectories")).toInt(), 30);
    QCOMPARE(info.value(QStringLiteral("synthetic_trajectories")).toInt(), 30);
    QCOMPARE(info.value(QStringLiteral("turns")).toInt(), 240);
    QVERIFY(info.value(QStringLiteral("branches")).toInt() >= 30);
    QVERIFY(!info.value(QStringLiteral("tasks")).toArray().isEmpty());
    r = kwb({ QStringLiteral("info"), a });
    QVERIFY(r.out.contains("Trajectories:  30 (30 synthetic)"));

    r = kwb({ QStringLiteral("export"), a, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("-o"), path(QStringLiteral("a.jsonl")) });
    QVERIFY2(r.code == 0, r.err.constData());
    const QString b = path(QStringLiteral("b.kwb"));
    r = kwb({ QStringLiteral("import"), path(QStringLiteral("a.jsonl")), QStringLiteral("--store"), b });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.out.contains("Imported 30 trajectories (240 turns)"));
    r = kwb({ QStringLiteral("export"), b, QStringLiteral("--format"), QStringLiteral("jsonl") }); // to stdout
    QCOMPARE(r.code, 0);
    QFile first(path(QStringLiteral("a.jsonl")));
    QVERIFY(first.open(QIODevice::ReadOnly));
    QCOMPARE(r.out, first.readAll());
    r = kwb({ QStringLiteral("check"), b });
    QVERIFY2(r.code == 0, r.err.constData());
}

void TestKwbCli::badInputFailsWithOneSentence_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing store") << QStringList { QStringLiteral("info"), QStringLiteral("@none.kwb") } << 1 << QStringLiteral("none.kwb does not exist.");
    QTest::newRow("text file as store") << QStringList { QStringLiteral("info"), QStringLiteral("@notes.txt") } << 1 << QStringLiteral("notes.txt is not a Kernel Workbench store");
    QTest::newRow("unsupported format") << QStringList { QStringLiteral("export"), QStringLiteral("@notes.txt"), QStringLiteral("--format"), QStringLiteral("parquet") } << 2 << QStringLiteral("format 'parquet' is not supported");
    QTest::newRow("bad count") << QStringList { QStringLiteral("gen-synthetic"), QStringLiteral("--store"), QStringLiteral("@g.kwb"), QStringLiteral("--trajectories"), QStringLiteral("many") } << 2 << QStringLiteral("take non-negative whole numbers");
}

void TestKwbCli::badInputFailsWithOneSentence()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, expected);
    QFile notes(path(QStringLiteral("notes.txt")));
    QVERIFY(notes.open(QIODevice::WriteOnly));
    notes.write("not a store\n");
    notes.close();
    for (QString& a : args) {
        if (a.startsWith(QLatin1Char('@')))
            a = path(a.mid(1));
    }
    const Result r = kwb(args);
    QCOMPARE(r.code, code);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(expected), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY(r.out.isEmpty());
}

void TestKwbCli::failedImportIntoNewStoreLeavesNoFile()
{
    QFile bad(path(QStringLiteral("bad.jsonl")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(kwb::NativeJsonl::encode(kwb::test::forkedTrajectory(QStringLiteral("ok"))) + "\n{\"format\": \"kwb-traj");
    bad.close();
    const QString store = path(QStringLiteral("new.kwb"));
    const Result r = kwb({ QStringLiteral("import"), bad.fileName(), QStringLiteral("--store"), store });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("bad.jsonl line 2"), r.err.constData());
    QVERIFY(!QFile::exists(store));
}

void TestKwbCli::evalPrintsTheRunnersVerdict()
{
    const QString fixtures = QStringLiteral(KWB_EVAL_FIXTURES);
    const QStringList common { QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--runner-arg=--no-baselines"),
        QStringLiteral("--runner-arg=--cache-dir"), QStringLiteral("--runner-arg=") + path(QStringLiteral("cache")),
        QStringLiteral("--runner-arg=--min-calls"), QStringLiteral("--runner-arg=3"), QStringLiteral("--runner-arg=--trials"),
        QStringLiteral("--runner-arg=3") };
    Result r = kwb(QStringList { QStringLiteral("eval"), fixtures + QStringLiteral("/task_scale_add.py"), fixtures + QStringLiteral("/plain_torch.py"),
                       QStringLiteral("--json") }
        + common);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject result = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(result.value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("passed"));
    QCOMPARE(result.value(QStringLiteral("reward")).toObject().value(QStringLiteral("value")).toDouble(), 1.0);

    r = kwb(QStringList { QStringLiteral("eval"), fixtures + QStringLiteral("/task_scale_add.py"), fixtures + QStringLiteral("/wrong_answer.py") } + common);
    QCOMPARE(r.code, 0); // a wrong candidate is a verdict, not a failure of kwb
    QVERIFY2(r.out.contains("verify    failed, 0/3 trials"), r.out.constData());
    QVERIFY(r.out.contains("reward    -1 (cuda-agent)"));

    // The user's secrets in kwb's environment, in several naming styles: the candidate sees none of them (it returns
    // zeros if it sees any variable that looks secret) and the printed result holds none of their values.
    const QList<QPair<QByteArray, QByteArray>> secrets = { { "OPENAI_KEY", "sk-kwbcli-0123456789" },
        { "HF_TOKEN", "hf_kwbcliABCDEFGHIJ" }, { "AWS_SECRET_ACCESS_KEY", "kwbcli/Secret+Value=1" },
        { "GH_PAT", "ghp_kwbcli9876543210" }, { "CUDA_API_KEY", "kwbcli-cuda-key-55" } };
    for (const auto& [name, value] : secrets)
        qputenv(name.constData(), value);
    r = kwb(QStringList { QStringLiteral("eval"), fixtures + QStringLiteral("/task_scale_add.py"), fixtures + QStringLiteral("/find_state.py"),
            QStringLiteral("--json") }
        + common);
    for (const auto& [name, value] : secrets)
        qunsetenv(name.constData());
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(),
        QStringLiteral("passed"));
    for (const auto& [name, value] : secrets)
        QVERIFY2(!r.out.contains(value) && !r.err.contains(value), name.constData());
}

// A curation pass from the command line: label one level, then the summary and an SFT export of what carries the
// label see exactly that level's trajectories.
void TestKwbCli::labelSummaryAndFilteredExport()
{
    const QString store = path(QStringLiteral("s.kwb"));
    QCOMPARE(kwb({ QStringLiteral("gen-synthetic"), QStringLiteral("--store"), store, QStringLiteral("--trajectories"), QStringLiteral("30"),
                 QStringLiteral("--turns"), QStringLiteral("4"), QStringLiteral("--seed"), QStringLiteral("11") })
                 .code,
        0);
    const auto levelCount = [&](int level) {
        const Result info = kwb({ QStringLiteral("summary"), store, QStringLiteral("--json"), QStringLiteral("--level"), QString::number(level) });
        return QJsonDocument::fromJson(info.out).object().value(QStringLiteral("overall")).toObject().value(QStringLiteral("trajectories")).toInt();
    };
    const int level2 = levelCount(2);
    QVERIFY(level2 > 0 && level2 < 30);
    Result r = kwb({ QStringLiteral("label"), store, QStringLiteral("--add"), QStringLiteral("accept"), QStringLiteral("--level"), QStringLiteral("2") });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QByteArray(QByteArray::number(level2) + " trajector")));
    r = kwb({ QStringLiteral("summary"), store, QStringLiteral("--json"), QStringLiteral("--label"), QStringLiteral("accept") });
    QCOMPARE(r.code, 0);
    const QJsonObject summary = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(summary.value(QStringLiteral("overall")).toObject().value(QStringLiteral("trajectories")).toInt(), level2);
    QCOMPARE(summary.value(QStringLiteral("levels")).toObject().keys(), QStringList({ QStringLiteral("2") }));
    r = kwb({ QStringLiteral("export"), store, QStringLiteral("--format"), QStringLiteral("sft"), QStringLiteral("--label"), QStringLiteral("accept") });
    QCOMPARE(r.code, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QVERIFY(lines.size() >= level2); // one line per branch
    for (const QByteArray& line : lines)
        QVERIFY(QJsonDocument::fromJson(line).object().contains(QStringLiteral("messages")));
    r = kwb({ QStringLiteral("label"), store, QStringLiteral("--remove"), QStringLiteral("accept") });
    QCOMPARE(r.code, 0);
    r = kwb({ QStringLiteral("export"), store, QStringLiteral("--format"), QStringLiteral("sft"), QStringLiteral("--label"), QStringLiteral("accept") });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.trimmed().isEmpty());
    r = kwb({ QStringLiteral("label"), store, QStringLiteral("--add"), QStringLiteral("x"), QStringLiteral("--remove"), QStringLiteral("y") });
    QCOMPARE(r.code, 2);
}

// `kwb label` while another process holds a write transaction (a long import): it waits for it, past SQLite's 5 s,
// and lands once the other commits, instead of failing with "database is locked".
void TestKwbCli::labelWaitsForAnotherWriter()
{
    const QString store = path(QStringLiteral("busy.kwb"));
    QCOMPARE(kwb({ QStringLiteral("gen-synthetic"), QStringLiteral("--store"), store, QStringLiteral("--trajectories"), QStringLiteral("3"),
                 QStringLiteral("--turns"), QStringLiteral("2") }).code,
        0);
    {
        QSqlDatabase holder = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("holder"));
        holder.setDatabaseName(store);
        QVERIFY(holder.open());
        QSqlQuery q(holder);
        QVERIFY2(q.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(q.lastError().text()));
        QProcess label;
        label.start(QStringLiteral(KWB_CLI), { QStringLiteral("label"), store, QStringLiteral("--add"), QStringLiteral("star") });
        QVERIFY(label.waitForStarted());
        QVERIFY(!label.waitForFinished(6000)); // still waiting where the default would have given up
        QVERIFY2(q.exec(QStringLiteral("COMMIT")), qPrintable(q.lastError().text()));
        QVERIFY(label.waitForFinished(60000));
        QCOMPARE(label.exitCode(), 0);
        QVERIFY2(label.readAllStandardOutput().contains("3 trajector"), label.readAllStandardError().constData());
        holder.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("holder"));
}

// `kwb record` over what the reward service wrote in a real cluster run (tests/core/data/reward-service): each
// request becomes a trajectory of one turn with the loop's step, group, rollout and policy version; a refused one
// keeps its error; a line that is no record is left out with its reason and the rest still land. Recording the same
// lines again changes nothing (a request's trajectory id comes from its request id).
void TestKwbCli::recordKeepsTheRewardServicesRequests()
{
    const QString records = QStringLiteral(KWB_CORE_DATA "/reward-service/records.jsonl");
    QFile in(records);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray lines = in.readAll();
    lines += "not json\n{\"format\": \"something-else/1\"}\n";
    QFile mixed(path(QStringLiteral("mixed.jsonl")));
    QVERIFY(mixed.open(QIODevice::WriteOnly));
    mixed.write(lines);
    mixed.close();

    const QString store = path(QStringLiteral("service.kwb"));
    Result r = kwb({ QStringLiteral("record"), store, mixed.fileName() });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("Recorded 4 request(s)") && r.out.contains("2 line(s) left out"), r.out.constData());
    QVERIFY2(r.err.contains("line 5 left out: not a JSON object") && r.err.contains("line 6 left out: the line is not a reward-service record"),
        r.err.constData());
    r = kwb({ QStringLiteral("record") });
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("give the store to record into"));

    QString error;
    {
        const auto opened = kwb::Store::open(store, &error, kwb::Store::OpenMode::MustExist);
        QVERIFY2(opened, qPrintable(error));
        const auto ids = opened->trajectoryIds({}, kwb::TrajectoryColumn::Created, false, &error);
        QVERIFY2(ids && ids->size() == 4, qPrintable(error));
        QMap<QString, kwb::Trajectory> byRequest;
        for (qint64 id : *ids) {
            const auto t = opened->trajectory(id, kwb::Store::Depth::Full, &error);
            QVERIFY2(t, qPrintable(error));
            byRequest.insert(t->metadata.value(QStringLiteral("reward_service")).toObject().value(QStringLiteral("request_id")).toString(), *t);
        }
        QVERIFY(byRequest.contains(QStringLiteral("burst-00")) && byRequest.contains(QStringLiteral("burst-01")) && byRequest.contains(QStringLiteral("burst-09")));
        const kwb::Trajectory& good = byRequest.value(QStringLiteral("burst-00"));
        QCOMPARE(good.title, QStringLiteral("step 0 · group g0 · rollout r0"));
        QCOMPARE(good.policy, QStringLiteral("v0"));
        QCOMPARE(good.source, QStringLiteral("reward-service"));
        QCOMPARE(good.turns.size(), 1);
        QVERIFY(good.turns.first().eval.has_value());
        QCOMPARE(good.turns.first().eval->reward, 1.0);
        QVERIFY(good.turns.first().workspace.content(QStringLiteral("model_new.py")).contains("class ModelNew"));
        QVERIFY(good.task.source.contains(QStringLiteral("class Model")));
        QCOMPARE(byRequest.value(QStringLiteral("burst-01")).turns.first().eval->reward, -1.0);
        const kwb::Trajectory& busy = byRequest.value(QStringLiteral("burst-09"));
        QVERIFY(!busy.turns.first().eval.has_value());
        QVERIFY(busy.labels.contains(QStringLiteral("service-error")));
        const QJsonObject service = busy.metadata.value(QStringLiteral("reward_service")).toObject();
        QCOMPARE(service.value(QStringLiteral("kind")).toString(), QStringLiteral("busy"));
        QVERIFY(service.value(QStringLiteral("error")).toString().contains(QStringLiteral("full")));
    }
    r = kwb({ QStringLiteral("record"), store, records });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("Recorded 0 request(s)") && r.out.contains("4 already there"), r.out.constData());
    r = kwb({ QStringLiteral("info"), store, QStringLiteral("--json") });
    QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("trajectories")).toInt(), 4);
}

// `kwb agent --replay`: a branch's recorded responses run again through today's tools as a new trajectory of the same
// task; the workspaces come out the same, each turn names the one it replays, and a bad leaf is one sentence.
void TestKwbCli::replayRunsARecordedBranchAgain()
{
    QFile task(path(QStringLiteral("double.py")));
    QVERIFY(task.open(QIODevice::WriteOnly));
    task.write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n");
    task.close();
    QJsonArray actions;
    for (int i = 0; i < 3; ++i) {
        const QJsonObject write { { QStringLiteral("name"), QStringLiteral("write_file") },
            { QStringLiteral("arguments"), QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/k.cu") },
                                               { QStringLiteral("content"), QStringLiteral("// version %1\n").arg(i) } } } };
        actions.append(QJsonObject { { QStringLiteral("text"), QStringLiteral("version %1").arg(i) },
            { QStringLiteral("tool_calls"), QJsonArray { write } } });
    }
    actions.append(QJsonObject { { QStringLiteral("text"), QStringLiteral("Done.") } });
    QFile script(path(QStringLiteral("script.json")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QJsonDocument(actions).toJson());
    script.close();
    const QString store = path(QStringLiteral("s.kwb"));
    const QStringList quiet { QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--no-final-eval") };
    Result r = kwb(QStringList { QStringLiteral("agent"), QStringLiteral("--store"), store, QStringLiteral("--task"), task.fileName(),
                       QStringLiteral("--script"), script.fileName() } + quiet);
    QVERIFY2(r.code == 0, r.err.constData());

    QString error;
    const auto opened = [&] { return kwb::Store::open(store, &error, kwb::Store::OpenMode::MustExist); };
    auto s = opened();
    QVERIFY2(s, qPrintable(error));
    auto ids = s->trajectoryIds({}, kwb::TrajectoryColumn::Created, false, &error);
    QVERIFY(ids && ids->size() == 1);
    const auto recorded = s->trajectory(ids->first(), kwb::Store::Depth::Full, &error);
    QVERIFY2(recorded && recorded->turns.size() == 4, qPrintable(error));
    s.reset();

    r = kwb(QStringList { QStringLiteral("agent"), QStringLiteral("--store"), store, QStringLiteral("--replay"), recorded->uuid } + quiet);
    QVERIFY2(r.code == 0, r.err.constData());
    s = opened();
    QVERIFY2(s, qPrintable(error));
    ids = s->trajectoryIds({}, kwb::TrajectoryColumn::Created, false, &error);
    QVERIFY(ids && ids->size() == 2);
    const qint64 newer = std::max(ids->at(0), ids->at(1));
    const auto replayed = s->trajectory(newer, kwb::Store::Depth::Full, &error);
    QVERIFY2(replayed, qPrintable(error));
    QCOMPARE(replayed->task.source, recorded->task.source);
    QCOMPARE(replayed->title, QStringLiteral("Replay of ") + recorded->title);
    QCOMPARE(replayed->turns.size(), recorded->turns.size());
    for (qsizetype i = 0; i < recorded->turns.size(); ++i) {
        QCOMPARE(replayed->turns.at(i).workspace, recorded->turns.at(i).workspace);
        QCOMPARE(replayed->turns.at(i).provenance.kind, kwb::Provenance::Kind::Replay);
        QCOMPARE(replayed->turns.at(i).provenance.source, recorded->uuid + QLatin1Char('/') + recorded->turns.at(i).uuid);
    }
    s.reset();

    r = kwb(QStringList { QStringLiteral("agent"), QStringLiteral("--store"), store, QStringLiteral("--replay"), recorded->uuid,
        QStringLiteral("--leaf"), QStringLiteral("no-such-turn") } + quiet);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("has no turn no-such-turn"), r.err.constData());
    r = kwb({ QStringLiteral("agent"), QStringLiteral("--store"), store, QStringLiteral("--replay"), recorded->uuid,
        QStringLiteral("--script"), script.fileName() });
    QCOMPARE(r.code, 2);
    s = opened();
    QVERIFY2(s, qPrintable(error));
    ids = s->trajectoryIds({}, kwb::TrajectoryColumn::Created, false, &error);
    QCOMPARE(ids->size(), 2); // the refused replays added nothing
}

QTEST_GUILESS_MAIN(TestKwbCli)
#include "tst_kwbcli.moc"
