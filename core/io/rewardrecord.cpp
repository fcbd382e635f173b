#include "io/rewardrecord.h"

#include <QJsonArray>
#include <QUuid>

namespace kwb {

namespace {

QDateTime when(const QJsonValue& v)
{
    QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC() : QDateTime();
}

} // namespace

std::optional<Trajectory> RewardRecord::toTrajectory(const QJsonObject& record, QString* error)
{
    if (record.value(QLatin1String("format")).toString() != QLatin1String("kwb-reward-record/1")) {
        *error = QStringLiteral("the line is not a reward-service record (format kwb-reward-record/1)");
        return std::nullopt;
    }
    const QString requestId = record.value(QLatin1String("request_id")).toString();
    if (requestId.isEmpty()) {
        *error = QStringLiteral("the record has no request_id");
        return std::nullopt;
    }
    const QJsonObject meta = record.value(QLatin1String("meta")).toObject();
    const QJsonObject task = record.value(QLatin1String("task")).toObject();
    Trajectory t;
    // The same request recorded twice is the same trajectory: its id is derived from the request's.
    t.uuid = QUuid::createUuidV5(QUuid(QStringLiteral("{6b0f3c52-2f4e-4b8e-9a51-1d3c7a6e0b44}")), requestId).toString(QUuid::WithoutBraces);
    t.task.name = task.value(QLatin1String("name")).toString(QStringLiteral("(no task)"));
    t.task.level = task.value(QLatin1String("level")).toInt(0);
    t.task.source = task.value(QLatin1String("source")).toString();
    t.source = QStringLiteral("reward-service");
    t.policy = meta.value(QLatin1String("policy_version")).toVariant().toString();
    t.created = when(record.value(QLatin1String("received")));
    QStringList parts;
    if (meta.contains(QLatin1String("step")))
        parts << QStringLiteral("step %1").arg(meta.value(QLatin1String("step")).toVariant().toString());
    if (meta.contains(QLatin1String("group")))
        parts << QStringLiteral("group %1").arg(meta.value(QLatin1String("group")).toVariant().toString());
    if (meta.contains(QLatin1String("rollout")))
        parts << QStringLiteral("rollout %1").arg(meta.value(QLatin1String("rollout")).toVariant().toString());
    t.title = parts.isEmpty() ? requestId : parts.join(QStringLiteral(" · "));
    QJsonObject service { { QStringLiteral("request_id"), requestId }, { QStringLiteral("meta"), meta } };
    for (const char* key : { "received", "answered", "queued_s", "node", "host", "error", "kind", "attempts" }) {
        if (record.contains(QLatin1String(key)) && !record.value(QLatin1String(key)).isNull())
            service.insert(QLatin1String(key), record.value(QLatin1String(key)));
    }
    t.metadata.insert(QStringLiteral("reward_service"), service);
    if (!record.value(QLatin1String("error")).toString().isEmpty())
        t.labels << QStringLiteral("service-error");

    Turn turn;
    turn.uuid = QUuid::createUuidV5(QUuid(t.uuid), QStringLiteral("turn")).toString(QUuid::WithoutBraces);
    turn.created = when(record.value(QLatin1String("answered")));
    if (!turn.created.isValid())
        turn.created = t.created;
    const QJsonObject files = record.value(QLatin1String("files")).toObject();
    for (auto it = files.begin(); it != files.end(); ++it)
        turn.workspace.setFile(it.key(), it.value().toString().toUtf8());
    const QJsonObject result = record.value(QLatin1String("result")).toObject();
    if (!result.isEmpty()) {
        QString why;
        EvalResult eval = EvalResult::fromJson(result, &why);
        if (!why.isEmpty()) {
            *error = QStringLiteral("request %1: its result does not read as an evaluation: %2").arg(requestId, why);
            return std::nullopt;
        }
        turn.eval = eval;
    }
    turn.provenance.kind = Provenance::Kind::Import;
    turn.provenance.agent = meta.value(QLatin1String("agent")).toString();
    turn.provenance.model = meta.value(QLatin1String("model")).toString();
    turn.provenance.source = QStringLiteral("reward-service");
    t.turns << turn;
    if (!t.validate(error))
        return std::nullopt;
    return t;
}

} // namespace kwb
