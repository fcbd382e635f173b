#include "processtree.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>
#include <signal.h>
#include <unistd.h>

namespace kwb {

namespace {

struct ProcInfo
{
    qint64 parent = 0;
    qint64 group = 0;
};

// /proc/PID/stat is "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses, so the fields
// are read after the last ')'.
QHash<qint64, ProcInfo> readProcessTable()
{
    QHash<qint64, ProcInfo> table;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue; // gone since the listing
        const QByteArray text = stat.readAll();
        const qsizetype close = text.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = text.mid(close + 2).split(' ');
        if (fields.size() < 3 || fields[0] == "Z")
            continue; // zombies are dead already
        table.insert(pid, { fields[1].toLongLong(), fields[2].toLongLong() });
    }
    return table;
}

QList<qint64> descendantsIn(const QHash<qint64, ProcInfo>& table, qint64 root)
{
    QList<qint64> found;
    QList<qint64> frontier { root };
    while (!frontier.isEmpty()) {
        QList<qint64> next;
        for (auto it = table.begin(); it != table.end(); ++it) {
            if (frontier.contains(it->parent) && it.key() != root && !found.contains(it.key()))
                next.append(it.key());
        }
        found += next;
        frontier = next;
    }
    return found;
}

} // namespace

QList<qint64> ProcessTree::descendants(qint64 pid)
{
    return descendantsIn(readProcessTable(), pid);
}

void ProcessTree::kill(qint64 pid)
{
    if (pid <= 0)
        return;
    const qint64 ownGroup = getpgrp();
    QSet<qint64> stopped;
    QSet<qint64> groups;
    if (getpgid(pid_t(pid)) == pid)
        groups.insert(pid); // a group leader: the group goes too, even where /proc cannot be read
    // Stop first, and look again until nothing new appears: a stopped process cannot fork.
    for (int round = 0; round < 8; ++round) {
        const QHash<qint64, ProcInfo> table = readProcessTable();
        QList<qint64> tree = descendantsIn(table, pid);
        tree.prepend(pid);
        bool grew = false;
        for (qint64 p : tree) {
            if (table.contains(p))
                groups.insert(table.value(p).group);
            if (stopped.contains(p))
                continue;
            ::kill(pid_t(p), SIGSTOP);
            stopped.insert(p);
            grew = true;
        }
        if (!grew)
            break;
    }
    for (qint64 group : std::as_const(groups)) {
        if (group > 1 && group != ownGroup)
            ::kill(pid_t(-group), SIGKILL);
    }
    for (qint64 p : std::as_const(stopped))
        ::kill(pid_t(p), SIGKILL);
}

} // namespace kwb
