#pragma once

#include "disasm/disassemblybundle.h"
#include "models/disassemblymodel.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace kwb {

// The code the GPU runs for the current turn, like Compiler Explorer's assembly pane: pick a kernel, see its SASS
// or PTX with each row tinted by the CUDA line it came from, memory operations, tensor-core ops, branches and
// barriers marked by class and width; search; rows of a CUDA line highlighted when that line is picked in the
// editor, and the editor's line shown when a row is picked. Against the compared turn's build, the rows that are
// new or changed are marked and the change in instruction counts is summed up. Nsight Compute's per-instruction
// counters, where the turn has them, are two more columns.
class DisassemblyView : public QWidget
{
    Q_OBJECT
public:
    enum class Mode { Sass, Ptx };

    explicit DisassemblyView(QWidget* parent = nullptr);

    // The turn's disassembly, or none with the sentence saying why.
    void setBundle(const std::optional<DisassemblyBundle>& bundle, const QString& whyNone = {});
    // The compared turn's, for the diff; nullopt: no comparison.
    void setBase(const std::optional<DisassemblyBundle>& bundle, const QString& label);
    // Counters by kernel symbol, then by SASS offset (Nsight Compute's source page).
    void setCounters(const QHash<QString, QHash<qint64, InstructionCounters>>& counters);

    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    bool showKernel(const QString& nameOrSymbol); // by short name, symbol or a part of either
    QString currentSymbol() const;
    QStringList kernelNames() const;
    QString summaryText() const; // "412 instructions · ...", or why there are none
    QString diffText() const; // the change against the compared turn, empty without one
    QList<int> highlightedRows() const { return m_highlighted; }
    DisassemblyModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

public Q_SLOTS:
    // Rows whose instructions came from this CUDA line are marked and the first scrolled to.
    void highlightSourceLine(const QString& file, int line);
    bool findNext(const QString& text, bool forward = true);

Q_SIGNALS:
    void sourceLineActivated(const QString& file, int line); // a row was picked

private:
    void fillKernels();
    void showCurrent();
    void updateSummary();
    const ListingFunction* listingOf(const std::optional<DisassemblyBundle>& bundle, const QString& symbol) const;

    std::optional<DisassemblyBundle> m_bundle;
    std::optional<DisassemblyBundle> m_base;
    QString m_baseLabel;
    QString m_whyNone;
    QHash<QString, QHash<qint64, InstructionCounters>> m_counters;
    Mode m_mode = Mode::Sass;
    DisassemblyModel* m_model;
    QComboBox* m_kernels;
    QComboBox* m_modeBox;
    QLineEdit* m_search;
    QLabel* m_summary;
    QLabel* m_diff;
    QTableView* m_table;
    QList<int> m_highlighted;
    QList<int> m_changedRows; // rows new or changed against the compared turn
    int m_highlightLine = 0;
};

} // namespace kwb
