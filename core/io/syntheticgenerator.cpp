#include "syntheticgenerator.h"

#include <QUuid>

namespace kwb {

namespace {

const char* const kTaskNames[] = { "diag_matmul", "matmul_div_sum_scale", "softmax_rows", "layernorm",
    "gelu_bias_scale_chain", "conv_bn_relu", "resnet_basic_block", "mlp_3layer", "sum_reduction_large",
    "fused_add_relu", "transpose_copy", "cross_entropy" };

QString uuidFrom(QRandomGenerator& random)
{
    // Seeded, so the same options give the same store.
    QUuid u(random.generate(), quint16(random.generate()), quint16(random.generate()), uchar(random.generate()),
        uchar(random.generate()), uchar(random.generate()), uchar(random.generate()), uchar(random.generate()),
        uchar(random.generate()), uchar(random.generate()), uchar(random.generate()));
    return u.toString(QUuid::WithoutBraces);
}

} // namespace

SyntheticGenerator::SyntheticGenerator(const Options& options)
    : m_options(options)
    , m_random(options.seed)
{
    for (int i = 0; i < 256; ++i) {
        const QByteArray kernel = QByteArrayLiteral("// synthetic kernel variant ") + QByteArray::number(i)
            + QByteArrayLiteral("\n__global__ void k(const float* x, float* y, int n) {\n"
                                "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                "    if (i < n) y[i] = x[i] * ")
            + QByteArray::number(1.0 + i / 256.0) + QByteArrayLiteral("f;\n}\n");
        m_kernels.append({ kernel, WorkspaceSnapshot::sha256Hex(kernel) });
    }
    for (int i = 0; i < 16; ++i) {
        const QByteArray wrapper = QByteArrayLiteral("import torch\n# synthetic wrapper ") + QByteArray::number(i)
            + QByteArrayLiteral("\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        return ext.run(x)\n");
        m_wrappers.append({ wrapper, WorkspaceSnapshot::sha256Hex(wrapper) });
    }
    int level = 1;
    for (const char* name : kTaskNames) {
        const QString source = QStringLiteral("# synthetic task %1\nimport torch\nclass Model(torch.nn.Module):\n"
                                              "    def forward(self, x):\n        return x\n")
                                   .arg(QLatin1String(name));
        m_tasks.append({ QLatin1String(name), level, source });
        level = level % 3 + 1;
    }
}

EvalResult SyntheticGenerator::makeEval()
{
    EvalResult e;
    e.device = QStringLiteral("synthetic");
    e.rewardScheme = QStringLiteral("cuda-agent");
    const double roll = m_random.generateDouble();
    if (roll < 0.15) {
        e.compile.status = StageStatus::Failed;
        e.compile.diagnostics.append({ Diagnostic::Severity::Error, QStringLiteral("kernels/k.cu"),
            int(m_random.bounded(1, 40)), int(m_random.bounded(1, 60)), QStringLiteral("20"),
            QStringLiteral("identifier \"blockIdy\" is undefined"), QStringLiteral("nvcc") });
        e.reward = -1;
        return e;
    }
    e.compile.status = StageStatus::Passed;
    e.compile.kernels.append({ QStringLiteral("k"), QStringLiteral("sm_90"), int(m_random.bounded(16, 128)), 0, 0, 0, 0, 380 });
    const bool correct = roll > 0.3;
    e.verify.status = correct ? StageStatus::Passed : StageStatus::Failed;
    e.verify.atol = e.verify.rtol = 1e-2;
    for (int i = 0; i < 5; ++i) {
        const double err = correct ? m_random.generateDouble() * 1e-3 : 0.5 + m_random.generateDouble();
        e.verify.trials.append({ correct, err, err * 2, correct ? 0.0 : 0.25, {} });
    }
    if (!correct) {
        e.reward = -1;
        return e;
    }
    e.timing.status = StageStatus::Passed;
    const double eager = 1000 + m_random.generateDouble() * 4000;
    const double compiled = eager * (0.5 + m_random.generateDouble() * 0.5);
    const double candidate = compiled / (0.3 + m_random.generateDouble() * 3.0);
    auto stats = [this](double median) {
        return TimingStats { median, median * 0.98, median * 1.02, median * 0.95, 0.01 + m_random.generateDouble() * 0.02, 100 };
    };
    e.timing.candidate = stats(candidate);
    e.timing.eager = stats(eager);
    e.timing.compiled = stats(compiled);
    e.reward = candidate * 1.05 < compiled && candidate * 1.05 < eager ? 3 : candidate * 1.05 < eager ? 2 : 1;
    return e;
}

Turn SyntheticGenerator::makeTurn(const Trajectory& t, int index)
{
    Turn turn;
    turn.uuid = uuidFrom(m_random);
    if (index > 0) {
        const bool fork = index > 1 && m_random.generateDouble() < m_options.forkProbability;
        turn.parentUuid = fork ? t.turns.at(int(m_random.bounded(index - 1))).uuid : t.turns.last().uuid;
    }
    turn.created = t.created.addSecs(30 * index);
    const FileVariant& kernel = m_kernels.at(int(m_random.bounded(m_kernels.size())));
    const FileVariant& wrapper = m_wrappers.at(int(m_random.bounded(m_wrappers.size())));

    Message assistant;
    assistant.role = Message::Role::Assistant;
    assistant.reasoning = QStringLiteral("Turn %1: the last kernel spent its time on global loads; try %2 elements per thread.")
                              .arg(index)
                              .arg(1 << m_random.bounded(0, 4));
    assistant.text = QStringLiteral("Rewriting the kernel and compiling.");
    assistant.toolCalls.append({ QStringLiteral("call_%1").arg(index), QStringLiteral("write_file"),
        QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/k.cu") },
            { QStringLiteral("bytes"), kernel.content.size() } } });
    assistant.promptTokens = 2000 + 150 * index;
    assistant.completionTokens = m_random.bounded(100, 900);
    assistant.latencyMs = m_random.bounded(800, 9000);
    Message result;
    result.role = Message::Role::Tool;
    result.toolCallId = assistant.toolCalls.first().id;
    result.toolName = QStringLiteral("write_file");
    result.text = QStringLiteral("wrote kernels/k.cu");
    turn.messages = { assistant, result };

    turn.workspace.setFileRef(QStringLiteral("kernels/k.cu"), kernel.sha256);
    turn.workspace.attachContent(kernel.sha256, kernel.content);
    turn.workspace.setFileRef(QStringLiteral("model_new.py"), wrapper.sha256);
    turn.workspace.attachContent(wrapper.sha256, wrapper.content);
    turn.eval = makeEval();
    turn.provenance.kind = Provenance::Kind::Synthetic;
    turn.provenance.agent = QStringLiteral("kwb gen-synthetic");
    return turn;
}

Trajectory SyntheticGenerator::next()
{
    Trajectory t;
    t.uuid = uuidFrom(m_random);
    t.task = m_tasks.at(int(m_random.bounded(m_tasks.size())));
    t.title = QStringLiteral("synthetic %1").arg(m_count + 1);
    t.source = QStringLiteral("kwb gen-synthetic (seed %1)").arg(m_options.seed);
    t.policy = QStringLiteral("synthetic");
    t.created = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC).addSecs(qint64(m_count) * 3600);
    t.labels = { QStringLiteral("synthetic") };
    t.prompt = { Message::of(Message::Role::System, QStringLiteral("You write CUDA kernels.")),
        Message::of(Message::Role::User, QStringLiteral("Make %1 faster than torch.compile.").arg(t.task.name)) };
    for (int i = 0; i < m_options.turnsPerTrajectory; ++i)
        t.turns.append(makeTurn(t, i));
    ++m_count;
    return t;
}

} // namespace kwb
