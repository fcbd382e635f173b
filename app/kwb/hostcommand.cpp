// kwb host: the GPU hosts kwb and the window reach over SSH (list, add, remove, test, bootstrap), and the
// process-wide choice that `kwb --host NAME` makes for eval, baseline, eval-set, lint and agent.
#include "commandline.h"
#include "commands.h"

#include "env/remoterun.h"
#include "env/runnerhost.h"
#include "env/runnerjob.h"

#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>

namespace kwb::cli {

namespace {

RunnerHost& chosen()
{
    static RunnerHost host;
    return host;
}

// The window's settings, so that hosts added here are the window's and the other way round.
std::unique_ptr<QSettings> settings()
{
    return std::make_unique<QSettings>(QStringLiteral("KernelWorkbench"), QStringLiteral("kernel-workbench"));
}

const char kHostUsage[] = "Usage: kwb host list\n"
                          "       kwb host add NAME ssh://[user@]host[:port] [--runner PATH] [--python PATH] [--work DIR]\n"
                          "                    [--ssh-option OPTION]...\n"
                          "       kwb host remove NAME\n"
                          "       kwb host test NAME\n"
                          "       kwb host bootstrap NAME [--source DIR]\n"
                          "\n"
                          "GPU hosts reached with the system's ssh (its config, agent and known_hosts). On the host, --runner\n"
                          "is kwb-runner's path (default: kwb-runner on its PATH), --python the Python with torch, --work the\n"
                          "folder for evaluations (relative paths are under the login's home). 'test' prints the host's\n"
                          "GPU, driver, CUDA, torch and runner version; 'bootstrap' copies this workbench's sources there,\n"
                          "builds the Qt-free runner (cmake --preset runner) and makes it the host's runner.\n"
                          "Any command that runs kwb-runner takes --host NAME (or an ssh:// URL) to run it there.\n";

std::optional<RunnerHost> savedHost(const QString& name)
{
    QString error;
    auto s = settings();
    auto host = RunnerHost::resolve(*s, name, &error);
    if (!host)
        fail(error);
    return host;
}

int add(const QStringList& words)
{
    QCommandLineParser parser;
    const QCommandLineOption runner(QStringLiteral("runner"), QStringLiteral("kwb-runner on the host."), QStringLiteral("PATH"));
    const QCommandLineOption python(QStringLiteral("python"), QStringLiteral("The host's Python with torch."), QStringLiteral("PATH"));
    const QCommandLineOption work(QStringLiteral("work"), QStringLiteral("The host's folder for evaluations."), QStringLiteral("DIR"));
    const QCommandLineOption sshOption(QStringLiteral("ssh-option"), QStringLiteral("An option for ssh (repeatable)."), QStringLiteral("OPTION"));
    parser.addOptions({ runner, python, work, sshOption });
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The host's name here."));
    parser.addPositionalArgument(QStringLiteral("URL"), QStringLiteral("ssh://[user@]host[:port]"));
    if (const int code = parseOrExit(parser, QStringList { QStringLiteral("kwb host add") } + words,
            QStringLiteral("Add or replace a GPU host."), 2);
        code >= 0)
        return code;
    const QStringList positional = parser.positionalArguments();
    const QString name = positional.at(0);
    if (name == QLatin1String("local") || name.contains(QLatin1Char('/')) || name.contains(QLatin1String("://")))
        return fail(QStringLiteral("'%1' cannot be a host's name; choose a plain word such as gpu-1.").arg(name), kUsage);
    QString error;
    std::optional<RunnerHost> host = RunnerHost::fromUrl(positional.at(1), &error);
    if (!host || host->isLocal())
        return fail(error.isEmpty() ? QStringLiteral("A GPU host is an ssh:// URL; this machine is always 'local'.") : error, kUsage);
    host->name = name;
    if (parser.isSet(runner))
        host->runnerPath = parser.value(runner);
    if (parser.isSet(python))
        host->python = parser.value(python);
    if (parser.isSet(work))
        host->workRoot = parser.value(work);
    host->sshOptions = parser.values(sshOption);
    RunnerHost::save(*settings(), *host);
    out() << "added " << name << ": " << host->url() << ", runner " << host->runnerPath << Qt::endl;
    return kOk;
}

int list()
{
    const QList<RunnerHost> hosts = RunnerHost::saved(*settings());
    out() << "local\tthis machine" << Qt::endl;
    for (const RunnerHost& host : hosts)
        out() << host.name << '\t' << host.url() << "\trunner " << host.runnerPath
              << (host.python.isEmpty() ? QString() : QStringLiteral("\tpython ") + host.python) << Qt::endl;
    return kOk;
}

int test(const RunnerHost& host)
{
    RunnerJob job;
    job.setHost(host);
    QEventLoop loop;
    std::optional<QJsonObject> result;
    QString sentence;
    QObject::connect(&job, &RunnerJob::finished, &loop, [&](const QJsonObject& r) {
        result = r;
        loop.quit();
    });
    QObject::connect(&job, &RunnerJob::failed, &loop, [&](const QString& why) {
        sentence = why;
        loop.quit();
    });
    job.start({ QStringLiteral("fingerprint") });
    loop.exec();
    if (!result)
        return fail(sentence);
    out() << host.displayName() << " (" << host.url() << ") answers; its runner is version " << RemoteRun::expectedVersion() << Qt::endl;
    out() << QJsonDocument(*result).toJson(QJsonDocument::Indented);
    out().flush();
    return kOk;
}

int bootstrap(RunnerHost host, const QStringList& words)
{
    QCommandLineParser parser;
    const QCommandLineOption source(QStringLiteral("source"), QStringLiteral("The workbench's source folder (default: the one kwb was built from)."),
        QStringLiteral("DIR"), QStringLiteral(KWB_SOURCE_DIR));
    parser.addOption(source);
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The host."));
    if (const int code = parseOrExit(parser, QStringList { QStringLiteral("kwb host bootstrap") } + words,
            QStringLiteral("Build the Qt-free runner on a GPU host from this workbench's sources."), 1);
        code >= 0)
        return code;
    const QDir sourceDir(parser.value(source));
    if (!sourceDir.exists(QStringLiteral("CMakePresets.json")) || !sourceDir.exists(QStringLiteral("resources/harness")))
        return fail(QStringLiteral("%1 is not the workbench's source folder; name it with --source.").arg(sourceDir.path()));
    const QString folder = QStringLiteral(".local/share/kernel-workbench/runner-") + QStringLiteral(KWB_VERSION);
    const QString python = host.python.isEmpty() ? QString() : QStringLiteral(" -DKWB_PYTHON=") + RunnerHost::shellQuote(host.python);
    const QString remote = QStringLiteral("rm -rf %1 && mkdir -p %1 && tar -xzf - -C %1 && cd %1 && cmake --preset runner -DBUILD_TESTING=OFF%2 "
                                          "&& cmake --build --preset runner && printf 'kwb-runner-path %s\\n' \"$PWD/build/runner/bin/kwb-runner\"")
                               .arg(RunnerHost::shellQuote(folder), python);
    QProcess tar;
    QProcess ssh;
    tar.setWorkingDirectory(sourceDir.path());
    tar.setStandardOutputProcess(&ssh);
    ssh.setProcessChannelMode(QProcess::SeparateChannels);
    ssh.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    // What the runner preset needs: the sources, not builds, environments or history.
    tar.start(QStringLiteral("tar"), { QStringLiteral("-czf"), QStringLiteral("-"), QStringLiteral("--exclude=./build"),
                                         QStringLiteral("--exclude=./.venv"), QStringLiteral("--exclude=./.git"), QStringLiteral(".") });
    ssh.start(QStringLiteral("ssh"), host.sshArguments(remote));
    QTextStream err(stderr);
    QByteArray output;
    QObject::connect(&ssh, &QProcess::readyReadStandardError, [&] { err << ssh.readAllStandardError(); err.flush(); });
    QObject::connect(&ssh, &QProcess::readyReadStandardOutput, [&] {
        const QByteArray more = ssh.readAllStandardOutput();
        output += more;
        err << more;
        err.flush();
    });
    tar.waitForFinished(-1);
    ssh.waitForFinished(-1);
    const qsizetype at = output.lastIndexOf("kwb-runner-path ");
    if (ssh.exitStatus() != QProcess::NormalExit || ssh.exitCode() != 0 || at < 0)
        return fail(QStringLiteral("The runner could not be built on %1 (ssh ended with status %2); its output is above.")
                        .arg(host.displayName())
                        .arg(ssh.exitCode()));
    host.runnerPath = QString::fromUtf8(output.mid(at + 16)).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (!host.name.isEmpty() && host.name != QLatin1String("local"))
        RunnerHost::save(*settings(), host);
    out() << "built kwb-runner " << KWB_VERSION << " on " << host.displayName() << ": " << host.runnerPath << Qt::endl;
    return kOk;
}

} // namespace

const RunnerHost& selectedHost()
{
    return chosen();
}

bool selectHost(QStringList& arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        QString value;
        if (arguments.at(i) == QLatin1String("--host") && i + 1 < arguments.size()) {
            value = arguments.at(i + 1);
            arguments.remove(i, 2);
        } else if (arguments.at(i).startsWith(QLatin1String("--host="))) {
            value = arguments.at(i).mid(7);
            arguments.remove(i);
        } else {
            continue;
        }
        const std::optional<RunnerHost> host = savedHost(value);
        if (!host)
            return false;
        chosen() = *host;
        return true;
    }
    return true;
}

int host(const QStringList& arguments)
{
    const QString verb = arguments.value(1);
    const QStringList rest = arguments.mid(2);
    if (verb.isEmpty() || verb == QLatin1String("--help") || verb == QLatin1String("-h")) {
        out() << kHostUsage << Qt::flush;
        return verb.isEmpty() ? kUsage : kOk;
    }
    if (verb == QLatin1String("list"))
        return list();
    if (verb == QLatin1String("add"))
        return add(rest);
    if ((verb == QLatin1String("remove") || verb == QLatin1String("test")) && rest.size() != 1)
        return fail(QStringLiteral("kwb host %1 takes one host's name.").arg(verb), kUsage);
    if (verb == QLatin1String("remove")) {
        if (!savedHost(rest.first()))
            return kFailed;
        RunnerHost::remove(*settings(), rest.first());
        out() << "removed " << rest.first() << Qt::endl;
        return kOk;
    }
    if (verb == QLatin1String("test") || verb == QLatin1String("bootstrap")) {
        const QString name = rest.value(0);
        if (name.isEmpty() || name.startsWith(QLatin1String("--")))
            return fail(QStringLiteral("kwb host %1 needs a host's name.").arg(verb), kUsage);
        const std::optional<RunnerHost> h = savedHost(name);
        if (!h)
            return kFailed;
        if (h->isLocal())
            return fail(QStringLiteral("'local' is this machine; %1 is for GPU hosts.").arg(verb), kUsage);
        return verb == QLatin1String("test") ? test(*h) : bootstrap(*h, rest);
    }
    return fail(QStringLiteral("'%1' is not a kwb host command; run 'kwb host --help'.").arg(verb), kUsage);
}

} // namespace kwb::cli
