#include "testutils.h"

#include "io/nativejsonl.h"
#include "io/syntheticgenerator.h"
#include "store/store.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestNativeJsonl : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void exportImportExportIsByteIdentical();
    void badFilesImportNothing_data();
    void badFilesImportNothing();
    void syntheticIsDeterministicAndMarked();
    void cancelImportsNothing();

private:
    QByteArray exportAll(const Store& store);
    QString writeFile(const QString& name, const QByteArray& data);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestNativeJsonl::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
}

QByteArray TestNativeJsonl::exportAll(const Store& store)
{
    QString error;
    const auto ids = store.trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!ids || !NativeJsonl::exportTrajectories(store, *ids, buffer, {}, &error))
        qWarning() << error;
    return buffer.data();
}

QString TestNativeJsonl::writeFile(const QString& name, const QByteArray& data)
{
    QFile f(m_dir->filePath(name));
    f.open(QIODevice::WriteOnly);
    f.write(data);
    return f.fileName();
}

void TestNativeJsonl::exportImportExportIsByteIdentical()
{
    QString error;
    auto first = Store::open(m_dir->filePath(QStringLiteral("a.kwb")), &error);
    SyntheticGenerator generator({ 12, 0.3, 7 });
    for (int i = 0; i < 5; ++i)
        QVERIFY(first->addTrajectory(generator.next(), &error));
    QVERIFY(first->addTrajectory(test::forkedTrajectory(QStringLiteral("hand")), &error));
    const QByteArray exported = exportAll(*first);
    QCOMPARE(exported.count('\n'), 6);

    auto second = Store::open(m_dir->filePath(QStringLiteral("b.kwb")), &error);
    const auto counts = NativeJsonl::importFile(*second, writeFile(QStringLiteral("a.jsonl"), exported), {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 6);
    QCOMPARE(counts->turns, 5 * 12 + 3);
    QCOMPARE(exportAll(*second), exported);
}

void TestNativeJsonl::badFilesImportNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    const QByteArray good = NativeJsonl::encode(test::forkedTrajectory(QStringLiteral("g"))) + '\n';
    const QByteArray other = NativeJsonl::encode(test::forkedTrajectory(QStringLiteral("o")));
    QTest::newRow("truncated last line") << good + other.left(other.size() / 2) << QStringLiteral("in.jsonl line 2 (byte %1): not valid JSON").arg(good.size());
    QTest::newRow("not an object") << good + "[1,2]\n" << QStringLiteral("line 2 (byte %1): the line is not a JSON object").arg(good.size());
    QByteArray tampered = other;
    tampered.replace("coalesced", "tampered!");
    QTest::newRow("file content does not match its hash") << good + tampered << QStringLiteral("line 2 (byte %1): workspace file \"kernels/softmax.cu\" does not match its sha256").arg(good.size());
    QTest::newRow("duplicate trajectory") << good + good << QStringLiteral("line 2: trajectory g is already in");
    QByteArray missingName = other;
    missingName.replace("\"name\":\"softmax_rows\",", "");
    QTest::newRow("missing field") << good + missingName << QStringLiteral("line 2 (byte %1): field \"name\" is missing").arg(good.size());
}

void TestNativeJsonl::badFilesImportNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QString error;
    const QString storePath = m_dir->filePath(QStringLiteral("s.kwb"));
    {
        auto store = Store::open(storePath, &error);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("existing")), &error));
    }
    const QByteArray before = test::fileDigest(storePath);
    auto store = Store::open(storePath, &error);
    QVERIFY(!NativeJsonl::importFile(*store, writeFile(QStringLiteral("in.jsonl"), content), {}, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.endsWith(QStringLiteral("nothing was imported.")), qPrintable(error));
    QCOMPARE(store->info(&error)->trajectories, 1);
    store.reset();
    QCOMPARE(test::fileDigest(storePath), before);
}

void TestNativeJsonl::syntheticIsDeterministicAndMarked()
{
    SyntheticGenerator a({ 40, 0.08, 3 });
    SyntheticGenerator b({ 40, 0.08, 3 });
    const Trajectory ta = a.next();
    QVERIFY(ta == b.next());
    QVERIFY(!(ta == SyntheticGenerator({ 40, 0.08, 4 }).next()));
    QCOMPARE(ta.turns.size(), 40);
    QVERIFY(ta.isSynthetic());
    for (const Turn& t : ta.turns)
        QCOMPARE(t.provenance.kind, Provenance::Kind::Synthetic);
    QString error;
    QVERIFY2(ta.validate(&error), qPrintable(error));
}

void TestNativeJsonl::cancelImportsNothing()
{
    QString error;
    QByteArray content;
    for (int i = 0; i < 3; ++i)
        content += NativeJsonl::encode(test::forkedTrajectory(QString::number(i))) + '\n';
    auto store = Store::open(m_dir->filePath(QStringLiteral("c.kwb")), &error);
    int calls = 0;
    const auto result = NativeJsonl::importFile(*store, writeFile(QStringLiteral("c.jsonl"), content),
        [&calls](qint64, qint64) { return ++calls < 2; }, &error);
    QVERIFY(!result);
    QVERIFY2(error.contains(QStringLiteral("cancelled")), qPrintable(error));
    QCOMPARE(store->info(&error)->trajectories, 0);
}

QTEST_GUILESS_MAIN(TestNativeJsonl)
#include "tst_nativejsonl.moc"
