#include "commandline.h"
#include "commands.h"

#include "disasm/disassemblybundle.h"
#include "store/store.h"

#include <QFile>
#include <QFileInfo>

namespace kwb::cli {

namespace {

// The disassembly kept with a turn; a sentence when it has none.
std::optional<DisassemblyBundle> bundleOf(const Store& store, const QString& uuid, QString* error)
{
    const auto id = store.turnId(uuid, error);
    if (!id)
        return std::nullopt;
    if (*id == 0) {
        *error = QStringLiteral("no turn %1 in the store.").arg(uuid);
        return std::nullopt;
    }
    const auto turn = store.turn(*id, false, error);
    if (!turn)
        return std::nullopt;
    if (!turn->eval || turn->eval->disassemblyBlob.isEmpty()) {
        *error = QStringLiteral("turn %1 has no disassembly (not built on a GPU host, or evaluated with --no-disasm); "
                                "keep one with kwb disasm STORE --turn %1 --attach FILE (from kwb-runner disasm).")
                     .arg(uuid);
        return std::nullopt;
    }
    const auto bytes = store.blob(turn->eval->disassemblyBlob, error);
    if (!bytes)
        return std::nullopt;
    return DisassemblyBundle::fromJson(*bytes, error);
}

const ListingFunction* pick(const DisassemblyBundle& b, const QString& kernel, bool ptx, QString* error)
{
    for (int exact = 1; exact >= 0; --exact) {
        for (const QString& symbol : b.symbols()) {
            const ListingFunction* f = ptx ? b.ptxOf(symbol) : b.sassOf(symbol);
            if (f && (exact ? (f->name == kernel || f->symbol == kernel) : (f->name.contains(kernel) || f->symbol.contains(kernel))))
                return f;
        }
    }
    *error = QStringLiteral("no kernel matches '%1' in the %2; kwb disasm without --kernel lists them.").arg(kernel, ptx ? QStringLiteral("PTX") : QStringLiteral("SASS"));
    return nullptr;
}

} // namespace

int disasm(const QStringList& arguments)
{
    QCommandLineParser parser;
    addStoreArgument(parser);
    const QCommandLineOption turnOption(QStringLiteral("turn"), QStringLiteral("The turn's uuid."), QStringLiteral("UUID"));
    const QCommandLineOption kernelOption(QStringLiteral("kernel"),
        QStringLiteral("The kernel to list, by its short name, symbol or a part of either; without it the kernels are listed."),
        QStringLiteral("NAME"));
    const QCommandLineOption sassOption(QStringLiteral("sass"), QStringLiteral("List SASS (the default)."));
    const QCommandLineOption ptxOption(QStringLiteral("ptx"), QStringLiteral("List PTX."));
    const QCommandLineOption againstOption(QStringLiteral("against"),
        QStringLiteral("Another turn: how the kernel's instructions changed from that turn's build to this one's."), QStringLiteral("UUID"));
    const QCommandLineOption attachOption(QStringLiteral("attach"),
        QStringLiteral("Keep FILE (kwb-runner disasm's output) as the turn's disassembly instead of listing."), QStringLiteral("FILE"));
    parser.addOptions({ turnOption, kernelOption, sassOption, ptxOption, againstOption, attachOption });
    if (const int code = parseOrExit(parser, arguments, QStringLiteral("The SASS and PTX of a turn's build, with source lines."), 1); code >= 0)
        return code;
    if (!parser.isSet(turnOption))
        return fail(QStringLiteral("--turn UUID is required."), kUsage);
    if (parser.isSet(sassOption) && parser.isSet(ptxOption))
        return fail(QStringLiteral("give --sass or --ptx, not both."), kUsage);
    QString error;
    auto store = Store::open(parser.positionalArguments().first(), &error, Store::OpenMode::MustExist);
    if (!store)
        return fail(error);
    const QString uuid = parser.value(turnOption);
    if (parser.isSet(attachOption)) {
        QFile file(parser.value(attachOption));
        if (!file.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("%1 cannot be read: %2.").arg(file.fileName(), file.errorString()));
        const QByteArray bytes = file.readAll();
        const auto parsed = DisassemblyBundle::fromJson(bytes, &error);
        if (!parsed)
            return fail(QStringLiteral("%1: %2; nothing was attached.").arg(QFileInfo(file).fileName(), error));
        store->waitForWriters(kWriterWaitMs);
        const auto hash = store->attachDisassembly(uuid, bytes, &error);
        if (!hash)
            return fail(error);
        out() << QStringLiteral("Attached %1 (%2 SASS and %3 PTX functions) to turn %4 (blob %5).\n")
                     .arg(QFileInfo(file).fileName())
                     .arg(parsed->sass.size())
                     .arg(parsed->ptx.size())
                     .arg(uuid, *hash);
        return kOk;
    }
    const auto bundle = bundleOf(*store, uuid, &error);
    if (!bundle)
        return fail(error);
    const bool ptx = parser.isSet(ptxOption);
    if (!parser.isSet(kernelOption)) {
        for (const QString& symbol : bundle->symbols()) {
            const ListingFunction* s = bundle->sassOf(symbol);
            const ListingFunction* p = bundle->ptxOf(symbol);
            const ListingFunction* f = s ? s : p;
            out() << QStringLiteral("%1\t%2\t%3\tSASS %4\tPTX %5\t%6\n")
                         .arg(f->name, f->entry ? QStringLiteral("kernel") : QStringLiteral("device function"), f->arch)
                         .arg(s ? QString::number(s->instructions.size()) : QStringLiteral("-"))
                         .arg(p ? QString::number(p->instructions.size()) : QStringLiteral("-"))
                         .arg(symbol);
        }
        return kOk;
    }
    const ListingFunction* f = pick(*bundle, parser.value(kernelOption), ptx, &error);
    if (!f)
        return fail(error);
    if (parser.isSet(againstOption)) {
        const auto base = bundleOf(*store, parser.value(againstOption), &error);
        if (!base)
            return fail(error);
        const ListingFunction* before = ptx ? base->ptxOf(f->symbol) : base->sassOf(f->symbol);
        if (!before)
            return fail(QStringLiteral("turn %1's build has no %2 of %3.").arg(parser.value(againstOption), ptx ? QStringLiteral("PTX") : QStringLiteral("SASS"), f->name));
        out() << ListingDiff::compute(*before, *f).summary() << '\n';
        return kOk;
    }
    QString file;
    int line = -1;
    for (const Instruction& i : f->instructions) {
        if (i.file != file || i.line != line) {
            file = i.file;
            line = i.line;
            out() << (line > 0 ? QStringLiteral("        // %1:%2\n").arg(QFileInfo(file).fileName()).arg(line) : QStringLiteral("        // (no line)\n"));
        }
        if (!i.label.isEmpty())
            out() << i.label << ":\n";
        out() << (i.offset >= 0 ? QStringLiteral("%1  ").arg(i.offset, 4, 16, QLatin1Char('0')) : QStringLiteral("      ")) << i.text() << '\n';
    }
    return kOk;
}

} // namespace kwb::cli
