#include "widgetfixtures.h"

#include "models/trajectorylistmodel.h"
#include "trajectorypanel.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestTrajectoryPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filtersSortsAndSelects();
    void headerStateOfOtherColumnsIsIgnored();
};

void TestTrajectoryPanel::filtersSortsAndSelects()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("p.kwb")), &error);
    Trajectory a = test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows"));
    Trajectory b = test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("layernorm"));
    b.task.level = 2;
    Trajectory c = test::steppingTrajectory(QStringLiteral("c"));
    c.task.name = QStringLiteral("gelu");
    for (const Trajectory& t : { a, b, c })
        QVERIFY2(store->addTrajectory(t, &error), qPrintable(error));

    TrajectoryPanel panel;
    panel.resize(500, 400);
    panel.show();
    QSignalSpy count(&panel, &TrajectoryPanel::countChanged);
    panel.setStore(store.get());
    QCOMPARE(count.last().first().toInt(), 3);
    QTableView* view = panel.view();
    QVERIFY(!view->isColumnHidden(int(TrajectoryColumn::BestSpeedup)));
    QVERIFY(view->isColumnHidden(int(TrajectoryColumn::Source)));

    auto* level = panel.findChild<QComboBox*>(QStringLiteral("levelFilter"));
    level->setCurrentIndex(level->findData(2));
    QCOMPARE(view->model()->rowCount(), 1);
    QCOMPARE(view->model()->index(0, 0).data().toString(), QStringLiteral("layernorm"));
    level->setCurrentIndex(0);
    QTest::keyClicks(panel.findChild<QLineEdit*>(QStringLiteral("trajectoryFilter")), QStringLiteral("soft"));
    QCOMPARE(view->model()->rowCount(), 1);
    panel.findChild<QLineEdit*>(QStringLiteral("trajectoryFilter"))->clear();
    QCOMPARE(view->model()->rowCount(), 3);

    // Sorting by task through the header.
    view->horizontalHeader()->setSortIndicator(int(TrajectoryColumn::Task), Qt::AscendingOrder);
    QCOMPARE(view->model()->index(0, 0).data().toString(), QStringLiteral("gelu"));
    QCOMPARE(view->model()->index(2, 0).data().toString(), QStringLiteral("softmax_rows"));

    QSignalSpy selected(&panel, &TrajectoryPanel::trajectorySelected);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(1, 0)).center());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().first().toLongLong(), panel.currentTrajectory());
    QCOMPARE(panel.model()->index(1, 0).data().toString(), QStringLiteral("layernorm"));
}

void TestTrajectoryPanel::headerStateOfOtherColumnsIsIgnored()
{
    TrajectoryPanel saved;
    const int roofline = int(TrajectoryColumn::BestRoofline);
    QVERIFY(!saved.view()->isColumnHidden(roofline));
    saved.view()->setColumnHidden(roofline, true);
    saved.view()->setColumnWidth(int(TrajectoryColumn::Task), 321);
    TrajectoryPanel restored;
    restored.restoreHeaderState(saved.saveHeaderState());
    QVERIFY(restored.view()->isColumnHidden(roofline));
    QCOMPARE(restored.view()->columnWidth(int(TrajectoryColumn::Task)), 321);

    // A header saved before the % roofline column existed (twelve columns, its last one hidden) would hide the
    // new column by index; it is left out and the panel keeps its own layout.
    QStandardItemModel twelve(1, 12);
    QTableView old;
    old.setModel(&twelve);
    old.setColumnHidden(11, true);
    TrajectoryPanel upgraded;
    upgraded.restoreHeaderState(old.horizontalHeader()->saveState());
    QVERIFY(!upgraded.view()->isColumnHidden(roofline));
    upgraded.restoreHeaderState(QByteArray("garbage"));
    QVERIFY(!upgraded.view()->isColumnHidden(roofline));
}

QTEST_MAIN(TestTrajectoryPanel)
#include "tst_trajectorypanel.moc"
