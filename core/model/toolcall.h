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

    QJsonObject toJson() const;
    static ToolCall fromJson(const QJsonObject& o, QString* error);

    bool operator==(const ToolCall&) const = default;
};

} // namespace kwb
