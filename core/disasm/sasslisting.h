#pragma once

#include <QList>
#include <QString>

namespace kwb {

// What an instruction does, at a glance: the classes a performance engineer looks for in SASS and PTX.
enum class InstructionKind {
    Other,
    GlobalLoad,
    GlobalStore,
    SharedLoad,
    SharedStore,
    LocalLoad, // register spills come back from local memory
    LocalStore, // and go out to it
    ConstantLoad,
    Atomic,
    TensorCore, // HMMA, IMMA, HGMMA (wgmma), ...
    Branch, // BRA, EXIT, RET, CALL, ...
    Barrier, // BAR, MEMBAR, SYNCS, WARPSYNC, ...
};

QString instructionKindName(InstructionKind kind); // "global load", "tensor core", ...

// One line of a listing: an instruction, with the CUDA source line it came from (-lineinfo).
struct Instruction
{
    qint64 offset = -1; // SASS: the byte offset in the function; PTX: -1
    QString predicate; // "@P0", "@!P1"
    QString opcode; // "LDG.E.128", "ld.global.v4.f32"
    QString operands;
    QString label; // a label that starts here (".L_x_2", "$L__BB0_3")
    QString file; // the source file, as the line table names it; empty: no line information
    int line = 0;
    InstructionKind kind = InstructionKind::Other;
    int widthBits = 0; // memory operations: bits moved per thread (32, 64, 128); 0 otherwise

    QString text() const; // "@P0 LDG.E.128 R4, desc[UR4][R2.64]"
};

// One kernel (or device function) of a listing.
struct ListingFunction
{
    QString symbol; // mangled, as the binary names it
    QString name; // short, as a reader wants it ("softmax_kernel")
    QString arch; // "sm_90", "compute_90"
    bool entry = false; // a __global__ kernel, not a device function
    QList<Instruction> instructions;
};

// nvdisasm's listing of a cubin (-g or -gi, -c): functions from their .text sections, instructions with their
// offset, and the source line each follows from the "//## File ..., line N" notes.
class SassListing
{
public:
    static QList<ListingFunction> parse(const QString& text, const QString& arch, QString* error);
    // The class of a SASS opcode, and for memory operations the width it moves (".64", ".128"; 32 without).
    static InstructionKind classify(const QString& opcode, int* widthBits);
};

// PTX as nvcc writes it: .entry and .func bodies, instructions with the line of the last ".loc FILE LINE" before
// them, file numbers named by ".file N "path"".
class PtxListing
{
public:
    static QList<ListingFunction> parse(const QString& text, const QString& arch, QString* error);
    static InstructionKind classify(const QString& opcode, int* widthBits);
};

} // namespace kwb
