#pragma once

#include <QDir>
#include <QFile>
#include <QString>

// Stand-ins for kwb-runner: shell scripts that print canned JSON, crash, sleep or record their arguments.
namespace kwb::test {

inline QString writeFakeRunner(const QString& directory, const QString& name, const QByteArray& body)
{
    const QString path = QDir(directory).filePath(name);
    QFile script(path);
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    script.write("#!/bin/sh\n" + body);
    script.close();
    script.setPermissions(script.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
    return path;
}

// Single quotes for sh, for paths inside the scripts.
inline QByteArray shellQuoted(const QString& text)
{
    return "'" + text.toUtf8().replace("'", "'\\''") + "'";
}

// Alive and not a zombie: a killed process whose parent has not reaped it yet counts as gone.
inline bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && text.mid(close + 2, 1) != "Z";
}

} // namespace kwb::test
