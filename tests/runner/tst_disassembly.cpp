// The code the GPU runs, read out of real nvcc builds made here (sm_90, -lineinfo): the runner's disassembly of a
// torch-extension-like .so and of a cubin with the toolkit's tools (or the nvidia-cuda-* wheels), the listing's
// source lines checked against the lines of a known kernel, the instruction classes and widths, the PTX, and the
// change between a scalar and a float4 build of one kernel.
#include "disasm/disassemblybundle.h"
#include "runner/disassembly.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestDisassembly : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aBuildIsListedWithItsSourceLines();
    void ptxKeepsItsLinesToo();
    void aFloat4BuildAgainstAScalarOne();
    void noToolsIsASentenceNotAFailureOfTheCandidate();
    void loadInlineLinesAreFoundInTheModule();

private:
    bool build(const QStringList& flags, const QString& output);
    int sourceLine(const char* tag) const; // the 1-based line of the fixture that carries "// TAG"
    const ListingFunction& sass(const char* name) const;
    static bool has(const ListingFunction& f, const std::function<bool(const Instruction&)>& test, Instruction* found = nullptr);

    QTemporaryDir m_dir;
    QString m_source;
    QStringList m_lines;
    runner::Disassembly::Tools m_tools;
    std::optional<DisassemblyBundle> m_bundle;
};

bool TestDisassembly::build(const QStringList& flags, const QString& output)
{
    QProcess nvcc;
    nvcc.setProcessChannelMode(QProcess::MergedChannels);
    nvcc.start(QStringLiteral(KWB_NVCC), flags + QStringList { QStringLiteral("-o"), output, m_source });
    if (!nvcc.waitForFinished(300000) || nvcc.exitCode() != 0) {
        qWarning() << nvcc.readAll();
        return false;
    }
    return true;
}

int TestDisassembly::sourceLine(const char* tag) const
{
    for (int i = 0; i < m_lines.size(); ++i) {
        if (m_lines.at(i).contains(QStringLiteral("// %1").arg(QLatin1String(tag))))
            return i + 1;
    }
    return -1;
}

const ListingFunction& TestDisassembly::sass(const char* name) const
{
    for (const ListingFunction& f : m_bundle->sass) {
        if (f.name == QLatin1String(name))
            return f;
    }
    qFatal("no SASS of %s", name);
}

bool TestDisassembly::has(const ListingFunction& f, const std::function<bool(const Instruction&)>& test, Instruction* found)
{
    for (const Instruction& i : f.instructions) {
        if (test(i)) {
            if (found)
                *found = i;
            return true;
        }
    }
    return false;
}

void TestDisassembly::initTestCase()
{
    if (!QFile::exists(QStringLiteral(KWB_NVCC)))
        QSKIP("no nvcc on this machine");
    QVERIFY(m_dir.isValid());
    m_source = m_dir.filePath(QStringLiteral("vector_ops.cu"));
    QVERIFY(QFile::copy(QStringLiteral(KWB_DISASM_FIXTURE), m_source));
    QFile source(m_source);
    QVERIFY(source.open(QIODevice::ReadOnly));
    m_lines = QString::fromUtf8(source.readAll()).split(QLatin1Char('\n'));
    m_tools = runner::Disassembly::findTools(KWB_PYTHON);
    QVERIFY2(m_tools.found(), runner::Disassembly::missingTools().c_str());
    QVERIFY2(m_tools.version.rfind("release", 0) == 0, m_tools.version.c_str());

    // A module like a torch extension's: a shared object whose fat binary holds sm_90 SASS and compute_90 PTX.
    const QString module = m_dir.filePath(QStringLiteral("vector_ops.so"));
    QVERIFY(build({ QStringLiteral("-shared"), QStringLiteral("-Xcompiler"), QStringLiteral("-fPIC"), QStringLiteral("-O3"),
                      QStringLiteral("-lineinfo"), QStringLiteral("-gencode"), QStringLiteral("arch=compute_90,code=[sm_90,compute_90]") },
        module));
    std::string error;
    int kernels = 0;
    const QString out = m_dir.filePath(QStringLiteral("disassembly.json"));
    QVERIFY2(runner::Disassembly::write({ module.toStdString() }, { m_dir.path().toStdString() }, m_tools,
                 m_dir.filePath(QStringLiteral("work")).toStdString(), out.toStdString(), &kernels, &error),
        error.c_str());
    QCOMPARE(kernels, 3);
    QFile bundle(out);
    QVERIFY(bundle.open(QIODevice::ReadOnly));
    QString parseError;
    m_bundle = DisassemblyBundle::fromJson(bundle.readAll(), &parseError);
    QVERIFY2(m_bundle, qPrintable(parseError));
    QVERIFY2(m_bundle->notes.isEmpty(), qPrintable(m_bundle->notes.join(QLatin1Char('\n'))));
}

void TestDisassembly::aBuildIsListedWithItsSourceLines()
{
    QCOMPARE(m_bundle->symbols().size(), 3);
    const ListingFunction& scale = sass("scale");
    QVERIFY(scale.entry);
    QCOMPARE(scale.arch, QStringLiteral("sm_90"));
    QVERIFY(scale.symbol.startsWith(QStringLiteral("_Z5scale")));
    // The float4 load and store, 128 bits a thread, on the lines that wrote them.
    Instruction load;
    QVERIFY(has(scale, [](const Instruction& i) { return i.opcode.startsWith(QLatin1String("LDG.E.128")); }, &load));
    QCOMPARE(load.kind, InstructionKind::GlobalLoad);
    QCOMPARE(load.widthBits, 128);
    QCOMPARE(load.line, sourceLine("LOAD4"));
    QVERIFY(load.file.endsWith(QStringLiteral("vector_ops.cu")));
    Instruction store;
    QVERIFY(has(scale, [](const Instruction& i) { return i.opcode.startsWith(QLatin1String("STG.E.128")); }, &store));
    QCOMPARE(store.kind, InstructionKind::GlobalStore);
    QCOMPARE(store.line, sourceLine("STORE4"));
    QVERIFY(!has(scale, [](const Instruction& i) { return i.kind == InstructionKind::LocalLoad || i.kind == InstructionKind::LocalStore; }));
    // Every instruction of the kernel's body has a line of the file (the prologue's constant loads included).
    QVERIFY(std::all_of(scale.instructions.cbegin(), scale.instructions.cend(), [](const Instruction& i) { return i.line > 0; }));
    QCOMPARE(scale.instructions.last().opcode, QStringLiteral("EXIT")); // the padding after it is left out

    const ListingFunction& rowsum = sass("rowsum");
    Instruction shared;
    QVERIFY(has(rowsum, [](const Instruction& i) { return i.kind == InstructionKind::SharedStore; }, &shared));
    QCOMPARE(shared.line, sourceLine("SHARED"));
    Instruction barrier;
    QVERIFY(has(rowsum, [](const Instruction& i) { return i.kind == InstructionKind::Barrier && i.opcode.startsWith(QLatin1String("BAR")); }, &barrier));
    QCOMPARE(barrier.line, sourceLine("BARRIER"));
    QVERIFY(has(rowsum, [](const Instruction& i) { return i.kind == InstructionKind::Branch && !i.predicate.isEmpty(); }));

    // The dynamically indexed array is in local memory: its accesses are the spills the view marks in red.
    const ListingFunction& histogram = sass("histogram_local");
    QVERIFY(has(histogram, [&](const Instruction& i) {
        return (i.kind == InstructionKind::LocalLoad || i.kind == InstructionKind::LocalStore) && i.line == sourceLine("LOCAL");
    }));
    QVERIFY(has(histogram, [](const Instruction& i) { return i.kind == InstructionKind::Atomic; }));
    // The built source is kept with the listing (it lies under the roots given), the line table's name for it.
    QVERIFY(m_bundle->sources.contains(load.file));
    QCOMPARE(m_bundle->sources.value(load.file).split(QLatin1Char('\n')).at(load.line - 1), m_lines.at(load.line - 1));
}

void TestDisassembly::ptxKeepsItsLinesToo()
{
    const ListingFunction* ptx = nullptr;
    for (const ListingFunction& f : m_bundle->ptx) {
        if (f.name == QLatin1String("scale"))
            ptx = &f;
    }
    QVERIFY(ptx);
    QCOMPARE(ptx->arch, QStringLiteral("sm_90")); // as cuobjdump names the PTX (its .target)
    Instruction load;
    QVERIFY(has(*ptx, [](const Instruction& i) { return i.kind == InstructionKind::GlobalLoad && i.widthBits == 128; }, &load));
    QVERIFY2(load.opcode.startsWith(QStringLiteral("ld.global")) && load.opcode.contains(QStringLiteral("v4.f32")), qPrintable(load.opcode));
    QCOMPARE(load.line, sourceLine("LOAD4"));
    QVERIFY(has(*ptx, [](const Instruction& i) { return i.opcode.startsWith(QLatin1String("ret")) || i.opcode.startsWith(QLatin1String("exit")); }));
}

void TestDisassembly::aFloat4BuildAgainstAScalarOne()
{
    const QString cubin = m_dir.filePath(QStringLiteral("scalar.cubin"));
    QVERIFY(build({ QStringLiteral("-cubin"), QStringLiteral("-O3"), QStringLiteral("-lineinfo"), QStringLiteral("-arch=sm_90"),
                      QStringLiteral("-DVECTOR=0") },
        cubin));
    std::string error;
    int kernels = 0;
    const QString out = m_dir.filePath(QStringLiteral("scalar.json"));
    QVERIFY2(runner::Disassembly::write({ cubin.toStdString() }, {}, m_tools, m_dir.filePath(QStringLiteral("work2")).toStdString(),
                 out.toStdString(), &kernels, &error),
        error.c_str());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString parseError;
    const auto scalar = DisassemblyBundle::fromJson(file.readAll(), &parseError);
    QVERIFY2(scalar, qPrintable(parseError));
    QVERIFY(scalar->ptx.isEmpty()); // a cubin carries no PTX
    QVERIFY(scalar->sources.isEmpty()); // no roots given: no source kept
    const ListingFunction* before = scalar->sassOf(sass("scale").symbol);
    QVERIFY(before);
    Instruction scalarLoad;
    QVERIFY(has(*before, [](const Instruction& i) { return i.kind == InstructionKind::GlobalLoad; }, &scalarLoad));
    QCOMPARE(scalarLoad.widthBits, 32);
    QCOMPARE(scalarLoad.line, sourceLine("SCALAR"));
    const ListingDiff diff = ListingDiff::compute(*before, sass("scale"));
    QMap<QString, ListingDiff::Count> byOpcode;
    for (const ListingDiff::Count& c : diff.byOpcode)
        byOpcode.insert(c.what, c);
    QVERIFY2(byOpcode.contains(QStringLiteral("LDG.E.128.CONSTANT")) || byOpcode.contains(QStringLiteral("LDG.E.128")), qPrintable(diff.summary()));
    int vectorLoads = 0;
    int scalarLoads = 0;
    for (const ListingDiff::Count& c : diff.byOpcode) {
        if (c.what.startsWith(QStringLiteral("LDG.E.128")))
            vectorLoads += c.after - c.before;
        else if (c.what.startsWith(QStringLiteral("LDG.E")))
            scalarLoads += c.after - c.before;
    }
    QCOMPARE(vectorLoads, 1);
    QVERIFY2(scalarLoads <= -4, qPrintable(diff.summary())); // four scalar loads (at least) gave way to one float4 load
    QVERIFY(diff.summary().contains(QStringLiteral("global load")));
    // Registers renumbered are no change: a listing against itself is identical line for line.
    const ListingDiff same = ListingDiff::compute(sass("scale"), sass("scale"));
    QVERIFY(same.byOpcode.isEmpty() && same.byKind.isEmpty());
    Instruction example;
    example.predicate = QStringLiteral("@P0");
    example.opcode = QStringLiteral("LDG.E.128");
    example.operands = QStringLiteral("R4, desc[UR4][R2.64]");
    QCOMPARE(ListingDiff::normalized(example), QStringLiteral("@P LDG.E.128 R, desc[UR][R.64]"));
}

void TestDisassembly::noToolsIsASentenceNotAFailureOfTheCandidate()
{
    std::string error;
    int kernels = 0;
    QVERIFY(!runner::Disassembly::write({ m_source.toStdString() }, {}, runner::Disassembly::Tools {},
        m_dir.filePath(QStringLiteral("w3")).toStdString(), m_dir.filePath(QStringLiteral("none.json")).toStdString(), &kernels, &error));
    QCOMPARE(error, runner::Disassembly::missingTools());
    // A module with no GPU code in it: said, and no file left behind.
    const QString host = m_dir.filePath(QStringLiteral("host.o"));
    QFile empty(m_dir.filePath(QStringLiteral("host.cpp")));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.write("int twice(int x) { return 2 * x; }\n");
    empty.close();
    QProcess cc;
    cc.start(QStringLiteral("c++"), { QStringLiteral("-shared"), QStringLiteral("-fPIC"), QStringLiteral("-o"), host, empty.fileName() });
    QVERIFY(cc.waitForFinished(60000) && cc.exitCode() == 0);
    QVERIFY(!runner::Disassembly::write({ host.toStdString() }, {}, m_tools, m_dir.filePath(QStringLiteral("w4")).toStdString(),
        m_dir.filePath(QStringLiteral("host.json")).toStdString(), &kernels, &error));
    QVERIFY2(!error.empty(), "no sentence");
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("host.json"))));
}

void TestDisassembly::loadInlineLinesAreFoundInTheModule()
{
    // load_inline writes the CUDA string into cuda.cu after lines of its own; the line tables name that file.
    const QStringList cudaCu { QStringLiteral("#include <torch/types.h>"), QStringLiteral("#include <cuda.h>"),
        QStringLiteral("#include <cuda_runtime.h>"), QString(), QStringLiteral("__global__ void k(float* y) {"),
        QStringLiteral("    y[threadIdx.x] = 0.f;"), QStringLiteral("}"), QString(), QStringLiteral("__global__ void j(float* y) {"),
        QStringLiteral("    y[threadIdx.x] = 0.f;"), QStringLiteral("}") };
    const QStringList model { QStringLiteral("import math"), QStringLiteral("import torch"), QStringLiteral("from torch.utils.cpp_extension import load_inline"),
        QString(), QStringLiteral("CUDA = r\"\"\""), QStringLiteral("__global__ void k(float* y) {"), QStringLiteral("    y[threadIdx.x] = 0.f;"),
        QStringLiteral("}"), QString(), QStringLiteral("__global__ void j(float* y) {"), QStringLiteral("    y[threadIdx.x] = 0.f;"),
        QStringLiteral("}"), QStringLiteral("\"\"\"") };
    QCOMPARE(DisassemblyBundle::matchLine(cudaCu, 6, model), 7); // k's body, told from j's identical one by its neighbours
    QCOMPARE(DisassemblyBundle::matchLine(cudaCu, 10, model), 11);
    QCOMPARE(DisassemblyBundle::matchLine(model, 10, cudaCu), 9);
    QCOMPARE(DisassemblyBundle::matchLine(cudaCu, 1, model), 0); // torch's own lines are nowhere in the candidate
}

QTEST_GUILESS_MAIN(TestDisassembly)
#include "tst_disassembly.moc"
