#include "torch/tensorfile.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using kwb::torchio::TensorFile;
using kwb::torchio::TensorSummary;

namespace {

std::string fixture(const QString& found)
{
    return found.toStdString();
}

QString shapeText(const TensorSummary& summary)
{
    QStringList extents;
    for (const std::int64_t extent : summary.shape)
        extents << QString::number(extent);
    return extents.join(QLatin1Char('x'));
}

// NaN stands for "no finite elements", so two NaNs agree here.
bool sameStat(double actual, double expected)
{
    return (std::isnan(actual) && std::isnan(expected)) || actual == expected;
}

} // namespace

class TestTensorFile : public QObject
{
    Q_OBJECT

private slots:
    void loadsSingleTensor();
    void loadsNestedContainers_data();
    void loadsNestedContainers();
    void statisticsSkipNonFinite();
    void loadsGpuSavedTensorsOnCpu();
    void rejectsBadFiles_data();
    void rejectsBadFiles();
    void rejectsTruncatedArchive();
    void rejectsEmptyFileAndDirectory();
};

void TestTensorFile::loadsSingleTensor()
{
    const TensorFile file = TensorFile::load(fixture(QFINDTESTDATA("fixtures/single.pt")));
    QVERIFY2(file.isValid(), file.error().c_str());
    QVERIFY(file.error().empty());
    QCOMPARE(file.summaries().size(), std::size_t(1));
    const TensorSummary& summary = file.summaries().front();
    QCOMPARE(QString::fromStdString(summary.name), QString());
    QCOMPARE(QString::fromStdString(summary.dtype), QStringLiteral("float32"));
    QCOMPARE(shapeText(summary), QStringLiteral("2x3"));
    QCOMPARE(summary.numel, 6);
    QCOMPARE(summary.min, 0.0);
    QCOMPARE(summary.max, 5.0);
    QCOMPARE(summary.mean, 2.5);
    QVERIFY(!summary.hasNan);
    QVERIFY(!summary.hasInf);
}

void TestTensorFile::loadsNestedContainers_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("mean");

    const double nan = std::nan("");
    // In the order make_fixtures.py put them in: dict insertion order, then list and tuple order.
    QTest::newRow("dict value") << 0 << QStringLiteral("out") << QStringLiteral("float32") << QStringLiteral("2x2")
                                << -2.0 << 4.0 << 1.5;
    QTest::newRow("int64 in list") << 1 << QStringLiteral("inputs.0") << QStringLiteral("int64") << QStringLiteral("3")
                                   << -7.0 << 1e12 << (1e12 - 7.0) / 3.0;
    QTest::newRow("float16 in dict in list") << 2 << QStringLiteral("inputs.1.half") << QStringLiteral("float16")
                                             << QStringLiteral("2") << 0.5 << 1.5 << 1.0;
    QTest::newRow("bfloat16 in tuple") << 3 << QStringLiteral("pair.0") << QStringLiteral("bfloat16")
                                       << QStringLiteral("3") << 2.0 << 6.0 << 4.0;
    QTest::newRow("bool in tuple") << 4 << QStringLiteral("pair.1") << QStringLiteral("bool") << QStringLiteral("3")
                                   << 0.0 << 1.0 << 2.0 / 3.0;
    QTest::newRow("empty") << 5 << QStringLiteral("empty") << QStringLiteral("float32") << QStringLiteral("0x3") << nan
                           << nan << nan;
}

void TestTensorFile::loadsNestedContainers()
{
    QFETCH(int, index);
    QFETCH(QString, name);
    QFETCH(QString, dtype);
    QFETCH(QString, shape);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(double, mean);

    const TensorFile file = TensorFile::load(fixture(QFINDTESTDATA("fixtures/nested.pt")));
    QVERIFY2(file.isValid(), file.error().c_str());
    QCOMPARE(file.summaries().size(), std::size_t(6));
    const TensorSummary& summary = file.summaries().at(std::size_t(index));
    QCOMPARE(QString::fromStdString(summary.name), name);
    QCOMPARE(QString::fromStdString(summary.dtype), dtype);
    QCOMPARE(shapeText(summary), shape);
    QVERIFY2(sameStat(summary.min, min), qPrintable(QString::number(summary.min)));
    QVERIFY2(sameStat(summary.max, max), qPrintable(QString::number(summary.max)));
    QVERIFY2(sameStat(summary.mean, mean), qPrintable(QString::number(summary.mean, 'g', 17)));
    QVERIFY(!summary.hasNan);
    QVERIFY(!summary.hasInf);
}

void TestTensorFile::statisticsSkipNonFinite()
{
    const TensorFile file = TensorFile::load(fixture(QFINDTESTDATA("fixtures/nonfinite.pt")));
    QVERIFY2(file.isValid(), file.error().c_str());
    QCOMPARE(file.summaries().size(), std::size_t(1));
    const TensorSummary& summary = file.summaries().front();
    QCOMPARE(QString::fromStdString(summary.dtype), QStringLiteral("float64"));
    QCOMPARE(summary.numel, 5);
    QVERIFY(summary.hasNan);
    QVERIFY(summary.hasInf);
    QCOMPARE(summary.min, 1.0);
    QCOMPARE(summary.max, 3.0);
    QCOMPARE(summary.mean, 2.0);
}

void TestTensorFile::loadsGpuSavedTensorsOnCpu()
{
    // cuda.pt holds a tensor saved from an H200; it must load here too, GPU or not.
    const TensorFile file = TensorFile::load(fixture(QFINDTESTDATA("fixtures/cuda.pt")));
    QVERIFY2(file.isValid(), file.error().c_str());
    QCOMPARE(file.summaries().size(), std::size_t(1));
    const TensorSummary& summary = file.summaries().front();
    QCOMPARE(QString::fromStdString(summary.name), QStringLiteral("out"));
    QCOMPARE(shapeText(summary), QStringLiteral("2x2"));
    QCOMPARE(summary.min, 0.0);
    QCOMPARE(summary.max, 3.0);
    QCOMPARE(summary.mean, 1.5);
}

void TestTensorFile::rejectsBadFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expectedError");

    QTest::newRow("garbage") << QFINDTESTDATA("fixtures/garbage.pt")
                             << QStringLiteral("is not a file written by torch.save.");
    QTest::newRow("legacy format") << QFINDTESTDATA("fixtures/legacy.pt") << QStringLiteral("legacy format");
    QTest::newRow("string in dict") << QFINDTESTDATA("fixtures/unsupported.pt")
                                    << QStringLiteral("holds a String at 'note'");
    QTest::newRow("missing") << QFINDTESTDATA("fixtures/single.pt") + QStringLiteral(".missing")
                             << QStringLiteral("the file does not exist.");
}

void TestTensorFile::rejectsBadFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, expectedError);
    const TensorFile file = TensorFile::load(path.toStdString());
    QVERIFY(!file.isValid());
    QVERIFY(file.summaries().empty());
    const QString error = QString::fromStdString(file.error());
    QVERIFY2(error.contains(expectedError), qPrintable(error));
    // One sentence: names the file, ends with a full stop, and has no LibTorch backtrace after it.
    QVERIFY2(error.contains(QFileInfo(path).fileName()), qPrintable(error));
    QVERIFY2(error.endsWith(QLatin1Char('.')), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
}

void TestTensorFile::rejectsTruncatedArchive()
{
    QFile source(QFINDTESTDATA("fixtures/single.pt"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QByteArray whole = source.readAll();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("truncated.pt"));
    QFile truncated(path);
    QVERIFY(truncated.open(QIODevice::WriteOnly));
    truncated.write(whole.left(whole.size() / 2));
    truncated.close();

    const TensorFile file = TensorFile::load(path.toStdString());
    QVERIFY(!file.isValid());
    const QString error = QString::fromStdString(file.error());
    QVERIFY2(error.contains(QStringLiteral("could not be unpickled")), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
}

void TestTensorFile::rejectsEmptyFileAndDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString emptyPath = dir.filePath(QStringLiteral("empty.pt"));
    QFile empty(emptyPath);
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();

    const TensorFile emptyFile = TensorFile::load(emptyPath.toStdString());
    QVERIFY(!emptyFile.isValid());
    QVERIFY2(QString::fromStdString(emptyFile.error()).contains(QStringLiteral("is empty")), emptyFile.error().c_str());

    const TensorFile directory = TensorFile::load(dir.path().toStdString());
    QVERIFY(!directory.isValid());
    QVERIFY2(QString::fromStdString(directory.error()).contains(QStringLiteral("is a directory")),
        directory.error().c_str());
}

QTEST_GUILESS_MAIN(TestTensorFile)
#include "tst_tensorfile.moc"
