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
    qint64 cachedTokens = -1; // of promptTokens, served from the provider's cache
    double costUsd = -1; // -1: not known
    QString model; // the model that wrote this message, where the source names it per message
    QString timestamp; // when the source says the message was made, as it wrote it (ISO 8601)
    // The source's fields this model has no place for (ATIF's logprobs, token ids, a step's extra, ...), as they were,
    // so an export in the source's format gives them back.
    QJsonObject extra;

    // A message of `role` saying `text`, nothing else known.
    static Message of(Role role, const QString& text = {})
    {
        Message m;
        m.role = role;
        m.text = text;
        return m;
    }

    QJsonObject toJson() const;
    static Message fromJson(const QJsonObject& o, QString* error);
    static QString roleName(Role role);
    static bool roleFromName(const QString& name, Role* role);

    bool operator==(const Message&) const = default;
};

} // namespace kwb
