#pragma once

#include "toolcall.h"

#include <QList>
#include <QString>

namespace kwb {

// One chat message. Assistant messages carry reasoning and tool calls; tool messages carry one tool result.
struct Message
{
    enum class Role { System, User, Assistant, Tool };

    Role role = Role::User;
    QString text;
    QString reasoning;
    QList<ToolCall> toolCalls;
    QString toolCallId; // for Role::Tool: which call this result answers
    QString toolName;
    qint64 promptTokens = -1; // -1: not known
    qint64 completionTokens = -1;
    qint64 latencyMs = -1;

    QJsonObject toJson() const;
    static Message fromJson(const QJsonObject& o, QString* error);
    static QString roleName(Role role);
    static bool roleFromName(const QString& name, Role* role);

    bool operator==(const Message&) const = default;
};

} // namespace kwb
