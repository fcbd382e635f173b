// TurnWorkspace: a turn's files and its task written out for kwb-runner, in both candidate layouts, and the
// paths and turns it refuses without writing anything.
#include "env/turnworkspace.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestTurnWorkspace : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void workspaceLayout();
    void singleFileCandidate();
    void candidateAmongSeveralPythonFiles();
    void noCandidate();
    void unsafePaths_data();
    void unsafePaths();
    void missingContentOrTask();

private:
    static TaskRef task();
    static QByteArray read(const QString& path);
    static QStringList filesUnder(const QString& directory);
};

TaskRef TestTurnWorkspace::task()
{
    return { QStringLiteral("softmax_rows"), 1,
        QStringLiteral("import torch\nclass Model(torch.nn.Module):\n    pass\n") };
}

QByteArray TestTurnWorkspace::read(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(missing)");
}

QStringList TestTurnWorkspace::filesUnder(const QString& directory)
{
    QStringList files;
    QDirIterator it(directory, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(QDir(directory).relativeFilePath(it.next()));
    files.sort();
    return files;
}

void TestTurnWorkspace::workspaceLayout()
{
    Turn turn;
    turn.workspace.setFile(
        QStringLiteral("model_new.py"), "import torch\nclass ModelNew(torch.nn.Module):\n    pass\n");
    turn.workspace.setFile(QStringLiteral("kernels/softmax.cu"), "__global__ void softmax() {}\n");
    turn.workspace.setFile(QStringLiteral("kernels/softmax_binding.cpp"), "REGISTER_BINDING(softmax)\n");
    turn.workspace.setFile(QStringLiteral("task.py"), "the agent's own task.py must not replace the reference\n");
    QTemporaryDir dir;
    QString error;
    const auto written = TurnWorkspace::write(turn, task(), dir.path(), &error);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(written->taskPath, dir.filePath(QStringLiteral("task.py")));
    QCOMPARE(written->workspaceDirectory, dir.filePath(QStringLiteral("workspace")));
    QCOMPARE(written->candidatePath, written->workspaceDirectory);
    QCOMPARE(read(written->taskPath), task().source.toUtf8());
    QCOMPARE(filesUnder(dir.path()),
        (QStringList { QStringLiteral("task.py"), QStringLiteral("workspace/kernels/softmax.cu"),
            QStringLiteral("workspace/kernels/softmax_binding.cpp"), QStringLiteral("workspace/model_new.py"),
            QStringLiteral("workspace/task.py") }));
    for (const QString& path : turn.workspace.paths())
        QCOMPARE(read(written->workspaceDirectory + QLatin1Char('/') + path), turn.workspace.content(path));
}

void TestTurnWorkspace::singleFileCandidate()
{
    Turn turn;
    turn.workspace.setFile(
        QStringLiteral("candidate.py"), "from torch.utils.cpp_extension import load_inline\nclass ModelNew: pass\n");
    turn.workspace.setFile(QStringLiteral("notes.md"), "tried shared memory\n");
    QTemporaryDir dir;
    QString error;
    const auto written = TurnWorkspace::write(turn, task(), dir.path(), &error);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(written->candidatePath, dir.filePath(QStringLiteral("workspace/candidate.py")));
    QCOMPARE(read(written->candidatePath), turn.workspace.content(QStringLiteral("candidate.py")));
}

void TestTurnWorkspace::candidateAmongSeveralPythonFiles()
{
    Turn turn;
    turn.workspace.setFile(QStringLiteral("bench.py"), "import time\n");
    turn.workspace.setFile(QStringLiteral("src/solution.py"), "class ModelNew(torch.nn.Module):\n    pass\n");
    QTemporaryDir dir;
    QString error;
    const auto written = TurnWorkspace::write(turn, task(), dir.path(), &error);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(written->candidatePath, dir.filePath(QStringLiteral("workspace/src/solution.py")));
}

void TestTurnWorkspace::noCandidate()
{
    Turn turn;
    turn.workspace.setFile(QStringLiteral("a.py"), "class ModelNew: pass\n");
    turn.workspace.setFile(QStringLiteral("b.py"), "class ModelNew: pass\n"); // two: which one is meant is unclear
    QTemporaryDir dir;
    QString error;
    QVERIFY(!TurnWorkspace::write(turn, task(), dir.path(), &error));
    QVERIFY2(
        error.contains(QStringLiteral("no model_new.py and no single Python file with ModelNew")), qPrintable(error));
    QCOMPARE(filesUnder(dir.path()), QStringList());

    Turn empty;
    QVERIFY(!TurnWorkspace::write(empty, task(), dir.path(), &error));
    QVERIFY2(error.contains(QStringLiteral("no workspace files")), qPrintable(error));
}

void TestTurnWorkspace::unsafePaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("absolute") << QStringLiteral("/tmp/evil.py");
    QTest::newRow("parent") << QStringLiteral("../evil.py");
    QTest::newRow("parent inside") << QStringLiteral("kernels/../../evil.cu");
    QTest::newRow("backslash parent") << QStringLiteral("kernels\\..\\..\\evil.cu");
    QTest::newRow("drive") << QStringLiteral("C:/evil.py");
    QTest::newRow("trailing slash") << QStringLiteral("kernels/");
}

void TestTurnWorkspace::unsafePaths()
{
    QFETCH(QString, path);
    QVERIFY(!TurnWorkspace::isSafeRelativePath(path));
    Turn turn;
    turn.workspace.setFile(QStringLiteral("model_new.py"), "class ModelNew: pass\n");
    turn.workspace.setFile(path, "escape\n");
    QTemporaryDir parent;
    const QString dir = parent.filePath(QStringLiteral("a/b"));
    QString error;
    QVERIFY(!TurnWorkspace::write(turn, task(), dir, &error));
    QVERIFY2(error.contains(QStringLiteral("\"%1\" has an unsafe path").arg(path)), qPrintable(error));
    QCOMPARE(filesUnder(parent.path()), QStringList()); // checked before anything was written
}

void TestTurnWorkspace::missingContentOrTask()
{
    QVERIFY(TurnWorkspace::isSafeRelativePath(QStringLiteral("kernels/v2..final.cu"))); // ".." inside a name is fine
    Turn turn;
    turn.workspace.setFile(QStringLiteral("model_new.py"), "class ModelNew: pass\n");
    turn.workspace.setFileRef(QStringLiteral("kernels/k.cu"), WorkspaceSnapshot::sha256Hex("__global__ void k() {}\n"));
    QTemporaryDir dir;
    QString error;
    QVERIFY(!TurnWorkspace::write(turn, task(), dir.path(), &error));
    QVERIFY2(error.contains(QStringLiteral("without the contents of kernels/k.cu")), qPrintable(error));
    QCOMPARE(filesUnder(dir.path()), QStringList());

    turn.workspace.attachContent(WorkspaceSnapshot::sha256Hex("__global__ void k() {}\n"), "__global__ void k() {}\n");
    TaskRef noSource = task();
    noSource.source.clear();
    QVERIFY(!TurnWorkspace::write(turn, noSource, dir.path(), &error));
    QVERIFY2(error.contains(QStringLiteral("no task source")), qPrintable(error));
    QVERIFY2(TurnWorkspace::write(turn, task(), dir.path(), &error), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestTurnWorkspace)
#include "tst_turnworkspace.moc"
