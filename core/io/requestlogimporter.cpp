#include "requestlogimporter.h"

#include "chatformat.h"
#include "conversationbuilder.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

namespace kwb {

namespace {

const QUuid kNamespace(QStringLiteral("{9a3e51c7-2b84-4f6d-a0e9-7c15d2b4e638}"));

// One run being gathered from its calls.
struct Run
{
    QString key;
    qint64 firstLine = 0;
    QByteArray firstBytes;
    QJsonObject first; // the first call's line
    QList<Message> messages; // the conversation so far, each answer with its call's figures
    qsizetype consumed = 0; // how many of a continuing call's messages are already in `messages`
    QStringList roles; // the roles of the last request's messages and its answer, to tell a continuation
    QJsonObject sourceReward;
};

QString firstString(const QList<QJsonObject>& objects, std::initializer_list<const char*> keys)
{
    for (const QJsonObject& o : objects) {
        for (const char* key : keys) {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isString() && !v.toString().trimmed().isEmpty())
                return v.toString().trimmed();
        }
    }
    return {};
}

// The answer of one call as a message, with what the response says of it; `error` names the wrong field.
Message answerOf(const QJsonObject& line, QString* error)
{
    const QJsonObject response = line.value(QLatin1String("response")).toObject();
    const QJsonArray choices = response.value(QLatin1String("choices")).toArray();
    const QJsonObject choice = choices.first().toObject();
    if (!choice.value(QLatin1String("message")).isObject()) {
        *error = QStringLiteral("field \"response.choices[0].message\" is missing");
        return {};
    }
    QJsonObject said = choice.value(QLatin1String("message")).toObject();
    if (!said.contains(QLatin1String("role")))
        said.insert(QLatin1String("role"), QStringLiteral("assistant"));
    QString inner;
    Message m = ChatFormat::fromJson(said, &inner);
    if (!inner.isEmpty()) {
        *error = QStringLiteral("response.choices[0].message: %1").arg(inner);
        return {};
    }
    if (m.role != Message::Role::Assistant) {
        *error = QStringLiteral("field \"response.choices[0].message.role\" is \"%1\", not \"assistant\"").arg(Message::roleName(m.role));
        return {};
    }
    const QJsonObject usage = response.value(QLatin1String("usage")).toObject();
    m.promptTokens = usage.value(QLatin1String("prompt_tokens")).toInteger(-1);
    m.completionTokens = usage.value(QLatin1String("completion_tokens")).toInteger(-1);
    const QJsonValue cached = usage.value(QLatin1String("prompt_tokens_details")).toObject().value(QLatin1String("cached_tokens"));
    m.cachedTokens = cached.isDouble() ? cached.toInteger() : usage.value(QLatin1String("cache_read_input_tokens")).toInteger(-1);
    for (const QJsonValue& cost : { line.value(QLatin1String("cost")), response.value(QLatin1String("cost")), usage.value(QLatin1String("cost")) }) {
        if (cost.isDouble() && m.costUsd < 0)
            m.costUsd = cost.toDouble();
    }
    m.latencyMs = line.value(QLatin1String("latency_ms")).toInteger(-1);
    m.model = response.value(QLatin1String("model")).toString(line.value(QLatin1String("request")).toObject().value(QLatin1String("model")).toString());
    if (line.value(QLatin1String("timestamp")).isString())
        m.timestamp = line.value(QLatin1String("timestamp")).toString();
    else if (response.value(QLatin1String("created")).isDouble())
        m.timestamp = QDateTime::fromSecsSinceEpoch(response.value(QLatin1String("created")).toInteger(), Qt::UTC).toString(Qt::ISODate);
    QJsonObject kept;
    for (const char* key : { "id", "system_fingerprint" }) {
        if (response.contains(QLatin1String(key)))
            kept.insert(QLatin1String(key), response.value(QLatin1String(key)));
    }
    if (choice.contains(QLatin1String("finish_reason")))
        kept.insert(QLatin1String("finish_reason"), choice.value(QLatin1String("finish_reason")));
    if (!kept.isEmpty())
        m.extra.insert(QLatin1String("response"), kept);
    return m;
}

QStringList rolesOf(const QJsonArray& messages)
{
    QStringList roles;
    for (const QJsonValue& v : messages)
        roles.append(v.toObject().value(QLatin1String("role")).toString());
    return roles;
}

Trajectory trajectoryOf(const Run& run, const QString& path, QString* error)
{
    const QJsonObject request = run.first.value(QLatin1String("request")).toObject();
    const QJsonObject metadata = run.first.value(QLatin1String("metadata")).toObject();
    Trajectory t;
    t.uuid = QUuid::createUuidV5(kNamespace, QFileInfo(path).fileName().toUtf8() + '/' + run.firstBytes).toString(QUuid::WithoutBraces);
    const QString instance = firstString({ run.first, metadata }, { "instance_id", "task", "task_name", "task_id", "problem" });
    t.task.name = instance.isEmpty() ? QFileInfo(path).completeBaseName() : instance;
    t.task.level = metadata.value(QLatin1String("level")).toInt();
    t.title = instance.isEmpty() ? QStringLiteral("%1 line %2").arg(QFileInfo(path).fileName()).arg(run.firstLine)
                                 : QStringLiteral("%1 (%2 line %3)").arg(instance, QFileInfo(path).fileName()).arg(run.firstLine);
    t.source = RequestLogImporter::kFormat;
    QJsonObject settings = request; // the request as sent, less the conversation: tools, sampling, response format
    settings.remove(QLatin1String("messages"));
    QJsonObject imported { { QLatin1String("format"), RequestLogImporter::kFormat },
        { QLatin1String("path"), QFileInfo(path).absoluteFilePath() }, { QLatin1String("line"), run.firstLine } };
    if (!settings.isEmpty())
        imported.insert(QLatin1String("request"), settings);
    if (!metadata.isEmpty())
        imported.insert(QLatin1String("metadata"), metadata);
    t.metadata.insert(QLatin1String("import"), imported);
    if (!run.sourceReward.isEmpty())
        t.metadata.insert(QLatin1String("source_reward"), run.sourceReward);

    Provenance provenance;
    provenance.kind = Provenance::Kind::Import;
    provenance.agent = RequestLogImporter::kFormat;
    provenance.model = request.value(QLatin1String("model")).toString();
    for (const char* key : { "temperature", "top_p", "max_tokens", "max_completion_tokens", "seed", "n" }) {
        if (request.contains(QLatin1String(key)))
            provenance.sampling.insert(QLatin1String(key), request.value(QLatin1String(key)));
    }
    provenance.source = QStringLiteral("%1:%2").arg(QFileInfo(path).absoluteFilePath()).arg(run.firstLine);
    ConversationBuilder builder(t.uuid, provenance);
    for (const Message& m : run.messages) {
        if (!builder.add(m, error))
            return {};
    }
    builder.finish(&t);
    return t;
}

} // namespace

bool RequestLogImporter::isRequestLine(const QJsonObject& line)
{
    return line.value(QLatin1String("request")).toObject().value(QLatin1String("messages")).isArray()
        && line.value(QLatin1String("response")).isObject();
}

std::optional<StoreImport::Counts> RequestLogImporter::importFile(Store& store, const QString& path,
    const StoreImport::Progress& progress, QString* error, JsonlLines::OnDuplicate onDuplicate)
{
    StoreImport import(store, path, progress);
    QFile file;
    if (!import.openInput(file, error))
        return std::nullopt;
    QList<Run> runs; // in the order their first call came
    QHash<QString, qsizetype> open; // key -> the run its next call would continue
    QStringList failedCalls;
    JsonlLines lines(file, onDuplicate);
    QByteArray bytes;
    while (lines.next(&bytes)) {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
        if (pe.error != QJsonParseError::NoError) {
            *error = import.fail(lines.where(), QStringLiteral("not valid JSON at byte %1 of the line (%2)").arg(pe.offset).arg(pe.errorString()));
            return std::nullopt;
        }
        const QJsonObject line = doc.object();
        if (!isRequestLine(line)) {
            *error = import.fail(lines.where(), QStringLiteral("the line is not a call: it needs \"request\" with a \"messages\" list and \"response\""));
            return std::nullopt;
        }
        const QJsonObject response = line.value(QLatin1String("response")).toObject();
        if (response.value(QLatin1String("choices")).toArray().isEmpty() && response.contains(QLatin1String("error"))) {
            // A call that failed (rate limit, context length) answered nothing; the run goes on without it.
            const QJsonValue e = response.value(QLatin1String("error"));
            failedCalls.append(QStringLiteral("line %1 (%2)").arg(lines.number()).arg(e.isObject() ? e.toObject().value(QLatin1String("message")).toString() : e.toString()));
            continue;
        }
        const QJsonArray requestMessages = line.value(QLatin1String("request")).toObject().value(QLatin1String("messages")).toArray();
        QString inner;
        const Message answer = answerOf(line, &inner);
        if (!inner.isEmpty()) {
            *error = import.fail(lines.where(), inner);
            return std::nullopt;
        }
        const QJsonObject metadata = line.value(QLatin1String("metadata")).toObject();
        QString key = firstString({ line, metadata }, { "instance_id", "task", "task_name", "task_id", "problem" });
        if (key.isEmpty()) // the same opening (system prompt and task) is the same run
            key = QString::fromLatin1(QCryptographicHash::hash(QJsonDocument(QJsonArray { requestMessages.at(0), requestMessages.at(1) })
                                                                   .toJson(QJsonDocument::Compact),
                QCryptographicHash::Sha256).toHex());
        const QStringList roles = rolesOf(requestMessages);
        const auto at = open.constFind(key);
        const bool continues = at != open.cend() && roles.mid(0, runs[*at].roles.size()) == runs[*at].roles;
        if (!continues) {
            Run run;
            run.key = key;
            run.firstLine = lines.number();
            run.firstBytes = bytes;
            run.first = line;
            open.insert(key, runs.size());
            runs.append(run);
        }
        Run& run = runs[open.value(key)];
        for (qsizetype i = run.consumed; i < requestMessages.size(); ++i) {
            if (!requestMessages.at(i).isObject()) {
                *error = import.fail(lines.where(), QStringLiteral("request.messages[%1] is not an object").arg(i));
                return std::nullopt;
            }
            const Message m = ChatFormat::fromJson(requestMessages.at(i).toObject(), &inner);
            if (!inner.isEmpty()) {
                *error = import.fail(lines.where(), QStringLiteral("request.messages[%1]: %2").arg(i).arg(inner));
                return std::nullopt;
            }
            run.messages.append(m);
        }
        run.messages.append(answer);
        run.consumed = requestMessages.size() + 1; // the next call repeats this answer; the logged one has its figures
        run.roles = roles;
        run.roles.append(QStringLiteral("assistant"));
        for (const QJsonObject& o : { line, metadata }) {
            if (o.value(QLatin1String("reward")).isDouble())
                run.sourceReward = { { QLatin1String("value"), o.value(QLatin1String("reward")) },
                    { QLatin1String("from"), QStringLiteral("%1:%2").arg(QFileInfo(path).fileName()).arg(lines.number()) } };
        }
        if (!import.report(file.pos(), file.size() * 2, error))
            return std::nullopt;
    }
    if (!lines.error().isEmpty()) {
        *error = import.fail(lines.where(), lines.error() + QStringLiteral(" (--on-duplicate fail)"));
        return std::nullopt;
    }
    if (runs.isEmpty()) {
        *error = import.fail({}, QStringLiteral("the file holds no answered call"));
        return std::nullopt;
    }
    if (!import.begin(error))
        return std::nullopt;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        QString inner;
        const Trajectory t = trajectoryOf(runs.at(i), path, &inner);
        const QString where = QStringLiteral("line %1").arg(runs.at(i).firstLine);
        if (!inner.isEmpty()) {
            *error = import.fail(where, inner);
            return std::nullopt;
        }
        if (!import.add(t, where, error) || !import.report(file.size() + (i + 1) * file.size() / runs.size(), file.size() * 2, error))
            return std::nullopt;
    }
    auto counts = import.commit(error);
    if (!counts)
        return std::nullopt;
    if (!lines.repeats().isEmpty())
        counts->notes.append(lines.repeatsNote(QFileInfo(path).fileName()));
    if (!failedCalls.isEmpty())
        counts->notes.append(QStringLiteral("%1: calls that failed and answered nothing: %2").arg(QFileInfo(path).fileName(), failedCalls.join(QStringLiteral(", "))));
    return counts;
}

} // namespace kwb
