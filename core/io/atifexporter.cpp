#include "atifexporter.h"

#include "branchselection.h"
#include "model/json.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace kwb {

namespace {

QString sourceOf(Message::Role role)
{
    switch (role) {
    case Message::Role::System:
        return QStringLiteral("system");
    case Message::Role::User:
        return QStringLiteral("user");
    case Message::Role::Assistant:
    case Message::Role::Tool:
        break;
    }
    return QStringLiteral("agent");
}

QJsonObject workspaceChange(const Turn& turn, const Turn* parent, QJsonArray* removed)
{
    WorkspaceSnapshot changed;
    for (const QString& path : turn.workspace.paths()) {
        if (!parent || parent->workspace.hash(path) != turn.workspace.hash(path))
            changed.setFile(path, turn.workspace.content(path));
    }
    if (parent) {
        for (const QString& path : parent->workspace.paths()) {
            if (turn.workspace.hash(path).isEmpty())
                removed->append(path);
        }
    }
    return changed.toJson();
}

QJsonObject turnData(const Trajectory& trajectory, const Turn& turn)
{
    QJsonObject kwb { { QLatin1String("turn"), turn.uuid } };
    if (!turn.parentUuid.isEmpty())
        kwb.insert(QLatin1String("parent"), turn.parentUuid);
    if (turn.created.isValid())
        kwb.insert(QLatin1String("created"), turn.created.toString(Qt::ISODateWithMs));
    QJsonArray removed;
    const QJsonObject files = workspaceChange(turn, trajectory.findTurn(turn.parentUuid), &removed);
    if (!files.isEmpty())
        kwb.insert(QLatin1String("workspace"), files);
    if (!removed.isEmpty())
        kwb.insert(QLatin1String("removed"), removed);
    if (turn.eval)
        kwb.insert(QLatin1String("eval"), turn.eval->toJson());
    if (!turn.annotations.isEmpty())
        kwb.insert(QLatin1String("annotations"), json::toJsonArray(turn.annotations));
    kwb.insert(QLatin1String("provenance"), turn.provenance.toJson());
    return kwb;
}

QJsonObject agentStep(const Message& m, const QList<Message>& results, const Turn& turn)
{
    QJsonObject step { { QLatin1String("source"), QStringLiteral("agent") }, { QLatin1String("message"), m.text } };
    if (!turn.provenance.model.isEmpty())
        step.insert(QLatin1String("model_name"), turn.provenance.model);
    if (!m.reasoning.isEmpty())
        step.insert(QLatin1String("reasoning_content"), m.reasoning);
    if (!m.toolCalls.isEmpty()) {
        QJsonArray calls;
        for (const ToolCall& c : m.toolCalls) {
            QJsonObject call { { QLatin1String("tool_call_id"), c.id }, { QLatin1String("function_name"), c.name },
                { QLatin1String("arguments"), c.arguments } };
            if (!c.hasValidArguments())
                call.insert(QLatin1String("arguments"), c.rawArguments);
            calls.append(call);
        }
        step.insert(QLatin1String("tool_calls"), calls);
    }
    if (!results.isEmpty()) {
        QJsonArray list;
        for (const Message& r : results)
            list.append(QJsonObject { { QLatin1String("source_call_id"), r.toolCallId }, { QLatin1String("content"), r.text } });
        step.insert(QLatin1String("observation"), QJsonObject { { QLatin1String("results"), list } });
    }
    QJsonObject metrics;
    json::putOptional(metrics, QLatin1String("prompt_tokens"), m.promptTokens);
    json::putOptional(metrics, QLatin1String("completion_tokens"), m.completionTokens);
    if (!metrics.isEmpty())
        step.insert(QLatin1String("metrics"), metrics);
    return step;
}

void appendTurnSteps(const Trajectory& trajectory, const Turn& turn, QJsonArray* steps)
{
    QJsonArray own;
    const QJsonObject turnRef { { QLatin1String("kwb"), QJsonObject { { QLatin1String("turn"), turn.uuid } } } };
    for (qsizetype i = 0; i < turn.messages.size(); ++i) {
        const Message& m = turn.messages.at(i);
        if (m.role == Message::Role::Assistant) {
            QList<Message> results;
            while (i + 1 < turn.messages.size() && turn.messages.at(i + 1).role == Message::Role::Tool)
                results.append(turn.messages.at(++i));
            own.append(agentStep(m, results, turn));
        } else if (m.role == Message::Role::Tool) {
            own.append(agentStep(Message { Message::Role::Assistant, {}, {}, {}, {}, {}, -1, -1, -1 }, { m }, turn));
        } else {
            own.append(QJsonObject { { QLatin1String("source"), sourceOf(m.role) }, { QLatin1String("message"), m.text } });
        }
    }
    if (own.isEmpty())
        own.append(QJsonObject { { QLatin1String("source"), QStringLiteral("agent") }, { QLatin1String("message"), QString() } });
    for (qsizetype i = 0; i < own.size(); ++i) {
        QJsonObject step = own.at(i).toObject();
        if (i + 1 < own.size()) {
            step.insert(QLatin1String("extra"), turnRef);
        } else {
            QJsonObject extra { { QLatin1String("kwb"), turnData(trajectory, turn) } };
            if (turn.eval && !std::isnan(turn.eval->reward))
                extra.insert(QLatin1String("reward"), turn.eval->reward);
            step.insert(QLatin1String("extra"), extra);
        }
        if (turn.created.isValid())
            step.insert(QLatin1String("timestamp"), turn.created.toString(Qt::ISODateWithMs));
        steps->append(step);
    }
}

} // namespace

QJsonObject AtifExporter::document(const Trajectory& trajectory, const QList<const Turn*>& branch, int branchCount)
{
    QJsonArray steps;
    for (const Message& m : trajectory.prompt)
        steps.append(QJsonObject { { QLatin1String("source"), sourceOf(m.role) }, { QLatin1String("message"), m.text } });
    for (const Turn* turn : branch)
        appendTurnSteps(trajectory, *turn, &steps);
    for (qsizetype i = 0; i < steps.size(); ++i) {
        QJsonObject step = steps.at(i).toObject();
        step.insert(QLatin1String("step_id"), i + 1);
        steps[i] = step;
    }

    QString model;
    for (const Turn* turn : branch) {
        if (model.isEmpty())
            model = turn->provenance.model;
    }
    QJsonObject agent { { QLatin1String("name"), trajectory.policy.isEmpty() ? QStringLiteral("kernel-workbench") : trajectory.policy },
        { QLatin1String("version"), QStringLiteral("unknown") } };
    if (!model.isEmpty())
        agent.insert(QLatin1String("model_name"), model);

    QJsonObject task { { QLatin1String("name"), trajectory.task.name }, { QLatin1String("level"), trajectory.task.level },
        { QLatin1String("source"), trajectory.task.source } };
    QJsonObject kwb { { QLatin1String("trajectory"), trajectory.uuid }, { QLatin1String("task"), task } };
    json::putNonEmpty(kwb, QLatin1String("title"), trajectory.title);
    json::putNonEmpty(kwb, QLatin1String("source"), trajectory.source);
    json::putNonEmpty(kwb, QLatin1String("policy"), trajectory.policy);
    json::putNonEmpty(kwb, QLatin1String("labels"), trajectory.labels);
    json::putNonEmpty(kwb, QLatin1String("metadata"), trajectory.metadata);
    if (trajectory.created.isValid())
        kwb.insert(QLatin1String("created"), trajectory.created.toString(Qt::ISODateWithMs));
    if (!trajectory.annotations.isEmpty())
        kwb.insert(QLatin1String("annotations"), json::toJsonArray(trajectory.annotations));

    const QString session = branchCount > 1 && !branch.isEmpty() ? trajectory.uuid + QLatin1Char('/') + branch.last()->uuid : trajectory.uuid;
    return { { QLatin1String("schema_version"), kSchemaVersion }, { QLatin1String("session_id"), session },
        { QLatin1String("agent"), agent }, { QLatin1String("steps"), steps },
        { QLatin1String("extra"), QJsonObject { { QLatin1String("kwb"), kwb } } } };
}

bool AtifExporter::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
    const TrajectorySource::Progress& progress, QString* error)
{
    return TrajectorySource::forEach(store, ids, progress, [&](const Trajectory& t, QString* visitError) {
        const auto branches = BranchSelection::select(t, options);
        for (const auto& branch : branches) {
            if (out.write(QJsonDocument(document(t, branch, int(branches.size()))).toJson(QJsonDocument::Compact) + '\n') < 0) {
                *visitError = QStringLiteral("writing the export failed: %1").arg(out.errorString());
                return false;
            }
        }
        return true;
    }, error);
}

} // namespace kwb
