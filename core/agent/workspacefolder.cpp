#include "workspacefolder.h"

#include "env/turnworkspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>

namespace kwb::agent {

namespace {

const QStringList kBuildFolders { QStringLiteral("__pycache__"), QStringLiteral("build"),
    QStringLiteral(".pytest_cache") };
const QStringList kBuildSuffixes { QStringLiteral("o"), QStringLiteral("obj"), QStringLiteral("so"),
    QStringLiteral("a"), QStringLiteral("pyc"), QStringLiteral("pyo"), QStringLiteral("cubin"),
    QStringLiteral("fatbin") };

} // namespace

bool WorkspaceFolder::isBuildOutput(const QString& path)
{
    const QStringList parts = path.split(QLatin1Char('/'));
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        if (kBuildFolders.contains(parts.at(i)))
            return true;
    }
    return kBuildSuffixes.contains(QFileInfo(parts.last()).suffix());
}

bool WorkspaceFolder::write(const WorkspaceSnapshot& snapshot, const QString& directory, QString* error)
{
    for (const QString& path : snapshot.paths()) {
        if (!TurnWorkspace::isSafeRelativePath(path)) {
            *error = tr("The workspace file \"%1\" has an unsafe path (absolute or with \"..\"), so the workspace was "
                        "not written.")
                         .arg(path);
            return false;
        }
        if (!snapshot.hasContent(path)) {
            *error = tr("The workspace was loaded without the contents of %1, so it was not written.").arg(path);
            return false;
        }
    }
    const QDir root(directory);
    for (const QString& path : snapshot.paths()) {
        const QString target = root.filePath(path);
        const QByteArray content = snapshot.content(path);
        QSaveFile file(target);
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !file.open(QIODevice::WriteOnly)
            || file.write(content) != content.size() || !file.commit()) {
            *error
                = tr("The workspace file %1 could not be written to %2: %3.").arg(path, directory, file.errorString());
            return false;
        }
    }
    return true;
}

WorkspaceSnapshot WorkspaceFolder::read(const QString& directory, QStringList* notes)
{
    WorkspaceSnapshot snapshot;
    const QDir root(directory);
    // Without FollowSymlinks a linked folder is listed as a link and not entered.
    QDirIterator it(directory, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        const QString path = root.relativeFilePath(info.filePath());
        if (info.isSymLink()) {
            notes->append(tr("%1 is a symbolic link and was not kept.").arg(path));
            continue;
        }
        if (info.isFile())
            files.append(path);
    }
    for (const QString& path : std::as_const(files)) {
        if (isBuildOutput(path))
            continue;
        const QString fullPath = root.filePath(path);
        QFile file(fullPath);
        if (file.size() > kMaxFileBytes) {
            notes->append(tr("%1 (%2) is over %3 and was not kept.")
                              .arg(path, QLocale::c().formattedDataSize(file.size()),
                                  QLocale::c().formattedDataSize(kMaxFileBytes)));
            continue;
        }
        if (!file.open(QIODevice::ReadOnly)) {
            notes->append(tr("%1 could not be read (%2) and was not kept.").arg(path, file.errorString()));
            continue;
        }
        snapshot.setFile(path, file.readAll());
    }
    return snapshot;
}

} // namespace kwb::agent
