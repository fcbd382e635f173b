#include "testutils.h"

#include "models/turntreemodel.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestTurnTreeModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void treeFromStore();
    void deepFork();
    void loadErrorKeepsModel();

private:
    static QStringList print(const QAbstractItemModel& model, const QModelIndex& parent = {}, int indent = 0);
};

QStringList TestTurnTreeModel::print(const QAbstractItemModel& model, const QModelIndex& parent, int indent)
{
    QStringList lines;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        QStringList cells;
        for (int column = 0; column < model.columnCount(parent); ++column)
            cells << model.index(row, column, parent).data().toString();
        lines << QString(indent, QLatin1Char(' ')) + cells.join(QLatin1Char('|'));
        lines << print(model, model.index(row, 0, parent), indent + 2);
    }
    return lines;
}

void TestTurnTreeModel::treeFromStore()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("t.kwb")), &error);
    const auto id = store->addTrajectory(test::forkedTrajectory(QStringLiteral("t")), &error);
    QVERIFY(id);
    TurnTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY2(model.load(*store, *id, &error), qPrintable(error));
    QCOMPARE(print(model),
        (QStringList { QStringLiteral("Turn 1|correct|1.00|0.50×|scripted"),
            QStringLiteral("  Turn 2|correct|3.00|2.00×|scripted"),
            QStringLiteral("  Turn 2|compile failed|-1.00||human-edit") }));
    const QModelIndex fork = model.indexOfTurn(QStringLiteral("t-t2"));
    QVERIFY(fork.isValid());
    QCOMPARE(fork.row(), 1);
    QCOMPARE(fork.parent(), model.index(0, 0));
    QCOMPARE(model.turnAt(fork)->provenance.author, QStringLiteral("tester"));
    QVERIFY(fork.data(TurnTreeModel::TurnIdRole).toLongLong() > 0);
    QCOMPARE(fork.data(TurnTreeModel::DepthRole).toInt(), 1);
}

void TestTurnTreeModel::deepFork()
{
    Trajectory t = test::forkedTrajectory(QStringLiteral("d"));
    for (int i = 0; i < 50; ++i) { // a long branch, then a fork from its middle
        Turn next = t.turns.last();
        next.parentUuid = next.uuid;
        next.uuid = QStringLiteral("deep-%1").arg(i);
        t.turns.append(next);
    }
    Turn late = t.turns.last();
    late.parentUuid = QStringLiteral("deep-20");
    late.uuid = QStringLiteral("late");
    t.turns.append(late);
    TurnTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrajectory(t);
    const QModelIndex idx = model.indexOfTurn(QStringLiteral("late"));
    QCOMPARE(idx.data(TurnTreeModel::DepthRole).toInt(), 22 + 1);
    QCOMPARE(model.rowCount(model.indexOfTurn(QStringLiteral("deep-20"))), 2);
    QCOMPARE(print(model).size(), t.turns.size());
}

void TestTurnTreeModel::loadErrorKeepsModel()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("e.kwb")), &error);
    TurnTreeModel model;
    model.setTrajectory(test::forkedTrajectory(QStringLiteral("keep")));
    QVERIFY(!model.load(*store, 12345, &error));
    QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
    QCOMPARE(model.rowCount(), 1);
}

QTEST_GUILESS_MAIN(TestTurnTreeModel)
#include "tst_turntreemodel.moc"
