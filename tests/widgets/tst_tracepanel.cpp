// TracePanel: a trace and a comparison trace on one time scale, each aligned at its timed region; a broken
// comparison says why and cannot be switched on.
#include "timelineview.h"
#include "tracepanel.h"
#include "cuda/chrometrace.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>
#include <QTimer>

using namespace kwb;

class TestTracePanel : public QObject {
    Q_OBJECT
private slots:
    void comparisonFollowsTheTimeScaleAlignedAtTheTimedRegion();
    void brokenComparisonSaysWhy();
    void kernelRegexForNsightCompute_data();
    void kernelRegexForNsightCompute();
    void profileKernelFromTheTimelineAndTheSummary();
    void harnessWorkIsTaggedAndDimmed();

private:
    static QByteArray harnessTrace(int64_t callStart);
    static QByteArray fixture();
};

// A trace like the harness's trace pass: a warm-up range, then "candidate: call 0" from `callStart` (ns).
QByteArray TestTracePanel::harnessTrace(int64_t callStart)
{
    trace::TraceData d;
    d.processId = 9;
    d.deviceNames = { "NVIDIA H200" };
    d.ranges = { { uint64_t(callStart - 500'000), uint64_t(callStart - 100'000), 9, 9, "candidate: warm-up", "" },
                 { uint64_t(callStart), uint64_t(callStart + 300'000), 9, 9, "candidate: call 0", "" } };
    trace::KernelRecord k;
    k.start = uint64_t(callStart + 10'000);
    k.end = uint64_t(callStart + 250'000);
    k.stream = 7;
    k.name = "row_scale";
    d.kernels = { k };
    return QByteArray::fromStdString(trace::chromeTraceJson(d));
}

QByteArray TestTracePanel::fixture()
{
    QFile f(QFINDTESTDATA("../trace/fixtures/kineto_mlp_h200.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestTracePanel::comparisonFollowsTheTimeScaleAlignedAtTheTimedRegion()
{
    TracePanel panel;
    panel.resize(1600, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.showTrace(harnessTrace(5'000'000'000), QStringLiteral("turn 3"));
    panel.setComparison(harnessTrace(9'000'000'000), QStringLiteral("turn 1"));
    QTRY_VERIFY(!panel.isLoading() && !panel.isLoadingComparison());
    QVERIFY(panel.compareToggle()->isEnabled());
    QVERIFY(!panel.isComparing());
    panel.compareToggle()->setChecked(true);
    QVERIFY(panel.isComparing());
    TimelineView* a = panel.timeline();
    TimelineView* b = panel.comparisonTimeline();
    QVERIFY(b->isVisible());
    QCOMPARE(a->alignmentTime(), qint64(5'000'000'000));
    QCOMPARE(b->alignmentTime(), qint64(9'000'000'000));
    for (const double factor : { 0.5, 0.25, 3.0 }) {
        a->zoomAt(700, factor);
        QCOMPARE(b->nsPerPixel(), a->nsPerPixel());
        QCOMPARE(b->viewStart() - b->alignmentTime(), a->viewStart() - a->alignmentTime());
    }
    b->zoomAt(400, 0.5); // either view leads
    QCOMPARE(a->nsPerPixel(), b->nsPerPixel());
    QCOMPARE(a->viewStart() - a->alignmentTime(), b->viewStart() - b->alignmentTime());

    // A trace without the harness's ranges is aligned at its start.
    panel.setComparison(fixture(), QStringLiteral("a profile"));
    QTRY_VERIFY(!panel.isLoadingComparison());
    QCOMPARE(b->alignmentTime(), b->model()->startTime());
    QCOMPARE(b->viewStart() - b->alignmentTime(), a->viewStart() - a->alignmentTime());
}

void TestTracePanel::brokenComparisonSaysWhy()
{
    TracePanel panel;
    panel.showTrace(fixture(), QStringLiteral("turn 2"));
    const QByteArray good = fixture();
    panel.setComparison(good.left(good.size() / 3), QStringLiteral("turn 1"));
    QTRY_VERIFY(!panel.isLoading() && !panel.isLoadingComparison());
    QVERIFY(!panel.compareToggle()->isEnabled());
    QVERIFY(!panel.comparisonTimeline()->model());
    QVERIFY(panel.compareToggle()->toolTip().contains(QStringLiteral("is not a complete Chrome trace")));
    panel.clearComparison();
    QVERIFY(!panel.isComparing());
}

void TestTracePanel::kernelRegexForNsightCompute_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("regex");
    // Names as the tracer demangles them (fixtures/kwb_tracer_diag_matmul_h200.json) and as ncu matches them.
    QTest::newRow("anonymous namespace") << "(anonymous namespace)::row_scale_vec4_kernel(float const*, float4 const*, float4*, int)"
                                         << "^row_scale_vec4_kernel$";
    QTest::newRow("template") << "void (anonymous namespace)::softmax_rows_vec4_kernel<4>(float4 const*, float4*, long, int)"
                              << "^softmax_rows_vec4_kernel$";
    QTest::newRow("aten") << "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)"
                          << "^vectorized_elementwise_kernel$";
    QTest::newRow("plain C") << "saxpy" << "^saxpy$";
    QTest::newRow("empty") << "" << "";
}

void TestTracePanel::kernelRegexForNsightCompute()
{
    QFETCH(QString, name);
    QFETCH(QString, regex);
    QCOMPARE(TracePanel::ncuKernelRegex(name), regex);
}

void TestTracePanel::profileKernelFromTheTimelineAndTheSummary()
{
    QFile f(QFINDTESTDATA("../trace/fixtures/kwb_tracer_diag_matmul_h200.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    TracePanel panel;
    panel.resize(1600, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.showTrace(f.readAll(), QStringLiteral("turn 1"));
    QTRY_VERIFY(!panel.isLoading());
    QSignalSpy requested(&panel, &TracePanel::profileKernelRequested);
    // Chooses the menu's action as a user would, once the context menu is up.
    auto chooseProfile = [] {
        QTimer::singleShot(0, [] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            QVERIFY(menu);
            auto* action = menu->findChild<QAction*>(QStringLiteral("profileKernelAction"));
            QVERIFY(action && action->isEnabled());
            action->trigger();
            menu->close();
        });
    };

    // The summary table: the candidate's kernel.
    QTableWidget* table = panel.kernelTable();
    int row = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text().contains(QLatin1String("row_scale_vec4_kernel")))
            row = r;
    QVERIFY(row >= 0);
    chooseProfile();
    emit table->customContextMenuRequested(table->visualItemRect(table->item(row, 0)).center());
    QCOMPARE(requested.size(), 1);
    QVERIFY(requested.at(0).at(0).toString().contains(QLatin1String("row_scale_vec4_kernel")));

    // The timeline: right-click on a kernel of stream 7.
    TimelineView* timeline = panel.timeline();
    const trace::TraceModel* model = timeline->model();
    int track = -1;
    for (size_t t = 0; t < model->tracks().size(); ++t)
        if (model->tracks()[t].threadName == "stream 7")
            track = int(t);
    QVERIFY(track >= 0);
    const trace::TraceEvent& kernel = model->tracks()[size_t(track)].events[2];
    timeline->setViewRange(kernel.start - kernel.duration, kernel.start + 2 * kernel.duration);
    const QPoint at(int(timeline->xAt(kernel.start + kernel.duration / 2)), timeline->trackRect(track).top() + TimelineView::kDepthHeight / 2);
    QCOMPARE(timeline->hitTest(at).event, 2);
    chooseProfile();
    emit timeline->customContextMenuRequested(at);
    QCOMPARE(requested.size(), 2);
    QCOMPARE(requested.at(1).at(0).toString(), QString::fromStdString(model->name(kernel)));
}

void TestTracePanel::harnessWorkIsTaggedAndDimmed()
{
    // The tracer's trace: the candidate's kernel in a warm-up and three calls, the harness's fills in "flush" ranges.
    QFile f(QFINDTESTDATA("../trace/fixtures/kwb_tracer_diag_matmul_h200.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    TracePanel panel;
    panel.resize(1600, 800);
    panel.show();
    panel.showTrace(f.readAll(), QStringLiteral("turn 1"));
    QTRY_VERIFY(!panel.isLoading());
    TimelineView* timeline = panel.timeline();
    const trace::TraceModel* model = timeline->model();
    int candidate = 0, harness = 0;
    for (size_t t = 0; t < model->tracks().size(); ++t) {
        for (size_t i = 0; i < model->tracks()[t].events.size(); ++i) {
            const trace::TraceEvent& e = model->tracks()[t].events[i];
            if (e.kind() != trace::EventKind::Kernel)
                continue;
            const bool isHarness = timeline->isHarnessWork(int(t), int(i));
            const std::string& name = model->name(e);
            if (name.find("row_scale_vec4_kernel") != std::string::npos) {
                QVERIFY2(!isHarness, "the candidate's kernel, warm-up included, is never the harness's");
                ++candidate;
            } else if (name.find("FillFunctor") != std::string::npos) {
                QVERIFY(isHarness);
                ++harness;
                if (harness == 1) { // its details say so
                    timeline->select({ int(t), int(i) });
                    const QList<QTreeWidgetItem*> rows = panel.findChild<QTreeWidget*>()->findItems(QStringLiteral("harness"), Qt::MatchExactly);
                    QCOMPARE(rows.size(), 1);
                    QVERIFY(rows.front()->text(1).contains(QStringLiteral("not in the candidate's time")));
                }
            }
        }
    }
    QCOMPARE(candidate, 4);
    QCOMPARE(harness, 3);
    // The summary: the candidate's kernels first with their share, the harness's after them, tagged, with none.
    QTableWidget* table = panel.kernelTable();
    QVERIFY(table->item(0, 0)->text().contains(QStringLiteral("row_scale_vec4_kernel")));
    QCOMPARE(table->item(0, 4)->text(), QStringLiteral("100.0 %"));
    int fills = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text().startsWith(QStringLiteral("harness · ")) && table->item(r, 0)->toolTip().contains(QStringLiteral("FillFunctor")))
            fills = r;
    QVERIFY(fills > 0);
    QCOMPARE(table->item(fills, 4)->text(), QStringLiteral("–"));
    QCOMPARE(table->item(fills, 1)->text(), QStringLiteral("3"));
}

QTEST_MAIN(TestTracePanel)
#include "tst_tracepanel.moc"
