#include "runner/environmentfingerprint.h"
#include "runner/jsonwriter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <sstream>

using kwb::runner::EnvironmentFingerprint;
using kwb::runner::JsonWriter;

class TestEnvironmentFingerprint : public QObject
{
    Q_OBJECT

private slots:
    void cpuModel_data();
    void cpuModel();
    void driverFromProcVersion_data();
    void driverFromProcVersion();
    void writesEveryFieldWithNullForUnknown();
    void fillsThisHost();
};

void TestEnvironmentFingerprint::cpuModel_data()
{
    QTest::addColumn<QByteArray>("cpuInfo");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("x86") << QByteArray("processor\t: 0\nvendor_id\t: GenuineIntel\n"
                                       "model name\t: Intel(R) Xeon(R) Platinum 8480+\nflags\t\t: fpu\n\n"
                                       "processor\t: 1\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\n")
                         << QByteArray("Intel(R) Xeon(R) Platinum 8480+");
    QTest::newRow("extra spaces") << QByteArray("model name :   AMD EPYC 9654 96-Core Processor   \n")
                                  << QByteArray("AMD EPYC 9654 96-Core Processor");
    QTest::newRow("arm, no model name") << QByteArray("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n")
                                        << QByteArray();
    QTest::newRow("empty") << QByteArray() << QByteArray();
    QTest::newRow("similar key") << QByteArray("model\t\t: 143\nmodel name\t: Grace\n") << QByteArray("Grace");
}

void TestEnvironmentFingerprint::cpuModel()
{
    QFETCH(QByteArray, cpuInfo);
    QFETCH(QByteArray, expected);
    std::istringstream in(cpuInfo.toStdString());
    QCOMPARE(QByteArray::fromStdString(EnvironmentFingerprint::cpuModelFromCpuInfo(in)), expected);
}

void TestEnvironmentFingerprint::driverFromProcVersion_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("open kernel module") << QByteArray("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build\n"
                                                      "GCC version:  gcc version 13.3.0\n")
                                        << QByteArray("580.159.04");
    QTest::newRow("proprietary module") << QByteArray("NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023\n")
                                        << QByteArray("535.104.05");
    QTest::newRow("no driver") << QByteArray() << QByteArray();
    QTest::newRow("other text") << QByteArray("GCC version: gcc 12\n") << QByteArray();
}

void TestEnvironmentFingerprint::driverFromProcVersion()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    std::istringstream in(text.toStdString());
    QCOMPARE(QByteArray::fromStdString(EnvironmentFingerprint::driverFromProcVersion(in)), expected);
}

void TestEnvironmentFingerprint::writesEveryFieldWithNullForUnknown()
{
    EnvironmentFingerprint fingerprint;
    fingerprint.gpuName = "NVIDIA H200";
    fingerprint.driverVersion = "13.0";
    fingerprint.tf32Policy = "off";

    std::ostringstream out;
    JsonWriter json(out);
    fingerprint.writeJson(json);
    QVERIFY(json.isComplete());

    const QJsonObject object = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
    QCOMPARE(object.size(), 8);
    QCOMPARE(object.value(QLatin1String("gpu_name")).toString(), QStringLiteral("NVIDIA H200"));
    QCOMPARE(object.value(QLatin1String("driver_version")).toString(), QStringLiteral("13.0"));
    QCOMPARE(object.value(QLatin1String("tf32_policy")).toString(), QStringLiteral("off"));
    for (const char* key : { "cuda_runtime_version", "torch_version", "compiler_flags", "host_name", "cpu_model" })
        QVERIFY2(object.value(QLatin1String(key)).isNull(), key);
}

void TestEnvironmentFingerprint::fillsThisHost()
{
    const EnvironmentFingerprint fingerprint = EnvironmentFingerprint::forThisHost();
    QVERIFY(!fingerprint.hostName.empty());
    QVERIFY(fingerprint.gpuName.empty()); // the GPU part is kwb_cuda's, not the host's
}

QTEST_GUILESS_MAIN(TestEnvironmentFingerprint)
#include "tst_environmentfingerprint.moc"
