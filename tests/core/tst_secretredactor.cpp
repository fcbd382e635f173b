#include "model/secretredactor.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace kwb;

// Which variable names count as secrets, and that their values leave text and JSON, keys included.
class TestSecretRedactor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesThatLookSecret_data();
    void namesThatLookSecret();
    void valuesAreReplacedEverywhere();
    void shortValuesAndOrdinaryVariablesStay();
};

void TestSecretRedactor::namesThatLookSecret_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("secret");
    for (const char* name : { "OPENAI_API_KEY", "OPENAI_KEY", "GH_PAT", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
             "HF_TOKEN", "GITHUB_TOKEN", "npm_config__authToken", "DB_PASSWD", "MYSQL_PASSWORD", "MYAPIKEY",
             "anthropic-api-key", "Azure.Client.Secret", "GOOGLE_APPLICATION_CREDENTIALS", "SSH_AUTH_SOCK" })
        QTest::newRow(name) << QString::fromLatin1(name) << true;
    for (const char* name : { "PATH", "HOME", "CUDA_HOME", "CUDA_CACHE_PATH", "KWB_KEEP_OUTPUTS", "TORCH_CUDA_ARCH_LIST",
             "PYTHONPATH", "LD_LIBRARY_PATH", "KEYBOARD_LAYOUT", "PATTERN", "XDG_SESSION_TYPE" })
        QTest::newRow(name) << QString::fromLatin1(name) << false;
}

void TestSecretRedactor::namesThatLookSecret()
{
    QFETCH(QString, name);
    QFETCH(bool, secret);
    QCOMPARE(SecretRedactor::looksSecret(name), secret);
}

void TestSecretRedactor::valuesAreReplacedEverywhere()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_KEY"), QStringLiteral("sk-test-0123456789abcdef"));
    env.insert(QStringLiteral("GH_PAT"), QStringLiteral("ghp_AAAABBBBCCCCDDDD"));
    env.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("AKIAEXAMPLE12345"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    const SecretRedactor r(env);
    QCOMPARE(r.names().size(), 3);
    QCOMPARE(r.redact(QStringLiteral("key=sk-test-0123456789abcdef; pat ghp_AAAABBBBCCCCDDDD; path /usr/bin:/bin")),
        QStringLiteral("key=[redacted OPENAI_KEY]; pat [redacted GH_PAT]; path /usr/bin:/bin"));
    const QJsonObject tool { { QStringLiteral("role"), QStringLiteral("tool") },
        { QStringLiteral("text"), QStringLiteral("AWS_ACCESS_KEY_ID=AKIAEXAMPLE12345\n") },
        { QStringLiteral("nested"), QJsonArray { QStringLiteral("x ghp_AAAABBBBCCCCDDDD y"), 3 } },
        { QStringLiteral("sk-test-0123456789abcdef"), true } };
    const QByteArray out = QJsonDocument(r.redact(tool)).toJson(QJsonDocument::Compact);
    for (const char* value : { "sk-test-0123456789abcdef", "ghp_AAAABBBBCCCCDDDD", "AKIAEXAMPLE12345" })
        QVERIFY2(!out.contains(value), out.constData());
    QVERIFY(out.contains("[redacted AWS_ACCESS_KEY_ID]"));
    QCOMPARE(r.redact(tool)[QStringLiteral("nested")].toArray().at(1).toInt(), 3); // numbers stay numbers
}

void TestSecretRedactor::shortValuesAndOrdinaryVariablesStay()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("SOME_TOKEN"), QStringLiteral("1")); // a flag, not a secret
    env.insert(QStringLiteral("HOME"), QStringLiteral("/home/someone"));
    const SecretRedactor r(env);
    QVERIFY(r.isEmpty());
    const QJsonObject o { { QStringLiteral("text"), QStringLiteral("1 /home/someone") } };
    QCOMPARE(r.redact(o), o);
}

QTEST_GUILESS_MAIN(TestSecretRedactor)
#include "tst_secretredactor.moc"
