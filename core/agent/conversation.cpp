#include "conversation.h"

#include "agentprompts.h"

namespace kwb::agent {

QList<Message> Conversation::prompt(const QString& systemPrompt, const QString& skill, const TaskRef& task)
{
    Message system;
    system.role = Message::Role::System;
    system.text = systemPrompt.trimmed().isEmpty() ? defaultSystemPrompt() : systemPrompt.trimmed();
    if (!skill.trimmed().isEmpty())
        system.text += QStringLiteral("\n\n") + skill.trimmed();
    Message user;
    user.role = Message::Role::User;
    user.text = taskMessage(task.name, task.source);
    return { system, user };
}

QList<Message> Conversation::forBranch(const QList<Message>& prompt, const QList<const Turn*>& branch)
{
    QList<Message> messages = prompt;
    for (const Turn* turn : branch)
        messages.append(turn->messages);
    return messages;
}

} // namespace kwb::agent
