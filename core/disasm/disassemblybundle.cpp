#include "disassemblybundle.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cstdlib>

namespace kwb {

std::optional<DisassemblyBundle> DisassemblyBundle::fromJson(const QByteArray& json, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("the disassembly is not valid JSON (%1 at byte %2)").arg(pe.errorString()).arg(pe.offset);
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("kwb-disassembly/1")) {
        *error = QStringLiteral("the disassembly is not kwb-disassembly/1 (field \"format\" is \"%1\")").arg(root.value(QLatin1String("format")).toString());
        return std::nullopt;
    }
    DisassemblyBundle b;
    b.toolVersion = root.value(QLatin1String("tools")).toObject().value(QLatin1String("version")).toString();
    const QJsonObject sources = root.value(QLatin1String("sources")).toObject();
    for (auto it = sources.begin(); it != sources.end(); ++it)
        b.sources.insert(it.key(), it.value().toString());
    for (const QJsonValue& m : root.value(QLatin1String("modules")).toArray()) {
        const QJsonObject module = m.toObject();
        for (const QJsonValue& c : module.value(QLatin1String("cubins")).toArray()) {
            const QJsonObject cubin = c.toObject();
            QString inner;
            const auto functions = SassListing::parse(cubin.value(QLatin1String("sass")).toString(), cubin.value(QLatin1String("arch")).toString(), &inner);
            if (!inner.isEmpty())
                b.notes << QStringLiteral("%1: %2").arg(cubin.value(QLatin1String("name")).toString(), inner);
            b.sass += functions;
        }
        for (const QJsonValue& p : module.value(QLatin1String("ptx")).toArray()) {
            const QJsonObject ptx = p.toObject();
            QString inner;
            const auto functions = PtxListing::parse(ptx.value(QLatin1String("text")).toString(), ptx.value(QLatin1String("arch")).toString(), &inner);
            if (!inner.isEmpty())
                b.notes << QStringLiteral("%1: %2").arg(ptx.value(QLatin1String("name")).toString(), inner);
            b.ptx += functions;
        }
    }
    return b;
}

QStringList DisassemblyBundle::symbols() const
{
    QList<const ListingFunction*> all;
    QSet<QString> seen;
    for (const QList<ListingFunction>* list : { &sass, &ptx }) {
        for (const ListingFunction& f : *list) {
            if (!seen.contains(f.symbol)) {
                seen.insert(f.symbol);
                all.append(&f);
            }
        }
    }
    std::stable_sort(all.begin(), all.end(), [](const ListingFunction* a, const ListingFunction* b) {
        if (a->entry != b->entry)
            return a->entry;
        return a->name < b->name;
    });
    QStringList out;
    for (const ListingFunction* f : all)
        out << f->symbol;
    return out;
}

namespace {

const ListingFunction* find(const QList<ListingFunction>& list, const QString& symbol)
{
    for (const ListingFunction& f : list) {
        if (f.symbol == symbol)
            return &f;
    }
    return nullptr;
}

} // namespace

const ListingFunction* DisassemblyBundle::sassOf(const QString& symbol) const
{
    return find(sass, symbol);
}

const ListingFunction* DisassemblyBundle::ptxOf(const QString& symbol) const
{
    return find(ptx, symbol);
}

int DisassemblyBundle::matchLine(const QStringList& from, int line, const QStringList& to)
{
    if (line < 1 || line > from.size())
        return 0;
    // The nearest line with text at or above the asked one stands for it (a blank line has no twin to find).
    int anchor = line - 1;
    while (anchor > 0 && from.at(anchor).trimmed().isEmpty())
        --anchor;
    const QString text = from.at(anchor).trimmed();
    if (text.isEmpty())
        return 0;
    int best = -1;
    int bestScore = -1;
    for (int p = 0; p < to.size(); ++p) {
        if (to.at(p).trimmed() != text)
            continue;
        int score = 0;
        for (int d = -4; d <= 4; ++d) {
            const int a = anchor + d;
            const int b = p + d;
            if (d != 0 && a >= 0 && b >= 0 && a < from.size() && b < to.size() && from.at(a).trimmed() == to.at(b).trimmed())
                ++score;
        }
        if (score > bestScore) {
            best = p;
            bestScore = score;
        }
    }
    return best < 0 ? 0 : best + 1 + (line - 1 - anchor);
}

QString ListingDiff::normalized(const Instruction& instruction)
{
    static const QRegularExpression registers(QString::fromLatin1(R"re(\b(U?R|U?P|B|SR_\w+?)\d+\b)re"));
    static const QRegularExpression hex(QString::fromLatin1(R"re(0x[0-9a-fA-F]+)re"));
    static const QRegularExpression ptxRegisters(QString::fromLatin1(R"re(%(r|rd|f|fd|p|h|hh|rs|b)\d+)re"));
    static const QRegularExpression labels(QString::fromLatin1(R"re(`\(\.L_x_\d+\)|\$L__\w+|\.L_x_\d+)re"));
    QString t = instruction.text();
    t.replace(registers, QStringLiteral("\\1"));
    t.replace(ptxRegisters, QStringLiteral("%\\1"));
    t.replace(labels, QStringLiteral("L"));
    t.replace(hex, QStringLiteral("#"));
    return t;
}

ListingDiff ListingDiff::compute(const ListingFunction& before, const ListingFunction& after)
{
    ListingDiff d;
    QMap<QString, Count> kinds;
    QMap<QString, Count> opcodes;
    for (const Instruction& i : before.instructions) {
        ++kinds[instructionKindName(i.kind)].before;
        ++opcodes[i.opcode].before;
        d.oldLines << normalized(i);
    }
    for (const Instruction& i : after.instructions) {
        ++kinds[instructionKindName(i.kind)].after;
        ++opcodes[i.opcode].after;
        d.newLines << normalized(i);
    }
    for (auto it = kinds.begin(); it != kinds.end(); ++it) {
        if (it->before != it->after && it.key() != instructionKindName(InstructionKind::Other))
            d.byKind.append({ it.key(), it->before, it->after });
    }
    for (auto it = opcodes.begin(); it != opcodes.end(); ++it) {
        if (it->before != it->after)
            d.byOpcode.append({ it.key(), it->before, it->after });
    }
    std::stable_sort(d.byOpcode.begin(), d.byOpcode.end(),
        [](const Count& a, const Count& b) { return std::abs(a.after - a.before) > std::abs(b.after - b.before); });
    return d;
}

QString ListingDiff::summary() const
{
    QStringList lines;
    lines << QStringLiteral("%1 → %2 instructions").arg(oldLines.size()).arg(newLines.size());
    for (const Count& c : byKind)
        lines << QStringLiteral("%1: %2 → %3").arg(c.what).arg(c.before).arg(c.after);
    for (const Count& c : byOpcode)
        lines << QStringLiteral("  %1: %2 → %3").arg(c.what).arg(c.before).arg(c.after);
    return lines.join(QLatin1Char('\n'));
}

} // namespace kwb
