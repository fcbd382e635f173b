#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

class QSettings;

namespace kwb {

// Where kwb-runner runs: this machine, or a GPU host reached with the system's OpenSSH client (its config, agent
// and known_hosts apply; one shared connection per host through ControlMaster). On a host, paths are the host's:
// a relative one is under the login's home.
struct RunnerHost
{
    QString name; // how the user calls it; "local" for this machine
    QString user; // empty: ssh's own choice (its config, else the local user name)
    QString address; // empty: this machine
    int port = 0; // 0: ssh's own choice
    QString runnerPath = QStringLiteral("kwb-runner"); // on the host; a bare name is looked up on its PATH
    QString python; // on the host: the Python with torch; empty: the runner's default
    QString workRoot = QStringLiteral(".cache/kernel-workbench/remote"); // on the host: evaluations' folders
    QStringList sshOptions; // more options for ssh, before the destination (e.g. -F FILE, -i KEY)

    bool isLocal() const { return address.isEmpty(); }
    // "ssh://user@address:port" (the parts that are set), or "local".
    QString url() const;
    QString displayName() const { return name.isEmpty() ? url() : name; }

    // "local", or ssh://[user@]address[:port][/RUNNER-PATH] with optional ?python=PATH&work=PATH; a clear sentence
    // in *error otherwise.
    static std::optional<RunnerHost> fromUrl(const QString& text, QString* error);
    QJsonObject toJson() const;
    static RunnerHost fromJson(const QJsonObject& object);

    // ssh's arguments for running REMOTE-COMMAND (a shell command line on the host) over the host's shared
    // connection, without a terminal and without asking anything (BatchMode).
    QStringList sshArguments(const QString& remoteCommand) const;
    // The word as a POSIX shell reads it back unchanged.
    static QString shellQuote(const QString& word);

    // The user's hosts, kept in QSettings under gpu-hosts/ (one JSON object per name).
    static QList<RunnerHost> saved(QSettings& settings);
    static void save(QSettings& settings, const RunnerHost& host);
    static void remove(QSettings& settings, const QString& name);
    // A saved host's name, "local", or an ssh:// URL; a sentence naming the saved hosts otherwise.
    static std::optional<RunnerHost> resolve(QSettings& settings, const QString& nameOrUrl, QString* error);
};

} // namespace kwb
