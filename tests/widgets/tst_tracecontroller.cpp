// TraceController: the Timeline dock follows CurrentTurn. The current turn's trace (the torch.profiler trace recorded
// on the H200) loads from the store, the same trace again keeps the view, a turn without one clears it, the compared
// turn's trace comes in beneath and goes when nothing is compared, and without a store the pane says so.
#include "models/currentturn.h"
#include "store/store.h"
#include "timelineview.h"
#include "trace/tracemodel.h"
#include "tracecontroller.h"
#include "tracepanel.h"
#include "widgetfixtures.h"

#include <QCheckBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace kwb;

class TestTraceController : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void followsTheCurrentTurn();
    void comparedTurnsTraceComesAndGoes();
    void withoutAStoreThePaneSaysSo();

private:
    // The store opened again, the current turn over it and the panel the controller drives, for one test.
    struct Timeline
    {
        explicit Timeline(TestTraceController& test)
            : current(&test.m_trajectory, &test.m_graph, &test.m_navigator)
        {
            QString error;
            store = Store::open(test.m_storePath, &error, Store::OpenMode::MustExist);
            current.setStore(store.get());
        }
        std::unique_ptr<Store> store;
        CurrentTurn current;
        TracePanel panel;
        TraceController controller { &current, &panel };
    };

    QTemporaryDir m_dir;
    QString m_storePath;
    Trajectory m_trajectory;
    TurnGraph m_graph;
    TurnNavigator m_navigator;
};

void TestTraceController::initTestCase()
{
    QFile fixture(QFINDTESTDATA("../trace/fixtures/kineto_mlp_h200.json"));
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    const QByteArray trace = fixture.readAll();
    m_trajectory = test::steppingTrajectory(QStringLiteral("traced"));
    QVERIFY(m_trajectory.turns.size() >= 3);
    m_trajectory.turns[1].eval->traceBlob = WorkspaceSnapshot::sha256Hex(trace);
    m_trajectory.turns[2].eval->traceBlob.clear();
    m_storePath = m_dir.filePath(QStringLiteral("traced.kwb"));
    QString error;
    auto store = Store::open(m_storePath, &error);
    QVERIFY2(store && store->addBlob(trace, &error), qPrintable(error));
    m_graph = TurnGraph(m_trajectory);
    m_navigator.setGraph(&m_graph);
}

void TestTraceController::followsTheCurrentTurn()
{
    Timeline t(*this);
    QVERIFY(t.store);
    CurrentTurn& current = t.current;
    TracePanel& panel = t.panel;

    m_navigator.setCurrent(0);
    current.announceTurn();
    QVERIFY(!panel.timeline()->model()); // turn 1 has no trace
    m_navigator.setCurrent(1);
    current.announceTurn();
    QVERIFY(panel.isLoading()); // read and parsed off the UI thread
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isLoading(), 60000);
    QVERIFY2(panel.timeline()->model(), qPrintable(panel.status()));
    QCOMPARE(panel.timeline()->model()->eventCount(), std::size_t(466));
    const trace::TraceModel* shown = panel.timeline()->model();
    current.announceTurn(); // the same turn again (a new mark, a reload): the view stays as it is
    QVERIFY(!panel.isLoading());
    QCOMPARE(panel.timeline()->model(), shown);
    m_navigator.setCurrent(2);
    current.announceTurn();
    QVERIFY(!panel.timeline()->model());
}

void TestTraceController::comparedTurnsTraceComesAndGoes()
{
    Timeline t(*this);
    QVERIFY(t.store);
    CurrentTurn& current = t.current;
    TracePanel& panel = t.panel;
    m_navigator.setCurrent(2);
    current.announceTurn();
    current.setComparedTurn(1);
    QCOMPARE(current.comparedTurn(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isLoadingComparison(), 60000);
    QVERIFY(panel.comparisonTimeline()->model());
    QVERIFY(panel.compareToggle()->isEnabled());
    QVERIFY2(panel.compareToggle()->text().contains(QStringLiteral("Turn 2")), qPrintable(panel.compareToggle()->text()));
    current.setComparedTurn(2); // a turn without a trace: nothing to compare with
    QVERIFY(!panel.comparisonTimeline()->model());
    QVERIFY(!panel.compareToggle()->isEnabled());
    current.setComparedTurn(1);
    QTRY_VERIFY_WITH_TIMEOUT(panel.comparisonTimeline()->model(), 60000);
    current.setComparedTurn(-1); // a new trajectory resets what is compared
    QVERIFY(!panel.comparisonTimeline()->model());
}

void TestTraceController::withoutAStoreThePaneSaysSo()
{
    CurrentTurn current(&m_trajectory, &m_graph, &m_navigator);
    TracePanel panel;
    TraceController controller(&current, &panel);
    m_navigator.setCurrent(1);
    current.announceTurn();
    QVERIFY(!panel.isLoading());
    QVERIFY2(panel.status().contains(QStringLiteral("no store is open")), qPrintable(panel.status()));
}

QTEST_MAIN(TestTraceController)
#include "tst_tracecontroller.moc"
