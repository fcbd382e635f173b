#pragma once

#include <QObject>

#include <memory>

namespace kwb {

class CurrentTurn;
class DisassemblyController;
class KernelView;
class TranscriptView;
class TurnCache;

// The Kernel pane, the Disassembly beside it and the Transcript follow CurrentTurn: the current turn's files and
// messages come from the store through a cache of turn contents, and the files are diffed against the turn's parent
// or the compared turn, as the Kernel pane's own controls say.
class KernelController : public QObject
{
    Q_OBJECT
public:
    KernelController(const CurrentTurn* current, KernelView* kernel, TranscriptView* transcript,
        DisassemblyController* disassembly, QObject* parent = nullptr);
    ~KernelController() override;

private:
    void showTurn();
    void showKernel();

    const CurrentTurn* m_current;
    KernelView* m_kernel;
    TranscriptView* m_transcript;
    DisassemblyController* m_disassembly;
    std::unique_ptr<TurnCache> m_cache;
};

} // namespace kwb
