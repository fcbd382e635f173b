#include "commandline.h"
#include "commands.h"

#include "curate/curation.h"
#include "store/store.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace kwb::cli {

namespace {

// One entry of a lesson file: {"trajectory"|"turn"|"branch": uuid, "text": "...", "details": {...}}.
bool readLesson(Curation& curation, Store& store, const QJsonValue& value, int index, const QString& author,
    std::pair<Curation::Target, Annotation>* lesson, QString* error)
{
    const QString where = QStringLiteral("lesson %1").arg(index + 1);
    const QJsonObject o = value.toObject();
    if (!value.isObject() || !o.value(QLatin1String("text")).isString() || o.value(QLatin1String("text")).toString().trimmed().isEmpty()) {
        *error = QStringLiteral("%1 has no \"text\".").arg(where);
        return false;
    }
    if (o.contains(QLatin1String("details")) && !o.value(QLatin1String("details")).isObject()) {
        *error = QStringLiteral("\"details\" of %1 is not an object.").arg(where);
        return false;
    }
    Annotation& a = lesson->second;
    a.kind = Annotation::Kind::Lesson;
    a.value = o.value(QLatin1String("text")).toString().trimmed();
    a.details = o.value(QLatin1String("details")).toObject();
    a.author = author;
    if (o.value(QLatin1String("trajectory")).isString()) {
        const auto id = store.trajectoryId(o.value(QLatin1String("trajectory")).toString(), error);
        if (!id)
            return false;
        if (*id == 0) {
            *error = QStringLiteral("%1 names trajectory %2, which %3 does not have.")
                         .arg(where, o.value(QLatin1String("trajectory")).toString(), store.path());
            return false;
        }
        lesson->first = { *id, 0, Annotation::Scope::Trajectory };
        return true;
    }
    for (const auto& [key, scope] : { std::pair { QLatin1String("turn"), Annotation::Scope::Turn },
             std::pair { QLatin1String("branch"), Annotation::Scope::Branch } }) {
        if (o.value(key).isString()) {
            const auto target = curation.turnTarget(o.value(key).toString(), scope, error);
            if (!target) {
                *error = QStringLiteral("%1: %2").arg(where, *error);
                return false;
            }
            lesson->first = *target;
            return true;
        }
    }
    *error = QStringLiteral("%1 names neither a \"trajectory\", a \"turn\" nor a \"branch\" (a uuid).").arg(where);
    return false;
}

} // namespace

int lessons(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("A JSON file {\"lessons\": [{\"trajectory\"|\"turn\"|\"branch\": UUID, \"text\": ..., \"details\": {...}}]}."));
    const QCommandLineOption author(QStringLiteral("author"), QStringLiteral("Who wrote the lessons (default: the user name)."),
        QStringLiteral("NAME"));
    parser.addOption(author);
    if (const int code = parseOrExit(parser, arguments,
            QStringLiteral("Sets the teaching notes of trajectories, turns and branches from a file, in one transaction; "
                           "a target's earlier lesson is replaced."),
            2);
        code >= 0)
        return code;
    const QString path = parser.positionalArguments().at(1);
    QString error;
    const auto doc = readJsonObject(path, &error);
    if (!doc)
        return fail(error);
    const QJsonValue list = doc->value(QLatin1String("lessons"));
    if (!list.isArray())
        return fail(QStringLiteral("%1 has no \"lessons\" array.").arg(QFileInfo(path).fileName()));

    const auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    store->waitForWriters(kWriterWaitMs); // another process's import or edit: wait for it rather than fail
    Curation curation(*store);
    const QString who = parser.isSet(author) ? parser.value(author) : qEnvironmentVariable("USER", QStringLiteral("unknown"));
    QList<std::pair<Curation::Target, Annotation>> lessons;
    const QJsonArray entries = list.toArray();
    for (int i = 0; i < entries.size(); ++i) {
        std::pair<Curation::Target, Annotation> lesson;
        if (!readLesson(curation, *store, entries.at(i), i, who, &lesson, &error))
            return fail(QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), error));
        lessons.append(lesson);
    }
    if (!curation.setLessons(lessons, &error))
        return fail(error);
    out() << QStringLiteral("Set %1 lesson(s).\n").arg(lessons.size());
    out().flush();
    return kOk;
}

} // namespace kwb::cli
