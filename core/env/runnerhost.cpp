#include "runnerhost.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>
#include <QUrl>
#include <QUrlQuery>

namespace kwb {

namespace {

const QString kGroup = QStringLiteral("gpu-hosts");

// Unix socket paths are short (108 bytes), so the connection's socket goes in the runtime folder or /tmp under a
// hash of its destination, one per user.
QString controlPath()
{
    QString folder = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (folder.isEmpty() || folder.size() > 60 || !QFileInfo(folder).isWritable())
        folder = QDir::tempPath();
    return folder + QStringLiteral("/kwb-ssh-%C");
}

} // namespace

QString RunnerHost::url() const
{
    if (isLocal())
        return QStringLiteral("local");
    QString text = QStringLiteral("ssh://");
    if (!user.isEmpty())
        text += user + QLatin1Char('@');
    text += address.contains(QLatin1Char(':')) ? QLatin1Char('[') + address + QLatin1Char(']') : address;
    if (port > 0)
        text += QLatin1Char(':') + QString::number(port);
    return text;
}

std::optional<RunnerHost> RunnerHost::fromUrl(const QString& text, QString* error)
{
    const QString trimmed = text.trimmed();
    if (trimmed == QLatin1String("local")) {
        RunnerHost host;
        host.name = QStringLiteral("local");
        return host;
    }
    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid() || url.scheme() != QLatin1String("ssh") || url.host().isEmpty()) {
        if (error)
            *error = QStringLiteral("'%1' is not a host: write ssh://user@host[:port] (or a saved host's name, or local).")
                         .arg(trimmed);
        return std::nullopt;
    }
    RunnerHost host;
    host.user = url.userName();
    host.address = url.host();
    host.port = url.port(0);
    if (url.path().size() > 1)
        host.runnerPath = url.path(); // ssh://host/opt/kwb/bin/kwb-runner: an absolute path on the host
    const QUrlQuery query(url);
    if (query.hasQueryItem(QStringLiteral("python")))
        host.python = query.queryItemValue(QStringLiteral("python"), QUrl::FullyDecoded);
    if (query.hasQueryItem(QStringLiteral("work")))
        host.workRoot = query.queryItemValue(QStringLiteral("work"), QUrl::FullyDecoded);
    return host;
}

QJsonObject RunnerHost::toJson() const
{
    QJsonObject o { { QStringLiteral("name"), name }, { QStringLiteral("url"), url() },
        { QStringLiteral("runner"), runnerPath }, { QStringLiteral("work"), workRoot } };
    if (!python.isEmpty())
        o.insert(QStringLiteral("python"), python);
    if (!sshOptions.isEmpty())
        o.insert(QStringLiteral("ssh_options"), QJsonValue::fromVariant(sshOptions));
    return o;
}

RunnerHost RunnerHost::fromJson(const QJsonObject& object)
{
    RunnerHost host = fromUrl(object.value(QLatin1String("url")).toString(), nullptr).value_or(RunnerHost());
    host.name = object.value(QLatin1String("name")).toString();
    host.runnerPath = object.value(QLatin1String("runner")).toString(host.runnerPath);
    host.workRoot = object.value(QLatin1String("work")).toString(host.workRoot);
    host.python = object.value(QLatin1String("python")).toString();
    for (const QJsonValue& option : object.value(QLatin1String("ssh_options")).toArray())
        host.sshOptions.append(option.toString());
    return host;
}

QStringList RunnerHost::sshArguments(const QString& remoteCommand) const
{
    QStringList args { QStringLiteral("-T"), QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-o"),
        QStringLiteral("ConnectTimeout=15"), QStringLiteral("-o"), QStringLiteral("ServerAliveInterval=10"),
        QStringLiteral("-o"), QStringLiteral("ServerAliveCountMax=3"), QStringLiteral("-o"),
        QStringLiteral("ControlMaster=auto"), QStringLiteral("-o"), QStringLiteral("ControlPath=") + controlPath(),
        QStringLiteral("-o"), QStringLiteral("ControlPersist=120") };
    if (port > 0)
        args += { QStringLiteral("-p"), QString::number(port) };
    if (!user.isEmpty())
        args += { QStringLiteral("-l"), user };
    args += sshOptions;
    args += { QStringLiteral("--"), address, remoteCommand };
    return args;
}

QString RunnerHost::shellQuote(const QString& word)
{
    static const QString safe = QStringLiteral("@%+=:,./-_");
    bool plain = !word.isEmpty();
    for (const QChar c : word)
        plain = plain && ((c.isLetterOrNumber() && c.unicode() < 128) || safe.contains(c));
    if (plain)
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QList<RunnerHost> RunnerHost::saved(QSettings& settings)
{
    QList<RunnerHost> hosts;
    settings.beginGroup(kGroup);
    for (const QString& key : settings.childKeys()) {
        const QJsonObject o = QJsonDocument::fromJson(settings.value(key).toByteArray()).object();
        if (!o.isEmpty())
            hosts.append(fromJson(o));
    }
    settings.endGroup();
    return hosts;
}

void RunnerHost::save(QSettings& settings, const RunnerHost& host)
{
    settings.beginGroup(kGroup);
    settings.setValue(host.name, QJsonDocument(host.toJson()).toJson(QJsonDocument::Compact));
    settings.endGroup();
}

void RunnerHost::remove(QSettings& settings, const QString& name)
{
    settings.beginGroup(kGroup);
    settings.remove(name);
    settings.endGroup();
}

std::optional<RunnerHost> RunnerHost::resolve(QSettings& settings, const QString& nameOrUrl, QString* error)
{
    const QList<RunnerHost> hosts = saved(settings);
    for (const RunnerHost& host : hosts) {
        if (host.name == nameOrUrl)
            return host;
    }
    if (nameOrUrl.contains(QLatin1String("://")) || nameOrUrl == QLatin1String("local"))
        return fromUrl(nameOrUrl, error);
    if (error) {
        QStringList names;
        for (const RunnerHost& host : hosts)
            names.append(host.name);
        *error = names.isEmpty()
            ? QStringLiteral("There is no host called '%1'; add one with kwb host add NAME ssh://user@host.").arg(nameOrUrl)
            : QStringLiteral("There is no host called '%1'; the saved hosts are %2.").arg(nameOrUrl, names.join(QStringLiteral(", ")));
    }
    return std::nullopt;
}

} // namespace kwb
