#include "testutils.h"

#include "model/kernelname.h"
#include "model/trajectory.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace kwb;

Q_DECLARE_METATYPE(kwb::Message)

class TestModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void trajectoryRoundTrip();
    void evalResultKeepsUnknownApartFromZero();
    void evalResultKeepsAllTheRunnerWrote_data();
    void evalResultKeepsAllTheRunnerWrote();
    void messageRoundTrip_data();
    void messageRoundTrip();
    void badInput_data();
    void badInput();
    void workspaceRejectsContentThatDoesNotMatchItsHash();
    void workspaceKeepsBinaryContent();
    void workspaceManifestIsCanonical();
    void treeNavigation();
    void validateRejectsBrokenTrees();
    void speedups();
    void kernelNamesAreReadable();
};

void TestModel::trajectoryRoundTrip()
{
    Trajectory t = test::forkedTrajectory(QStringLiteral("a"));
    t.metadata.insert(QStringLiteral("run"), QStringLiteral("r1"));
    t.annotations.append({ Annotation::Kind::Score, Annotation::Scope::Trajectory, QStringLiteral("0.5"),
        QStringLiteral("ann"), QDateTime(QDate(2026, 3, 2), QTime(8, 0), Qt::UTC), QStringLiteral("3") });
    t.turns[1].eval->compile.diagnostics.append({ Diagnostic::Severity::Warning, QStringLiteral("kernels/softmax.cu"), 12, 5,
        QStringLiteral("177-D"), QStringLiteral("variable \"x\" was declared but never referenced"), QStringLiteral("nvcc") });
    t.turns[1].eval->compile.kernels.append({ QStringLiteral("_Z7softmaxPKfPfi"), QStringLiteral("sm_90"), 32, 4096, 0, 0, 0, 380 });
    t.turns[1].eval->hackFlags = { QStringLiteral("excessive-speedup"), QStringLiteral("side-stream") };
    t.turns[1].eval->hackDetails = { QStringLiteral("12.0x faster than eager."), QStringLiteral("A kernel ran on stream 13.") };
    t.turns[1].eval->isolation = QStringLiteral("bubblewrap");
    t.turns[1].eval->verify.trials.append({ true, 1e-6, 2e-6, 0.0, {} });

    const QByteArray encoded = QJsonDocument(t.toJson()).toJson(QJsonDocument::Compact);
    QString error;
    const Trajectory back = Trajectory::fromJson(QJsonDocument::fromJson(encoded).object(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(back == t);
    QCOMPARE(QJsonDocument(back.toJson()).toJson(QJsonDocument::Compact), encoded);
    QCOMPARE(back.turns[1].workspace.content(QStringLiteral("kernels/softmax.cu")), QByteArrayLiteral("__global__ void coalesced() {}\n"));
}

void TestModel::evalResultKeepsUnknownApartFromZero()
{
    EvalResult e;
    e.verify.atol = 0.0;
    QString error;
    const EvalResult back = EvalResult::fromJson(e.toJson(), &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(back.verify.atol, 0.0);
    QVERIFY(std::isnan(back.verify.rtol));
    QVERIFY(std::isnan(back.reward));
    QVERIFY(back == e);
    QVERIFY(back.rules.isEmpty()); // a result from before the rule profiles
    e.rules = QStringLiteral("kernelbench");
    const EvalResult judged = EvalResult::fromJson(e.toJson(), &error);
    QCOMPARE(judged.rules, QStringLiteral("kernelbench"));
    QVERIFY(!(judged == back));
}

void TestModel::evalResultKeepsAllTheRunnerWrote_data()
{
    QTest::addColumn<QString>("file");
    for (const char* name : { "h200_honest_scale_shift", "h200_tf32_rejected", "h200_illegal_access" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

// Results kwb-runner wrote on the H200 (red-team cases): read as an EvalResult and written back, every field is there
// with its value, those the typed form has no place for too (a stage's message, a kernel's barriers and compile
// time, the handshake); a field changed in the typed form wins over the one read.
void TestModel::evalResultKeepsAllTheRunnerWrote()
{
    QFETCH(QString, file);
    QFile f(QStringLiteral(KWB_CORE_DATA "/runner-results/") + file + QStringLiteral(".json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject raw = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(!raw.isEmpty());
    QString error;
    EvalResult e = EvalResult::fromJson(raw, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QJsonObject back = e.toJson();
    for (auto it = raw.begin(); it != raw.end(); ++it)
        QVERIFY2(back.value(it.key()) == it.value(), qPrintable(it.key()));
    QCOMPARE(back, raw);
    // Through the text the store keeps.
    const EvalResult stored = EvalResult::fromJson(QJsonDocument::fromJson(QJsonDocument(back).toJson(QJsonDocument::Compact)).object(), &error);
    QCOMPARE(stored.toJson(), raw);
    QVERIFY(stored == e);
    e.traceBlob = QStringLiteral("ab12");
    e.verify.message = QStringLiteral("changed");
    const QJsonObject changed = e.toJson();
    QCOMPARE(changed.value(QLatin1String("trace_blob")).toString(), QStringLiteral("ab12"));
    QCOMPARE(changed.value(QLatin1String("verify")).toObject().value(QLatin1String("message")).toString(), QStringLiteral("changed"));
    QCOMPARE(changed.value(QLatin1String("stages")), raw.value(QLatin1String("stages")));
}

void TestModel::messageRoundTrip_data()
{
    QTest::addColumn<Message>("message");
    Message tool;
    tool.role = Message::Role::Tool;
    tool.toolCallId = QStringLiteral("call_1");
    tool.toolName = QStringLiteral("bash");
    tool.text = QStringLiteral("exit 0\n\u00b5s \u2713");
    QTest::newRow("tool result, unicode") << tool;
    Message call = test::assistant(QStringLiteral("compiling"), QStringLiteral("think"));
    call.toolCalls.append({ QStringLiteral("call_1"), QStringLiteral("bash"), QJsonObject { { QStringLiteral("command"), QStringLiteral("nvcc -O3 k.cu") } } });
    call.promptTokens = 0; // zero tokens is known, not absent
    call.completionTokens = 17;
    call.latencyMs = 1234;
    QTest::newRow("assistant with tool call and usage") << call;
    QTest::newRow("system") << Message::of(Message::Role::System, QStringLiteral("be brief"));
}

void TestModel::messageRoundTrip()
{
    QFETCH(Message, message);
    QString error;
    const Message back = Message::fromJson(message.toJson(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(back == message);
}

void TestModel::badInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("wrong format") << QByteArray(R"({"format":"other/2","uuid":"x","task":{"name":"t"}})") << QStringLiteral("not kwb-trajectory/1");
    QTest::newRow("missing uuid") << QByteArray(R"({"format":"kwb-trajectory/1","task":{"name":"t"}})") << QStringLiteral("\"uuid\" is missing");
    QTest::newRow("turns not an array") << QByteArray(R"({"format":"kwb-trajectory/1","uuid":"x","task":{"name":"t"},"turns":{}})") << QStringLiteral("\"turns\" must be an array");
    QTest::newRow("unknown role") << QByteArray(R"({"format":"kwb-trajectory/1","uuid":"x","task":{"name":"t"},"turns":[{"uuid":"a","messages":[{"role":"robot"}]}]})") << QStringLiteral("unknown role \"robot\"");
    QTest::newRow("bad stage status") << QByteArray(R"({"format":"kwb-trajectory/1","uuid":"x","task":{"name":"t"},"turns":[{"uuid":"a","eval":{"compile":{"status":"maybe"}}}]})") << QStringLiteral("unknown stage status \"maybe\"");
    QTest::newRow("number as string") << QByteArray(R"({"format":"kwb-trajectory/1","uuid":"x","task":{"name":"t"},"turns":[{"uuid":"a","eval":{"reward":{"value":"3"}}}]})") << QStringLiteral("\"value\" must be a number");
    QTest::newRow("parent after child") << QByteArray(R"({"format":"kwb-trajectory/1","uuid":"x","task":{"name":"t"},"turns":[{"uuid":"b","parent":"a"},{"uuid":"a"}]})") << QStringLiteral("names parent a");
    QTest::newRow("bad date") << QByteArray(R"({"format":"kwb-trajectory/1","uuid":"x","task":{"name":"t"},"created":"yesterday"})") << QStringLiteral("not an ISO 8601 date");
}

void TestModel::badInput()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QString error;
    Trajectory::fromJson(QJsonDocument::fromJson(json).object(), &error);
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestModel::workspaceRejectsContentThatDoesNotMatchItsHash()
{
    WorkspaceSnapshot w;
    w.setFile(QStringLiteral("k.cu"), QByteArrayLiteral("int x;"));
    QJsonObject o = w.toJson();
    QJsonObject f = o.value(QStringLiteral("k.cu")).toObject();
    f.insert(QStringLiteral("text"), QStringLiteral("int y;"));
    o.insert(QStringLiteral("k.cu"), f);
    QString error;
    WorkspaceSnapshot::fromJson(o, &error);
    QVERIFY2(error.contains(QStringLiteral("does not match its sha256")), qPrintable(error));
}

void TestModel::workspaceKeepsBinaryContent()
{
    WorkspaceSnapshot w;
    const QByteArray binary("\x00\xff\xfe\x80 cubin", 10);
    w.setFile(QStringLiteral("k.cubin"), binary);
    QVERIFY(w.toJson().value(QStringLiteral("k.cubin")).toObject().contains(QStringLiteral("base64")));
    QString error;
    const WorkspaceSnapshot back = WorkspaceSnapshot::fromJson(w.toJson(), &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(back.content(QStringLiteral("k.cubin")), binary);
}

void TestModel::workspaceManifestIsCanonical()
{
    WorkspaceSnapshot a;
    a.setFile(QStringLiteral("b.cu"), "b");
    a.setFile(QStringLiteral("a.py"), "a");
    WorkspaceSnapshot b;
    b.setFile(QStringLiteral("a.py"), "a");
    b.setFile(QStringLiteral("b.cu"), "b");
    QCOMPARE(a.manifestHash(), b.manifestHash());
    WorkspaceSnapshot parsed;
    QString error;
    QVERIFY(WorkspaceSnapshot::parseManifest(a.manifest(), &parsed, &error));
    QVERIFY(parsed == a);
    b.setFile(QStringLiteral("b.cu"), "changed");
    QVERIFY(a.manifestHash() != b.manifestHash());
    QVERIFY(!WorkspaceSnapshot::parseManifest("nothash  x\n", &parsed, &error));
}

void TestModel::treeNavigation()
{
    const Trajectory t = test::forkedTrajectory(QStringLiteral("n"));
    QCOMPARE(t.children(QString()).size(), 1);
    QCOMPARE(t.children(QStringLiteral("n-t0")).size(), 2);
    QStringList leaves;
    for (const Turn* leaf : t.leaves())
        leaves << leaf->uuid;
    QCOMPARE(leaves, (QStringList { QStringLiteral("n-t1"), QStringLiteral("n-t2") }));
    const auto branch = t.branch(QStringLiteral("n-t2"));
    QCOMPARE(branch.size(), 2);
    QCOMPARE(branch.first()->uuid, QStringLiteral("n-t0"));
    QVERIFY(!t.isSynthetic());
}

void TestModel::validateRejectsBrokenTrees()
{
    Trajectory t = test::forkedTrajectory(QStringLiteral("v"));
    QString error;
    QVERIFY(t.validate(&error));
    t.turns.append(t.turns.first());
    QVERIFY(!t.validate(&error));
    QVERIFY(error.contains(QStringLiteral("appears twice")));
}

void TestModel::speedups()
{
    const EvalResult e = test::evalWith(StageStatus::Passed, StageStatus::Passed, 50, 100, 3);
    QCOMPARE(e.speedupVsCompile(), 2.0);
    QVERIFY(std::isnan(e.speedupVsEager())); // eager not timed
    QVERIFY(!e.isEmpty());
    QVERIFY(EvalResult().isEmpty());
}

void TestModel::kernelNamesAreReadable()
{
    KernelResources k;
    k.kernel = QStringLiteral("_ZN47_GLOBAL__N__2c1ae8f4_14_diag_matmul_cu_6fd0a9d716row_scale_kernelEPKfS1_Pfll");
    QCOMPARE(k.readableName(), QStringLiteral("(anonymous namespace)::row_scale_kernel(float const*, float const*, float*, long, long)"));
    k.kernel = QStringLiteral("softmax_rows_kernel"); // extern "C" or already plain: as it is
    QCOMPARE(k.readableName(), k.kernel);
    k.kernel = QStringLiteral("_Znot a symbol"); // not demangled: as it is
    QCOMPARE(k.readableName(), k.kernel);

    // Short names, as tables and timeline slices show them (the whole signature goes in the tooltip).
    QCOMPARE(shortKernelName(QStringLiteral("_ZN47_GLOBAL__N__2c1ae8f4_14_diag_matmul_cu_6fd0a9d716row_scale_kernelEPKfS1_Pfll")),
        QStringLiteral("row_scale_kernel"));
    QCOMPARE(shortKernelName(QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
                                            "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, at::detail::Array<char*, 1>)")),
        QStringLiteral("vectorized_elementwise_kernel"));
    QCOMPARE(shortKernelName(QStringLiteral("void (anonymous namespace)::softmax_kernel<256>(float const*, float*, int)")),
        QStringLiteral("softmax_kernel"));
    QCOMPARE(shortKernelName(QStringLiteral("sm90_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8")),
        QStringLiteral("sm90_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8"));
    QCOMPARE(shortKernelName(QStringLiteral("softmax_rows_vec4_kernel")), QStringLiteral("softmax_rows_vec4_kernel"));
}

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
