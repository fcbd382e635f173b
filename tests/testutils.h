#pragma once

#include "model/trajectory.h"

#include <QCryptographicHash>
#include <QFile>
#include <QString>

// Small builders and checks shared by the tests.
namespace kwb::test {

inline Message assistant(const QString& text, const QString& reasoning = {})
{
    Message m;
    m.role = Message::Role::Assistant;
    m.text = text;
    m.reasoning = reasoning;
    return m;
}

inline EvalResult evalWith(StageStatus compile, StageStatus verify, double candidateUs, double compiledUs, double reward)
{
    EvalResult e;
    e.compile.status = compile;
    e.verify.status = verify;
    if (candidateUs > 0) {
        e.timing.status = StageStatus::Passed;
        e.timing.candidate = { candidateUs, candidateUs, candidateUs, candidateUs, 0.01, 10 };
        e.timing.compiled = { compiledUs, compiledUs, compiledUs, compiledUs, 0.01, 10 };
    }
    e.rewardScheme = QStringLiteral("cuda-agent");
    e.reward = reward;
    return e;
}

// A root turn, a second turn, and a fork from the root: two branches.
inline Trajectory forkedTrajectory(const QString& uuid, const QString& task = QStringLiteral("softmax_rows"))
{
    Trajectory t;
    t.uuid = uuid;
    t.task = { task, 1, QStringLiteral("import torch\nclass Model(torch.nn.Module):\n    pass\n") };
    t.title = QStringLiteral("test ") + uuid;
    t.source = QStringLiteral("tests");
    t.policy = QStringLiteral("scripted");
    t.created = QDateTime(QDate(2026, 3, 1), QTime(12, 0), Qt::UTC);
    t.labels = { QStringLiteral("fixture") };
    t.prompt = { Message::of(Message::Role::User, QStringLiteral("Make it fast.")) };

    Turn root;
    root.uuid = uuid + QStringLiteral("-t0");
    root.created = t.created;
    root.messages = { assistant(QStringLiteral("naive kernel with warpshuffle later"), QStringLiteral("start simple")) };
    root.workspace.setFile(QStringLiteral("kernels/softmax.cu"), QByteArrayLiteral("__global__ void naive() {}\n"));
    root.workspace.setFile(QStringLiteral("model_new.py"), QByteArrayLiteral("import torch\n"));
    root.eval = evalWith(StageStatus::Passed, StageStatus::Passed, 200, 100, 1);
    root.provenance.kind = Provenance::Kind::Scripted;

    Turn second = root;
    second.uuid = uuid + QStringLiteral("-t1");
    second.parentUuid = root.uuid;
    second.messages = { assistant(QStringLiteral("coalesced loads")) };
    second.workspace.setFile(QStringLiteral("kernels/softmax.cu"), QByteArrayLiteral("__global__ void coalesced() {}\n"));
    second.eval = evalWith(StageStatus::Passed, StageStatus::Passed, 50, 100, 3);

    Turn fork = root;
    fork.uuid = uuid + QStringLiteral("-t2");
    fork.parentUuid = root.uuid;
    fork.messages = { assistant(QStringLiteral("typo")) };
    fork.workspace.setFile(QStringLiteral("kernels/softmax.cu"), QByteArrayLiteral("__global__ void broken( {}\n"));
    fork.eval = evalWith(StageStatus::Failed, StageStatus::NotRun, 0, 0, -1);
    fork.provenance.kind = Provenance::Kind::HumanEdit;
    fork.provenance.author = QStringLiteral("tester");

    t.turns = { root, second, fork };
    return t;
}

// An H200-like calibration in round numbers: 4 TB/s copy, 50 TFLOP/s fp32, 400 TFLOP/s tf32.
inline Ceilings roundCeilings()
{
    Ceilings c;
    c.bandwidth = 4e12;
    c.fp32 = 50e12;
    c.tf32 = 400e12;
    c.calibratedAt = QStringLiteral("2026-11-29T20:00:00Z");
    return c;
}

// Gives every evaluation a work floor of 200 MB (memory-bound: 50 µs at 4 TB/s) and a calibration. In
// forkedTrajectory() the root (200 µs) then reaches 25 % of the roofline and its child (50 µs) 100 %.
inline void addRoofline(Trajectory& t, double flops = 5e7, const Ceilings& ceilings = roundCeilings())
{
    for (Turn& turn : t.turns) {
        if (turn.eval) {
            turn.eval->floor = { 1e8, 1e8, 0, flops };
            turn.eval->ceilings = ceilings;
        }
    }
}

inline QByteArray fileDigest(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

} // namespace kwb::test
