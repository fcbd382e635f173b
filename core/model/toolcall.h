#pragma once

#include <QJsonObject>
#include <QString>

namespace kwb {

// One tool invocation requested by the assistant; arguments are kept as the JSON object the model produced.
struct ToolCall
{
    QString id;
    QString name;
    QJsonObject arguments;
    // The arguments as the model wrote them, kept only when they are not a JSON object (arguments is then
    // empty): the turn keeps what the model said, and the engine answers the call with a tool error.
    QString rawArguments {}; // {}: {id, name, arguments} initialisers stay complete (-Wmissing-field-initializers)

    bool hasValidArguments() const { return rawArguments.isEmpty(); }

    QJsonObject toJson() const;
    static ToolCall fromJson(const QJsonObject& o, QString* error);

    bool operator==(const ToolCall&) const = default;
};

} // namespace kwb
