#include "cuda/devicequery.h"

#include <QTest>

using kwb::cuda::DeviceQuery;

class TestDeviceQuery : public QObject
{
    Q_OBJECT

private slots:
    void noDeviceGivesErrorNotCrash();
    void versionText_data();
    void versionText();
};

void TestDeviceQuery::noDeviceGivesErrorNotCrash()
{
    const DeviceQuery query = DeviceQuery::run();
    if (!query.devices().empty())
        QSKIP("A CUDA device is present; tests/gpu (tst_gpu_devicequery) covers that case.");
    QVERIFY(!query.isValid());
    const QString error = QString::fromStdString(query.error());
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.endsWith(QLatin1Char('.')), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    QVERIFY(query.runtimeVersion() >= 12000); // the runtime answers even when the driver does not
}

void TestDeviceQuery::versionText_data()
{
    QTest::addColumn<int>("cudaVersion");
    QTest::addColumn<QString>("expected");
    QTest::newRow("13.0") << 13000 << QStringLiteral("13.0");
    QTest::newRow("12.8") << 12080 << QStringLiteral("12.8");
    QTest::newRow("11.2") << 11020 << QStringLiteral("11.2");
    QTest::newRow("unknown") << 0 << QString();
}

void TestDeviceQuery::versionText()
{
    QFETCH(int, cudaVersion);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(DeviceQuery::versionText(cudaVersion)), expected);
}

QTEST_GUILESS_MAIN(TestDeviceQuery)
#include "tst_devicequery.moc"
