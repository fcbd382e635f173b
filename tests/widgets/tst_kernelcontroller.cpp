// KernelController: the Kernel pane and the Transcript follow CurrentTurn. The current turn's files and messages
// come from the store, the files are compared with the parent turn or, when the pane's choice is the picked turn,
// with the compared turn as it changes; the tabs mark what changed also without a diff (the trajectory holds headers
// only); a trajectory without turns says so.
#include "disassemblycontroller.h"
#include "disassemblyview.h"
#include "kernelcontroller.h"
#include "kernelview.h"
#include "models/currentturn.h"
#include "store/store.h"
#include "transcriptview.h"
#include "widgetfixtures.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace kwb;

namespace {

// The panes the controller drives and what the window hands it, over one trajectory.
struct Panes
{
    Panes(const Trajectory* trajectory, Store* store)
        : graph(*trajectory)
    {
        navigator.setGraph(&graph);
        current = std::make_unique<CurrentTurn>(trajectory, &graph, &navigator);
        controller = std::make_unique<KernelController>(current.get(), &kernel, &transcript, &disassembly);
        current->setStore(store);
    }
    TurnGraph graph;
    TurnNavigator navigator;
    KernelView kernel;
    TranscriptView transcript;
    DisassemblyView disassemblyView;
    DisassemblyController disassembly { &disassemblyView, &kernel };
    std::unique_ptr<CurrentTurn> current;
    std::unique_ptr<KernelController> controller;
};

} // namespace

class TestKernelController : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void followsTheTurnAndTheComparedTurn();
    void aTrajectoryWithoutTurnsSaysSo();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    Trajectory m_trajectory; // headers, as the window reads them
};

void TestKernelController::initTestCase()
{
    QString error;
    m_store = Store::open(m_dir.filePath(QStringLiteral("kernels.kwb")), &error);
    QVERIFY2(m_store, qPrintable(error));
    const auto id = m_store->addTrajectory(test::steppingTrajectory(QStringLiteral("k")), &error);
    QVERIFY2(id, qPrintable(error));
    auto headers = m_store->trajectory(*id, Store::Depth::Headers, &error);
    QVERIFY2(headers, qPrintable(error));
    m_trajectory = std::move(*headers);
}

void TestKernelController::followsTheTurnAndTheComparedTurn()
{
    Panes p(&m_trajectory, m_store.get());
    KernelView& kernel = p.kernel;
    CurrentTurn& current = *p.current;

    p.navigator.setCurrent(2); // kernelSource(2), against its parent's kernelSource(1)
    current.announceTurn();
    QVERIFY(kernel.paths().contains(QStringLiteral("kernels/softmax.cu")));
    QVERIFY(kernel.paths().contains(QStringLiteral("model_new.py")));
    QCOMPARE(kernel.fileChange(QStringLiteral("kernels/softmax.cu")), KernelView::FileChange::Changed);
    QCOMPARE(kernel.fileChange(QStringLiteral("model_new.py")), KernelView::FileChange::Same);
    QVERIFY(p.transcript.isExpanded(QStringLiteral("reasoning-0"))); // the turn's messages, reasoning open

    // Against a picked turn: the compared turn as it changes, read by the controller itself.
    kernel.setPickedBase(QStringLiteral("Turn 4"));
    kernel.setDiffEnabled(true);
    current.setComparedTurn(3); // the same kernelSource(2)
    QCOMPARE(kernel.fileChange(QStringLiteral("kernels/softmax.cu")), KernelView::FileChange::Same);
    current.setComparedTurn(0);
    QCOMPARE(kernel.fileChange(QStringLiteral("kernels/softmax.cu")), KernelView::FileChange::Changed);
    QVERIFY(kernel.currentEditor());
    kernel.clearPickedBase(); // back to the parent turn
    QCOMPARE(kernel.base(), KernelView::Base::PreviousTurn);
    QCOMPARE(kernel.fileChange(QStringLiteral("kernels/softmax.cu")), KernelView::FileChange::Changed);
}

void TestKernelController::aTrajectoryWithoutTurnsSaysSo()
{
    Trajectory empty = m_trajectory;
    empty.turns.clear();
    Panes p(&empty, m_store.get());
    KernelView& kernel = p.kernel;
    p.current->announceTurn();
    QVERIFY(kernel.paths().isEmpty());
    QCOMPARE(kernel.message(), QStringLiteral("This trajectory has no turns."));
}

QTEST_MAIN(TestKernelController)
#include "tst_kernelcontroller.moc"
