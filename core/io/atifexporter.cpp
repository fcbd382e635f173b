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

// A step's fields the source wrote and this project does not model, given back beside what it does.
void putSourceFields(const Message& m, QJsonObject* step)
{
    for (auto it = m.extra.begin(); it != m.extra.end(); ++it) {
        if (it.key() == QLatin1String("metrics") || it.key() == QLatin1String("extra") || step->contains(it.key()))
            continue;
        step->insert(it.key(), it.value());
    }
    if (!m.timestamp.isEmpty())
        step->insert(QLatin1String("timestamp"), m.timestamp);
    if (const QJsonObject extra = m.extra.value(QLatin1String("extra")).toObject(); !extra.isEmpty())
        step->insert(QLatin1String("extra"), extra);
}

QJsonObject plainStep(const Message& m)
{
    QJsonObject step { { QLatin1String("source"), sourceOf(m.role) }, { QLatin1String("message"), m.text } };
    putSourceFields(m, &step);
    return step;
}

QJsonObject agentStep(const Message& m, const QList<Message>& results, const Turn& turn)
{
    QJsonObject step { { QLatin1String("source"), QStringLiteral("agent") }, { QLatin1String("message"), m.text } };
    if (const QString model = m.model.isEmpty() ? turn.provenance.model : m.model; !model.isEmpty())
        step.insert(QLatin1String("model_name"), model);
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
    QJsonObject metrics = m.extra.value(QLatin1String("metrics")).toObject();
    json::putOptional(metrics, QLatin1String("prompt_tokens"), m.promptTokens);
    json::putOptional(metrics, QLatin1String("completion_tokens"), m.completionTokens);
    json::putOptional(metrics, QLatin1String("cached_tokens"), m.cachedTokens);
    if (m.costUsd >= 0)
        metrics.insert(QLatin1String("cost_usd"), m.costUsd);
    if (!metrics.isEmpty())
        step.insert(QLatin1String("metrics"), metrics);
    putSourceFields(m, &step);
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
            own.append(agentStep(Message::of(Message::Role::Assistant), { m }, turn));
        } else {
            own.append(plainStep(m));
        }
    }
    if (own.isEmpty())
        own.append(QJsonObject { { QLatin1String("source"), QStringLiteral("agent") }, { QLatin1String("message"), QString() } });
    for (qsizetype i = 0; i < own.size(); ++i) {
        QJsonObject step = own.at(i).toObject();
        QJsonObject extra = step.value(QLatin1String("extra")).toObject(); // the source's own, beside ours
        if (i + 1 < own.size()) {
            extra.insert(QLatin1String("kwb"), turnRef.value(QLatin1String("kwb")));
        } else {
            extra.insert(QLatin1String("kwb"), turnData(trajectory, turn));
            if (turn.eval && !std::isnan(turn.eval->reward))
                extra.insert(QLatin1String("reward"), turn.eval->reward);
        }
        step.insert(QLatin1String("extra"), extra);
        if (turn.created.isValid() && !step.contains(QLatin1String("timestamp")))
            step.insert(QLatin1String("timestamp"), turn.created.toString(Qt::ISODateWithMs));
        steps->append(step);
    }
}

} // namespace

QJsonObject AtifExporter::document(const Trajectory& trajectory, const QList<const Turn*>& branch, int branchCount)
{
    QJsonArray steps;
    for (const Message& m : trajectory.prompt)
        steps.append(plainStep(m));
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
    // What an imported ATIF document said that a trajectory does not model (agent version, notes, final_metrics, its
    // extra) goes back where it was; final metrics only with the one chain they describe.
    const QJsonObject source = trajectory.metadata.value(QLatin1String("atif")).toObject();
    QJsonObject agent = source.value(QLatin1String("agent")).toObject();
    agent.insert(QLatin1String("name"), trajectory.policy.isEmpty() ? QStringLiteral("kernel-workbench") : trajectory.policy);
    if (!agent.contains(QLatin1String("version")))
        agent.insert(QLatin1String("version"), QStringLiteral("unknown"));
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
    QJsonObject doc;
    for (auto it = source.begin(); it != source.end(); ++it) {
        if (it.key() != QLatin1String("agent") && (it.key() != QLatin1String("final_metrics") || branchCount == 1))
            doc.insert(it.key(), it.value());
    }
    QJsonObject extra = source.value(QLatin1String("extra")).toObject();
    extra.insert(QLatin1String("kwb"), kwb);
    doc.insert(QLatin1String("schema_version"), kSchemaVersion);
    doc.insert(QLatin1String("session_id"), session);
    doc.insert(QLatin1String("agent"), agent);
    doc.insert(QLatin1String("steps"), steps);
    doc.insert(QLatin1String("extra"), extra);
    return doc;
}

bool AtifExporter::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
    const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    return TrajectorySource::forEach(store, ids, progress, [&](const Trajectory& t, QString* visitError) {
        const auto branches = BranchSelection::select(t, options, skipped);
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
