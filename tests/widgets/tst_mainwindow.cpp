#include "testutils.h"

#include "mainwindow.h"
#include "referenceview.h"
#include "store/store.h"
#include "welcomepage.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace kwb;

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void emptyStoreShowsWelcome();
    void selectingATrajectoryShowsItsTurnsAndReference();
    void typingFiltersTheList();
    void badStoreKeepsTheOpenOne();
};

void TestMainWindow::emptyStoreShowsWelcome()
{
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(dir.filePath(QStringLiteral("empty.kwb"))));
    auto* welcome = w.findChild<WelcomePage*>(QStringLiteral("welcomePage"));
    QVERIFY(welcome && welcome->isVisible());
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("errorBanner"))->isHidden());
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("empty.kwb")));
}

void TestMainWindow::selectingATrajectoryShowsItsTurnsAndReference()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("two.kwb"));
    QString error;
    {
        auto store = Store::open(file, &error);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows")), &error));
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("layernorm")), &error));
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(file));
    auto* table = w.findChild<QTableView*>(QStringLiteral("trajectoryView"));
    auto* turns = w.findChild<QTreeView*>(QStringLiteral("turnView"));
    auto* reference = w.findChild<ReferenceView*>(QStringLiteral("referenceView"));
    QCOMPARE(table->model()->rowCount(), 2);
    QVERIFY(reference->isVisible());
    QCOMPARE(turns->model()->rowCount(), 0);

    const QRect cell = table->visualRect(table->model()->index(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(turns->model()->rowCount(), 1); // one root
    QCOMPARE(turns->model()->rowCount(turns->model()->index(0, 0)), 2); // forked into two
    QVERIFY(turns->isExpanded(turns->model()->index(0, 0)));
    QVERIFY(reference->text().contains(QStringLiteral("class Model")));

    QTest::keyClick(table, Qt::Key_Up); // keyboard navigation follows too
    QCOMPARE(table->currentIndex().row(), 0);
    QCOMPARE(turns->model()->rowCount(), 1);
}

void TestMainWindow::typingFiltersTheList()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("f.kwb"));
    QString error;
    {
        auto store = Store::open(file, &error);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("a"), QStringLiteral("softmax_rows")), &error));
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("b"), QStringLiteral("layernorm")), &error));
    }
    MainWindow w;
    w.show();
    QVERIFY(w.openStore(file));
    auto* filter = w.findChild<QLineEdit*>(QStringLiteral("trajectoryFilter"));
    auto* table = w.findChild<QTableView*>(QStringLiteral("trajectoryView"));
    QTest::keyClicks(filter, QStringLiteral("layer"));
    QCOMPARE(table->model()->rowCount(), 1);
    QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("layernorm"));
    QTest::keyClicks(filter, QStringLiteral("xyz"));
    QCOMPARE(table->model()->rowCount(), 0);
    // An empty result of a filter is not an empty store: the reference stays, not the welcome page.
    QVERIFY(w.findChild<WelcomePage*>(QStringLiteral("welcomePage"))->isHidden());
}

void TestMainWindow::badStoreKeepsTheOpenOne()
{
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.kwb"));
    QString error;
    {
        auto store = Store::open(good, &error);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("a")), &error));
    }
    QFile bad(dir.filePath(QStringLiteral("bad.kwb")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("this is not a database, just text that someone renamed\n");
    bad.close();

    MainWindow w;
    w.show();
    QVERIFY(w.openStore(good));
    QVERIFY(!w.openStore(bad.fileName()));
    auto* banner = w.findChild<QLabel*>(QStringLiteral("errorBanner"));
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("bad.kwb is not a Kernel Workbench store")), qPrintable(banner->text()));
    QCOMPARE(w.store()->path(), good);
    QCOMPARE(w.findChild<QTableView*>(QStringLiteral("trajectoryView"))->model()->rowCount(), 1);
    QVERIFY(w.openStore(good)); // a good open clears the error
    QVERIFY(banner->isHidden());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
