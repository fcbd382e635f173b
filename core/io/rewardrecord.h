#pragma once

#include "model/trajectory.h"

#include <QJsonObject>

#include <optional>

namespace kwb {

// A request the reward service answered ("format": "kwb-reward-record/1", one JSON line each, written by the
// service's driver, kwb_ray.service): the task, the candidate's files, the training loop's own fields (step,
// group, rollout, policy version), when it came and was answered, and the evaluation's result or the error that
// stood for it. Each becomes a trajectory of one turn, so a training run's rewards open in the window.
class RewardRecord
{
public:
    static std::optional<Trajectory> toTrajectory(const QJsonObject& record, QString* error);
};

} // namespace kwb
