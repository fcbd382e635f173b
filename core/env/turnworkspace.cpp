#include "turnworkspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace kwb {

namespace {

const QString kModelNew = QStringLiteral("model_new.py");

bool writeFile(const QString& path, const QByteArray& content, QString* error)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = TurnWorkspace::tr("Could not create the folder for %1.").arg(path);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit()) {
        *error = TurnWorkspace::tr("Could not write %1: %2.").arg(path, file.errorString());
        return false;
    }
    return true;
}

// The snapshot path of the candidate: model_new.py at the top, else the one .py file, else the one .py
// file that defines ModelNew; empty when there is none or the choice is ambiguous.
QString candidateFile(const WorkspaceSnapshot& workspace)
{
    if (workspace.hashes().contains(kModelNew))
        return kModelNew;
    QStringList python;
    for (const QString& path : workspace.paths()) {
        if (path.endsWith(QLatin1String(".py")))
            python.append(path);
    }
    if (python.size() == 1)
        return python.first();
    QStringList withModelNew;
    for (const QString& path : std::as_const(python)) {
        if (workspace.content(path).contains("class ModelNew"))
            withModelNew.append(path);
    }
    return withModelNew.size() == 1 ? withModelNew.first() : QString();
}

} // namespace

bool TurnWorkspace::isSafeRelativePath(const QString& path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('\\'))
        || QDir::isAbsolutePath(path) || path.contains(QChar(0)) || (path.size() >= 2 && path[1] == QLatin1Char(':')))
        return false;
    const QStringList parts = QString(path).replace(QLatin1Char('\\'), QLatin1Char('/')).split(QLatin1Char('/'));
    for (const QString& part : parts) {
        if (part.isEmpty() || part == QLatin1String(".."))
            return false;
    }
    return true;
}

std::optional<TurnWorkspace> TurnWorkspace::write(
    const Turn& turn, const TaskRef& task, const QString& directory, QString* error)
{
    if (task.source.trimmed().isEmpty()) {
        *error = tr("The trajectory has no task source, so there is no reference to run the candidate against.");
        return std::nullopt;
    }
    if (turn.workspace.isEmpty()) {
        *error = tr("The turn has no workspace files, so there is no candidate to run.");
        return std::nullopt;
    }
    // Everything is checked before anything is written.
    for (const QString& path : turn.workspace.paths()) {
        if (!isSafeRelativePath(path)) {
            *error = tr("The turn's file \"%1\" has an unsafe path (absolute or with \"..\"), so its workspace was not "
                        "written.")
                         .arg(path);
            return std::nullopt;
        }
        if (!turn.workspace.hasContent(path)) {
            *error = tr("The turn was loaded without the contents of %1; load it with its files first.").arg(path);
            return std::nullopt;
        }
    }
    const QString candidate = candidateFile(turn.workspace);
    if (candidate.isEmpty()) {
        *error = tr("The turn's workspace has no model_new.py and no single Python file with ModelNew, so there is no "
                    "candidate to run.");
        return std::nullopt;
    }

    TurnWorkspace out;
    const QDir root(directory);
    out.taskPath = root.absoluteFilePath(QStringLiteral("task.py"));
    out.workspaceDirectory = root.absoluteFilePath(QStringLiteral("workspace"));
    if (!writeFile(out.taskPath, task.source.toUtf8(), error))
        return std::nullopt;
    const QDir workspace(out.workspaceDirectory);
    for (const QString& path : turn.workspace.paths()) {
        if (!writeFile(workspace.filePath(path), turn.workspace.content(path), error))
            return std::nullopt;
    }
    out.candidatePath = candidate == kModelNew ? out.workspaceDirectory : workspace.filePath(candidate);
    return out;
}

} // namespace kwb
