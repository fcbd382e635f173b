// Curation edits: labels mirrored for the list's filter, notes and tags on turns and branches, human scores that
// keep the reward they override, removal, and bulk labels that land all together or not at all.
#include "curate/curation.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"
#include "testutils.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestCuration : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void trajectoryLabelIsFilterable();
    void turnAndBranchAnnotations();
    void humanScoreKeepsTheReward();
    void removingWhatIsNotThereFails();
    void bulkLabelIsAllOrNothing();
    void labelsInUseComeFromTrajectoriesAndTurns();

private:
    qint64 firstTurn(qint64 trajectoryId);
    QList<qint64> labelled(const QString& label);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Store> m_store;
    qint64 m_a = 0;
    qint64 m_b = 0;
};

void TestCuration::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QString error;
    m_store = Store::open(m_dir->filePath(QStringLiteral("c.kwb")), &error);
    QVERIFY2(m_store, qPrintable(error));
    m_a = m_store->addTrajectory(test::forkedTrajectory(QStringLiteral("a")), &error).value_or(0);
    m_b = m_store->addTrajectory(test::forkedTrajectory(QStringLiteral("b")), &error).value_or(0);
    QVERIFY(m_a > 0 && m_b > 0);
}

qint64 TestCuration::firstTurn(qint64 trajectoryId)
{
    QString error;
    const auto t = m_store->trajectory(trajectoryId, Store::Depth::Headers, &error);
    return t && !t->turns.isEmpty() ? t->turns.front().storeId : 0;
}

QList<qint64> TestCuration::labelled(const QString& label)
{
    TrajectoryFilter f;
    f.label = label;
    QString error;
    return m_store->trajectoryIds(f, TrajectoryColumn::Created, false, &error).value_or(QList<qint64> {});
}

void TestCuration::trajectoryLabelIsFilterable()
{
    Curation c(*m_store);
    QString error;
    const Annotation accept { Annotation::Kind::Label, Annotation::Scope::Trajectory, QStringLiteral("accept"),
        QStringLiteral("ana"), QDateTime(QDate(2026, 11, 30), QTime(9, 0), Qt::UTC), {} };
    QVERIFY2(c.add({ m_a, 0 }, accept, &error), qPrintable(error));
    QCOMPARE(labelled(QStringLiteral("accept")), QList<qint64>({ m_a }));
    const auto back = c.annotations({ m_a, 0 }, &error);
    QVERIFY(back);
    QCOMPARE(*back, QList<Annotation>({ accept }));
    QVERIFY2(c.remove({ m_a, 0 }, accept, &error), qPrintable(error));
    QVERIFY(labelled(QStringLiteral("accept")).isEmpty());
    QCOMPARE(labelled(QStringLiteral("fixture")).size(), 2); // the trajectory's own labels stay
}

void TestCuration::turnAndBranchAnnotations()
{
    Curation c(*m_store);
    QString error;
    const qint64 turn = firstTurn(m_a);
    QVERIFY(turn > 0);
    Annotation note { Annotation::Kind::Note, Annotation::Scope::Turn, QStringLiteral("look at the stores"), QStringLiteral("ana"), {}, {} };
    QVERIFY2(c.add({ m_a, turn, Annotation::Scope::Turn }, note, &error), qPrintable(error));
    Annotation tag { Annotation::Kind::Tag, Annotation::Scope::Branch, QStringLiteral("coalescing"), QStringLiteral("ana"), {}, {} };
    QVERIFY2(c.add({ m_a, turn, Annotation::Scope::Branch }, tag, &error), qPrintable(error));
    const auto t = m_store->trajectory(m_a, Store::Depth::Headers, &error);
    QVERIFY(t);
    const QList<Annotation>& stored = t->turns.front().annotations;
    QCOMPARE(stored.size(), 2);
    QCOMPARE(stored[0].value, note.value);
    QVERIFY(stored[0].created.isValid()); // stamped when given none
    QCOMPARE(stored[1].scope, Annotation::Scope::Branch);
    QVERIFY(labelled(QStringLiteral("coalescing")).isEmpty()); // only trajectory labels reach the list's filter
    QVERIFY(!c.add({ m_a, 999999, Annotation::Scope::Turn }, note, &error));
    QVERIFY(error.contains(QStringLiteral("no turn 999999")));
}

void TestCuration::humanScoreKeepsTheReward()
{
    Curation c(*m_store);
    QString error;
    const qint64 turn = firstTurn(m_a); // its reward is 1 (testutils)
    Annotation score { Annotation::Kind::Score, Annotation::Scope::Turn, QStringLiteral("2.5"), QStringLiteral("ana"), {}, {} };
    QVERIFY2(c.add({ m_a, turn, Annotation::Scope::Turn }, score, &error), qPrintable(error));
    const auto back = c.annotations({ m_a, turn, Annotation::Scope::Turn }, &error);
    QVERIFY(back && back->size() == 1);
    QCOMPARE(back->front().previous, QStringLiteral("1"));
    QCOMPARE(back->front().author, QStringLiteral("ana"));
}

void TestCuration::removingWhatIsNotThereFails()
{
    Curation c(*m_store);
    QString error;
    const Annotation missing { Annotation::Kind::Label, Annotation::Scope::Trajectory, QStringLiteral("star"), {}, {}, {} };
    QVERIFY(!c.remove({ m_b, 0 }, missing, &error));
    QVERIFY(error.contains(QStringLiteral("not there")));
}

void TestCuration::bulkLabelIsAllOrNothing()
{
    Curation c(*m_store);
    QString error;
    QVERIFY2(c.labelTrajectories({ m_a, m_b }, QStringLiteral("star"), true, QStringLiteral("ana"), &error), qPrintable(error));
    QCOMPARE(labelled(QStringLiteral("star")).size(), 2);
    // Labelling twice adds nothing; a missing trajectory in the set undoes the whole edit.
    QVERIFY(c.labelTrajectories({ m_a }, QStringLiteral("star"), true, QStringLiteral("ana"), &error));
    QCOMPARE(c.annotations({ m_a, 0 }, &error)->size(), 1);
    QVERIFY(!c.labelTrajectories({ m_a, 424242 }, QStringLiteral("reject"), true, QStringLiteral("ana"), &error));
    QVERIFY(labelled(QStringLiteral("reject")).isEmpty());
    QVERIFY(c.labelTrajectories({ m_a, m_b }, QStringLiteral("star"), false, QStringLiteral("ana"), &error));
    QVERIFY(labelled(QStringLiteral("star")).isEmpty());
    QVERIFY(c.annotations({ m_b, 0 }, &error)->isEmpty());
}

void TestCuration::labelsInUseComeFromTrajectoriesAndTurns()
{
    Curation c(*m_store);
    QString error;
    QCOMPARE(c.labels(&error).value_or(QStringList {}), QStringList({ QStringLiteral("fixture") }));
    const qint64 turn = firstTurn(m_b);
    QVERIFY(c.add({ m_b, turn, Annotation::Scope::Turn }, { Annotation::Kind::Label, Annotation::Scope::Turn, QStringLiteral("tiled"), {}, {}, {} }, &error));
    QVERIFY(c.add({ m_b, turn, Annotation::Scope::Branch }, { Annotation::Kind::Tag, Annotation::Scope::Branch, QStringLiteral("a tag"), {}, {}, {} }, &error));
    QVERIFY(c.labelTrajectories({ m_a }, QStringLiteral("accept"), true, QStringLiteral("ana"), &error));
    QCOMPARE(c.labels(&error).value_or(QStringList {}),
        QStringList({ QStringLiteral("accept"), QStringLiteral("fixture"), QStringLiteral("tiled") }));
}

QTEST_GUILESS_MAIN(TestCuration)
#include "tst_curation.moc"
