#pragma once

#include "testutils.h"

#include "models/turncache.h"
#include "store/store.h"

#include <QFileInfo>
#include <QStandardPaths>

// Trajectories and turn contents the widget tests share.
namespace kwb::test {

inline QByteArray kernelSource(int variant)
{
    QByteArray s = "#include <cuda_runtime.h>\n"
                   "// variant " + QByteArray::number(variant) + "\n"
                   "__global__ void softmax(const float* x, float* y, int n) {\n"
                   "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n";
    if (variant >= 1)
        s += "    __shared__ float tile[256];\n";
    s += "    if (i < n) y[i] = x[i];\n";
    if (variant >= 2)
        s += "    __syncthreads();\n";
    s += "}\n"
         "void launch(const float* x, float* y, int n) {\n"
         "    softmax<<<(n + 255) / 256, 256>>>(x, y, n);\n"
         "}\n";
    return s;
}

inline Message toolResult(const QString& name, const QString& text)
{
    Message m;
    m.role = Message::Role::Tool;
    m.toolName = name;
    m.toolCallId = QStringLiteral("call_1");
    m.text = text;
    return m;
}

// Four turns in a row (t0..t3) and a fork from t1 (t4) whose compile fails with a diagnostic on line 4.
inline Trajectory steppingTrajectory(const QString& uuid = QStringLiteral("s"))
{
    Trajectory t = forkedTrajectory(uuid, QStringLiteral("softmax_rows"));
    t.task.source = QStringLiteral("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return torch.softmax(x, 1)\n");
    QList<Turn> turns;
    for (int i = 0; i < 4; ++i) {
        Turn turn;
        turn.uuid = uuid + QStringLiteral("-t%1").arg(i);
        turn.parentUuid = i == 0 ? QString() : uuid + QStringLiteral("-t%1").arg(i - 1);
        turn.created = t.created.addSecs(60 * i);
        Message a = assistant(QStringLiteral("step %1 text").arg(i), QStringLiteral("reasoning of step %1").arg(i));
        a.toolCalls.append({ QStringLiteral("call_1"), QStringLiteral("write_file"), QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/softmax.cu") } } });
        a.promptTokens = 1000 + i;
        a.completionTokens = 200;
        a.latencyMs = 2500;
        turn.messages = { a, toolResult(QStringLiteral("write_file"), QStringLiteral("wrote kernels/softmax.cu")) };
        turn.workspace.setFile(QStringLiteral("kernels/softmax.cu"), kernelSource(std::min(i, 2)));
        turn.workspace.setFile(QStringLiteral("model_new.py"), QByteArrayLiteral("import torch\nclass ModelNew(torch.nn.Module):\n    pass\n"));
        turn.eval = evalWith(StageStatus::Passed, StageStatus::Passed, 200.0 / (i + 1), 100, i == 0 ? 1 : 3);
        turn.eval->timing.eager = { 400, 390, 410, 380, 0.02, 50 };
        turn.eval->verify.atol = turn.eval->verify.rtol = 1e-2;
        turn.eval->verify.trials = { { true, 1e-5 * (i + 1), 2e-5, 0, {} }, { true, 3e-5, 4e-5, 0, {} } };
        turn.eval->compile.kernels = { { QStringLiteral("softmax"), QStringLiteral("sm_90"), 32 + i, 1024, 0, 0, 0, 380 } };
        turn.eval->compile.log = QStringLiteral("ptxas info    : Used %1 registers").arg(32 + i);
        turn.provenance.kind = Provenance::Kind::Scripted;
        turns.append(turn);
    }
    Turn fork = turns.at(1);
    fork.uuid = uuid + QStringLiteral("-t4");
    fork.parentUuid = turns.at(1).uuid;
    fork.workspace.setFile(QStringLiteral("kernels/softmax.cu"), kernelSource(1).replace("blockIdx", "blockIdy"));
    fork.eval = evalWith(StageStatus::Failed, StageStatus::NotRun, 0, 0, -1);
    fork.eval->compile.diagnostics = { { Diagnostic::Severity::Error, QStringLiteral("/tmp/build/kernels/softmax.cu"), 4, 13,
        QStringLiteral("20"), QStringLiteral("identifier \"blockIdy\" is undefined"), QStringLiteral("nvcc") } };
    fork.eval->compile.log = QStringLiteral("kernels/softmax.cu(4): error #20: identifier \"blockIdy\" is undefined");
    turns.append(fork);
    t.turns = turns;
    return t;
}

// steppingTrajectory() with a work floor and a calibration on every evaluation. With the default floor (200 MB,
// 50 MFLOP: memory-bound, 50 µs at 4 TB/s) turns 0..3 (200, 100, 66.7, 50 µs) reach 25, 50, 75 and 100 % of the
// roofline, torch.compile (100 µs) 50 % and eager (400 µs) 12.5 %.
inline Trajectory rooflineTrajectory(const QString& uuid = QStringLiteral("r"), double flops = 5e7,
    const Ceilings& ceilings = roundCeilings())
{
    Trajectory t = steppingTrajectory(uuid);
    addRoofline(t, flops, ceilings);
    return t;
}

inline FileContent file(const QString& path, const QByteArray& data)
{
    return { path, WorkspaceSnapshot::sha256Hex(data), data, {} };
}

// Settings of one test run never reach the user's.
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("KernelWorkbenchTests"));
    // One settings file per test program: tests that run side by side (ctest -j) never read each other's.
    QCoreApplication::setApplicationName(QFileInfo(QCoreApplication::applicationFilePath()).completeBaseName());
}

} // namespace kwb::test
