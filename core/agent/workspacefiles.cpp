#include "workspacefiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace kwb::agent {

namespace {

constexpr qint64 kMaxReadBytes = 16 * 1024 * 1024; // the output is clipped far below this anyway
constexpr int kListed = 40;

WorkspaceFiles::Result failure(const QString& text)
{
    return { text, true };
}

int lineCount(const QByteArray& content)
{
    if (content.isEmpty())
        return 0;
    return int(content.count('\n')) + (content.endsWith('\n') ? 0 : 1);
}

} // namespace

WorkspaceFiles::WorkspaceFiles(const QString& root)
    : m_root(QFileInfo(root).canonicalFilePath())
{ }

QString WorkspaceFiles::resolve(const QString& path, QString* error) const
{
    if (path.trimmed().isEmpty()) {
        *error = QStringLiteral("The path is empty; give a path relative to the workspace, such as kernels/add.cu.");
        return {};
    }
    if (QDir::isAbsolutePath(path) || path.startsWith(QLatin1Char('~'))) {
        *error = QStringLiteral("%1 is an absolute path; paths are relative to the workspace folder, such as "
                                "model_new.py or kernels/add.cu.")
                     .arg(path);
        return {};
    }
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.contains(QStringLiteral(".."))) {
        *error = QStringLiteral("%1 contains \"..\"; the tools only reach files inside the workspace.").arg(path);
        return {};
    }
    if (m_root.isEmpty()) {
        *error = QStringLiteral("The workspace folder does not exist.");
        return {};
    }
    // Each existing step of the way must stay inside: a link in the middle could lead anywhere.
    QString current = m_root;
    for (const QString& part : parts) {
        if (part == QLatin1String("."))
            continue;
        current += QLatin1Char('/') + part;
        const QFileInfo step(current);
        if (step.isSymLink()) {
            const QString target = step.canonicalFilePath();
            if (target.isEmpty()) {
                *error = QStringLiteral("%1 goes through a symbolic link to something that does not exist; the tools "
                                        "refuse it.")
                             .arg(path);
                return {};
            }
            if (target != m_root && !target.startsWith(m_root + QLatin1Char('/'))) {
                *error = QStringLiteral("%1 goes through a symbolic link that leads outside the workspace; the tools "
                                        "only reach files inside it.")
                             .arg(path);
                return {};
            }
        } else if (!step.exists()) {
            break; // the rest is to be created
        }
    }
    const QString cleaned = QDir::cleanPath(parts.join(QLatin1Char('/')));
    return cleaned == QLatin1String(".") || cleaned.isEmpty() ? m_root : m_root + QLatin1Char('/') + cleaned;
}

QString WorkspaceFiles::listing(const QString& directory) const
{
    QStringList files;
    QDirIterator it(directory, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    int more = 0;
    while (it.hasNext()) {
        const QString file = QDir(m_root).relativeFilePath(it.next());
        if (file.contains(QLatin1String("__pycache__/")))
            continue;
        if (files.size() < kListed)
            files.append(file);
        else
            ++more;
    }
    if (files.isEmpty())
        return QStringLiteral("it holds no files");
    files.sort();
    QString text = files.join(QStringLiteral(", "));
    if (more > 0)
        text += QStringLiteral(" and %1 more").arg(more);
    return text;
}

QString WorkspaceFiles::existingFile(const QString& path, Use use, QString* error) const
{
    const QString file = resolve(path, error);
    if (file.isEmpty())
        return {};
    const QFileInfo info(file);
    if (!info.exists()) {
        *error = use == Use::Read
            ? QStringLiteral("%1 does not exist. The workspace's files: %2.").arg(path, listing(m_root))
            : QStringLiteral("%1 does not exist; write_file creates files. The workspace's files: %2.")
                  .arg(path, listing(m_root));
        return {};
    }
    if (info.isDir()) {
        *error = use == Use::Read ? QStringLiteral("%1 is a folder; its files: %2.").arg(path, listing(file))
                                  : QStringLiteral("%1 is a folder, not a file.").arg(path);
        return {};
    }
    return file;
}

WorkspaceFiles::Result WorkspaceFiles::read(const QString& path, int offset, int limit) const
{
    QString error;
    const QString file = existingFile(path, Use::Read, &error);
    if (file.isEmpty())
        return failure(error);
    const QFileInfo info(file);
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return failure(QStringLiteral("%1 cannot be read: %2.").arg(path, in.errorString()));
    const QByteArray content = in.read(kMaxReadBytes);
    if (content.left(8192).contains('\0'))
        return failure(
            QStringLiteral("%1 is a binary file (%2 bytes); read_file shows text files.").arg(path).arg(info.size()));
    const int lines = lineCount(content);
    if (lines == 0)
        return { QStringLiteral("(%1 is empty)").arg(path), false };
    const int first = std::max(offset, 1);
    if (first > lines)
        return failure(QStringLiteral("%1 has %2 lines; offset %3 is past its end.").arg(path).arg(lines).arg(first));
    const int count = limit > 0 ? limit : kDefaultLineLimit;
    const int last = int(std::min<qint64>(qint64(first) + count - 1, lines));
    QString text;
    qsizetype start = 0;
    for (int number = 1; number <= last; ++number) {
        qsizetype end = content.indexOf('\n', start);
        if (end < 0)
            end = content.size();
        if (number >= first) {
            QString line = QString::fromUtf8(content.mid(start, end - start));
            if (line.endsWith(QLatin1Char('\r')))
                line.chop(1);
            if (line.size() > kMaxLineCharacters)
                line = line.left(kMaxLineCharacters)
                    + QStringLiteral(" [... line cut at %1 characters]").arg(kMaxLineCharacters);
            text += QStringLiteral("%1\t").arg(number, 6) + line + QLatin1Char('\n');
        }
        start = end + 1;
    }
    if (first > 1 || last < lines)
        text += QStringLiteral("[lines %1-%2 of %3%4]")
                    .arg(first)
                    .arg(last)
                    .arg(lines)
                    .arg(last < lines ? QStringLiteral("; read on with offset %1").arg(last + 1) : QString());
    if (content.size() < info.size())
        text += QStringLiteral("\n[only the first %1 bytes of %2 were read]").arg(content.size()).arg(info.size());
    return { text, false };
}

WorkspaceFiles::Result WorkspaceFiles::write(const QString& path, const QByteArray& content) const
{
    QString error;
    const QString file = resolve(path, &error);
    if (file.isEmpty())
        return failure(error);
    const QFileInfo info(file);
    if (info.isDir())
        return failure(QStringLiteral("%1 is a folder; give the path of a file inside it.").arg(path));
    if (file == m_root)
        return failure(QStringLiteral("%1 is the workspace folder itself; give a file's path.").arg(path));
    const bool existed = info.exists();
    if (!QDir().mkpath(info.absolutePath()))
        return failure(QStringLiteral("The folder for %1 could not be created.").arg(path));
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(content) != content.size())
        return failure(QStringLiteral("%1 could not be written: %2.").arg(path, out.errorString()));
    return { QStringLiteral("%1 %2: %3 bytes, %4 lines.")
                 .arg(existed ? QStringLiteral("Replaced") : QStringLiteral("Created"), path)
                 .arg(content.size())
                 .arg(lineCount(content)),
        false };
}

WorkspaceFiles::Result WorkspaceFiles::edit(
    const QString& path, const QString& oldString, const QString& newString) const
{
    QString error;
    const QString file = existingFile(path, Use::Edit, &error);
    if (file.isEmpty())
        return failure(error);
    if (oldString.isEmpty())
        return failure(QStringLiteral("old_string is empty; give the exact text to replace, or use write_file to "
                                      "write a whole file."));
    if (oldString == newString)
        return failure(QStringLiteral("old_string and new_string are the same; the edit would change nothing."));
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return failure(QStringLiteral("%1 cannot be read: %2.").arg(path, in.errorString()));
    QByteArray content = in.readAll();
    in.close();
    const QByteArray before = oldString.toUtf8();
    const QByteArray after = newString.toUtf8();
    const qsizetype occurrences = content.count(before);
    if (occurrences == 0)
        return failure(QStringLiteral("old_string does not occur in %1. It must match the file exactly, spaces, "
                                      "indentation and line breaks included; read_file shows the current text.")
                           .arg(path));
    if (occurrences > 1)
        return failure(QStringLiteral("old_string occurs %1 times in %2; include more of the surrounding text so that "
                                      "it occurs exactly once.")
                           .arg(occurrences)
                           .arg(path));
    const qsizetype at = content.indexOf(before);
    const int line = int(content.left(at).count('\n')) + 1;
    content.replace(at, before.size(), after);
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(content) != content.size())
        return failure(QStringLiteral("%1 could not be written: %2.").arg(path, out.errorString()));
    const int removed = int(before.count('\n')) + 1;
    const int added = int(after.count('\n')) + 1;
    return { QStringLiteral("Edited %1 at line %2: %3 line(s) replaced by %4; the file has %5 lines now.")
                 .arg(path)
                 .arg(line)
                 .arg(removed)
                 .arg(added)
                 .arg(lineCount(content)),
        false };
}

} // namespace kwb::agent
