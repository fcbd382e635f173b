#pragma once

#include <QByteArray>
#include <QString>

namespace kwb::agent {

// The agent's file tools on one workspace folder. Paths are relative to the folder; an absolute path, "..", or a
// symbolic link that leads out of the folder (or nowhere) is refused before a byte is read or written. The
// texts are read by the model, so they say what to do next.
class WorkspaceFiles
{
public:
    struct Result
    {
        QString text;
        bool isError = false;
    };

    static constexpr int kDefaultLineLimit = 2000;
    static constexpr int kMaxLineCharacters = 2000;

    explicit WorkspaceFiles(const QString& root);

    // Lines [offset, offset + limit) numbered as `cat -n` does; offset counts from 1, limit 0 means the default.
    Result read(const QString& path, int offset, int limit) const;
    // Creates the folders on the way; replaces the file when there is one.
    Result write(const QString& path, const QByteArray& content) const;
    // Replaces oldString, which must occur exactly once, with newString.
    Result edit(const QString& path, const QString& oldString, const QString& newString) const;

    // The absolute path of a workspace path, or empty and a sentence in `error`.
    QString resolve(const QString& path, QString* error) const;

private:
    enum class Use { Read, Edit };
    // resolve()'s path when it names a file that exists, or empty and the sentence for read_file or edit_file.
    QString existingFile(const QString& path, Use use, QString* error) const;
    QString listing(const QString& directory) const; // a few of the folder's files, for "not found" answers

    QString m_root; // canonical
};

} // namespace kwb::agent
