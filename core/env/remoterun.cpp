#include "remoterun.h"

#include "runnerjob.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace kwb {

namespace {

const QStringList kInputOptions { QStringLiteral("--task"), QStringLiteral("--candidate"), QStringLiteral("--tasks"),
    QStringLiteral("--candidates") };
const QStringList kOutputOptions { QStringLiteral("--run-dir"), QStringLiteral("--out") };
// Folders that go to the host and come back as the run left them (the agent's workspace for `shell`).
const QStringList kInOutOptions { QStringLiteral("--dir") };
// The host's own: its caches stay there, and its harness, Python and ncu are where it has them.
const QStringList kHostOptions { QStringLiteral("--cache-dir"), QStringLiteral("--harness"), QStringLiteral("--python"),
    QStringLiteral("--ncu-path") };
const QStringList kTakesPython { QStringLiteral("eval"), QStringLiteral("baseline"), QStringLiteral("eval-set"),
    QStringLiteral("lint") };
constexpr int kSshUnreachable = 255; // ssh's own status for a connection that failed or broke

bool copyTree(const QString& from, const QString& to)
{
    const QFileInfo source(from);
    if (source.isFile()) {
        QDir().mkpath(QFileInfo(to).absolutePath());
        return QFile::copy(from, to);
    }
    if (!source.isDir() || !QDir().mkpath(to))
        return false;
    QDirIterator it(from, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + path.mid(from.size());
        const QFileInfo info = it.fileInfo();
        if (info.isDir() ? !QDir().mkpath(target) : !QFile::copy(path, target))
            return false;
    }
    return true;
}

QString joined(const QStringList& words)
{
    QStringList quoted;
    for (const QString& word : words)
        quoted.append(RunnerHost::shellQuote(word));
    return quoted.join(QLatin1Char(' '));
}

} // namespace

RemoteRun::RemoteRun(const RunnerHost& host, const QStringList& arguments, QObject* parent)
    : QObject(parent)
    , m_host(host)
    , m_arguments(arguments)
{ }

RemoteRun::~RemoteRun()
{
    for (QProcess* process : { m_ssh, m_tar }) {
        if (!process)
            continue;
        process->disconnect(this);
        process->kill();
        process->waitForFinished(2000);
    }
    if (m_step == Step::Upload || m_step == Step::Run)
        removeHostFolder();
}

QString RemoteRun::expectedVersion()
{
    return QStringLiteral(KWB_VERSION);
}

bool RemoteRun::prepare(QString* error)
{
    const QString id = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QLatin1Char('-')
        + QString::number(QRandomGenerator::global()->generate(), 16);
    m_folder = m_host.workRoot + QLatin1Char('/') + id;
    const QString command = m_arguments.value(0);
    m_hostArguments = QStringList { command };
    m_staging = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/kwb-upload-XXXXXX"));
    if (!m_staging->isValid()) {
        *error = QStringLiteral("No folder for the upload to %1 could be made here (%2).")
                     .arg(m_host.displayName(), m_staging->errorString());
        return false;
    }
    QDir(m_staging->path()).mkpath(QStringLiteral("in"));
    bool hasOutput = false;
    for (qsizetype i = 1; i < m_arguments.size(); ++i) {
        if (m_arguments.at(i) == QLatin1String("--")) { // the rest is not options (shell's command)
            m_hostArguments += m_arguments.mid(i);
            break;
        }
        QString option = m_arguments.at(i);
        QString value;
        bool inlineValue = false;
        if (const qsizetype eq = option.indexOf(QLatin1Char('=')); option.startsWith(QLatin1String("--")) && eq > 0) {
            value = option.mid(eq + 1);
            option = option.left(eq);
            inlineValue = true;
        }
        const bool known = kInputOptions.contains(option) || kOutputOptions.contains(option) || kHostOptions.contains(option)
            || kInOutOptions.contains(option);
        if (!known) {
            m_hostArguments.append(m_arguments.at(i));
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= m_arguments.size()) {
                m_hostArguments.append(m_arguments.at(i)); // the runner says what is missing
                continue;
            }
            value = m_arguments.at(++i);
        }
        if (kHostOptions.contains(option))
            continue;
        if (kOutputOptions.contains(option)) {
            m_localOutput = QFileInfo(value).absoluteFilePath();
            m_hostArguments += { option, m_folder + QStringLiteral("/out") };
            hasOutput = true;
            continue;
        }
        const QFileInfo local(value);
        if (!local.exists()) {
            *error = QStringLiteral("%1 does not exist, so it cannot be sent to %2.").arg(value, m_host.displayName());
            return false;
        }
        const QString relative = QStringLiteral("in/%1/%2").arg(m_inputs.size()).arg(local.fileName());
        if (!copyTree(local.absoluteFilePath(), m_staging->filePath(relative))) {
            *error = QStringLiteral("%1 could not be copied for the upload to %2.").arg(value, m_host.displayName());
            return false;
        }
        m_inputs.append({ local.absoluteFilePath(), relative });
        if (kInOutOptions.contains(option))
            m_inOut.append({ local.absoluteFilePath(), relative });
        m_hostArguments += { option, m_folder + QLatin1Char('/') + relative };
    }
    if (!hasOutput && (command == QLatin1String("eval") || command == QLatin1String("baseline"))) {
        m_localOutput = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)
            + QStringLiteral("/kernel-workbench/remote-runs/") + id;
        m_hostArguments += { QStringLiteral("--run-dir"), m_folder + QStringLiteral("/out") };
    }
    if (!m_host.python.isEmpty() && kTakesPython.contains(command))
        m_hostArguments += { QStringLiteral("--python"), m_host.python };
    return true;
}

void RemoteRun::start()
{
    QString error;
    if (!prepare(&error)) {
        m_step = Step::Done;
        QMetaObject::invokeMethod(this, [this, error] { Q_EMIT failed(error); }, Qt::QueuedConnection);
        return;
    }
    startUpload();
}

QProcess* RemoteRun::sshProcess(const QString& remoteCommand)
{
    auto* ssh = new QProcess(this);
    // The credentials stay here, except the agent's socket, which ssh itself uses to log in.
    QProcessEnvironment environment = RunnerJob::childEnvironment();
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    for (const QString& name : { QStringLiteral("SSH_AUTH_SOCK"), QStringLiteral("SSH_AGENT_PID") }) {
        if (system.contains(name))
            environment.insert(name, system.value(name));
    }
    ssh->setProcessEnvironment(environment);
    ssh->setProgram(QStringLiteral("ssh"));
    ssh->setArguments(m_host.sshArguments(remoteCommand));
    m_stdout.clear();
    m_partial.clear();
    connect(ssh, &QProcess::readyReadStandardError, this, [this] { readErrors(false); });
    connect(ssh, &QProcess::finished, this, &RemoteRun::stepFinished);
    connect(ssh, &QProcess::errorOccurred, this, [this, ssh](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart && ssh == m_ssh)
            fail(QStringLiteral("ssh could not be started (%1); install OpenSSH's client.").arg(ssh->errorString()));
    });
    return ssh;
}

void RemoteRun::startUpload()
{
    m_step = Step::Upload;
    const QString runner = RunnerHost::shellQuote(m_host.runnerPath);
    const QString folder = RunnerHost::shellQuote(m_folder);
    m_ssh = sshProcess(QStringLiteral("printf 'kwb-home %s\\n' \"$PWD\" && %1 --version && mkdir -p %2 && tar -xf - -C %2")
                           .arg(runner, folder));
    connect(m_ssh, &QProcess::readyReadStandardOutput, this, [this] { m_stdout += m_ssh->readAllStandardOutput(); });
    m_tar = new QProcess(this);
    m_tar->setWorkingDirectory(m_staging->path());
    m_tar->setStandardOutputProcess(m_ssh);
    m_tar->start(QStringLiteral("tar"), { QStringLiteral("-cf"), QStringLiteral("-"), QStringLiteral("in") });
    m_ssh->start();
}

void RemoteRun::startRun()
{
    m_step = Step::Run;
    m_lastLine.clear();
    const QString command = QStringLiteral("exec %1 --end-with-input %2")
                                .arg(RunnerHost::shellQuote(m_host.runnerPath), joined(m_hostArguments));
    m_ssh = sshProcess(command);
    connect(m_ssh, &QProcess::readyReadStandardOutput, this, [this] { m_stdout += m_ssh->readAllStandardOutput(); });
    m_ssh->start(); // its standard input stays open: the runner ends when it closes
}

void RemoteRun::startFetch()
{
    m_step = Step::Fetch;
    const QString folder = RunnerHost::shellQuote(m_folder);
    QStringList parts;
    if (!m_localOutput.isEmpty())
        parts.append(QStringLiteral("out"));
    for (const auto& inOut : std::as_const(m_inOut))
        parts.append(inOut.second);
    if (parts.isEmpty()) {
        m_ssh = sshProcess(QStringLiteral("rm -rf %1").arg(folder));
        m_ssh->start();
        return;
    }
    m_fetched = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/kwb-fetch-XXXXXX"));
    // What exists of the parts, in one archive; then the host's folder goes.
    m_ssh = sshProcess(QStringLiteral("cd %1 && set -- && for p in %2; do [ -e \"$p\" ] && set -- \"$@\" \"$p\"; done; "
                                      "tar -cf - -T /dev/null \"$@\"; s=$?; cd / && rm -rf %1; exit $s")
                           .arg(folder, joined(parts)));
    m_tar = new QProcess(this);
    m_ssh->setStandardOutputProcess(m_tar);
    m_tar->setWorkingDirectory(m_fetched->path());
    m_tar->start(QStringLiteral("tar"), { QStringLiteral("-xf"), QStringLiteral("-") });
    m_ssh->start();
}

// The fetched parts where they belong: the output folder's entries into the local one, and each folder that went
// and came back as the run left it (what the run deleted is deleted here too).
bool RemoteRun::placeFetched(QString* error)
{
    if (!m_fetched)
        return true;
    const QDir fetched(m_fetched->path());
    if (!m_localOutput.isEmpty() && fetched.exists(QStringLiteral("out"))) {
        QDir().mkpath(m_localOutput);
        const QDir from(fetched.filePath(QStringLiteral("out")));
        for (const QString& entry : from.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)) {
            const QString target = QDir(m_localOutput).filePath(entry);
            if (QFileInfo(target).isDir())
                QDir(target).removeRecursively();
            else
                QFile::remove(target);
            if (!QFile::rename(from.filePath(entry), target) && !copyTree(from.filePath(entry), target)) {
                *error = QStringLiteral("%1 could not be put in %2.").arg(entry, m_localOutput);
                return false;
            }
        }
    }
    for (const auto& [local, relative] : std::as_const(m_inOut)) {
        const QString back = fetched.filePath(relative);
        if (!QFileInfo(back).exists()) {
            *error = QStringLiteral("%1 did not come back from %2.").arg(local, m_host.displayName());
            return false;
        }
        QDir target(local);
        for (const QString& entry : target.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)) {
            const QFileInfo info(target.filePath(entry));
            if (info.isDir() && !info.isSymLink())
                QDir(info.filePath()).removeRecursively();
            else
                QFile::remove(info.filePath());
        }
        if (!copyTree(back, local)) {
            *error = QStringLiteral("%1 could not be brought back from %2.").arg(local, m_host.displayName());
            return false;
        }
    }
    m_fetched.reset();
    return true;
}

void RemoteRun::stepFinished(int exitCode, QProcess::ExitStatus status)
{
    auto* finishedProcess = qobject_cast<QProcess*>(sender());
    if (finishedProcess != m_ssh)
        return;
    readErrors(true);
    m_ssh = nullptr;
    finishedProcess->deleteLater();
    const bool lost = status == QProcess::CrashExit || exitCode == kSshUnreachable;
    if (m_tar) {
        m_tar->waitForFinished(30000); // it reads or writes what ssh carried, and ends with it
        m_tar->deleteLater();
        m_tar = nullptr;
    }
    const QString host = m_host.displayName();
    switch (m_step) {
    case Step::Upload: {
        QString version;
        for (const QByteArray& line : m_stdout.split('\n')) {
            if (line.startsWith("kwb-home "))
                m_hostHome = QString::fromUtf8(line.mid(9)).trimmed();
            else if (line.startsWith("kwb-runner "))
                version = QString::fromUtf8(line.mid(11)).trimmed();
        }
        if (lost && m_hostHome.isEmpty()) {
            fail(QStringLiteral("%1 could not be reached (%2).").arg(host, lastLine()));
            return;
        }
        if (version.isEmpty()) {
            removeHostFolder();
            fail(QStringLiteral("There is no kwb-runner at %1 on %2 (%3); set the host's runner path, or build one there "
                                "with kwb host bootstrap %4.")
                     .arg(m_host.runnerPath, host, lastLine(), m_host.name.isEmpty() ? m_host.url() : m_host.name));
            return;
        }
        if (version != expectedVersion()) {
            removeHostFolder();
            fail(QStringLiteral("The runner on %1 is version %2 and this workbench is version %3; update it with kwb host "
                                "bootstrap %4.")
                     .arg(host, version, expectedVersion(), m_host.name.isEmpty() ? m_host.url() : m_host.name));
            return;
        }
        if (exitCode != 0 || lost) {
            removeHostFolder();
            fail(QStringLiteral("The inputs could not be sent to %1 (%2).").arg(host, lastLine()));
            return;
        }
        startRun();
        return;
    }
    case Step::Run:
        if (lost) {
            removeHostFolder();
            fail(QStringLiteral("The connection to %1 was lost during the run (%2); nothing was judged, so it can run "
                                "again once the host is back.")
                     .arg(host, lastLine()));
            return;
        }
        m_runExit = exitCode;
        m_runOutput = m_stdout;
        startFetch();
        return;
    case Step::Fetch:
        if (lost) {
            fail(QStringLiteral("The connection to %1 was lost while the results came back (%2); run it again once the "
                                "host is back.")
                     .arg(host, lastLine()));
            return;
        }
        if (QString error; !placeFetched(&error)) {
            fail(error);
            return;
        }
        m_step = Step::Done;
        Q_EMIT ran(m_runExit, localPaths(QString::fromUtf8(m_runOutput)).toUtf8());
        return;
    case Step::Idle:
    case Step::Done:
        return;
    }
}

void RemoteRun::readErrors(bool flush)
{
    if (!m_ssh)
        return;
    m_partial += m_ssh->readAllStandardError();
    if (flush && !m_partial.isEmpty() && !m_partial.endsWith('\n'))
        m_partial += '\n';
    qsizetype start = 0;
    for (qsizetype end = m_partial.indexOf('\n'); end >= 0; end = m_partial.indexOf('\n', start)) {
        const QString line = localPaths(QString::fromUtf8(m_partial.mid(start, end - start))).trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        m_lastLine = line;
        Q_EMIT progress(line);
    }
    m_partial.remove(0, start);
}

QString RemoteRun::lastLine() const
{
    QString line = m_lastLine;
    if (line.startsWith(QLatin1String("kwb-runner: ")))
        line = line.mid(12);
    while (line.endsWith(QLatin1Char('.')))
        line.chop(1);
    return line.isEmpty() ? QStringLiteral("ssh said nothing") : line;
}

QString RemoteRun::localPaths(QString text) const
{
    QStringList hostFolders { m_folder };
    if (!m_hostHome.isEmpty() && !m_folder.startsWith(QLatin1Char('/')))
        hostFolders.prepend(m_hostHome + QLatin1Char('/') + m_folder);
    for (const QString& folder : std::as_const(hostFolders)) {
        if (!m_localOutput.isEmpty())
            text.replace(folder + QStringLiteral("/out"), m_localOutput);
        for (const auto& [local, relative] : m_inputs)
            text.replace(folder + QLatin1Char('/') + relative, local);
    }
    return text;
}

void RemoteRun::fail(const QString& sentence)
{
    m_step = Step::Done;
    Q_EMIT failed(sentence);
}

void RemoteRun::removeHostFolder()
{
    if (m_folder.isEmpty())
        return;
    QProcess::startDetached(QStringLiteral("ssh"),
        m_host.sshArguments(QStringLiteral("rm -rf %1").arg(RunnerHost::shellQuote(m_folder))));
}

void RemoteRun::cancel()
{
    if (m_step == Step::Done || m_step == Step::Idle)
        return;
    m_cancelled = true;
    const Step step = m_step;
    m_step = Step::Done;
    for (QProcess** process : { &m_ssh, &m_tar }) {
        if (!*process)
            continue;
        (*process)->disconnect(this);
        (*process)->kill(); // the host's runner sees its input close and stops what it started
        (*process)->waitForFinished(2000);
        (*process)->deleteLater();
        *process = nullptr;
    }
    if (step == Step::Upload || step == Step::Run)
        removeHostFolder();
    Q_EMIT failed(QStringLiteral("The kwb-runner run on %1 was cancelled.").arg(m_host.displayName()));
}

} // namespace kwb
