#include "runner/jsonvalue.h"

#include <QTest>

using kwb::runner::JsonValue;

class TestJsonValue : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesHarnessResults();
    void rejects_data();
    void rejects();
};

void TestJsonValue::parsesHarnessResults()
{
    std::string error;
    const auto v = JsonValue::parse(R"({"ok": true, "eager": {"median_us": 12.5, "n": 100}, "name": "a\"b\u00e9\ud83d\ude00",
        "list": [1, -2e3, null, false], "empty": {}})", &error);
    QVERIFY2(v, error.c_str());
    QVERIFY(v->isObject());
    QVERIFY((*v)["ok"].toBool());
    QCOMPARE((*v)["eager"]["median_us"].toNumber(0), 12.5);
    QCOMPARE((*v)["name"].toString(), std::string("a\"b\xc3\xa9\xf0\x9f\x98\x80"));
    QCOMPARE((*v)["list"].items().size(), std::size_t(4));
    QCOMPARE((*v)["list"].items()[1].toNumber(0), -2000.0);
    QVERIFY((*v)["list"].items()[2].isNull());
    QVERIFY((*v)["missing"]["deeper"].isNull());
    QVERIFY(v->contains("empty") && !v->contains("missing"));
}

void TestJsonValue::rejects_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("truncated") << QByteArray(R"({"ok": tr)") << QByteArray("invalid literal at byte 7");
    QTest::newRow("unterminated string") << QByteArray(R"(["abc)") << QByteArray("unterminated string");
    QTest::newRow("trailing text") << QByteArray("{} x") << QByteArray("unexpected text after the value at byte 3");
    QTest::newRow("missing colon") << QByteArray(R"({"a" 1})") << QByteArray("expected :");
    QTest::newRow("too deep") << QByteArray(300, '[') << QByteArray("nesting too deep");
    QTest::newRow("empty") << QByteArray() << QByteArray("unexpected end of text");
}

void TestJsonValue::rejects()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    std::string error;
    QVERIFY(!JsonValue::parse(std::string_view(text.constData(), std::size_t(text.size())), &error));
    QVERIFY2(error.find(expected.toStdString()) != std::string::npos, error.c_str());
}

QTEST_GUILESS_MAIN(TestJsonValue)
#include "tst_jsonvalue.moc"
