// The agent's Toolbox: the file tools and their refusals, bash with its limits, argument checks, and compile,
// verify and profile through a fake kwb-runner (arguments, trace, cancel) and the real one on the CPU.
#include "agent/toolbox.h"
#include "env/fakerunner.h"
#include "env/processtree.h"
#include "runner/sandbox.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <optional>

using namespace kwb;
using namespace kwb::agent;
using namespace Qt::StringLiterals;

class TestToolbox : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void schemasNameEveryTool();
    void badCallsAreErrorOutcomes_data();
    void badCallsAreErrorOutcomes();
    void outcomesComeFromTheEventLoop();
    void readFileNumbersLines();
    void writeFileCreatesFolders();
    void editFileNeedsExactlyOneOccurrence();
    void pathsOutsideTheWorkspaceAreRefused_data();
    void pathsOutsideTheWorkspaceAreRefused();
    void bashOutputAndExitStatus();
    void bashIsSandboxed();
    void bashSeesNoSecret();
    void bashTimeoutKillsEverythingItStarted();
    void bashBackgroundLeftoversAreStopped();
    void bashOutputIsCutInTheMiddle();
    void cancelStopsBash();
    void evaluationArgumentsAndTrace();
    void evaluationRunnerFailureIsAnError();
    void cancelStopsAnEvaluation();
    void realRunnerCompileVerifyProfile();
    void realRunnerCompileError();

private:
    std::optional<ToolOutcome> call(Toolbox& box, const QString& name, const QJsonObject& arguments,
        int timeoutMs = 20000, const QString& rawArguments = {});
    QString workspaceFile(const QString& path) const { return QDir(m_workspace).filePath(path); }
    QByteArray readWorkspaceFile(const QString& path) const;
    void writeWorkspaceFile(const QString& path, const QByteArray& content) const;
    QString copyFixtureWorkspace(const QString& name);
    EnvironmentSettings realRunner() const;

    QTemporaryDir m_dir;
    QString m_tmp; // TMPDIR of this test, so that leftover run directories can be counted
    QString m_workspace;
    QString m_outside;
    QString m_fixtures;
    int m_workspaces = 0;
};

void TestToolbox::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_tmp = m_dir.filePath(QStringLiteral("tmp"));
    QVERIFY(QDir().mkpath(m_tmp));
    qputenv("TMPDIR", m_tmp.toUtf8());
    QCOMPARE(QDir::tempPath(), m_tmp);
    m_fixtures = QFINDTESTDATA("../runner/fixtures/eval");
    QVERIFY(!m_fixtures.isEmpty());
}

void TestToolbox::init()
{
    m_workspace = m_dir.filePath(QStringLiteral("ws%1").arg(++m_workspaces));
    m_outside = m_dir.filePath(QStringLiteral("outside%1").arg(m_workspaces));
    QVERIFY(QDir().mkpath(m_workspace));
    QVERIFY(QDir().mkpath(m_outside));
}

std::optional<ToolOutcome> TestToolbox::call(
    Toolbox& box, const QString& name, const QJsonObject& arguments, int timeoutMs, const QString& rawArguments)
{
    std::optional<ToolOutcome> outcome;
    QEventLoop loop;
    const auto connection = connect(&box, &Toolbox::finished, &loop, [&](const QString& id, const ToolOutcome& o) {
        if (id == QLatin1String("call-1"))
            outcome = o;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!box.run(ToolCall { QStringLiteral("call-1"), name, arguments, rawArguments }))
        return {};
    if (!outcome)
        loop.exec();
    disconnect(connection);
    return outcome;
}

QByteArray TestToolbox::readWorkspaceFile(const QString& path) const
{
    QFile file(workspaceFile(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

void TestToolbox::writeWorkspaceFile(const QString& path, const QByteArray& content) const
{
    QDir().mkpath(QFileInfo(workspaceFile(path)).absolutePath());
    QFile file(workspaceFile(path));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

void TestToolbox::schemasNameEveryTool()
{
    const QStringList expected { QStringLiteral("bash"), QStringLiteral("read_file"), QStringLiteral("write_file"),
        QStringLiteral("edit_file"), QStringLiteral("compile"), QStringLiteral("verify"), QStringLiteral("profile") };
    QCOMPARE(Toolbox::names(), expected);
    const QJsonArray schemas = Toolbox::schemas();
    QCOMPARE(schemas.size(), expected.size());
    for (qsizetype i = 0; i < schemas.size(); ++i) {
        const QJsonObject tool = schemas.at(i).toObject();
        QCOMPARE(tool.value(QStringLiteral("type")).toString(), QStringLiteral("function"));
        const QJsonObject function = tool.value(QStringLiteral("function")).toObject();
        QCOMPARE(function.value(QStringLiteral("name")).toString(), expected.at(i));
        QVERIFY(function.value(QStringLiteral("description")).toString().size() > 40);
        const QJsonObject parameters = function.value(QStringLiteral("parameters")).toObject();
        QCOMPARE(parameters.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
        QCOMPARE(parameters.value(QStringLiteral("additionalProperties")).toBool(true), false);
    }
    const QJsonObject edit = schemas.at(3).toObject().value(QStringLiteral("function")).toObject();
    QCOMPARE(edit.value(QStringLiteral("parameters")).toObject().value(QStringLiteral("required")).toArray(),
        (QJsonArray { QStringLiteral("path"), QStringLiteral("old_string"), QStringLiteral("new_string") }));
    const QJsonObject trials = schemas.at(5)
                                   .toObject()[QStringLiteral("function")][QStringLiteral("parameters")]
                                              [QStringLiteral("properties")][QStringLiteral("trials")]
                                   .toObject();
    QCOMPARE(trials.value(QStringLiteral("type")).toString(), QStringLiteral("integer"));
    QCOMPARE(trials.value(QStringLiteral("minimum")).toInt(), 1);
}

void TestToolbox::badCallsAreErrorOutcomes_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("says");
    const QJsonObject none;
    QTest::newRow("unknown tool") << u"grep"_s << none << QString()
                                  << u"unknown tool \"grep\"; the tools are: bash, read_file, write_file, edit_file, "
                                     u"compile, verify, profile."_s;
    QTest::newRow("not a JSON object") << u"bash"_s << none << u"{\"command\": "_s
                                       << u"not a JSON object: {\"command\": "_s;
    QTest::newRow("missing field") << u"read_file"_s << none << QString() << u"read_file needs the argument \"path\""_s;
    QTest::newRow("string expected") << u"write_file"_s << QJsonObject { { u"path"_s, 3 }, { u"content"_s, u"x"_s } }
                                     << QString() << u"\"path\" of write_file must be a string, not a number"_s;
    QTest::newRow("integer expected") << u"read_file"_s << QJsonObject { { u"path"_s, u"a"_s }, { u"offset"_s, 1.5 } }
                                      << QString()
                                      << u"\"offset\" of read_file must be a whole number of at least 1, not 1.5"_s;
    QTest::newRow("zero lines") << u"read_file"_s << QJsonObject { { u"path"_s, u"a"_s }, { u"limit"_s, 0 } }
                                << QString() << u"\"limit\" of read_file must be a whole number of at least 1, not 0"_s;
    QTest::newRow("unknown field") << u"edit_file"_s
                                   << QJsonObject { { u"path"_s, u"a"_s }, { u"old_string"_s, u"x"_s },
                                          { u"new_string"_s, u"y"_s }, { u"replace_all"_s, true } }
                                   << QString() << u"edit_file has no argument \"replace_all\""_s;
    QTest::newRow("compile takes none") << u"compile"_s << QJsonObject { { u"trials"_s, 3 } } << QString()
                                        << u"compile takes no arguments, and was given \"trials\"."_s;
}

void TestToolbox::badCallsAreErrorOutcomes()
{
    QFETCH(QString, tool);
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, raw);
    QFETCH(QString, says);
    Toolbox box(m_workspace, m_fixtures + QStringLiteral("/task_scale_add.py"));
    const std::optional<ToolOutcome> outcome = call(box, tool, arguments, 5000, raw);
    QVERIFY(outcome);
    QVERIFY(outcome->isError);
    QVERIFY2(outcome->output.startsWith(QLatin1String("Error: ")), qPrintable(outcome->output));
    QVERIFY2(outcome->output.contains(says), qPrintable(outcome->output));
    QVERIFY(!outcome->eval);
    QVERIFY(!box.isRunning());
}

void TestToolbox::outcomesComeFromTheEventLoop()
{
    Toolbox box(m_workspace, QString());
    int finished = 0;
    connect(&box, &Toolbox::finished, this, [&finished] { ++finished; });
    QVERIFY(box.run({ QStringLiteral("a"), QStringLiteral("write_file"),
        QJsonObject { { u"path"_s, u"model_new.py"_s }, { u"content"_s, u"x = 1\n"_s } } }));
    QCOMPARE(finished, 0); // not from inside run(), so the caller can connect and record first
    QVERIFY(box.isRunning());
    QVERIFY(!box.run(
        { QStringLiteral("b"), QStringLiteral("read_file"), QJsonObject { { u"path"_s, u"model_new.py"_s } } }));
    QTRY_COMPARE(finished, 1);
    QVERIFY(!box.isRunning());
    QCOMPARE(readWorkspaceFile(QStringLiteral("model_new.py")), QByteArray("x = 1\n"));
}

void TestToolbox::readFileNumbersLines()
{
    writeWorkspaceFile(QStringLiteral("kernels/add.cu"), "one\ntwo\r\nthree\nfour\nfive\n");
    Toolbox box(m_workspace, QString());
    auto o = call(box, QStringLiteral("read_file"), { { u"path"_s, u"kernels/add.cu"_s } });
    QVERIFY(o && !o->isError);
    QCOMPARE(o->output, QStringLiteral("     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour\n     5\tfive\n"));
    o = call(box, QStringLiteral("read_file"),
        { { u"path"_s, u"./kernels//add.cu"_s }, { u"offset"_s, 2 }, { u"limit"_s, 2 } });
    QVERIFY(o && !o->isError);
    QCOMPARE(o->output, QStringLiteral("     2\ttwo\n     3\tthree\n[lines 2-3 of 5; read on with offset 4]"));
    o = call(box, QStringLiteral("read_file"), { { u"path"_s, u"kernels/add.cu"_s }, { u"offset"_s, 9 } });
    QVERIFY(o && o->isError);
    QVERIFY2(o->output.contains(QLatin1String("has 5 lines; offset 9 is past its end")), qPrintable(o->output));
    o = call(box, QStringLiteral("read_file"), { { u"path"_s, u"kernels/sub.cu"_s } });
    QVERIFY(o && o->isError);
    QVERIFY2(o->output.contains(QLatin1String("kernels/sub.cu does not exist. The workspace's files: kernels/add.cu.")),
        qPrintable(o->output));
    o = call(box, QStringLiteral("read_file"), { { u"path"_s, u"kernels"_s } });
    QVERIFY(o && o->isError && o->output.contains(QLatin1String("is a folder; its files: kernels/add.cu")));
    writeWorkspaceFile(QStringLiteral("cuda_extension.so"),
        QByteArray("\x7f"
                   "ELF\0\0\1",
            7));
    o = call(box, QStringLiteral("read_file"), { { u"path"_s, u"cuda_extension.so"_s } });
    QVERIFY(o && o->isError && o->output.contains(QLatin1String("is a binary file (7 bytes)")));
    writeWorkspaceFile(QStringLiteral("empty.py"), {});
    o = call(box, QStringLiteral("read_file"), { { u"path"_s, u"empty.py"_s } });
    QVERIFY(o && !o->isError);
    QCOMPARE(o->output, QStringLiteral("(empty.py is empty)"));
}

void TestToolbox::writeFileCreatesFolders()
{
    Toolbox box(m_workspace, QString());
    const QString content = QStringLiteral("__global__ void k() {}\n// \u00e9\n");
    auto o
        = call(box, QStringLiteral("write_file"), { { u"path"_s, u"kernels/deep/k.cu"_s }, { u"content"_s, content } });
    QVERIFY(o && !o->isError);
    QCOMPARE(o->output, QStringLiteral("Created kernels/deep/k.cu: 29 bytes, 2 lines."));
    QCOMPARE(readWorkspaceFile(QStringLiteral("kernels/deep/k.cu")), content.toUtf8());
    o = call(box, QStringLiteral("write_file"), { { u"path"_s, u"kernels/deep/k.cu"_s }, { u"content"_s, u""_s } });
    QVERIFY(o && !o->isError);
    QCOMPARE(o->output, QStringLiteral("Replaced kernels/deep/k.cu: 0 bytes, 0 lines."));
    QCOMPARE(readWorkspaceFile(QStringLiteral("kernels/deep/k.cu")), QByteArray());
    o = call(box, QStringLiteral("write_file"), { { u"path"_s, u"kernels"_s }, { u"content"_s, u"x"_s } });
    QVERIFY(o && o->isError && o->output.contains(QLatin1String("kernels is a folder")));
}

void TestToolbox::editFileNeedsExactlyOneOccurrence()
{
    writeWorkspaceFile(QStringLiteral("model_new.py"), "a = 1\nb = 2\na = 1\nc = 3\n");
    Toolbox box(m_workspace, QString());
    auto o = call(box, QStringLiteral("edit_file"),
        { { u"path"_s, u"model_new.py"_s }, { u"old_string"_s, u"a = 1"_s }, { u"new_string"_s, u"a = 5"_s } });
    QVERIFY(o && o->isError);
    QVERIFY2(o->output.contains(
                 QLatin1String("old_string occurs 2 times in model_new.py; include more of the surrounding text")),
        qPrintable(o->output));
    o = call(box, QStringLiteral("edit_file"),
        { { u"path"_s, u"model_new.py"_s }, { u"old_string"_s, u"d = 4"_s }, { u"new_string"_s, u"x"_s } });
    QVERIFY(o && o->isError && o->output.contains(QLatin1String("old_string does not occur in model_new.py")));
    o = call(box, QStringLiteral("edit_file"),
        { { u"path"_s, u"model_new.py"_s }, { u"old_string"_s, u"c = 3"_s }, { u"new_string"_s, u"c = 3"_s } });
    QVERIFY(o && o->isError && o->output.contains(QLatin1String("the same")));
    QCOMPARE(readWorkspaceFile(QStringLiteral("model_new.py")), QByteArray("a = 1\nb = 2\na = 1\nc = 3\n"));
    o = call(box, QStringLiteral("edit_file"),
        { { u"path"_s, u"model_new.py"_s }, { u"old_string"_s, u"b = 2\na = 1\n"_s },
            { u"new_string"_s, u"b = 2\na = 7\nd = 8\n"_s } });
    QVERIFY(o && !o->isError);
    QCOMPARE(
        o->output, QStringLiteral("Edited model_new.py at line 2: 3 line(s) replaced by 4; the file has 5 lines now."));
    QCOMPARE(readWorkspaceFile(QStringLiteral("model_new.py")), QByteArray("a = 1\nb = 2\na = 7\nd = 8\nc = 3\n"));
    o = call(box, QStringLiteral("edit_file"),
        { { u"path"_s, u"nothing.py"_s }, { u"old_string"_s, u"x"_s }, { u"new_string"_s, u"y"_s } });
    QVERIFY(
        o && o->isError && o->output.contains(QLatin1String("nothing.py does not exist; write_file creates files")));
}

void TestToolbox::pathsOutsideTheWorkspaceAreRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("says");
    QTest::newRow("absolute") << u"/etc/hostname"_s << u"is an absolute path"_s;
    QTest::newRow("home") << u"~/.bashrc"_s << u"is an absolute path"_s;
    QTest::newRow("dot dot") << u"../outside/secret.txt"_s << u"contains \"..\""_s;
    QTest::newRow("dot dot inside") << u"kernels/../../x"_s << u"contains \"..\""_s;
    QTest::newRow("empty") << u""_s << u"The path is empty"_s;
    QTest::newRow("link to a file outside") << u"secret_link"_s << u"symbolic link that leads outside the workspace"_s;
    QTest::newRow("through a folder link")
        << u"outside_dir/secret.txt"_s << u"symbolic link that leads outside the workspace"_s;
    QTest::newRow("new file in a folder link")
        << u"outside_dir/new.txt"_s << u"symbolic link that leads outside the workspace"_s;
    QTest::newRow("dangling link") << u"dangling"_s << u"symbolic link to something that does not exist"_s;
}

void TestToolbox::pathsOutsideTheWorkspaceAreRefused()
{
    QFETCH(QString, path);
    QFETCH(QString, says);
    QFile secret(QDir(m_outside).filePath(QStringLiteral("secret.txt")));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("outside\n");
    secret.close();
    QVERIFY(QFile::link(secret.fileName(), workspaceFile(QStringLiteral("secret_link"))));
    QVERIFY(QFile::link(m_outside, workspaceFile(QStringLiteral("outside_dir"))));
    QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("no-such-file")), workspaceFile(QStringLiteral("dangling"))));
    Toolbox box(m_workspace, QString());
    const QList<QPair<QString, QJsonObject>> calls {
        { QStringLiteral("read_file"), { { u"path"_s, path } } },
        { QStringLiteral("write_file"), { { u"path"_s, path }, { u"content"_s, u"overwritten\n"_s } } },
        { QStringLiteral("edit_file"),
            { { u"path"_s, path }, { u"old_string"_s, u"outside"_s }, { u"new_string"_s, u"edited"_s } } },
    };
    for (const auto& [tool, arguments] : calls) {
        const auto o = call(box, tool, arguments);
        QVERIFY(o);
        QVERIFY2(o->isError && o->output.contains(says), qPrintable(tool + QStringLiteral(": ") + o->output));
    }
    QCOMPARE(QDir(m_outside).entryList(QDir::Files), QStringList { QStringLiteral("secret.txt") });
    QVERIFY(secret.open(QIODevice::ReadOnly));
    QCOMPARE(secret.readAll(), QByteArray("outside\n"));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("no-such-file"))));
    // A link that stays inside is an ordinary path.
    writeWorkspaceFile(QStringLiteral("kernels/a.cu"), "inside\n");
    QVERIFY(QFile::link(workspaceFile(QStringLiteral("kernels")), workspaceFile(QStringLiteral("src"))));
    const auto inside = call(box, QStringLiteral("read_file"), { { u"path"_s, u"src/a.cu"_s } });
    QVERIFY(inside && !inside->isError);
    QCOMPARE(inside->output, QStringLiteral("     1\tinside\n"));
}

void TestToolbox::bashIsSandboxed()
{
    const runner::Sandbox& sandbox = runner::Sandbox::instance();
    if (sandbox.kind() != runner::Sandbox::Kind::Bubblewrap)
        QSKIP(sandbox.note().c_str());
    // Outside the workspace: the test's own folder (read-only to the command, or absent from its private /tmp).
    const QString outside = QDir::current().filePath(QStringLiteral("kwb-agent-bash-outside.txt"));
    QFile::remove(outside);
    Toolbox box(m_workspace, QString());
    const QString command = QStringLiteral("echo in > inside.txt; echo out > %1; (exec 3<>/dev/tcp/127.0.0.1/9) && echo net-open; true")
                                .arg(outside);
    const auto o = call(box, QStringLiteral("bash"), { { u"command"_s, command } });
    QVERIFY(o);
    // Read-only outside /tmp; a checkout under /tmp has its folder outside the private /tmp, where it is absent.
    QVERIFY2(o->output.contains(QLatin1String("Read-only file system"))
            || (outside.startsWith(QStringLiteral("/tmp/")) && o->output.contains(QLatin1String("No such file or directory"))),
        qPrintable(o->output));
    QVERIFY2(!o->output.contains(QLatin1String("net-open")), qPrintable(o->output));
    QVERIFY(!QFileInfo::exists(outside));
    QVERIFY(QFileInfo::exists(workspaceFile(QStringLiteral("inside.txt"))));
}

void TestToolbox::bashSeesNoSecret()
{
    // Secrets of several naming styles: none reaches the command, and so none can end up in a stored tool message.
    const char* const secrets[] = { "OPENAI_API_KEY", "OPENAI_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "GH_PAT",
        "HF_TOKEN", "CUDA_API_KEY", "npm_config__authToken" };
    for (const char* name : secrets)
        qputenv(name, "kwb-test-secret-value");
    Toolbox box(m_workspace, QString());
    const auto o = call(box, QStringLiteral("bash"), { { u"command"_s, u"env; echo \"path=${PATH:+set}\""_s } });
    for (const char* name : secrets)
        qunsetenv(name);
    QVERIFY(o);
    QVERIFY2(!o->output.contains(QLatin1String("kwb-test-secret-value")), qPrintable(o->output));
    QVERIFY2(o->output.contains(QLatin1String("path=set")), qPrintable(o->output)); // what a build needs is still there
}

void TestToolbox::bashOutputAndExitStatus()
{
    Toolbox box(m_workspace, QString());
    auto o = call(box, QStringLiteral("bash"),
        { { u"command"_s, u"echo out; echo err >&2; pwd; echo \"bytecode=$PYTHONDONTWRITEBYTECODE\"; exit 3"_s } });
    QVERIFY(o);
    QVERIFY(!o->isError); // a failing command is a result the agent reads
    const runner::Sandbox& sandbox = runner::Sandbox::instance();
    const QString note = sandbox.kind() == runner::Sandbox::Kind::Bubblewrap
        ? QString()
        : QStringLiteral("[no sandbox: %1]\n").arg(QString::fromStdString(sandbox.note()));
    QCOMPARE(o->output,
        note + QStringLiteral("out\nerr\n%1\nbytecode=1\n[exit status 3]").arg(QFileInfo(m_workspace).canonicalFilePath()));
    o = call(box, QStringLiteral("bash"), { { u"command"_s, u"true"_s } });
    QVERIFY(o && !o->isError);
    QCOMPARE(o->output, QStringLiteral("(no output)\n[exit status 0]"));
    o = call(box, QStringLiteral("bash"), { { u"command"_s, u"read line; echo \"read status $?, got '$line'\""_s } });
    QVERIFY(o);
    QCOMPARE(o->output, QStringLiteral("read status 1, got ''\n[exit status 0]")); // no stdin to wait on
}

void TestToolbox::bashTimeoutKillsEverythingItStarted()
{
    if (QStandardPaths::findExecutable(QStringLiteral("setsid")).isEmpty())
        QSKIP("needs setsid(1) to start a process in a session of its own");
    Toolbox box(m_workspace, QString());
    box.setLimits({ 2, 64 * 1024 });
    // A child in the group, and one that left the group for a session of its own.
    QElapsedTimer clock;
    clock.start();
    const auto o = call(box, QStringLiteral("bash"),
        { { u"command"_s,
            u"sleep 300 & echo $! > child.pid; setsid sleep 300 & echo $! > session.pid; echo started; sleep 300"_s } },
        30000);
    QVERIFY(o);
    QVERIFY(clock.elapsed() < 20000);
    QVERIFY(o->isError);
    QCOMPARE(o->output,
        QStringLiteral("started\n[killed after 2 s: the command ran past the time limit; it and everything it started "
                       "were stopped]"));
    for (const char* file : { "child.pid", "session.pid" }) {
        const qint64 pid = readWorkspaceFile(QLatin1String(file)).trimmed().toLongLong();
        QVERIFY2(pid > 0, file);
        QTRY_VERIFY2_WITH_TIMEOUT(!test::processAlive(pid), file, 5000);
    }
}

void TestToolbox::bashBackgroundLeftoversAreStopped()
{
    Toolbox box(m_workspace, QString());
    const auto o
        = call(box, QStringLiteral("bash"), { { u"command"_s, u"sleep 300 > /dev/null 2>&1 & echo $! > bg.pid"_s } });
    QVERIFY(o);
    QVERIFY(!o->isError);
    QCOMPARE(o->output,
        QStringLiteral(
            "(no output)\n[exit status 0]\n[processes the command left running in the background were stopped]"));
    const qint64 pid = readWorkspaceFile(QStringLiteral("bg.pid")).trimmed().toLongLong();
    QVERIFY(pid > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!test::processAlive(pid), 5000);
}

void TestToolbox::bashOutputIsCutInTheMiddle()
{
    Toolbox box(m_workspace, QString());
    box.setLimits({ 60, 1000 });
    const auto o = call(box, QStringLiteral("bash"), { { u"command"_s, u"seq 1 100000"_s } });
    QVERIFY(o);
    QVERIFY(!o->isError);
    QVERIFY2(o->output.startsWith(QLatin1String("1\n2\n3\n")), qPrintable(o->output.left(100)));
    QVERIFY(o->output.endsWith(QLatin1String("99999\n100000\n[exit status 0]")));
    QVERIFY2(o->output.contains(QLatin1String(" bytes of 588895 cut here ...]\n")), qPrintable(o->output));
    QVERIFY(o->output.size() < 1100);
    // No half lines beside the cut.
    const QStringList lines = o->output.split(QLatin1Char('\n'));
    for (const QString& line : lines)
        QVERIFY2(line.startsWith(QLatin1Char('[')) || line.toInt() > 0, qPrintable(line));
}

void TestToolbox::cancelStopsBash()
{
    Toolbox box(m_workspace, QString());
    std::optional<ToolOutcome> outcome;
    connect(&box, &Toolbox::finished, this, [&outcome](const QString&, const ToolOutcome& o) { outcome = o; });
    QVERIFY(box.run(
        { QStringLiteral("c"), QStringLiteral("bash"), QJsonObject { { u"command"_s, u"echo begun; sleep 300"_s } } }));
    QTest::qWait(300);
    box.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 5000);
    QVERIFY(outcome->isError);
    QCOMPARE(outcome->output, QStringLiteral("begun\n[stopped by the user]"));
    QVERIFY(!box.isRunning());
}

void TestToolbox::evaluationArgumentsAndTrace()
{
    const QString argsFile = m_dir.filePath(QStringLiteral("args.txt"));
    const QString traceFixture = QFINDTESTDATA("../trace/fixtures/kwb_tracer_diag_matmul_h200.json");
    QVERIFY(!traceFixture.isEmpty());
    // Records its arguments, writes the trace into the run directory it was given, and prints a GPU result.
    const QByteArray script = "printf '%s\\n' \"$@\" > " + test::shellQuoted(argsFile)
        + "\nwhile [ $# -gt 0 ]; do [ \"$1\" = --run-dir ] && run=\"$2\"; shift; done\n"
          "mkdir -p \"$run/candidate_trace\" && cp "
        + test::shellQuoted(traceFixture)
        + " \"$run/candidate_trace/trace.json\"\n"
          "echo '{\"compile\":{\"status\":\"passed\"},\"verify\":{\"status\":\"passed\",\"trials\":[{\"passed\":true,"
          "\"max_abs_error\":0,\"max_rel_error\":0}],\"atol\":0.01,\"rtol\":0.01},\"timing\":{\"status\":\"passed\","
          "\"candidate\":{\"median_us\":52,\"p20_us\":51,\"p80_us\":53,\"n\":100},\"eager\":{\"median_us\":2000,\"n\":"
          "100},"
          "\"compiled\":{\"median_us\":1900,\"n\":100}},\"device\":\"cuda\",\"hack_flags\":[\"excessive-speedup\"],"
          "\"reward\":{\"scheme\":\"cuda-agent\",\"value\":3},\"trace\":{\"status\":\"passed\",\"candidate\":\"'$run/"
          "candidate_trace/trace.json'\"}}'\n";
    const QString runner = test::writeFakeRunner(m_dir.path(), QStringLiteral("fake-runner.sh"), script);
    writeWorkspaceFile(QStringLiteral("model_new.py"), "class ModelNew: pass\n");
    const QString task = m_fixtures + QStringLiteral("/task_scale_add.py");
    Toolbox box(m_workspace, task);
    box.setEnvironment({ runner, QStringLiteral("cuda"),
        { QStringLiteral("--cache-dir"), QStringLiteral("/c"), QStringLiteral("--device"), QStringLiteral("cpu"),
            QStringLiteral("--trials"), QStringLiteral("4") },
        RunnerHost(), false });
    const auto arguments = [&argsFile] {
        QFile file(argsFile);
        return file.open(QIODevice::ReadOnly)
            ? QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)
            : QStringList();
    };

    auto o = call(box, QStringLiteral("compile"), {});
    QVERIFY(o && !o->isError);
    QStringList args = arguments();
    QCOMPARE(args.mid(0, 11),
        (QStringList { u"eval"_s, u"--task"_s, task, u"--candidate"_s, m_workspace, u"--cache-dir"_s, u"/c"_s,
            u"--device"_s, u"cpu"_s, u"--trials"_s, u"4"_s }));
    QCOMPARE(args.mid(11, 2), (QStringList { u"--device"_s, u"cuda"_s })); // the setting wins over the extra options
    QCOMPARE(args.at(13), QStringLiteral("--run-dir"));
    QVERIFY(args.at(14).startsWith(m_tmp + QStringLiteral("/kwb-tool-")));
    QCOMPARE(args.mid(15), (QStringList { u"--stop-after"_s, u"compile"_s }));
    QVERIFY(!QFileInfo::exists(args.at(14))); // the run directory went with the call

    o = call(box, QStringLiteral("verify"), { { u"trials"_s, 2 } }); // fewer than the environment's: not taken
    QVERIFY(o && !o->isError);
    QCOMPARE(arguments().mid(15), (QStringList { u"--stop-after"_s, u"verify"_s }));
    o = call(box, QStringLiteral("verify"), { { u"trials"_s, 9 } });
    QCOMPARE(arguments().mid(15), (QStringList { u"--stop-after"_s, u"verify"_s, u"--trials"_s, u"9"_s }));

    o = call(box, QStringLiteral("profile"), {});
    QVERIFY(o && !o->isError);
    QCOMPARE(arguments().size(), 15); // no stop
    QVERIFY(o->eval);
    QCOMPARE(o->eval->timing.candidate.medianUs, 52.0);
    QCOMPARE(o->eval->reward, 3.0);
    QFile fixture(traceFixture);
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    QCOMPARE(o->trace, fixture.readAll());
    for (const char* expected :
        { "speedup: 38.46x over eager PyTorch, 36.54x over torch.compile", "reward: 3 (cuda-agent)",
            "flags: excessive-speedup (more than 10x over eager PyTorch", "GPU work per call (trace of 3 calls",
            "(anonymous namespace)::row_scale_vec4_kernel(float const*, float4 const*, float4*, long, long)" })
        QVERIFY2(o->output.contains(QLatin1String(expected)), qPrintable(o->output));
    QCOMPARE(QDir(m_tmp).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList());
}

void TestToolbox::evaluationRunnerFailureIsAnError()
{
    writeWorkspaceFile(QStringLiteral("model_new.py"), "class ModelNew: pass\n");
    Toolbox box(m_workspace, m_fixtures + QStringLiteral("/task_scale_add.py"));
    box.setEnvironment({ test::writeFakeRunner(m_dir.path(), QStringLiteral("failing.sh"),
                             "echo '{\"error\": \"The task file T does not exist.\"}'\nexit 1\n"),
        QStringLiteral("cpu"), {}, RunnerHost(), false });
    auto o = call(box, QStringLiteral("verify"), {});
    QVERIFY(o && o->isError);
    QCOMPARE(o->output, QStringLiteral("Error: the evaluation could not run: The task file T does not exist."));
    // Kept with the turn as the environment's error, not as a verdict, and the run stops on it.
    QVERIFY(o->eval && o->eval->environmentError() == QStringLiteral("The task file T does not exist."));
    QCOMPARE(o->environmentError, QStringLiteral("The task file T does not exist."));
    QVERIFY(QFile::remove(workspaceFile(QStringLiteral("model_new.py"))));
    o = call(box, QStringLiteral("compile"), {});
    QVERIFY(o && o->isError);
    QVERIFY2(o->output.contains(QLatin1String("the workspace has no model_new.py yet")), qPrintable(o->output));
}

void TestToolbox::cancelStopsAnEvaluation()
{
    const QString pidFile = m_dir.filePath(QStringLiteral("runner.pid"));
    writeWorkspaceFile(QStringLiteral("model_new.py"), "class ModelNew: pass\n");
    Toolbox box(m_workspace, m_fixtures + QStringLiteral("/task_scale_add.py"));
    box.setEnvironment({ test::writeFakeRunner(m_dir.path(), QStringLiteral("slow.sh"),
                             "sleep 300 &\necho $! > " + test::shellQuoted(pidFile) + "\nwait\n"),
        QStringLiteral("cpu"), {}, RunnerHost(), false });
    std::optional<ToolOutcome> outcome;
    connect(&box, &Toolbox::finished, this, [&outcome](const QString&, const ToolOutcome& o) { outcome = o; });
    QVERIFY(box.run({ QStringLiteral("p"), QStringLiteral("profile"), QJsonObject() }));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(pidFile).size() > 0, 5000);
    box.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 5000);
    QVERIFY(outcome->isError);
    QCOMPARE(outcome->output, QStringLiteral("Error: the evaluation was stopped by the user."));
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const qint64 stage = file.readAll().trimmed().toLongLong();
    QTRY_VERIFY_WITH_TIMEOUT(!test::processAlive(stage), 5000);
    QCOMPARE(QDir(m_tmp).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList());
}

QString TestToolbox::copyFixtureWorkspace(const QString& name)
{
    const QString from = m_fixtures + QLatin1Char('/') + name;
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString relative = QDir(from).relativeFilePath(file);
        QDir().mkpath(QFileInfo(workspaceFile(relative)).absolutePath());
        if (!QFile::copy(file, workspaceFile(relative)))
            return {};
    }
    return m_workspace;
}

EnvironmentSettings TestToolbox::realRunner() const
{
    // Small trials and timing, and one build cache for every evaluation of the test.
    return { QStringLiteral(KWB_RUNNER), QStringLiteral("cpu"),
        { QStringLiteral("--trials"), QStringLiteral("2"), QStringLiteral("--input-sets"), QStringLiteral("2"),
            QStringLiteral("--min-calls"), QStringLiteral("5"), QStringLiteral("--min-ms"), QStringLiteral("5"),
            QStringLiteral("--warmup-ms"), QStringLiteral("5"), QStringLiteral("--no-trace"),
            QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")) },
        RunnerHost(), true };
}

void TestToolbox::realRunnerCompileVerifyProfile()
{
    if (!KWB_RUNNER_EVALUATES)
        QSKIP("this kwb-runner was built without LibTorch and cannot evaluate");
    QVERIFY(!copyFixtureWorkspace(QStringLiteral("pass_workspace")).isEmpty());
    Toolbox box(m_workspace, m_fixtures + QStringLiteral("/task_scale_add.py"));
    box.setEnvironment(realRunner());
    constexpr int kEvaluation = 600000;

    auto o = call(box, QStringLiteral("compile"), {}, kEvaluation);
    QVERIFY(o);
    QVERIFY2(!o->isError, qPrintable(o->output));
    QVERIFY(o->eval);
    QCOMPARE(o->eval->compile.status, StageStatus::Passed);
    QCOMPARE(o->eval->verify.status, StageStatus::NotRun);
    QVERIFY(std::isnan(o->eval->reward)); // built, never judged
    QVERIFY2(o->output.startsWith(QLatin1String("compile: passed (")), qPrintable(o->output));
    QVERIFY(!o->output.contains(QLatin1String("verify")));

    o = call(box, QStringLiteral("verify"), {}, kEvaluation);
    QVERIFY(o && o->eval);
    QVERIFY2(!o->isError, qPrintable(o->output));
    QCOMPARE(o->eval->verify.status, StageStatus::Passed);
    QCOMPARE(o->eval->timing.status, StageStatus::NotRun);
    QCOMPARE(o->eval->reward, 1.0);
    QVERIFY2(o->output.startsWith(QLatin1String("compile: passed (cached build")), qPrintable(o->output));
    QVERIFY2(o->output.contains(QLatin1String(
                 "verify: passed, 2 of 2 trials within atol 0.01 and rtol 0.01 (largest errors: abs 0, rel 0)")),
        qPrintable(o->output));
    QVERIFY(!o->output.contains(QLatin1String("timing")));

    o = call(box, QStringLiteral("profile"), {}, kEvaluation);
    QVERIFY(o && o->eval);
    QVERIFY2(!o->isError, qPrintable(o->output));
    QVERIFY(o->eval->timing.candidate.isKnown());
    QVERIFY(o->eval->timing.eager.isKnown());
    QVERIFY(o->trace.isEmpty()); // no trace pass on the CPU
    for (const char* expected : { "timing: passed (CPU, host clock)", "  candidate ", "  eager PyTorch ",
             "  torch.compile ", "speedup: ", "x over eager PyTorch", "reward: ", "(cuda-agent)" })
        QVERIFY2(o->output.contains(QLatin1String(expected)), qPrintable(o->output));
    qInfo().noquote() << u"profile tool output:\n"_s + o->output;
    QCOMPARE(QDir(m_tmp).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList());
}

void TestToolbox::realRunnerCompileError()
{
    if (!KWB_RUNNER_EVALUATES)
        QSKIP("this kwb-runner was built without LibTorch and cannot evaluate");
    QVERIFY(!copyFixtureWorkspace(QStringLiteral("compile_error_workspace")).isEmpty());
    Toolbox box(m_workspace, m_fixtures + QStringLiteral("/task_scale_add.py"));
    box.setEnvironment(realRunner());
    const auto o = call(box, QStringLiteral("compile"), {}, 600000);
    QVERIFY(o && o->eval);
    QVERIFY2(!o->isError, qPrintable(o->output)); // a compile error is a result the agent reads
    QCOMPARE(o->eval->compile.status, StageStatus::Failed);
    QCOMPARE(o->eval->reward, -1.0);
    QVERIFY2(o->output.startsWith(QLatin1String("compile: failed (")), qPrintable(o->output));
    QVERIFY2(
        o->output.contains(QLatin1String("\nkernels/scale_add_relu_binding.cpp:7:18: error: ")), qPrintable(o->output));
    QVERIFY(o->output.contains(QLatin1String("undeclared_factor")));
    QVERIFY(o->output.contains(QLatin1String("1 error(s), 0 warning(s).")));
    qInfo().noquote() << u"compile tool output:\n"_s + o->output;
}

QTEST_GUILESS_MAIN(TestToolbox)
#include "tst_toolbox.moc"
