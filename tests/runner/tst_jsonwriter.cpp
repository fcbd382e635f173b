#include "runner/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

using kwb::runner::JsonWriter;

namespace {

QByteArray bytes(const std::string& text)
{
    return QByteArray(text.data(), qsizetype(text.size()));
}

QJsonDocument parsed(const std::string& text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes(text), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << "not JSON:" << error.errorString() << bytes(text);
    return document;
}

} // namespace

class TestJsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void escapesStrings_data();
    void escapesStrings();
    void escapedStringsParse_data() { escapesStrings_data(); }
    void escapedStringsParse();
    void doublesRoundTrip_data();
    void doublesRoundTrip();
    void nonFiniteDoublesAreNull_data();
    void nonFiniteDoublesAreNull();
    void integers_data();
    void integers();
    void nestsCompact();
    void nestsIndented();
    void emptyContainers();
    void scalarAtTopLevel();
};

void TestJsonWriter::escapesStrings_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("plain") << QByteArray("kernel") << QByteArray(R"("kernel")");
    QTest::newRow("empty") << QByteArray("") << QByteArray(R"("")");
    QTest::newRow("quote") << QByteArray(R"(say "hi")") << QByteArray(R"("say \"hi\"")");
    QTest::newRow("backslash") << QByteArray(R"(C:\tmp)") << QByteArray(R"("C:\\tmp")");
    QTest::newRow("slash stays") << QByteArray("a/b") << QByteArray(R"("a/b")");
    QTest::newRow("short escapes") << QByteArray("\b\f\n\r\t") << QByteArray(R"("\b\f\n\r\t")");
    QTest::newRow("control") << QByteArray("a\x01z\x1f") << QByteArray(R"("a\u0001z\u001f")");
    QTest::newRow("nul") << QByteArray("a\0b", 3) << QByteArray(R"("a\u0000b")");
    QTest::newRow("escape char") << QByteArray("\x1b[31m") << QByteArray(R"("\u001b[31m")");
    QTest::newRow("del passes") << QByteArray("\x7f") << QByteArray("\"\x7f\"");
    QTest::newRow("utf8 2-byte") << QByteArray("caf\xc3\xa9") << QByteArray("\"caf\xc3\xa9\"");
    QTest::newRow("utf8 3-byte") << QByteArray("a\xe2\x86\x92z") << QByteArray("\"a\xe2\x86\x92z\"");
    QTest::newRow("utf8 4-byte") << QByteArray("\xf0\x9f\x9a\x80") << QByteArray("\"\xf0\x9f\x9a\x80\"");
    QTest::newRow("invalid byte") << QByteArray("a\xffz") << QByteArray("\"a\xef\xbf\xbdz\"");
    QTest::newRow("truncated") << QByteArray("a\xe2\x86") << QByteArray("\"a\xef\xbf\xbd\xef\xbf\xbd\"");
    QTest::newRow("overlong") << QByteArray("\xc0\xaf") << QByteArray("\"\xef\xbf\xbd\xef\xbf\xbd\"");
    QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QByteArray("\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
    QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80")
                                    << QByteArray("\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
}

void TestJsonWriter::escapesStrings()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(JsonWriter::escaped(std::string_view(input.constData(), std::size_t(input.size())))), expected);
}

void TestJsonWriter::escapedStringsParse()
{
    QFETCH(QByteArray, input);
    std::ostringstream out;
    JsonWriter json(out);
    json.beginArray().value(std::string_view(input.constData(), std::size_t(input.size()))).endArray();
    const QJsonDocument document = parsed(out.str());
    QVERIFY(document.isArray());
    // Valid UTF-8 comes back unchanged; anything else comes back as U+FFFD, never as broken JSON.
    if (QString::fromUtf8(input).toUtf8() == input)
        QCOMPARE(document.array().at(0).toString(), QString::fromUtf8(input));
    else
        QVERIFY(document.array().at(0).toString().contains(QChar(0xFFFD)));
}

void TestJsonWriter::doublesRoundTrip_data()
{
    QTest::addColumn<double>("number");
    QTest::addColumn<QByteArray>("expected"); // empty: only the round trip is checked

    QTest::newRow("zero") << 0.0 << QByteArray("0.0");
    QTest::newRow("negative zero") << -0.0 << QByteArray("-0.0");
    QTest::newRow("integral") << 2.0 << QByteArray("2.0");
    QTest::newRow("half") << 2.5 << QByteArray("2.5");
    QTest::newRow("tenth") << 0.1 << QByteArray("0.1");
    QTest::newRow("third") << 1.0 / 3.0 << QByteArray("0.3333333333333333");
    QTest::newRow("large") << 1e21 << QByteArray("1e+21");
    QTest::newRow("tiny") << 1e-300 << QByteArray("1e-300");
    QTest::newRow("denormal") << std::numeric_limits<double>::denorm_min() << QByteArray("5e-324");
    QTest::newRow("max") << DBL_MAX << QByteArray("1.7976931348623157e+308");
    QTest::newRow("lowest") << std::numeric_limits<double>::lowest() << QByteArray();
    QTest::newRow("epsilon") << DBL_EPSILON << QByteArray();
    QTest::newRow("pi") << 3.141592653589793 << QByteArray("3.141592653589793");
    QTest::newRow("timing us") << 73.12345678901234 << QByteArray();
    QTest::newRow("2^53+2") << 9007199254740994.0 << QByteArray();
}

void TestJsonWriter::doublesRoundTrip()
{
    QFETCH(double, number);
    QFETCH(QByteArray, expected);
    const std::string text = JsonWriter::formatDouble(number);
    if (!expected.isEmpty())
        QCOMPARE(bytes(text), expected);

    double back = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), back);
    QVERIFY(error == std::errc());
    QCOMPARE(end, text.data() + text.size());
    QCOMPARE(std::bit_cast<std::uint64_t>(back), std::bit_cast<std::uint64_t>(number));

    std::ostringstream out;
    JsonWriter(out).beginArray().value(number).endArray();
    const QJsonDocument document = parsed(out.str());
    QVERIFY(document.isArray());
    QCOMPARE(document.array().at(0).toDouble(), number);
}

void TestJsonWriter::nonFiniteDoublesAreNull_data()
{
    QTest::addColumn<double>("number");
    QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("-nan") << -std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("inf") << std::numeric_limits<double>::infinity();
    QTest::newRow("-inf") << -std::numeric_limits<double>::infinity();
}

void TestJsonWriter::nonFiniteDoublesAreNull()
{
    QFETCH(double, number);
    std::ostringstream out;
    JsonWriter(out).beginObject().key("x").value(number).endObject();
    QCOMPARE(bytes(out.str()), QByteArray(R"({"x":null})"));
    QVERIFY(parsed(out.str()).object().value(QLatin1String("x")).isNull());
}

void TestJsonWriter::integers_data()
{
    QTest::addColumn<qint64>("number");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("zero") << qint64(0) << QByteArray("0");
    QTest::newRow("minus one") << qint64(-1) << QByteArray("-1");
    QTest::newRow("min") << std::numeric_limits<qint64>::min() << QByteArray("-9223372036854775808");
    QTest::newRow("max") << std::numeric_limits<qint64>::max() << QByteArray("9223372036854775807");
}

void TestJsonWriter::integers()
{
    QFETCH(qint64, number);
    QFETCH(QByteArray, expected);
    std::ostringstream out;
    JsonWriter(out).value(static_cast<long long>(number));
    QCOMPARE(bytes(out.str()), expected);

    std::ostringstream unsignedOut;
    JsonWriter(unsignedOut).value(std::numeric_limits<unsigned long long>::max());
    QCOMPARE(bytes(unsignedOut.str()), QByteArray("18446744073709551615"));
}

void TestJsonWriter::nestsCompact()
{
    std::ostringstream out;
    JsonWriter json(out);
    json.beginObject();
    json.key("task").value("softmax");
    json.key("shape").beginArray().value(4096).value(393216).endArray();
    json.key("stages").beginArray();
    json.beginObject().key("name").value("compile").key("ok").value(true).endObject();
    json.beginObject().key("name").value("verify").key("ok").value(false).key("error").null().endObject();
    json.endArray();
    json.key("speedup").value(1.5);
    json.endObject();
    QVERIFY(json.isComplete());

    QCOMPARE(bytes(out.str()),
        QByteArray(R"({"task":"softmax","shape":[4096,393216],"stages":[{"name":"compile","ok":true},)"
                   R"({"name":"verify","ok":false,"error":null}],"speedup":1.5})"));
    const QJsonObject root = parsed(out.str()).object();
    QCOMPARE(
        root.value(QLatin1String("stages")).toArray().at(1).toObject().value(QLatin1String("ok")).toBool(true), false);
}

void TestJsonWriter::nestsIndented()
{
    std::ostringstream out;
    JsonWriter json(out, 2);
    json.beginObject();
    json.key("shape").beginArray().value(2).value(3).endArray();
    json.key("tensors").beginArray();
    json.beginObject().key("name").value("out").endObject();
    json.endArray();
    json.key("empty").beginObject().endObject();
    json.endObject();
    QVERIFY(json.isComplete());

    QCOMPARE(bytes(out.str()),
        QByteArray("{\n"
                   "  \"shape\": [2, 3],\n"
                   "  \"tensors\": [\n"
                   "    {\n"
                   "      \"name\": \"out\"\n"
                   "    }\n"
                   "  ],\n"
                   "  \"empty\": {}\n"
                   "}"));
    QVERIFY(parsed(out.str()).isObject());
}

void TestJsonWriter::emptyContainers()
{
    std::ostringstream out;
    JsonWriter json(out);
    json.beginArray().beginArray().endArray().beginObject().endObject().endArray();
    QCOMPARE(bytes(out.str()), QByteArray("[[],{}]"));
    QVERIFY(json.isComplete());
}

void TestJsonWriter::scalarAtTopLevel()
{
    std::ostringstream out;
    JsonWriter json(out);
    QVERIFY(!json.isComplete());
    json.value("alone");
    QVERIFY(json.isComplete());
    QCOMPARE(bytes(out.str()), QByteArray(R"("alone")"));
}

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
