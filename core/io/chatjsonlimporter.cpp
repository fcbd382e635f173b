#include "chatjsonlimporter.h"

#include "chatformat.h"
#include "conversationbuilder.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QUuid>

namespace kwb {

namespace {

const QUuid kNamespace(QStringLiteral("{6d1c3f0e-5a53-4c8e-9c55-0b7e0d3a9f21}"));

} // namespace

std::optional<Trajectory> ChatJsonlImporter::decode(const QByteArray& line, const QString& path, qint64 lineNumber,
    QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not valid JSON at byte %1 of the line (%2)").arg(pe.offset).arg(pe.errorString());
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (doc.isObject() && !root.value(QLatin1String("messages")).isArray()) {
        *error = root.contains(QLatin1String("messages")) ? QStringLiteral("field \"messages\" is not a list")
                                                          : QStringLiteral("field \"messages\" is missing");
        return std::nullopt;
    }
    if (!doc.isObject() && !doc.isArray()) {
        *error = QStringLiteral("the line is neither an object with \"messages\" nor a list of messages");
        return std::nullopt;
    }
    const QJsonArray messages = doc.isArray() ? doc.array() : root.value(QLatin1String("messages")).toArray();
    const QJsonObject metadata = root.value(QLatin1String("metadata")).toObject();

    Trajectory t;
    t.uuid = QUuid::createUuidV5(kNamespace, line).toString(QUuid::WithoutBraces);
    // The task as the line names it (its metadata, else its own "task" field), else the file; the line's "id" titles it.
    t.task.name = QFileInfo(path).completeBaseName();
    for (const QJsonObject& o : { metadata, root }) {
        for (const char* key : { "task", "task_name", "task_id", "problem" }) {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isString() && !v.toString().trimmed().isEmpty() && t.task.name == QFileInfo(path).completeBaseName())
                t.task.name = v.toString().trimmed();
        }
    }
    t.task.level = metadata.value(QLatin1String("level")).toInt();
    t.task.source = metadata.value(QLatin1String("task_source")).toString();
    const QString id = root.value(QLatin1String("id")).isString() ? root.value(QLatin1String("id")).toString()
                                                                  : metadata.value(QLatin1String("id")).toString();
    t.title = id.isEmpty() ? QStringLiteral("%1 line %2").arg(QFileInfo(path).fileName()).arg(lineNumber) : id;
    t.source = kFormat;
    QJsonObject imported { { QLatin1String("format"), kFormat }, { QLatin1String("path"), QFileInfo(path).absoluteFilePath() },
        { QLatin1String("line"), lineNumber } };
    if (!id.isEmpty())
        imported.insert(QLatin1String("id"), id);
    if (!metadata.isEmpty())
        imported.insert(QLatin1String("metadata"), metadata); // as the line had it, for an export to give back
    t.metadata.insert(QLatin1String("import"), imported);
    // A reward the line carries (its own, or its metadata's) is the source's verdict, kept beside any of ours.
    for (const QJsonObject& o : { root, metadata }) {
        if (o.value(QLatin1String("reward")).isDouble() && !t.metadata.contains(QLatin1String("source_reward"))) {
            t.metadata.insert(QLatin1String("source_reward"), QJsonObject { { QLatin1String("value"), o.value(QLatin1String("reward")) },
                { QLatin1String("from"), QStringLiteral("%1:%2").arg(QFileInfo(path).fileName()).arg(lineNumber) } });
        }
    }

    Provenance provenance;
    provenance.kind = Provenance::Kind::Import;
    provenance.agent = kFormat;
    provenance.model = root.value(QLatin1String("model")).toString();
    provenance.source = QStringLiteral("%1:%2").arg(QFileInfo(path).absoluteFilePath()).arg(lineNumber);
    ConversationBuilder builder(t.uuid, provenance);
    for (qsizetype i = 0; i < messages.size(); ++i) {
        if (!messages.at(i).isObject()) {
            *error = QStringLiteral("message %1 is not an object").arg(i + 1);
            return std::nullopt;
        }
        QString inner;
        const Message m = ChatFormat::fromJson(messages.at(i).toObject(), &inner);
        if (inner.isEmpty())
            builder.add(m, &inner);
        if (!inner.isEmpty()) {
            *error = QStringLiteral("message %1: %2").arg(i + 1).arg(inner);
            return std::nullopt;
        }
    }
    builder.finish(&t);
    return t;
}

std::optional<StoreImport::Counts> ChatJsonlImporter::importFile(Store& store, const QString& path,
    const StoreImport::Progress& progress, QString* error, JsonlLines::OnDuplicate onDuplicate)
{
    StoreImport import(store, path, progress);
    QFile file;
    if (!import.openAndBegin(file, error))
        return std::nullopt;
    JsonlLines lines(file, onDuplicate);
    QByteArray line;
    while (lines.next(&line)) {
        QString inner;
        const auto t = decode(line, path, lines.number(), &inner);
        if (!t) {
            *error = import.fail(lines.where(), inner);
            return std::nullopt;
        }
        if (!import.add(*t, lines.where(), error) || !import.report(file.pos(), file.size(), error))
            return std::nullopt;
    }
    if (!lines.error().isEmpty()) {
        *error = import.fail(lines.where(), lines.error() + QStringLiteral(" (--on-duplicate fail)"));
        return std::nullopt;
    }
    auto counts = import.commit(error);
    if (counts && !lines.repeats().isEmpty())
        counts->notes.append(lines.repeatsNote(QFileInfo(path).fileName()));
    return counts;
}

} // namespace kwb
