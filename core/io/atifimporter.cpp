#include "atifimporter.h"

#include "conversationbuilder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

namespace kwb {

namespace {

const QUuid kNamespace(QStringLiteral("{0f4b7f52-8f7e-4a43-a1c1-3d0d7e6a2b90}"));

// The task a foreign trajectory ran: the document's own word (extra.task, extra.task_name, extra.task_id), else its
// place in a Harbor trial folder (<task>__<trial id>/agent/trajectory.json), else the file's name when that says more
// than "trajectory", else the folder it lies in.
QString taskNameOf(const QJsonObject& doc, const QString& path)
{
    const QJsonObject extra = doc.value(QLatin1String("extra")).toObject();
    for (const char* key : { "task", "task_name", "task_id" }) {
        const QJsonValue v = extra.value(QLatin1String(key));
        if (v.isString() && !v.toString().trimmed().isEmpty())
            return v.toString().trimmed();
        if (v.isObject() && v.toObject().value(QLatin1String("name")).isString())
            return v.toObject().value(QLatin1String("name")).toString();
    }
    const QFileInfo file(path);
    QDir dir = file.absoluteDir();
    if (dir.dirName() == QLatin1String("agent") && dir.cdUp())
        return dir.dirName().section(QStringLiteral("__"), 0, 0);
    const QString stem = file.completeBaseName();
    if (stem != QLatin1String("trajectory") && !stem.isEmpty())
        return stem;
    return dir.dirName();
}

// The verdict a harness wrote beside the trajectory: reward.json in its folder or in the trial's verifier/ folder
// ({"reward": 0.75}, Harbor's verifiers). Empty when there is none or it holds no number.
QJsonObject sourceRewardOf(const QString& path)
{
    const QDir dir = QFileInfo(path).absoluteDir();
    for (const QString& candidate : { dir.filePath(QStringLiteral("reward.json")), dir.filePath(QStringLiteral("../verifier/reward.json")) }) {
        QFile f(candidate);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        if (o.value(QLatin1String("reward")).isDouble()) {
            QJsonObject reward { { QLatin1String("value"), o.value(QLatin1String("reward")) },
                { QLatin1String("from"), QFileInfo(candidate).canonicalFilePath() } };
            if (o.size() > 1)
                reward.insert(QLatin1String("fields"), o); // named components beside the total, kept as they were
            return reward;
        }
    }
    return {};
}

// The fields of a step the message has no place for, as they were: unknown keys of the step and of its metrics
// (token ids, logprobs, reasoning effort, ...) and the step's own extra, less what this project wrote there itself.
QJsonObject sourceFields(const QJsonObject& step, const QJsonObject& metrics)
{
    static const QStringList modelled { QStringLiteral("step_id"), QStringLiteral("timestamp"), QStringLiteral("source"),
        QStringLiteral("model_name"), QStringLiteral("message"), QStringLiteral("reasoning_content"), QStringLiteral("tool_calls"),
        QStringLiteral("observation"), QStringLiteral("metrics"), QStringLiteral("extra") };
    static const QStringList modelledMetrics { QStringLiteral("prompt_tokens"), QStringLiteral("completion_tokens"),
        QStringLiteral("cached_tokens"), QStringLiteral("cost_usd") };
    QJsonObject kept;
    for (auto it = step.begin(); it != step.end(); ++it) {
        if (!modelled.contains(it.key()))
            kept.insert(it.key(), it.value());
    }
    QJsonObject otherMetrics;
    for (auto it = metrics.begin(); it != metrics.end(); ++it) {
        if (!modelledMetrics.contains(it.key()))
            otherMetrics.insert(it.key(), it.value());
    }
    if (!otherMetrics.isEmpty())
        kept.insert(QLatin1String("metrics"), otherMetrics);
    QJsonObject extra = step.value(QLatin1String("extra")).toObject();
    extra.remove(QLatin1String("kwb"));
    extra.remove(QLatin1String("reward"));
    if (!extra.isEmpty())
        kept.insert(QLatin1String("extra"), extra);
    return kept;
}

// The document's fields a trajectory has no place for (the agent's version and extra, notes, final_metrics, the
// document's own extra), as they were.
QJsonObject documentFields(const QJsonObject& doc)
{
    static const QStringList modelled { QStringLiteral("schema_version"), QStringLiteral("session_id"), QStringLiteral("steps"),
        QStringLiteral("agent") };
    QJsonObject kept;
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        if (!modelled.contains(it.key()))
            kept.insert(it.key(), it.value());
    }
    QJsonObject agent = doc.value(QLatin1String("agent")).toObject();
    agent.remove(QLatin1String("name"));
    agent.remove(QLatin1String("model_name"));
    if (!agent.isEmpty())
        kept.insert(QLatin1String("agent"), agent);
    return kept;
}

// Text fields may be a string or (since ATIF 1.6) a list of content parts.
QString text(const QJsonValue& v)
{
    if (!v.isArray())
        return v.toString();
    QString joined;
    for (const QJsonValue& part : v.toArray())
        joined += part.isString() ? part.toString() : part.toObject().value(QLatin1String("text")).toString();
    return joined;
}

// One ATIF document being turned into a trajectory, or joined to the one before it.
class DocumentReader
{
public:
    DocumentReader(const QString& path, qint64 line)
        : m_path(path)
        , m_line(line)
    {
    }

    // The messages of one step, in order; `error` names the field.
    bool stepMessages(const QJsonObject& step, QList<Message>* out, QString* error) const
    {
        const QJsonValue source = step.value(QLatin1String("source"));
        if (!source.isString()) {
            *error = QStringLiteral("field \"source\" is missing or not a string");
            return false;
        }
        Message m;
        m.text = text(step.value(QLatin1String("message")));
        if (source.toString() == QLatin1String("system")) {
            m.role = Message::Role::System;
        } else if (source.toString() == QLatin1String("user")) {
            m.role = Message::Role::User;
        } else if (source.toString() == QLatin1String("agent")) {
            m.role = Message::Role::Assistant;
        } else {
            *error = QStringLiteral("field \"source\" has the unknown value \"%1\"").arg(source.toString());
            return false;
        }
        m.reasoning = step.value(QLatin1String("reasoning_content")).toString();
        const QJsonObject metrics = step.value(QLatin1String("metrics")).toObject();
        m.promptTokens = metrics.value(QLatin1String("prompt_tokens")).toInteger(-1);
        m.completionTokens = metrics.value(QLatin1String("completion_tokens")).toInteger(-1);
        m.cachedTokens = metrics.value(QLatin1String("cached_tokens")).toInteger(-1);
        m.costUsd = metrics.value(QLatin1String("cost_usd")).toDouble(-1);
        m.model = step.value(QLatin1String("model_name")).toString();
        m.timestamp = step.value(QLatin1String("timestamp")).toString();
        m.extra = sourceFields(step, metrics);
        const QJsonArray calls = step.value(QLatin1String("tool_calls")).toArray();
        for (qsizetype i = 0; i < calls.size(); ++i) {
            const QJsonObject c = calls.at(i).toObject();
            ToolCall call;
            call.id = c.value(QLatin1String("tool_call_id")).toString();
            call.name = c.value(QLatin1String("function_name")).toString();
            if (call.name.isEmpty()) {
                *error = QStringLiteral("field \"tool_calls[%1].function_name\" is missing").arg(i);
                return false;
            }
            const QJsonValue arguments = c.value(QLatin1String("arguments"));
            if (arguments.isObject())
                call.arguments = arguments.toObject();
            else if (const QJsonDocument parsed = QJsonDocument::fromJson(arguments.toString().toUtf8()); parsed.isObject())
                call.arguments = parsed.object();
            else if (!arguments.toString().isEmpty())
                call.rawArguments = arguments.toString();
            m.toolCalls.append(call);
        }
        const bool empty = m.role == Message::Role::Assistant && m.text.isEmpty() && m.reasoning.isEmpty() && m.toolCalls.isEmpty();
        const QJsonArray results = step.value(QLatin1String("observation")).toObject().value(QLatin1String("results")).toArray();
        if (!empty || results.isEmpty())
            out->append(m);
        for (const QJsonValue& r : results) {
            Message result;
            result.role = Message::Role::Tool;
            result.toolCallId = r.toObject().value(QLatin1String("source_call_id")).toString();
            result.text = text(r.toObject().value(QLatin1String("content")));
            for (const ToolCall& call : m.toolCalls) {
                if (call.id == result.toolCallId)
                    result.toolName = call.name;
            }
            out->append(result);
        }
        return true;
    }

    // A document from another producer: a new trajectory of one chain of turns.
    bool readForeign(const QJsonObject& doc, const QByteArray& bytes, Trajectory* t, QString* error) const
    {
        const QString session = doc.value(QLatin1String("session_id")).toString();
        t->uuid = QUuid::createUuidV5(kNamespace, bytes).toString(QUuid::WithoutBraces);
        t->task.name = taskNameOf(doc, m_path);
        t->title = session.isEmpty() ? QFileInfo(m_path).fileName() : session;
        t->source = AtifImporter::kFormat;
        t->policy = doc.value(QLatin1String("agent")).toObject().value(QLatin1String("name")).toString();
        t->metadata.insert(QLatin1String("import"), QJsonObject { { QLatin1String("format"), AtifImporter::kFormat },
            { QLatin1String("path"), QFileInfo(m_path).absoluteFilePath() }, { QLatin1String("line"), m_line },
            { QLatin1String("session_id"), session } });
        if (const QJsonObject reward = sourceRewardOf(m_path); !reward.isEmpty())
            t->metadata.insert(QLatin1String("source_reward"), reward); // the source's verdict, beside any of ours
        if (const QJsonObject fields = documentFields(doc); !fields.isEmpty())
            t->metadata.insert(QLatin1String("atif"), fields); // for an ATIF export to give back
        Provenance provenance;
        provenance.kind = Provenance::Kind::Import;
        provenance.agent = t->policy;
        provenance.model = doc.value(QLatin1String("agent")).toObject().value(QLatin1String("model_name")).toString();
        provenance.source = QStringLiteral("%1:%2").arg(QFileInfo(m_path).absoluteFilePath()).arg(m_line);
        ConversationBuilder builder(t->uuid, provenance);
        const QJsonArray steps = doc.value(QLatin1String("steps")).toArray();
        for (qsizetype i = 0; i < steps.size(); ++i) {
            QList<Message> messages;
            QString inner;
            if (!stepMessages(steps.at(i).toObject(), &messages, &inner)) {
                *error = QStringLiteral("steps[%1]: %2").arg(i).arg(inner);
                return false;
            }
            for (const Message& m : messages) {
                if (!builder.add(m, &inner)) {
                    *error = QStringLiteral("steps[%1]: %2").arg(i).arg(inner);
                    return false;
                }
            }
        }
        builder.finish(t);
        return true;
    }

    // A document AtifExporter wrote: its trajectory's fields, and the turns `t` does not have yet.
    bool readOwn(const QJsonObject& doc, const QJsonObject& kwb, Trajectory* t, QString* error) const
    {
        const bool joining = !t->uuid.isEmpty();
        if (!joining) {
            const QJsonObject task = kwb.value(QLatin1String("task")).toObject();
            t->uuid = kwb.value(QLatin1String("trajectory")).toString();
            t->task = { task.value(QLatin1String("name")).toString(), task.value(QLatin1String("level")).toInt(),
                task.value(QLatin1String("source")).toString() };
            t->title = kwb.value(QLatin1String("title")).toString();
            t->source = kwb.value(QLatin1String("source")).toString();
            t->policy = kwb.value(QLatin1String("policy")).toString();
            t->created = QDateTime::fromString(kwb.value(QLatin1String("created")).toString(), Qt::ISODateWithMs);
            for (const QJsonValue& v : kwb.value(QLatin1String("labels")).toArray())
                t->labels.append(v.toString());
            t->metadata = kwb.value(QLatin1String("metadata")).toObject();
            for (const QJsonValue& v : kwb.value(QLatin1String("annotations")).toArray()) {
                QString inner;
                t->annotations.append(Annotation::fromJson(v.toObject(), &inner));
                if (!inner.isEmpty()) {
                    *error = QStringLiteral("extra.kwb.annotations: %1").arg(inner);
                    return false;
                }
            }
        }
        const QJsonArray steps = doc.value(QLatin1String("steps")).toArray();
        QList<Message> prompt;
        for (qsizetype i = 0; i < steps.size();) {
            const QJsonObject step = steps.at(i).toObject();
            const QString turnId = step.value(QLatin1String("extra")).toObject().value(QLatin1String("kwb")).toObject().value(QLatin1String("turn")).toString();
            QList<Message> messages;
            QString inner;
            if (turnId.isEmpty()) {
                if (!stepMessages(step, &prompt, &inner)) {
                    *error = QStringLiteral("steps[%1]: %2").arg(i).arg(inner);
                    return false;
                }
                ++i;
                continue;
            }
            QJsonObject data;
            const qsizetype first = i;
            for (; i < steps.size(); ++i) {
                const QJsonObject s = steps.at(i).toObject();
                const QJsonObject extra = s.value(QLatin1String("extra")).toObject().value(QLatin1String("kwb")).toObject();
                if (extra.value(QLatin1String("turn")).toString() != turnId)
                    break;
                for (auto it = extra.begin(); it != extra.end(); ++it)
                    data.insert(it.key(), it.value());
                if (!stepMessages(s, &messages, &inner)) {
                    *error = QStringLiteral("steps[%1]: %2").arg(i).arg(inner);
                    return false;
                }
            }
            if (t->findTurn(turnId))
                continue; // an earlier branch of this trajectory brought it
            if (!appendTurn(*t, turnId, data, messages, t, &inner)) {
                *error = QStringLiteral("steps[%1].extra.kwb: %2").arg(first).arg(inner);
                return false;
            }
        }
        if (!joining)
            t->prompt = prompt;
        return true;
    }

private:
    static bool appendTurn(const Trajectory& current, const QString& uuid, const QJsonObject& data,
        const QList<Message>& messages, Trajectory* t, QString* error)
    {
        Turn turn;
        turn.uuid = uuid;
        turn.parentUuid = data.value(QLatin1String("parent")).toString();
        turn.created = QDateTime::fromString(data.value(QLatin1String("created")).toString(), Qt::ISODateWithMs);
        turn.messages = messages;
        if (!turn.parentUuid.isEmpty()) {
            const Turn* parent = current.findTurn(turn.parentUuid);
            if (!parent) {
                *error = QStringLiteral("field \"parent\" names turn %1, which does not come before it").arg(turn.parentUuid);
                return false;
            }
            turn.workspace = parent->workspace;
        }
        QString inner;
        const WorkspaceSnapshot changed = WorkspaceSnapshot::fromJson(data.value(QLatin1String("workspace")).toObject(), &inner);
        if (!inner.isEmpty()) {
            *error = QStringLiteral("field \"workspace\": %1").arg(inner);
            return false;
        }
        for (const QString& path : changed.paths())
            turn.workspace.setFile(path, changed.content(path));
        for (const QJsonValue& path : data.value(QLatin1String("removed")).toArray())
            turn.workspace.removeFile(path.toString());
        if (data.contains(QLatin1String("eval"))) {
            turn.eval = EvalResult::fromJson(data.value(QLatin1String("eval")).toObject(), &inner);
            if (!inner.isEmpty()) {
                *error = QStringLiteral("field \"eval\": %1").arg(inner);
                return false;
            }
        }
        for (const QJsonValue& v : data.value(QLatin1String("annotations")).toArray()) {
            turn.annotations.append(Annotation::fromJson(v.toObject(), &inner));
            if (!inner.isEmpty()) {
                *error = QStringLiteral("field \"annotations\": %1").arg(inner);
                return false;
            }
        }
        turn.provenance = Provenance::fromJson(data.value(QLatin1String("provenance")).toObject(), &inner);
        if (!inner.isEmpty()) {
            *error = QStringLiteral("field \"provenance\": %1").arg(inner);
            return false;
        }
        // The exporter gives every step the turn's time and model where the message has none of its own.
        const QString created = data.value(QLatin1String("created")).toString();
        for (Message& m : turn.messages) {
            if (m.timestamp == created)
                m.timestamp.clear();
            if (m.model == turn.provenance.model)
                m.model.clear();
        }
        t->turns.append(turn);
        return true;
    }

    QString m_path;
    qint64 m_line;
};

QString checkDocument(const QJsonDocument& doc)
{
    if (!doc.isObject())
        return QStringLiteral("the document is not a JSON object");
    const QJsonObject o = doc.object();
    if (!o.value(QLatin1String("schema_version")).toString().startsWith(QLatin1String("ATIF")))
        return QStringLiteral("field \"schema_version\" is missing or does not name ATIF");
    if (!o.value(QLatin1String("steps")).isArray())
        return QStringLiteral("field \"steps\" is missing or not a list");
    return {};
}

} // namespace

std::optional<StoreImport::Counts> AtifImporter::importFile(Store& store, const QString& path,
    const StoreImport::Progress& progress, QString* error)
{
    StoreImport import(store, path, progress);
    QFile file;
    if (!import.openAndBegin(file, error))
        return std::nullopt;
    // One document, or one per line (an export), told by the content whatever the file is called.
    const QByteArray all = file.readAll();
    QJsonParseError whole;
    QJsonDocument::fromJson(all, &whole);
    const QByteArray firstLine = all.left(all.indexOf('\n')).trimmed();
    const bool lines = whole.error != QJsonParseError::NoError
        && (path.endsWith(QLatin1String(".jsonl")) || QJsonDocument::fromJson(firstLine).isObject());
    file.seek(0);
    Trajectory pending;
    QString pendingWhere;
    auto flush = [&]() {
        if (pending.uuid.isEmpty())
            return true;
        const bool ok = import.add(pending, pendingWhere, error);
        pending = {};
        return ok;
    };
    qint64 lineNumber = 0;
    while (!file.atEnd()) {
        const qint64 start = file.pos();
        const QByteArray bytes = lines ? file.readLine() : file.readAll();
        ++lineNumber;
        if (bytes.trimmed().isEmpty())
            continue;
        const QString where = lines ? QStringLiteral("line %1 (byte %2)").arg(lineNumber).arg(start) : QString();
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
        QString inner = pe.error == QJsonParseError::NoError
            ? checkDocument(doc)
            : QStringLiteral("not valid JSON at byte %1%2 (%3)").arg(pe.offset).arg(lines ? QStringLiteral(" of the line") : QString(), pe.errorString());
        if (!inner.isEmpty()) {
            *error = import.fail(where, inner);
            return std::nullopt;
        }
        const QJsonObject kwb = doc.object().value(QLatin1String("extra")).toObject().value(QLatin1String("kwb")).toObject();
        const QString uuid = kwb.value(QLatin1String("trajectory")).toString();
        if (uuid.isEmpty() || uuid != pending.uuid) {
            if (!flush())
                return std::nullopt;
            pendingWhere = where;
        }
        DocumentReader reader(path, lineNumber);
        const bool ok = uuid.isEmpty() ? reader.readForeign(doc.object(), bytes, &pending, &inner)
                                       : reader.readOwn(doc.object(), kwb, &pending, &inner);
        if (!ok) {
            *error = import.fail(where, inner);
            return std::nullopt;
        }
        if (!import.report(file.pos(), file.size(), error))
            return std::nullopt;
    }
    if (!flush())
        return std::nullopt;
    return import.commit(error);
}

} // namespace kwb
