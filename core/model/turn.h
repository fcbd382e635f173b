#pragma once

#include "annotation.h"
#include "evalresult.h"
#include "message.h"
#include "provenance.h"
#include "workspacesnapshot.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace kwb {

// A node of a trajectory's fork tree: what was said and done in one step, and the workspace after it.
// Messages are in order: an injected user message (a steer) if any, the assistant response, the tool results.
struct Turn
{
    QString uuid;
    QString parentUuid; // empty for a root turn
    QDateTime created;
    QList<Message> messages;
    WorkspaceSnapshot workspace;
    std::optional<EvalResult> eval;
    QList<Annotation> annotations;
    Provenance provenance;

    qint64 storeId = 0; // row id once stored; not part of the JSON form

    const Message* assistantMessage() const;
    double reward() const { return eval ? eval->reward : kUnknown; }

    QJsonObject toJson() const;
    static Turn fromJson(const QJsonObject& o, QString* error);

    bool operator==(const Turn& o) const;
};

} // namespace kwb
