#include "widgetfixtures.h"

#include "models/trajectorylistmodel.h"
#include "trajectorypanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace kwb;

class TestTrajectoryPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filtersSortsAndSelects();
    void headerStateOfOtherColumnsIsIgnored();
    void moreFiltersByLabelTextRewardAndSpeedup();
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

void TestTrajectoryPanel::moreFiltersByLabelTextRewardAndSpeedup()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("m.kwb")), &error);
    Trajectory a = test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows")); // best reward 3, 2× compile
    Trajectory slow = test::forkedTrajectory(QStringLiteral("d"), QStringLiteral("relu"));
    slow.turns[1].eval = test::evalWith(StageStatus::Passed, StageStatus::Passed, 200, 100, 1); // 0.5× compile
    slow.labels.append(QStringLiteral("accept"));
    slow.turns[1].eval->hackFlags = { QStringLiteral("result-reuse") };
    Trajectory c = test::steppingTrajectory(QStringLiteral("c"));
    c.task.name = QStringLiteral("gelu");
    for (const Trajectory& t : { a, slow, c })
        QVERIFY2(store->addTrajectory(t, &error), qPrintable(error));

    TrajectoryPanel panel;
    panel.resize(500, 400);
    panel.show();
    panel.setStore(store.get());
    auto* more = panel.findChild<QToolButton*>(QStringLiteral("moreFilters"));
    auto* extra = panel.findChild<QWidget*>(QStringLiteral("extraFilters"));
    QVERIFY(extra->isHidden()); // one row of filters until asked for more
    QTest::mouseClick(more, Qt::LeftButton);
    QVERIFY(extra->isVisible());

    auto* label = panel.findChild<QComboBox*>(QStringLiteral("labelFilter"));
    QCOMPARE(label->count(), 3); // any, accept, fixture
    label->setCurrentIndex(label->findData(QStringLiteral("accept")));
    QCOMPARE(panel.model()->rowCount(), 1);
    QCOMPARE(panel.model()->index(0, 0).data().toString(), QStringLiteral("relu"));
    label->setCurrentIndex(0);

    auto* flagged = panel.findChild<QCheckBox*>(QStringLiteral("flaggedFilter"));
    flagged->setChecked(true);
    QCOMPARE(panel.model()->rowCount(), 1);
    QCOMPARE(panel.model()->index(0, 0).data().toString(), QStringLiteral("relu"));
    flagged->setChecked(false);
    QCOMPARE(panel.model()->rowCount(), 3);

    auto* text = panel.findChild<QLineEdit*>(QStringLiteral("textFilter"));
    QTest::keyClicks(text, QStringLiteral("warpshuffle"));
    QCOMPARE(panel.model()->rowCount(), 3); // a search runs on Enter
    QTest::keyClick(text, Qt::Key_Return);
    QCOMPARE(panel.model()->rowCount(), 2); // the forked ones say it; gelu does not
    text->clear();
    QCOMPARE(panel.model()->rowCount(), 3);

    QTest::keyClicks(panel.findChild<QLineEdit*>(QStringLiteral("minRewardFilter")), QStringLiteral("2"));
    QCOMPARE(panel.model()->rowCount(), 2);
    panel.findChild<QLineEdit*>(QStringLiteral("minRewardFilter"))->clear();
    QTest::keyClicks(panel.findChild<QLineEdit*>(QStringLiteral("minSpeedupFilter")), QStringLiteral("1"));
    QCOMPARE(panel.model()->rowCount(), 2);
    QVERIFY(panel.model()->rowOf(panel.model()->trajectoryId(0)) >= 0);
    for (int row = 0; row < 2; ++row)
        QVERIFY(panel.model()->index(row, 0).data().toString() != QStringLiteral("relu"));

    // A refresh after an edit keeps the selection without announcing it again.
    QVERIFY(panel.selectRow(1));
    const qint64 selected = panel.currentTrajectory();
    QSignalSpy announced(&panel, &TrajectoryPanel::trajectorySelected);
    panel.refresh();
    QCOMPARE(panel.currentTrajectory(), selected);
    QCOMPARE(announced.count(), 0);
}

QTEST_MAIN(TestTrajectoryPanel)
#include "tst_trajectorypanel.moc"
