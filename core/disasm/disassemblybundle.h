#pragma once

#include "sasslisting.h"

#include <QByteArray>
#include <QMap>

#include <optional>

namespace kwb {

// What kwb-runner read out of a turn's build (disassembly.json, "kwb-disassembly/1"; kept as a blob with the
// turn): the SASS of every cubin and the PTX the modules embed, parsed into functions.
struct DisassemblyBundle
{
    QString toolVersion; // nvdisasm's release
    QList<ListingFunction> sass;
    QList<ListingFunction> ptx;
    QStringList notes; // a cubin or PTX that did not parse, said rather than dropped
    QMap<QString, QString> sources; // the files the line tables name, as they were built

    // The line of `to` that is `line` (1-based) of `from`: the same text with the most lines around it the same
    // (a load_inline build's cuda.cu is the CUDA string of model_new.py after a few lines of its own). 0: none.
    static int matchLine(const QStringList& from, int line, const QStringList& to);

    static std::optional<DisassemblyBundle> fromJson(const QByteArray& json, QString* error);

    // The kernels first (by name), then device functions; each symbol once even when several archs hold it.
    QStringList symbols() const;
    const ListingFunction* sassOf(const QString& symbol) const;
    const ListingFunction* ptxOf(const QString& symbol) const;
};

// How the code the GPU runs changed between two builds of one kernel: instruction counts by class and by opcode,
// and a line diff of the listings with registers and offsets left out (so that a renumbering is no change).
struct ListingDiff
{
    struct Count
    {
        QString what; // "LDG.E.128", or a class name
        int before = 0;
        int after = 0;
    };
    QList<Count> byKind; // classes whose count changed
    QList<Count> byOpcode; // opcodes (with their modifiers) whose count changed, the largest change first
    QStringList oldLines;
    QStringList newLines;

    static ListingDiff compute(const ListingFunction& before, const ListingFunction& after);
    // "@P0 LDG.E.128 R4, desc[UR4][R2.64]" -> "@P LDG.E.128 R, desc[UR][R.64]"
    static QString normalized(const Instruction& instruction);
    // One line per change, "LDG.E.128: 0 → 1", for the CLI and the pane's summary.
    QString summary() const;
};

} // namespace kwb
