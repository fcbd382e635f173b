#include "testutils.h"

#include "io/syntheticgenerator.h"
#include "models/trajectorylistmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestTrajectoryListModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void showsRowsLazilyAcrossPages();
    void sortsInSql_data();
    void sortsInSql();
    void filters();
    void sortKeepsSelectionOnTheSameTrajectory();
    void badSearchReportsAndShowsNothing();
    void rooflineColumnShowsTheBestCorrectTurn();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
};

void TestTrajectoryListModel::initTestCase()
{
    QString error;
    m_store = Store::open(m_dir.filePath(QStringLiteral("m.kwb")), &error);
    QVERIFY2(m_store, qPrintable(error));
    SyntheticGenerator generator({ 3, 0.0, 11 });
    Store::Transaction tx(*m_store);
    for (int i = 0; i < 600; ++i) // more than two pages of 256
        QVERIFY(m_store->addTrajectory(generator.next(), &error));
    QVERIFY(m_store->addTrajectory(test::forkedTrajectory(QStringLiteral("hand"), QStringLiteral("zz_handmade")), &error));
    QVERIFY(tx.commit(&error));
}

void TestTrajectoryListModel::showsRowsLazilyAcrossPages()
{
    TrajectoryListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(m_store.get());
    QCOMPARE(model.rowCount(), 601);
    QCOMPARE(model.columnCount(), int(TrajectoryColumn::Count));
    // Created descending by default: the handmade one (March) first, then the synthetic ones an hour apart.
    QCOMPARE(model.index(0, int(TrajectoryColumn::Title)).data().toString(), QStringLiteral("test hand"));
    QCOMPARE(model.index(1, int(TrajectoryColumn::Title)).data().toString(), QStringLiteral("synthetic 600"));
    QCOMPARE(model.index(600, int(TrajectoryColumn::Title)).data().toString(), QStringLiteral("synthetic 1"));
    QCOMPARE(model.index(300, int(TrajectoryColumn::Turns)).data().toInt(), 3);
    QCOMPARE(model.index(300, int(TrajectoryColumn::Labels)).data().toString(), QStringLiteral("synthetic"));
    QVERIFY(model.index(300, 0).data(TrajectoryListModel::IdRole).toLongLong() > 0);
    QCOMPARE(model.headerData(int(TrajectoryColumn::BestSpeedup), Qt::Horizontal).toString(), QStringLiteral("Best vs compile"));
}

void TestTrajectoryListModel::sortsInSql_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("order");
    for (int c = 0; c < int(TrajectoryColumn::Count); ++c) {
        QTest::addRow("column %d asc", c) << c << int(Qt::AscendingOrder);
        QTest::addRow("column %d desc", c) << c << int(Qt::DescendingOrder);
    }
}

void TestTrajectoryListModel::sortsInSql()
{
    QFETCH(int, column);
    QFETCH(int, order);
    TrajectoryListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(m_store.get());
    model.sort(column, Qt::SortOrder(order));
    QVariant previous;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariant v = model.index(row, column).data(TrajectoryListModel::SortValueRole);
        if (row > 0 && previous.isValid() && v.isValid()) {
            const auto cmp = QVariant::compare(previous, v);
            QVERIFY2(order == Qt::AscendingOrder ? cmp != QPartialOrdering::Greater : cmp != QPartialOrdering::Less,
                qPrintable(QStringLiteral("row %1: %2 then %3").arg(row).arg(previous.toString(), v.toString())));
        }
        previous = v;
    }
}

void TestTrajectoryListModel::filters()
{
    TrajectoryListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(m_store.get());
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    TrajectoryFilter f;
    f.taskContains = QStringLiteral("handmade");
    model.setFilter(f);
    QCOMPARE(resets.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, int(TrajectoryColumn::Task)).data().toString(), QStringLiteral("zz_handmade"));
    QCOMPARE(model.index(0, int(TrajectoryColumn::Branches)).data().toInt(), 2);
    QCOMPARE(model.index(0, int(TrajectoryColumn::BestSpeedup)).data().toString(), QStringLiteral("2.00×"));
    f = {};
    f.synthetic = 1;
    model.setFilter(f);
    QCOMPARE(model.rowCount(), 600);
    f.status = QStringLiteral("correct");
    model.setFilter(f);
    QVERIFY(model.rowCount() > 0 && model.rowCount() < 600);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.index(row, int(TrajectoryColumn::Status)).data().toString(), QStringLiteral("correct"));
}

void TestTrajectoryListModel::sortKeepsSelectionOnTheSameTrajectory()
{
    TrajectoryListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(m_store.get());
    const QPersistentModelIndex selected = model.index(5, int(TrajectoryColumn::Title));
    const QString title = selected.data().toString();
    model.sort(int(TrajectoryColumn::Created), Qt::AscendingOrder);
    QVERIFY(selected.isValid());
    QCOMPARE(selected.data().toString(), title);
    QCOMPARE(selected.row(), 595);
}

void TestTrajectoryListModel::badSearchReportsAndShowsNothing()
{
    TrajectoryListModel model;
    model.setStore(m_store.get());
    QSignalSpy errors(&model, &TrajectoryListModel::errorOccurred);
    TrajectoryFilter f;
    f.text = QStringLiteral("AND AND");
    model.setFilter(f);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.lastError().isEmpty());
}

void TestTrajectoryListModel::rooflineColumnShowsTheBestCorrectTurn()
{
    QLocale::setDefault(QLocale::c());
    QString error;
    auto store = Store::open(m_dir.filePath(QStringLiteral("roofline.kwb")), &error);
    Trajectory atRoof = test::forkedTrajectory(QStringLiteral("at"), QStringLiteral("at_roof"));
    test::addRoofline(atRoof); // best turn 50 µs: 100 %
    Trajectory slow = test::forkedTrajectory(QStringLiteral("slow"), QStringLiteral("slow"));
    slow.turns[1].eval->timing.candidate = { 1000, 1000, 1000, 1000, 0.01, 10 };
    test::addRoofline(slow); // best turn the root's 200 µs: 25 %
    const Trajectory unknown = test::forkedTrajectory(QStringLiteral("u"), QStringLiteral("uncalibrated"));
    for (const Trajectory& t : { unknown, slow, atRoof })
        QVERIFY2(store->addTrajectory(t, &error), qPrintable(error));
    TrajectoryListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    const int column = int(TrajectoryColumn::BestRoofline);
    QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), QStringLiteral("% roofline"));
    QVERIFY(model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("roofline")));
    model.sort(column, Qt::DescendingOrder);
    QCOMPARE(model.index(0, int(TrajectoryColumn::Task)).data().toString(), QStringLiteral("at_roof"));
    QCOMPARE(model.index(0, column).data().toString(), QStringLiteral("100 %"));
    QCOMPARE(model.index(0, column).data(TrajectoryListModel::SortValueRole).toDouble(), 1.0);
    QCOMPARE(model.index(1, column).data().toString(), QStringLiteral("25 %"));
    QCOMPARE(model.index(2, column).data().toString(), QString()); // no floor, no calibration: blank, not 0 %
    QVERIFY(!model.index(2, column).data(TrajectoryListModel::SortValueRole).isValid());
    QCOMPARE(model.index(0, column).data(Qt::TextAlignmentRole).value<Qt::Alignment>(), Qt::AlignRight | Qt::AlignVCenter);
    model.sort(column, Qt::AscendingOrder);
    QCOMPARE(model.index(2, int(TrajectoryColumn::Task)).data().toString(), QStringLiteral("at_roof"));
    model.setStore(nullptr);
    QLocale::setDefault(QLocale::system());
}

QTEST_GUILESS_MAIN(TestTrajectoryListModel)
#include "tst_trajectorylistmodel.moc"
