#pragma once

#include "disasm/disassemblybundle.h"
#include "model/trajectory.h"
#include "models/currentturn.h"

#include <QHash>
#include <QObject>

#include <optional>

namespace kwb {

class DisassemblyView;
class KernelView;
class Store;

// Feeds the disassembly pane: the current turn's build (a blob of the store) and the compared turn's for the
// diff, read when the pane is shown; and keeps the pane and the kernel editor on the same CUDA line both ways,
// through the line tables' own copies of the built sources (a load_inline build names a cuda.cu that is a string
// inside model_new.py). It never sees the window.
class DisassemblyController : public QObject
{
    Q_OBJECT
public:
    DisassemblyController(DisassemblyView* view, KernelView* kernel, QObject* parent = nullptr);

    void setStore(Store* store);
    void setActive(bool shown); // the pane is visible: only then are blobs read
    void showTurn(const Trajectory* trajectory, int turn, int comparedTurn, const QString& comparedLabel);
    void refreshCounters(); // a profile was stored for the turn: its source counters into the pane

    // Where a built (file, line) lies in the current turn's files, and back; empty path: nowhere.
    QPair<QString, int> toWorkspace(const QString& builtFile, int line) const;
    QPair<QString, int> toBuilt(const QString& path, int line) const;

Q_SIGNALS:
    void errorOccurred(const QString& sentence);

private:
    void refresh();
    QStringList linesOf(const QString& path) const; // a file of the current turn, read from the store when needed
    std::optional<DisassemblyBundle> bundleOf(int turn, QString* whyNone);

    DisassemblyView* m_view;
    KernelView* m_kernel;
    Store* m_store = nullptr;
    ShownTurns m_shown;
    bool m_active = false;
    bool m_stale = true;
    QHash<QString, DisassemblyBundle> m_cache; // by blob hash
    std::optional<DisassemblyBundle> m_current;
    WorkspaceSnapshot m_files; // the current turn's, with their bytes
};

} // namespace kwb
