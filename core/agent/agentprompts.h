#pragma once

#include <QString>

namespace kwb::agent {

// The workbench's own instructions to a kernel-writing agent. Both are editable in the settings and stored
// with every trajectory the agent writes, so a reader sees exactly what the model was told.
QString defaultSystemPrompt();
QString defaultSkill();

// The first user message of a task: the reference the agent must match and beat.
QString taskMessage(const QString& taskName, const QString& referenceSource);

} // namespace kwb::agent
