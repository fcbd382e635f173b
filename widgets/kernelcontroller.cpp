#include "kernelcontroller.h"

#include "disassemblycontroller.h"
#include "kernelview.h"
#include "models/currentturn.h"
#include "models/turncache.h"
#include "transcriptview.h"

#include <QCoreApplication>

namespace kwb {

KernelController::KernelController(const CurrentTurn* current, KernelView* kernel, TranscriptView* transcript,
    DisassemblyController* disassembly, QObject* parent)
    : QObject(parent)
    , m_current(current)
    , m_kernel(kernel)
    , m_transcript(transcript)
    , m_disassembly(disassembly)
    , m_cache(std::make_unique<TurnCache>())
{
    connect(current, &CurrentTurn::storeChanged, this, [this](Store* store) { m_cache->setStore(store); });
    connect(current, &CurrentTurn::turnChanged, this, &KernelController::showTurn);
    connect(current, &CurrentTurn::comparedTurnChanged, this, &KernelController::showKernel);
    connect(kernel, &KernelView::diffToggled, this, &KernelController::showKernel);
    connect(kernel, &KernelView::baseChanged, this, &KernelController::showKernel);
}

KernelController::~KernelController() = default;

void KernelController::showTurn()
{
    const Turn* header = m_current->header();
    if (!header) {
        m_kernel->clear(m_current->trajectory().uuid.isEmpty()
                ? QString()
                : QCoreApplication::translate("kwb::MainWindow", "This trajectory has no turns."));
        m_transcript->setMessages({});
        return;
    }
    const auto content = m_cache->content(header->storeId);
    showKernel();
    m_transcript->setMessages(content->turn.messages, content->error);
}

void KernelController::showKernel()
{
    const int turn = m_current->turn();
    if (turn < 0)
        return; // showTurn() cleared the pane
    const Trajectory& trajectory = m_current->trajectory();
    const int compared = m_current->comparedTurn();
    const bool picked = m_kernel->base() == KernelView::Base::PickedTurn && compared >= 0;
    const int baseTurn = picked ? compared : m_current->graph().parent(turn);
    const auto content = m_cache->content(trajectory.turns.at(turn).storeId);
    // The turn compared with, also without a diff: its files' hashes mark the tabs of what changed (the window's
    // trajectory holds headers only, without the workspaces).
    std::shared_ptr<const TurnContent> base;
    QMap<QString, QString> baseHashes;
    if (baseTurn >= 0 && baseTurn != turn) {
        base = m_cache->content(trajectory.turns.at(baseTurn).storeId);
        for (const FileContent& file : base->files)
            baseHashes.insert(file.path, file.sha256);
    }
    m_kernel->setTurn(content.get(), m_kernel->isDiffEnabled() ? base.get() : nullptr, m_current->turnLabel(turn),
        m_current->turnLabel(baseTurn), base ? &baseHashes : nullptr);
    m_disassembly->showTurn(&trajectory, turn, baseTurn != turn ? baseTurn : -1, m_current->turnLabel(baseTurn));
}

} // namespace kwb
