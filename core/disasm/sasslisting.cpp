#include "sasslisting.h"

#include "model/kernelname.h"

#include <QHash>
#include <QRegularExpression>

namespace kwb {

QString instructionKindName(InstructionKind kind)
{
    switch (kind) {
    case InstructionKind::GlobalLoad:
        return QStringLiteral("global load");
    case InstructionKind::GlobalStore:
        return QStringLiteral("global store");
    case InstructionKind::SharedLoad:
        return QStringLiteral("shared load");
    case InstructionKind::SharedStore:
        return QStringLiteral("shared store");
    case InstructionKind::LocalLoad:
        return QStringLiteral("local load (spill)");
    case InstructionKind::LocalStore:
        return QStringLiteral("local store (spill)");
    case InstructionKind::ConstantLoad:
        return QStringLiteral("constant load");
    case InstructionKind::Atomic:
        return QStringLiteral("atomic");
    case InstructionKind::TensorCore:
        return QStringLiteral("tensor core");
    case InstructionKind::Branch:
        return QStringLiteral("branch");
    case InstructionKind::Barrier:
        return QStringLiteral("barrier");
    case InstructionKind::Other:
        break;
    }
    return QStringLiteral("other");
}

QString Instruction::text() const
{
    QString t = predicate.isEmpty() ? opcode : predicate + QLatin1Char(' ') + opcode;
    if (!operands.isEmpty())
        t += QLatin1Char(' ') + operands;
    return t;
}

namespace {

int widthFrom(const QStringList& parts, int fallback)
{
    for (const QString& p : parts) {
        if (p == QLatin1String("64") || p == QLatin1String("U64") || p == QLatin1String("S64"))
            return 64;
        if (p == QLatin1String("128"))
            return 128;
        if (p == QLatin1String("U8") || p == QLatin1String("S8"))
            return 8;
        if (p == QLatin1String("U16") || p == QLatin1String("S16"))
            return 16;
    }
    return fallback;
}

// The instruction whose predicate, opcode and operands a listing's pattern captured from group `first` on, at a
// source line, classified by the listing's own rules (SASS's or PTX's).
Instruction instructionFrom(const QRegularExpressionMatch& m, int first, const QString& label, const QString& file,
                            int line, InstructionKind (*classify)(const QString& opcode, int* widthBits))
{
    Instruction ins;
    ins.predicate = m.captured(first).trimmed();
    ins.opcode = m.captured(first + 1);
    ins.operands = m.captured(first + 2).trimmed();
    ins.label = label;
    ins.file = file;
    ins.line = line;
    ins.kind = classify(ins.opcode, &ins.widthBits);
    return ins;
}

} // namespace

InstructionKind SassListing::classify(const QString& opcode, int* widthBits)
{
    *widthBits = 0;
    const QStringList parts = opcode.split(QLatin1Char('.'));
    const QString op = parts.first();
    const auto memory = [&](InstructionKind kind) {
        *widthBits = widthFrom(parts.mid(1), 32);
        return kind;
    };
    if (op == QLatin1String("LDG") || op == QLatin1String("LD"))
        return memory(InstructionKind::GlobalLoad);
    if (op == QLatin1String("STG") || op == QLatin1String("ST"))
        return memory(InstructionKind::GlobalStore);
    if (op == QLatin1String("LDS") || op == QLatin1String("LDSM") || op == QLatin1String("LDGSTS") || op == QLatin1String("UTMALDG"))
        return memory(op == QLatin1String("LDGSTS") || op == QLatin1String("UTMALDG") ? InstructionKind::GlobalLoad : InstructionKind::SharedLoad);
    if (op == QLatin1String("STS") || op == QLatin1String("STSM"))
        return memory(InstructionKind::SharedStore);
    if (op == QLatin1String("LDL"))
        return memory(InstructionKind::LocalLoad);
    if (op == QLatin1String("STL"))
        return memory(InstructionKind::LocalStore);
    if (op == QLatin1String("LDC") || op == QLatin1String("ULDC"))
        return memory(InstructionKind::ConstantLoad);
    if (op.startsWith(QLatin1String("ATOM")) || op == QLatin1String("RED") || op.startsWith(QLatin1String("ATOMS")) || op == QLatin1String("REDUX"))
        return InstructionKind::Atomic;
    if (op == QLatin1String("HMMA") || op == QLatin1String("IMMA") || op == QLatin1String("DMMA") || op == QLatin1String("BMMA")
        || op == QLatin1String("HGMMA") || op == QLatin1String("IGMMA") || op == QLatin1String("QGMMA") || op == QLatin1String("BGMMA")
        || op == QLatin1String("WARPGROUP"))
        return InstructionKind::TensorCore;
    static const QStringList branches { QStringLiteral("BRA"), QStringLiteral("BRX"), QStringLiteral("JMP"), QStringLiteral("JMX"),
        QStringLiteral("CALL"), QStringLiteral("RET"), QStringLiteral("EXIT"), QStringLiteral("BREAK"), QStringLiteral("BSSY"),
        QStringLiteral("BSYNC"), QStringLiteral("BPT"), QStringLiteral("KILL") };
    if (branches.contains(op))
        return InstructionKind::Branch;
    static const QStringList barriers { QStringLiteral("BAR"), QStringLiteral("MEMBAR"), QStringLiteral("WARPSYNC"),
        QStringLiteral("SYNCS"), QStringLiteral("DEPBAR"), QStringLiteral("ERRBAR"), QStringLiteral("CCTL"), QStringLiteral("FENCE") };
    if (barriers.contains(op))
        return InstructionKind::Barrier;
    return InstructionKind::Other;
}

QList<ListingFunction> SassListing::parse(const QString& text, const QString& arch, QString* error)
{
    static const QRegularExpression section(QString::fromLatin1(R"re(^\s*\.section\s+\.text\.([^,\s]+))re"));
    static const QRegularExpression entry(QString::fromLatin1(R"re(STO_CUDA_ENTRY)re"));
    static const QRegularExpression lineNote(QString::fromLatin1(R"re(^\s*//## File "([^"]*)", line (\d+))re"));
    static const QRegularExpression instruction(QString::fromLatin1(R"re(^\s*/\*([0-9a-fA-F]+)\*/\s+(@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);)re"));
    static const QRegularExpression label(QString::fromLatin1(R"re(^([.$A-Za-z_][\w.$]*):\s*$)re"));
    QList<ListingFunction> functions;
    QString file;
    int line = 0;
    QString pendingLabel;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString& raw : lines) {
        if (const auto s = section.match(raw); s.hasMatch()) {
            ListingFunction f;
            f.symbol = s.captured(1);
            f.name = shortKernelName(demangledKernelName(f.symbol));
            f.arch = arch;
            functions.append(f);
            file.clear();
            line = 0;
            pendingLabel.clear();
            continue;
        }
        if (functions.isEmpty())
            continue;
        ListingFunction& f = functions.last();
        if (raw.contains(QLatin1String(".other")) && entry.match(raw).hasMatch()) {
            f.entry = true;
            continue;
        }
        if (const auto n = lineNote.match(raw); n.hasMatch()) {
            // With -gi an inlined line is followed by "inlined at" notes; the first names the line itself.
            if (!raw.contains(QLatin1String("inlined at"))) {
                file = n.captured(1);
                line = n.captured(2).toInt();
            }
            continue;
        }
        if (const auto l = label.match(raw.trimmed()); l.hasMatch() && !raw.trimmed().startsWith(QLatin1String(".text."))
            && raw.trimmed() != f.symbol + QLatin1Char(':')) {
            pendingLabel = l.captured(1);
            continue;
        }
        const auto m = instruction.match(raw);
        if (!m.hasMatch())
            continue;
        Instruction ins = instructionFrom(m, 2, std::exchange(pendingLabel, QString()), file, line, &classify);
        ins.offset = m.captured(1).toLongLong(nullptr, 16);
        f.instructions.append(ins);
    }
    // Trailing padding (BRA to itself, NOPs after the last EXIT) is the assembler's, not the kernel's.
    for (ListingFunction& f : functions) {
        while (!f.instructions.isEmpty() && (f.instructions.last().opcode == QLatin1String("NOP")
                   || (f.instructions.last().opcode == QLatin1String("BRA") && !f.instructions.last().label.isEmpty()
                       && f.instructions.last().operands.contains(f.instructions.last().label))))
            f.instructions.removeLast();
    }
    if (functions.isEmpty() && error)
        *error = QStringLiteral("the listing has no function (is it nvdisasm's output of a cubin?)");
    return functions;
}

InstructionKind PtxListing::classify(const QString& opcode, int* widthBits)
{
    *widthBits = 0;
    const QStringList parts = opcode.split(QLatin1Char('.'));
    const QString op = parts.first();
    const auto memory = [&](InstructionKind kind) {
        int elementBits = 32;
        int vector = 1;
        for (const QString& p : parts.mid(1)) {
            if (p.size() >= 2 && (p.at(0) == QLatin1Char('f') || p.at(0) == QLatin1Char('u') || p.at(0) == QLatin1Char('s') || p.at(0) == QLatin1Char('b'))
                && p.mid(1).toInt() > 0)
                elementBits = p.mid(1).toInt();
            if (p == QLatin1String("v2"))
                vector = 2;
            if (p == QLatin1String("v4"))
                vector = 4;
            if (p == QLatin1String("v8"))
                vector = 8;
        }
        *widthBits = elementBits * vector;
        return kind;
    };
    const bool global = parts.contains(QStringLiteral("global"));
    const bool shared = parts.contains(QStringLiteral("shared"));
    const bool local = parts.contains(QStringLiteral("local"));
    if (op == QLatin1String("ld") || op == QLatin1String("ldu")) {
        if (parts.contains(QStringLiteral("param")) || parts.contains(QStringLiteral("const")))
            return memory(InstructionKind::ConstantLoad);
        return memory(shared ? InstructionKind::SharedLoad : local ? InstructionKind::LocalLoad : InstructionKind::GlobalLoad);
    }
    if (op == QLatin1String("st"))
        return memory(shared ? InstructionKind::SharedStore : local ? InstructionKind::LocalStore : InstructionKind::GlobalStore);
    if (op == QLatin1String("cp") && global)
        return memory(InstructionKind::GlobalLoad);
    if (op == QLatin1String("atom") || op == QLatin1String("red"))
        return InstructionKind::Atomic;
    if (op == QLatin1String("mma") || op == QLatin1String("wmma") || op == QLatin1String("wgmma") || op == QLatin1String("ldmatrix"))
        return InstructionKind::TensorCore;
    if (op == QLatin1String("bra") || op == QLatin1String("ret") || op == QLatin1String("exit") || op == QLatin1String("call") || op == QLatin1String("brx"))
        return InstructionKind::Branch;
    if (op == QLatin1String("bar") || op == QLatin1String("barrier") || op == QLatin1String("membar") || op == QLatin1String("fence")
        || op == QLatin1String("mbarrier"))
        return InstructionKind::Barrier;
    return InstructionKind::Other;
}

QList<ListingFunction> PtxListing::parse(const QString& text, const QString& arch, QString* error)
{
    static const QRegularExpression fileLine(QString::fromLatin1(R"re(^\s*\.file\s+(\d+)\s+"([^"]*)")re"));
    static const QRegularExpression loc(QString::fromLatin1(R"re(^\s*\.loc\s+(\d+)\s+(\d+))re"));
    static const QRegularExpression header(QString::fromLatin1(R"re(^\s*(?:\.visible\s+|\.weak\s+)?\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+))re"));
    static const QRegularExpression label(QString::fromLatin1(R"re(^\s*([$\w]+):\s*$)re"));
    static const QRegularExpression instruction(QString::fromLatin1(R"re(^\s*(@!?%?\w+\s+)?([a-z][a-z0-9_.]*)\s*([^;]*);)re"));
    QHash<int, QString> files;
    QList<ListingFunction> functions;
    int depth = 0;
    bool inBody = false;
    QString file;
    int line = 0;
    QString pendingLabel;
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
        if (const auto f = fileLine.match(raw); f.hasMatch()) {
            files.insert(f.captured(1).toInt(), f.captured(2));
            continue;
        }
        if (!inBody) {
            if (const auto h = header.match(raw); h.hasMatch()) {
                ListingFunction fn;
                fn.symbol = h.captured(2);
                fn.name = shortKernelName(demangledKernelName(fn.symbol));
                fn.arch = arch;
                fn.entry = h.captured(1) == QLatin1String("entry");
                functions.append(fn);
                inBody = true;
                depth = 0;
                file.clear();
                line = 0;
            }
            continue;
        }
        const QString trimmed = raw.trimmed();
        if (trimmed.startsWith(QLatin1String("//")) || trimmed.isEmpty())
            continue;
        const int opens = int(raw.count(QLatin1Char('{')));
        const int closes = int(raw.count(QLatin1Char('}')));
        if (depth == 0 && opens == 0) {
            if (trimmed.endsWith(QLatin1Char(';')) && !trimmed.startsWith(QLatin1Char('.')))
                inBody = false; // a declaration with no body (.extern .func ...;)
            continue;
        }
        depth += opens - closes;
        if (depth <= 0 && closes > 0) {
            inBody = false;
            continue;
        }
        if (const auto l = loc.match(raw); l.hasMatch()) {
            file = files.value(l.captured(1).toInt());
            line = l.captured(2).toInt();
            continue;
        }
        if (const auto l = label.match(raw); l.hasMatch()) {
            pendingLabel = l.captured(1);
            continue;
        }
        if (trimmed.startsWith(QLatin1Char('.')) || trimmed == QLatin1String("{") || trimmed == QLatin1String("}"))
            continue; // .reg, .shared declarations, nested scopes
        const auto m = instruction.match(raw);
        if (!m.hasMatch())
            continue;
        functions.last().instructions.append(
            instructionFrom(m, 1, std::exchange(pendingLabel, QString()), file, line, &classify));
    }
    if (functions.isEmpty() && error)
        *error = QStringLiteral("the PTX has no .entry or .func");
    return functions;
}

} // namespace kwb
