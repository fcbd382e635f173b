#pragma once

#include "env/processtree.h"
#include "env/runnerhost.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

// A real OpenSSH server on 127.0.0.1 for the remote-host tests: Debian's sshd started by the test with its own
// host key, user key, port and config in a temporary folder, no system file read or changed (as root, sshd needs
// its privilege-separation folder /run/sshd, an empty runtime folder that is made when missing). The GPU host it
// stands for is this machine, reached as the current user.
namespace kwb::test {

class LoopbackSshd
{
public:
    ~LoopbackSshd() { stop(); }

    // Empty when it runs; else why not.
    QString start()
    {
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder");
        const QString sshd = QStringLiteral("/usr/sbin/sshd");
        if (!QFile::exists(sshd))
            return QStringLiteral("%1 is missing; install openssh-server (installers/debian/packages.txt)").arg(sshd);
        for (const char* key : { "host_key", "user_key" }) {
            const int status = QProcess::execute(QStringLiteral("ssh-keygen"),
                { QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                    QStringLiteral("-f"), path(QString::fromLatin1(key)) });
            if (status != 0)
                return QStringLiteral("ssh-keygen failed");
        }
        QFile::copy(path(QStringLiteral("user_key.pub")), path(QStringLiteral("authorized_keys")));
        if (::geteuid() == 0)
            QDir().mkpath(QStringLiteral("/run/sshd"));
        QTcpServer probe; // a free port, given back just before sshd takes it
        if (!probe.listen(QHostAddress::LocalHost))
            return QStringLiteral("no free port");
        m_port = probe.serverPort();
        probe.close();
        QFile config(path(QStringLiteral("sshd_config")));
        if (!config.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write sshd_config");
        config.write(QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\nPidFile %3\nAuthorizedKeysFile %4\n"
                                    "PasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\n"
                                    "StrictModes no\nPermitRootLogin prohibit-password\nLogLevel QUIET\n")
                         .arg(m_port)
                         .arg(path(QStringLiteral("host_key")), path(QStringLiteral("sshd.pid")),
                             path(QStringLiteral("authorized_keys")))
                         .toUtf8());
        config.close();
        m_sshd.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_sshd.start(sshd, { QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), config.fileName() });
        if (!m_sshd.waitForStarted(5000))
            return QStringLiteral("sshd did not start");
        for (int i = 0; i < 100; ++i) {
            QTcpSocket socket;
            socket.connectToHost(QHostAddress::LocalHost, m_port);
            if (socket.waitForConnected(200))
                return {};
            if (m_sshd.state() != QProcess::Running)
                return QStringLiteral("sshd exited");
            QTest::qWait(100);
        }
        return QStringLiteral("sshd does not listen on port %1").arg(m_port);
    }

    void stop()
    {
        if (m_sshd.state() == QProcess::NotRunning)
            return;
        ProcessTree::kill(m_sshd.processId());
        m_sshd.waitForFinished(5000);
    }

    // Drops every open connection, as a network failure would: the per-connection sshd processes die, the server
    // stays.
    void dropConnections()
    {
        for (qint64 pid : ProcessTree::descendants(m_sshd.processId()))
            ProcessTree::kill(pid);
    }

    // This machine as a GPU host named NAME: the given runner and Python, evaluations under WORK.
    RunnerHost host(const QString& name, const QString& runner, const QString& python, const QString& work) const
    {
        RunnerHost h;
        h.name = name;
        h.address = QStringLiteral("127.0.0.1");
        h.port = m_port;
        h.user = QString::fromLocal8Bit(qgetenv("USER"));
        if (h.user.isEmpty())
            h.user = ::geteuid() == 0 ? QStringLiteral("root") : QString();
        h.runnerPath = runner;
        h.python = python;
        h.workRoot = work;
        h.sshOptions = { QStringLiteral("-F"), QStringLiteral("/dev/null"), QStringLiteral("-i"), path(QStringLiteral("user_key")),
            QStringLiteral("-o"), QStringLiteral("IdentitiesOnly=yes"), QStringLiteral("-o"),
            QStringLiteral("UserKnownHostsFile=") + path(QStringLiteral("known_hosts")), QStringLiteral("-o"),
            QStringLiteral("StrictHostKeyChecking=accept-new") };
        return h;
    }

    int port() const { return m_port; }
    QString path(const QString& name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
    QProcess m_sshd;
    int m_port = 0;
};

} // namespace kwb::test
