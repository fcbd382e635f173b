#pragma once

#include "disasm/sasslisting.h"

#include <QAbstractTableModel>
#include <QHash>

namespace kwb {

// Per-instruction counters Nsight Compute collects on its source page (SourceCounters section).
struct InstructionCounters
{
    qint64 executed = -1; // instructions executed (warp level); -1: not collected
    qint64 stallSamples = -1; // warp-stall samples at this instruction, all reasons
};

// One function's listing (SASS or PTX) as rows: offset, the CUDA line it came from, the instruction, and where a
// profile has them, its executions and stall samples. The view colours rows by their CUDA line and class.
class DisassemblyModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { AddressColumn, LineColumn, InstructionColumn, ExecutedColumn, StallsColumn, ColumnCount };
    enum Role {
        SourceLineRole = Qt::UserRole + 1, // int, 0 without line information
        SourceFileRole, // QString
        KindRole, // int (InstructionKind)
        WidthRole, // int, bits per thread of a memory operation
        LabelRole, // QString, a branch target that starts here
    };

    explicit DisassemblyModel(QObject* parent = nullptr);

    void setListing(const ListingFunction& function);
    // Counters by SASS offset; an empty hash hides the two columns.
    void setCounters(const QHash<qint64, InstructionCounters>& counters);
    const ListingFunction& listing() const { return m_function; }
    bool hasCounters() const { return !m_counters.isEmpty(); }

    // The rows whose instructions came from `line` of `file` (any file when empty).
    QList<int> rowsOfLine(const QString& file, int line) const;
    // Executions and stall samples summed over each CUDA line: line -> totals.
    QHash<int, InstructionCounters> lineTotals() const;
    // The rows whose text contains `text` (case-insensitive), for search.
    QList<int> find(const QString& text) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ListingFunction m_function;
    QHash<qint64, InstructionCounters> m_counters;
};

} // namespace kwb
