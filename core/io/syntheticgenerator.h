#pragma once

#include "model/trajectory.h"

#include <QList>
#include <QRandomGenerator>

namespace kwb {

// Deterministic synthetic trajectories for scale tests and benchmarks. Every turn's provenance says
// "synthetic", so they can never pass for real runs; nothing generated here is shipped as a sample.
class SyntheticGenerator
{
public:
    struct Options
    {
        int turnsPerTrajectory = 40;
        double forkProbability = 0.08; // chance that a turn forks from an earlier turn instead of the last one
        quint32 seed = 1;
    };

    explicit SyntheticGenerator(const Options& options);

    Trajectory next();
    qint64 generated() const { return m_count; }

private:
    struct FileVariant
    {
        QByteArray content;
        QString sha256;
    };

    Turn makeTurn(const Trajectory& t, int index);
    EvalResult makeEval();

    Options m_options;
    QRandomGenerator m_random;
    qint64 m_count = 0;
    QList<FileVariant> m_kernels;
    QList<FileVariant> m_wrappers;
    QList<TaskRef> m_tasks;
};

} // namespace kwb
