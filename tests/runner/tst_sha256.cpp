#include "runner/sha256.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>

using namespace kwb::runner;

// The build cache's keys: FIPS 180-4's own examples, input split across calls, and a file read in chunks.
class TestSha256 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void knownDigests_data();
    void knownDigests();
    void piecesMakeTheSameDigest();
    void fileAsItsBytes();
};

void TestSha256::knownDigests_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("digest");
    QTest::newRow("empty") << QByteArray()
                           << QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("abc") << QByteArray("abc")
                         << QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QTest::newRow("two blocks") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                << QStringLiteral("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    QTest::newRow("a million a") << QByteArray(1000000, 'a')
                                 << QStringLiteral("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

void TestSha256::knownDigests()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, digest);
    QCOMPARE(
        QString::fromStdString(Sha256::hexOf(std::string_view(input.constData(), std::size_t(input.size())))), digest);
}

void TestSha256::piecesMakeTheSameDigest()
{
    const std::string text(1000, 'x');
    Sha256 pieces;
    for (std::size_t at = 0; at < text.size(); at += 7)
        pieces.add(std::string_view(text).substr(at, 7));
    QCOMPARE(pieces.hex(), Sha256::hexOf(text));
    QVERIFY(Sha256::hexOf(text) != Sha256::hexOf(text + "x"));
}

void TestSha256::fileAsItsBytes()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("f.bin")).toStdString();
    std::string bytes(200000, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = char(i * 31 % 251);
    std::ofstream(path, std::ios::binary) << bytes;
    Sha256 file;
    QVERIFY(file.addFile(path));
    QCOMPARE(file.hex(), Sha256::hexOf(bytes));
    Sha256 missing;
    QVERIFY(!missing.addFile(path + ".none"));
}

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
