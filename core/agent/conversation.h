#pragma once

#include "model/trajectory.h"

#include <QList>
#include <QString>

namespace kwb::agent {

// The messages a policy sees for a branch. The texts are read by the model, so they stay in English.
class Conversation
{
public:
    // The prompt of a trajectory that has none: one system message (the system prompt, the workbench's own when
    // empty, then the skill after a blank line; one message, since some chat templates refuse a second system
    // message) and the task message with the reference source.
    static QList<Message> prompt(const QString& systemPrompt, const QString& skill, const TaskRef& task);
    // The prompt, then each turn's messages in order along the branch (root -> the turn a run continues from).
    static QList<Message> forBranch(const QList<Message>& prompt, const QList<const Turn*>& branch);
};

} // namespace kwb::agent
