#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace kwb::agent {

// One tool as the model is told of it: name, description and parameters, in the Chat Completions "tools" form,
// and the check of a call's arguments against the same parameters.
struct ToolSpec
{
    struct Parameter
    {
        QString name;
        QString type; // "string" or "integer" (an integer is at least 1)
        bool required = false;
        QString description;
    };

    QString name;
    QString description;
    QList<Parameter> parameters;

    // Every tool of the Toolbox, in the order the model is shown them.
    static const QList<ToolSpec>& all();
    static const ToolSpec* find(const QString& name);

    QJsonObject schema() const;
    // Empty when the arguments fit; else one sentence naming the field (missing, wrong type, unknown).
    QString check(const QJsonObject& arguments) const;
};

} // namespace kwb::agent
