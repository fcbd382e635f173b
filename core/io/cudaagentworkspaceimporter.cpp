#include "cudaagentworkspaceimporter.h"

#include "chatjsonlimporter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QUuid>

namespace kwb {

namespace {

const QUuid kNamespace(QStringLiteral("{9a2d6c14-7e3b-4c1f-b5a8-2f6e0c8d1b43}"));
const QStringList kTranscripts { QStringLiteral("messages.jsonl"), QStringLiteral("messages.json"), QStringLiteral("agent_traj.txt") };

bool isLeftOut(const QString& relative)
{
    const QString top = relative.section(QLatin1Char('/'), 0, 0);
    return relative == QLatin1String("model.py") || kTranscripts.contains(relative) || top == QLatin1String("build")
        || relative.contains(QLatin1String("__pycache__")) || relative.endsWith(QLatin1String(".so"))
        || relative.endsWith(QLatin1String(".o")) || relative.section(QLatin1Char('/'), -1).startsWith(QLatin1Char('.'));
}

QByteArray firstLine(const QByteArray& data)
{
    for (const QByteArray& line : data.split('\n')) {
        if (!line.trimmed().isEmpty())
            return line;
    }
    return {};
}

} // namespace

std::optional<StoreImport::Counts> CudaAgentWorkspaceImporter::importFolder(Store& store, const QString& dir,
    const StoreImport::Progress& progress, QString* error)
{
    StoreImport import(store, dir, progress);
    const QDir root(dir);
    QFile model(root.filePath(QStringLiteral("model.py")));
    if (!model.open(QIODevice::ReadOnly)) {
        *error = import.fail({}, QStringLiteral("model.py, the task, is missing or unreadable"));
        return std::nullopt;
    }
    WorkspaceSnapshot files;
    QDirIterator it(dir, QDir::Files | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = root.relativeFilePath(path);
        if (isLeftOut(relative))
            continue;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = import.fail(relative, f.errorString());
            return std::nullopt;
        }
        files.setFile(relative, f.readAll());
    }

    Trajectory t;
    QString transcript;
    for (const QString& name : kTranscripts) {
        QFile f(root.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray data = f.readAll();
        const QByteArray line = name.endsWith(QLatin1String(".jsonl")) || name.endsWith(QLatin1String(".txt")) ? firstLine(data) : data;
        QString inner;
        auto decoded = ChatJsonlImporter::decode(line, root.filePath(name), 1, &inner);
        if (!decoded) {
            if (name == QLatin1String("agent_traj.txt")) {
                t.metadata.insert(QLatin1String("transcript_not_read"), name);
                continue;
            }
            *error = import.fail(name + QStringLiteral(" line 1"), inner);
            return std::nullopt;
        }
        t = *decoded;
        transcript = name;
        break;
    }

    const QString uuid = QUuid::createUuidV5(kNamespace, root.dirName().toUtf8() + '/' + files.manifest()).toString(QUuid::WithoutBraces);
    QList<Turn> turns = t.turns;
    for (Turn& turn : turns) { // the transcript's turns belong to this trajectory's id
        turn.uuid.replace(t.uuid, uuid);
        turn.parentUuid.replace(t.uuid, uuid);
    }
    const QJsonObject kept = t.metadata;
    t.uuid = uuid;
    t.turns = turns;
    t.task = { root.dirName(), 0, QString::fromUtf8(model.readAll()) };
    t.title = root.dirName();
    t.source = kFormat;
    t.metadata = kept;
    t.metadata.insert(QLatin1String("import"), QJsonObject { { QLatin1String("format"), kFormat },
        { QLatin1String("path"), QFileInfo(dir).absoluteFilePath() }, { QLatin1String("transcript"), transcript } });

    Turn last;
    last.uuid = uuid + QStringLiteral("-files");
    last.parentUuid = t.turns.isEmpty() ? QString() : t.turns.last().uuid;
    last.workspace = files;
    last.provenance.kind = Provenance::Kind::Import;
    last.provenance.agent = kFormat;
    last.provenance.source = QFileInfo(dir).absoluteFilePath();
    t.turns.append(last);

    if (!import.begin(error) || !import.add(t, {}, error) || !import.report(1, 1, error))
        return std::nullopt;
    return import.commit(error);
}

} // namespace kwb
