#include "runner/caretcolumn.h"
#include "runner/diagnosticsparser.h"
#include "runner/jsonwriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <sstream>

using kwb::runner::CaretColumn;
using kwb::runner::Diagnostic;
using kwb::runner::DiagnosticsParser;
using kwb::runner::JsonWriter;

namespace {

QString fixturePath(const QString& name)
{
    return QFINDTESTDATA(QStringLiteral("fixtures/nvcc/") + name);
}

std::string readFixture(const QString& name)
{
    QFile file(fixturePath(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

QByteArray utf8(const std::string& text)
{
    return QByteArray::fromStdString(text);
}

// "severity|file|line|column|code|tool|function|message", the message cut to `messageLength` bytes.
QByteArray describe(const Diagnostic& d, qsizetype messageLength)
{
    return utf8(std::string(Diagnostic::severityName(d.severity))) + '|' + utf8(d.file) + '|'
        + QByteArray::number(d.line) + '|' + QByteArray::number(d.column) + '|' + utf8(d.code) + '|' + utf8(d.tool)
        + '|' + utf8(d.function) + '|' + utf8(d.message).left(messageLength);
}

// Compares parsed diagnostics with rows of describe()'s form whose message is only the start of the real one.
void compareDiagnostics(const std::vector<Diagnostic>& actual, const QList<QByteArray>& expected)
{
    for (std::size_t i = 0; i < actual.size(); ++i) {
        QVERIFY2(!utf8(actual[i].message).contains('\n'), actual[i].message.c_str());
        const QByteArray& row = expected.value(qsizetype(i));
        qsizetype messageStart = 0;
        for (int field = 0; field < 7 && messageStart >= 0; ++field)
            messageStart = row.indexOf('|', messageStart) + 1;
        QCOMPARE(describe(actual[i], row.size() - messageStart), row);
    }
    QCOMPARE(qsizetype(actual.size()), expected.size());
}

using Rows = QList<QByteArray>;

} // namespace

class TestDiagnosticsParser : public QObject
{
    Q_OBJECT

private slots:
    void parsesFixture_data();
    void parsesFixture();
    void alignsColumnsWithSource_data();
    void alignsColumnsWithSource();
    void dropsRepeatsOfLaterPasses();
    void recognisesSingleLines_data();
    void recognisesSingleLines();
    void makesPathsRelative_data();
    void makesPathsRelative();
    void caretColumnFromEcho_data();
    void caretColumnFromEcho();
    void displayColumn_data();
    void displayColumn();
    void writesJson();
    void demangles_data();
    void demangles();
};

void TestDiagnosticsParser::parsesFixture_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<Rows>("expected");

    const auto row = [](const char* fixture, Rows expected) {
        QTest::newRow(fixture) << QString::fromLatin1(fixture) + QStringLiteral(".txt") << expected;
    };
    row("frontend_error", { R"_(error|frontend_error.cu|6|29||nvcc-frontend||identifier "factr" is undefined)_" });
    // Columns as EDG puts its caret under the preprocessed line (see alignsColumnsWithSource for the real ones).
    row("frontend_errors",
        { R"_(error|frontend_errors.cu|4|56||nvcc-frontend||identifier "missing_offset" is undefined)_",
            R"_(error|frontend_errors.cu|12|36||nvcc-frontend||identifier "undefined_sym" is undefined)_",
            R"_(error|frontend_errors.cu|13|16||nvcc-frontend||a value of type "float" cannot be used to initialize an entity of type "float *")_",
            R"_(error|frontend_errors.cu|14|11||nvcc-frontend||no instance of overloaded function "pick" matches the argument list)_",
            R"_(note|frontend_errors.cu|7|29|3326|nvcc-frontend||function "pick(float)" does not match because)_",
            R"_(note|frontend_errors.cu|6|29|3326|nvcc-frontend||function "pick(int)" does not match because)_",
            R"_(error|frontend_errors.cu|19|32||nvcc-frontend||argument of type "const char *" is incompatible with parameter of type "int")_" });
    row("frontend_template",
        { R"_(error|frontend_template.cu|4|45||nvcc-frontend||expression must have class type but it has type "float")_" });
    // The summary line names the file that "At end of source" leaves out.
    row("frontend_end_of_source",
        { R"_(error|frontend_end_of_source.cu|0|0||nvcc-frontend||expected a "}")_",
            R"_(note|frontend_end_of_source.cu|3|1|3196|nvcc-frontend||to match this "{")_" });
    row("frontend_warnings",
        { R"_(warning|frontend_warnings.cu|4|9|177|nvcc-frontend||variable "unused" was declared but never referenced)_",
            R"_(warning|frontend_warnings.cu|5|9|550|nvcc-frontend||variable "assigned" was set but never used)_",
            R"_(warning|frontend_warnings.cu|10|38|177|nvcc-frontend||function "neverCalled" was declared but never referenced)_" });
    row("frontend_werror",
        { R"_(error|frontend_warnings.cu|4|9|177|nvcc-frontend||variable "unused" was declared but never referenced)_",
            R"_(error|frontend_warnings.cu|5|9|550|nvcc-frontend||variable "assigned" was set but never used)_",
            R"_(error|frontend_warnings.cu|10|38|177|nvcc-frontend||function "neverCalled" was declared)_" });
    row("frontend_bad_option", { "fatal||0|0||nvcc-frontend||invalid option: --no-such-option" });
    row("catastrophic",
        { R"_(fatal|catastrophic.cup|3|30||nvcc-frontend||cannot open source file "no_such_header.cuh")_" });
    row("missing_include",
        { "fatal|missing_include.cu|2|10||host-compiler||no_such_header.cuh: No such file or directory" });
    row("missing_source", { "fatal||0|0||host-compiler||no_such_file.cu: No such file or directory" });
    row("host_error",
        { "error|host_error.cpp|10|21||host-compiler||cannot convert \xe2\x80\x98std::vector<int>\xe2\x80\x99 to",
            "note|host_error.cpp|5|15||host-compiler||initializing argument 1 of \xe2\x80\x98int "
            "twice(int)\xe2\x80\x99",
            "error|host_error.cpp|11|22||host-compiler||\xe2\x80\x98undefined_thing\xe2\x80\x99 was not declared" });
    row("host_code",
        { R"_(warning|host_code.cu|10|1|940|nvcc-frontend||missing return statement at end of non-void function "sign")_",
            "warning|host_code.cu|10|1||host-compiler||control reaches end of non-void function [-Wreturn-type]",
            "error|host_code.cu|15|10||host-compiler||call to \xe2\x80\x98"
            "forbidden\xe2\x80\x99 declared with attribute error: call launchFill() instead" });
    row("host_asm", { "error|host_asm.cu|6|0||host-compiler||no such instruction: `this is not an instruction'" });
    row("host_bad_flag",
        { "error||0|0||host-compiler||unrecognized command-line option \xe2\x80\x98-fno-such-flag\xe2\x80\x99" });
    row("ptxas_smem",
        { "error||0|0||ptxas|_Z3bigPf|Entry function '_Z3bigPf' uses too much shared data (0x40000 bytes, 0xc000 "
          "max)" });
    row("ptxas_spills",
        { "warning||0|0||ptxas||For profile sm_90 adjusting per thread register count of 16 to lower bound of 24",
            "remark||0|0||ptxas|_Z7scatterPfPKfPKi|Overriding maximum register limit 256 for '_Z7scatterPfPKfPKi'",
            "remark||0|0||ptxas|_Z7stencilPfPKfi|Overriding maximum register limit 256 for '_Z7stencilPfPKfi'",
            "warning||0|0||ptxas|_Z7scatterPfPKfPKi|Local memory used for function '_Z7scatterPfPKfPKi', size of "
            "stack frame: 256 bytes",
            "warning||0|0||ptxas|_Z7stencilPfPKfi|Local memory used for function '_Z7stencilPfPKfi', size of stack "
            "frame: 192 bytes",
            "warning||0|0||ptxas|_Z7stencilPfPKfi|Registers are spilled to local memory in function "
            "'_Z7stencilPfPKfi', 264 bytes spill stores, 312 bytes spill loads" });
    row("ptxas_unresolved", { "fatal||0|0||ptxas|_Z6ext_fnf|Unresolved extern function '_Z6ext_fnf'" });
    // The rest of the message is nvcc's temporary file, named differently on every run.
    row("nvlink_undefined", { "error||0|0||nvlink|_Z6ext_fnf|Undefined reference to '_Z6ext_fnf' in '/tmp/tmpxft_" });
    row("nvcc_unknown_option", { "fatal||0|0||nvcc||Unknown option '--diag-format=json'" });
    row("nvcc_unsupported_arch", { "fatal||0|0||nvcc||Unsupported gpu architecture 'sm_70'" });
    row("nvcc_redefinition", { "warning||0|0||nvcc||incompatible redefinition for option 'std', the last value" });
    // -Xptxas -v reports resources, not diagnostics.
    row("resources", {});
    row("resources_rdc", {});
}

void TestDiagnosticsParser::parsesFixture()
{
    QFETCH(QString, fixture);
    QFETCH(Rows, expected);
    const std::string output = readFixture(fixture);
    QVERIFY2(!output.empty(), qPrintable(fixture));
    compareDiagnostics(DiagnosticsParser().parse(output), expected);
}

void TestDiagnosticsParser::alignsColumnsWithSource_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QList<int>>("columns");

    // Expanded __device__ before the caret (line 4, the notes), a macro before it (line 12), a tab (line 14).
    QTest::newRow("frontend_errors") << QStringLiteral("frontend_errors.txt")
                                     << QList<int> { 43, 30, 16, 11, 16, 16, 32 };
    QTest::newRow("frontend_warnings") << QStringLiteral("frontend_warnings.txt") << QList<int> { 9, 9, 25 };
    // gcc counts the tab of line 11 as 8 columns.
    QTest::newRow("host_error") << QStringLiteral("host_error.txt") << QList<int> { 21, 15, 15 };
    // The caret after the last character stays there.
    QTest::newRow("catastrophic") << QStringLiteral("catastrophic.txt") << QList<int> { 30 };
}

void TestDiagnosticsParser::alignsColumnsWithSource()
{
    QFETCH(QString, fixture);
    QFETCH(QList<int>, columns);
    const QString folder = QFileInfo(fixturePath(fixture)).absolutePath();
    DiagnosticsParser parser(folder.toStdString());
    parser.setSourceLookup(DiagnosticsParser::readFilesUnder(folder.toStdString()));
    QList<int> actual;
    for (const Diagnostic& diagnostic : parser.parse(readFixture(fixture)))
        actual.append(diagnostic.column);
    QCOMPARE(actual, columns);
}

void TestDiagnosticsParser::dropsRepeatsOfLaterPasses()
{
    // The device and the host pass of the front end both report the missing return.
    const std::string output = readFixture(QStringLiteral("host_code.txt"));
    QCOMPARE(utf8(output).count("host_code.cu(10): warning #940-D"), 2);
    const auto diagnostics = DiagnosticsParser().parse(output);
    QCOMPARE(
        std::count_if(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.code == "940"; }), 1);
}

void TestDiagnosticsParser::recognisesSingleLines_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<Rows>("expected");

    // Shapes the fixtures do not hold; an empty list means the line is no diagnostic.
    QTest::newRow("gcc colours") << QByteArray("\x1b[01m\x1b[Ka.cpp:3:5:\x1b[m\x1b[K \x1b[01;31m\x1b[Kerror: "
                                               "\x1b[m\x1b[Kexpected \xe2\x80\x98;\xe2\x80\x99\n")
                                 << Rows { "error|a.cpp|3|5||host-compiler||expected \xe2\x80\x98;\xe2\x80\x99" };
    QTest::newRow("crlf") << QByteArray(
        "k.cu(7): warning #177-D: variable \"v\" unused\r\n      int v;\r\n          ^\r\n")
                          << Rows { R"_(warning|k.cu|7|9|177|nvcc-frontend||variable "v" unused)_" };
    QTest::newRow("ptxas code") << QByteArray("ptxas info    : (C7515) Potential Performance Loss: wgmma.mma_async "
                                              "instructions are serialized in '_Z4gemmv'.\n")
                                << Rows { "remark||0|0|C7515|ptxas|_Z4gemmv|Potential Performance Loss: wgmma" };
    QTest::newRow("gcc without column") << QByteArray("a.cpp:12: warning: ignoring #pragma omp parallel\n")
                                        << Rows { "warning|a.cpp|12|0||host-compiler||ignoring #pragma omp parallel" };
    QTest::newRow("assembler warning") << QByteArray("k.cu:4: Warning: end of file not at end of a line\n")
                                       << Rows { "warning|k.cu|4|0||host-compiler||end of file not at end of a line" };
    QTest::newRow("versioned gcc") << QByteArray("x86_64-linux-gnu-g++-12: error: k.o: No such file or directory\n")
                                   << Rows { "error||0|0||host-compiler||k.o: No such file or directory" };
    QTest::newRow("command line") << QByteArray("<command-line>: warning: \"N\" redefined\n")
                                  << Rows { R"_(warning||0|0||host-compiler||"N" redefined)_" };
    QTest::newRow("collect2") << QByteArray("collect2: error: ld returned 1 exit status\n")
                              << Rows { "error||0|0||host-compiler||ld returned 1 exit status" };
    QTest::newRow("gcc crash") << QByteArray("k.cpp:9:1: internal compiler error: Segmentation fault\n")
                               << Rows { "fatal|k.cpp|9|1||host-compiler||Segmentation fault" };
    QTest::newRow("cicc killed") << QByteArray("nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n")
                                 << Rows { "error||0|0||nvcc||'cicc' died due to signal 9 (Kill signal)" };
    QTest::newRow("parentheses in path") << QByteArray("dir (2)/k.cu(5): error: expected a \";\"\n")
                                         << Rows { R"_(error|dir (2)/k.cu|5|0||nvcc-frontend||expected a ";")_" };
    QTest::newRow("remark") << QByteArray("k.cu(3): remark #20091-D: a __device__ variable cannot be used\n")
                            << Rows { "remark|k.cu|3|0|20091|nvcc-frontend||a __device__ variable cannot be used" };
    QTest::newRow("echo that looks like a diagnostic")
        << QByteArray("k.cu(4): error: identifier \"x\" is undefined\n  puts(\"a.cu(3): error: y\"); x;\n"
                      "                             ^\n\n")
        << Rows { R"_(error|k.cu|4|28||nvcc-frontend||identifier "x" is undefined)_" };
    QTest::newRow("summaries and context") << QByteArray(
        "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n"
        "1 error detected in the compilation of \"k.cu\".\nError limit reached.\nCompilation terminated.\n"
        "compilation terminated.\nk.cpp: In function \xe2\x80\x98int f()\xe2\x80\x99:\n"
        "In file included from k.cpp:1:\ncc1plus: all warnings being treated as errors\n"
        "k.cpp:8:6:   required from here\nk.cu: Assembler messages:\n")
                                           << Rows {};
    QTest::newRow("resource report") << QByteArray("ptxas info    : 0 bytes gmem\nptxas info    : Used 8 registers\n"
                                                   "nvlink info    : Function properties for _Z1fv\n")
                                     << Rows {};
}

void TestDiagnosticsParser::recognisesSingleLines()
{
    QFETCH(QByteArray, output);
    QFETCH(Rows, expected);
    compareDiagnostics(DiagnosticsParser().parse(output.toStdString()), expected);
}

void TestDiagnosticsParser::makesPathsRelative_data()
{
    QTest::addColumn<QByteArray>("root");
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QByteArray>("file");

    QTest::newRow("under root") << QByteArray("/ws") << QByteArray("/ws/kernels/a.cu(5): error: x\n")
                                << QByteArray("kernels/a.cu");
    QTest::newRow("root with slash") << QByteArray("/ws/") << QByteArray("/ws/a.cpp:3:1: error: x\n")
                                     << QByteArray("a.cpp");
    QTest::newRow("outside root") << QByteArray("/ws")
                                  << QByteArray("/usr/local/cuda/include/cuda_fp16.hpp(9): warning #1-D: x\n")
                                  << QByteArray("/usr/local/cuda/include/cuda_fp16.hpp");
    QTest::newRow("sibling with same prefix")
        << QByteArray("/ws") << QByteArray("/ws2/a.cu(5): error: x\n") << QByteArray("/ws2/a.cu");
    QTest::newRow("dot segments") << QByteArray("/ws") << QByteArray("/ws/kernels/../a.cu(5): error: x\n")
                                  << QByteArray("a.cu");
    QTest::newRow("relative stays") << QByteArray("/ws") << QByteArray("./kernels/a.cu(5): error: x\n")
                                    << QByteArray("kernels/a.cu");
    QTest::newRow("no root") << QByteArray() << QByteArray("/ws/a.cu(5): error: x\n") << QByteArray("/ws/a.cu");
}

void TestDiagnosticsParser::makesPathsRelative()
{
    QFETCH(QByteArray, root);
    QFETCH(QByteArray, output);
    QFETCH(QByteArray, file);
    const auto diagnostics = DiagnosticsParser(root.toStdString()).parse(output.toStdString());
    QCOMPARE(diagnostics.size(), std::size_t(1));
    QCOMPARE(utf8(diagnostics.front().file), file);
}

void TestDiagnosticsParser::caretColumnFromEcho_data()
{
    QTest::addColumn<QByteArray>("echo");
    QTest::addColumn<int>("column");
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<int>("expected");

    QTest::newRow("same line") << QByteArray("  x = y;") << 3 << QByteArray("  x = y;") << 3;
    QTest::newRow("tab shown as space") << QByteArray(" x = y;") << 6 << QByteArray("\tx = y;") << 6;
    QTest::newRow("macro before caret") << QByteArray("((a) * (a)) + b;") << 15 << QByteArray("SQ(a) + b;") << 9;
    QTest::newRow("macro after caret") << QByteArray("b + ((a) * (a));") << 1 << QByteArray("b + SQ(a);") << 1;
    QTest::newRow("macros both sides") << QByteArray("((a)) + bee + ((c));") << 9 << QByteArray("M(a) + bee + M(c);")
                                       << 8;
    QTest::newRow("ambiguous word keeps echo")
        << QByteArray("((b)) + b + ((b));") << 9 << QByteArray("M(b) + b + M(b);") << 9;
    QTest::newRow("utf8 before caret") << QByteArray("__attribute__((device)) char* s = \"\xc3\xa9\"; x;") << 40
                                       << QByteArray("__device__ char* s = \"\xc3\xa9\"; x;") << 27;
}

void TestDiagnosticsParser::caretColumnFromEcho()
{
    QFETCH(QByteArray, echo);
    QFETCH(int, column);
    QFETCH(QByteArray, source);
    QFETCH(int, expected);
    QCOMPARE(CaretColumn::alignEchoToSource(echo.toStdString(), column, source.toStdString()), expected);
}

void TestDiagnosticsParser::displayColumn_data()
{
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<int>("display");
    QTest::addColumn<int>("expected");

    QTest::newRow("plain") << QByteArray("int x = y;") << 9 << 9;
    QTest::newRow("leading tab") << QByteArray("\treturn x;") << 16 << 9;
    QTest::newRow("on the tab") << QByteArray("\treturn x;") << 4 << 1;
    QTest::newRow("tab after text") << QByteArray("ab\tc") << 9 << 4;
    QTest::newRow("two-byte code points count once") << QByteArray("\"\xc3\xa9\xc3\xa9\" + x") << 8 << 8;
    QTest::newRow("past the end") << QByteArray("\tx") << 11 << 4;
}

void TestDiagnosticsParser::displayColumn()
{
    QFETCH(QByteArray, source);
    QFETCH(int, display);
    QFETCH(int, expected);
    QCOMPARE(CaretColumn::fromDisplayColumn(source.toStdString(), display), expected);
}

void TestDiagnosticsParser::writesJson()
{
    std::vector<Diagnostic> diagnostics = DiagnosticsParser().parse(readFixture(QStringLiteral("frontend_errors.txt")));
    const auto ptxas = DiagnosticsParser().parse(readFixture(QStringLiteral("ptxas_smem.txt")));
    diagnostics.insert(diagnostics.end(), ptxas.begin(), ptxas.end());
    std::ostringstream out;
    JsonWriter writer(out);
    Diagnostic::writeJsonArray(writer, diagnostics);
    QVERIFY(writer.isComplete());

    const QJsonArray array = QJsonDocument::fromJson(utf8(out.str())).array();
    QCOMPARE(array.size(), 8);
    const QJsonObject note = array.at(4).toObject();
    QCOMPARE(note.keys(),
        QStringList({ QStringLiteral("code"), QStringLiteral("column"), QStringLiteral("file"), QStringLiteral("line"),
            QStringLiteral("message"), QStringLiteral("severity"), QStringLiteral("tool") }));
    QCOMPARE(note.value(QStringLiteral("severity")).toString(), QStringLiteral("note"));
    QCOMPARE(note.value(QStringLiteral("file")).toString(), QStringLiteral("frontend_errors.cu"));
    QCOMPARE(note.value(QStringLiteral("line")).toInt(), 7);
    QCOMPARE(note.value(QStringLiteral("column")).toInt(), 29);
    QCOMPARE(note.value(QStringLiteral("code")).toString(), QStringLiteral("3326"));
    QCOMPARE(note.value(QStringLiteral("tool")).toString(), QStringLiteral("nvcc-frontend"));
    QVERIFY(note.value(QStringLiteral("message")).toString().startsWith(QStringLiteral("function \"pick(float)\"")));
    // No code on a plain EDG error; no file, line or column on ptxas, which names the function instead.
    QVERIFY(!array.at(0).toObject().contains(QStringLiteral("code")));
    const QJsonObject error = array.at(7).toObject();
    QCOMPARE(error.keys(),
        QStringList({ QStringLiteral("function"), QStringLiteral("message"), QStringLiteral("severity"),
            QStringLiteral("tool") }));
    QCOMPARE(error.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    QCOMPARE(error.value(QStringLiteral("function")).toString(), QStringLiteral("_Z3bigPf"));
}

void TestDiagnosticsParser::demangles_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("function") << QByteArray("_Z3bigPf") << QByteArray("big(float*)");
    QTest::newRow("template") << QByteArray("_Z5scaleIfEvPT_S0_i")
                              << QByteArray("void scale<float>(float*, float, int)");
    QTest::newRow("const pointers") << QByteArray("_Z7stencilPfPKfi")
                                    << QByteArray("stencil(float*, float const*, int)");
    QTest::newRow("extern C") << QByteArray("saxpy") << QByteArray("saxpy");
    QTest::newRow("empty") << QByteArray() << QByteArray();
    QTest::newRow("broken") << QByteArray("_Z3bi") << QByteArray("_Z3bi");
}

void TestDiagnosticsParser::demangles()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, expected);
    QCOMPARE(utf8(DiagnosticsParser::demangle(name.toStdString())), expected);
}

QTEST_GUILESS_MAIN(TestDiagnosticsParser)
#include "tst_diagnosticsparser.moc"
