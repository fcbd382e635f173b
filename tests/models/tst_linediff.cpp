#include "models/linediff.h"

#include <QTest>

using namespace kwb;

using Kind = LineDiff::Kind;

class TestLineDiff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hunks_data();
    void hunks();
    void lineKindsAndMapping();
    void capFallsBackToOneBlock();
    void largeFileWithOneChangeIsFast();
    void splitKeepsEmptyLines();
    void changedWords();
};

void TestLineDiff::hunks_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("expected"); // kind:oldStart+oldCount/newStart+newCount, changed hunks only

    QTest::newRow("identical") << "a\nb\nc\n" << "a\nb\nc\n" << "";
    QTest::newRow("added") << "a\nc\n" << "a\nb\nc\n" << "A:1+0/1+1";
    QTest::newRow("removed") << "a\nb\nc\n" << "a\nc\n" << "R:1+1/1+0";
    QTest::newRow("changed") << "a\nb\nc\n" << "a\nB\nc\n" << "C:1+1/1+1";
    QTest::newRow("from empty") << "" << "x\ny\n" << "A:0+0/0+2";
    QTest::newRow("to empty") << "x\ny\n" << "" << "R:0+2/0+0";
    QTest::newRow("two places") << "1\n2\n3\n4\n5\n6\n" << "1\n2x\n3\n4\n6\n7\n" << "C:1+1/1+1 R:4+1/4+0 A:6+0/5+1";
    QTest::newRow("kernel edit") << "__global__ void k() {\n  int i = threadIdx.x;\n  y[i] = x[i];\n}\n"
                                 << "__global__ void k() {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                    "  if (i < n)\n    y[i] = x[i];\n}\n"
                                 << "C:1+2/1+3";
}

void TestLineDiff::hunks()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, expected);
    const LineDiff diff = LineDiff::compute(before, after);
    QStringList got;
    for (const LineDiff::Hunk& h : diff.hunks()) {
        if (h.kind == Kind::Equal)
            continue;
        const char k = h.kind == Kind::Added ? 'A' : h.kind == Kind::Removed ? 'R' : 'C';
        got << QStringLiteral("%1:%2+%3/%4+%5").arg(QLatin1Char(k)).arg(h.oldStart).arg(h.oldCount).arg(h.newStart).arg(h.newCount);
    }
    QCOMPARE(got.join(QLatin1Char(' ')), expected);
    QCOMPARE(diff.isIdentical(), expected.isEmpty());
    QVERIFY(!diff.isApproximate());
    // The hunks cover both texts exactly, in order.
    int oldLine = 0, newLine = 0;
    for (const LineDiff::Hunk& h : diff.hunks()) {
        QCOMPARE(h.oldStart, oldLine);
        QCOMPARE(h.newStart, newLine);
        oldLine += h.oldCount;
        newLine += h.newCount;
    }
    QCOMPARE(oldLine, int(LineDiff::splitLines(before).size()));
    QCOMPARE(newLine, int(LineDiff::splitLines(after).size()));
}

void TestLineDiff::lineKindsAndMapping()
{
    const LineDiff diff = LineDiff::compute(QStringLiteral("1\n2\n3\n4\n5\n6\n"), QStringLiteral("1\n2x\n3\n4\n6\n7\n"));
    QCOMPARE(diff.oldLineKinds(), (QList<Kind> { Kind::Equal, Kind::Changed, Kind::Equal, Kind::Equal, Kind::Removed, Kind::Equal }));
    QCOMPARE(diff.newLineKinds(), (QList<Kind> { Kind::Equal, Kind::Changed, Kind::Equal, Kind::Equal, Kind::Equal, Kind::Added }));
    QCOMPARE(diff.addedLines(), 1);
    QCOMPARE(diff.removedLines(), 1);
    QCOMPARE(diff.changedOldLines(), 1);
    QCOMPARE(diff.mapOldToNew(5), 4); // "6" is the fifth line of the new text
    QCOMPARE(diff.mapNewToOld(4), 5);
    QCOMPARE(diff.mapOldToNew(4), 4); // a removed line sits beside where it was
}

void TestLineDiff::capFallsBackToOneBlock()
{
    QStringList a, b;
    for (int i = 0; i < 300; ++i) {
        a << QStringLiteral("a%1").arg(i);
        b << QStringLiteral("b%1").arg(i);
    }
    a.prepend(QStringLiteral("same"));
    b.prepend(QStringLiteral("same"));
    const LineDiff diff = LineDiff::compute(a, b, 50);
    QVERIFY(diff.isApproximate());
    QCOMPARE(diff.hunks().size(), 2);
    QCOMPARE(diff.hunks().at(1), (LineDiff::Hunk { Kind::Changed, 1, 300, 1, 300 }));
}

void TestLineDiff::largeFileWithOneChangeIsFast()
{
    QStringList a;
    for (int i = 0; i < 50000; ++i)
        a << QStringLiteral("line %1 %2").arg(i % 97).arg(i);
    QStringList b = a;
    b[25000] = QStringLiteral("edited");
    b.insert(40000, QStringLiteral("inserted"));
    const LineDiff diff = LineDiff::compute(a, b);
    QCOMPARE(diff.changedNewLines(), 1);
    QCOMPARE(diff.addedLines(), 1);
    QCOMPARE(diff.mapOldToNew(45000), 45001);
}

void TestLineDiff::splitKeepsEmptyLines()
{
    QCOMPARE(LineDiff::splitLines(QStringLiteral("a\r\n\nb")), (QStringList { QStringLiteral("a"), QString(), QStringLiteral("b") }));
    QCOMPARE(LineDiff::splitLines(QString()), QStringList());
}

void TestLineDiff::changedWords()
{
    using R = LineDiff::Range;
    LineDiff::WordChanges w = LineDiff::wordChanges(QStringLiteral("int i = blockIdx.x * 256;"), QStringLiteral("int i = blockIdx.y * blockDim.y;"));
    QCOMPARE(w.oldRanges, (QList<R> { { 17, 1 }, { 21, 3 } })); // "x", "256"
    QCOMPARE(w.newRanges, (QList<R> { { 17, 1 }, { 21, 10 } })); // "y", "blockDim.y"
    // Neighbouring changed words are one range; identical lines have none.
    w = LineDiff::wordChanges(QStringLiteral("a b c"), QStringLiteral("a x y c"));
    QCOMPARE(w.oldRanges, (QList<R> { { 2, 1 } }));
    QCOMPARE(w.newRanges, (QList<R> { { 2, 3 } }));
    w = LineDiff::wordChanges(QStringLiteral("same"), QStringLiteral("same"));
    QVERIFY(w.oldRanges.isEmpty() && w.newRanges.isEmpty());
    w = LineDiff::wordChanges(QString(), QStringLiteral("new"));
    QCOMPARE(w.newRanges, (QList<R> { { 0, 3 } }));
}

QTEST_GUILESS_MAIN(TestLineDiff)
#include "tst_linediff.moc"
