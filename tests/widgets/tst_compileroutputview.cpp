#include "widgetfixtures.h"

#include "compileroutputview.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace kwb;

class TestCompilerOutputView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsDiagnosticsLogAndResources();
    void clickingADiagnosticAsksForItsLine();
    void notEvaluated();
};

void TestCompilerOutputView::showsDiagnosticsLogAndResources()
{
    const Trajectory t = test::steppingTrajectory();
    CompilerOutputView view;
    view.show();
    view.setEval(&*t.turns.at(4).eval);
    QVERIFY2(view.summary().startsWith(QStringLiteral("Compile failed")), qPrintable(view.summary()));
    QVERIFY(view.summary().contains(QStringLiteral("1 error")));
    QAbstractItemModel* diagnostics = view.diagnosticsView()->model();
    QCOMPARE(diagnostics->rowCount(), 1);
    QCOMPARE(diagnostics->index(0, 0).data().toString(), QStringLiteral("error"));
    QCOMPARE(diagnostics->index(0, 2).data().toInt(), 4);
    QCOMPARE(diagnostics->index(0, 4).data().toString(), QStringLiteral("20"));
    QVERIFY(view.log().contains(QStringLiteral("error #20")));

    view.setEval(&*t.turns.at(2).eval);
    QVERIFY(view.summary().startsWith(QStringLiteral("Compiled")));
    QCOMPARE(diagnostics->rowCount(), 0);
    QAbstractItemModel* resources = view.resourcesView()->model();
    QCOMPARE(resources->rowCount(), 1);
    QCOMPARE(resources->index(0, 0).data().toString(), QStringLiteral("softmax"));
    QCOMPARE(resources->index(0, 2).data().toInt(), 34);
    QVERIFY(view.log().contains(QStringLiteral("Used 34 registers")));
}

void TestCompilerOutputView::clickingADiagnosticAsksForItsLine()
{
    const Trajectory t = test::steppingTrajectory();
    CompilerOutputView view;
    view.resize(800, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setEval(&*t.turns.at(4).eval);
    QSignalSpy activated(&view, &CompilerOutputView::diagnosticActivated);
    QTableView* table = view.diagnosticsView();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(0, 5)).center());
    QVERIFY(activated.count() >= 1);
    const QList<QVariant> args = activated.last();
    QCOMPARE(args.at(0).toString(), QStringLiteral("/tmp/build/kernels/softmax.cu"));
    QCOMPARE(args.at(1).toInt(), 4);
    QCOMPARE(args.at(2).toInt(), 13);
}

void TestCompilerOutputView::notEvaluated()
{
    CompilerOutputView view;
    view.setEval(nullptr);
    QVERIFY(view.summary().contains(QStringLiteral("not evaluated")));
    QCOMPARE(view.diagnosticsView()->model()->rowCount(), 0);
}

QTEST_MAIN(TestCompilerOutputView)
#include "tst_compileroutputview.moc"
