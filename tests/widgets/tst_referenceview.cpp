#include "referenceview.h"

#include <Qsci/qscilexerpython.h>

#include <QLabel>
#include <QLocale>
#include <QTest>

using namespace kwb;

class TestReferenceView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readOnlyPython();
    void floorLineAboveTheSource();
};

void TestReferenceView::readOnlyPython()
{
    ReferenceView view;
    view.show();
    view.setSource(QStringLiteral("import torch\nclass Model(torch.nn.Module):\n    pass\n"));
    QVERIFY(qobject_cast<QsciLexerPython*>(view.lexer()));
    QVERIFY(view.isReadOnly());
    QCOMPARE(view.lines(), 4);
    QTest::keyClicks(&view, QStringLiteral("typed"));
    QVERIFY(!view.text().contains(QStringLiteral("typed")));
    view.setSource(QString());
    QVERIFY(view.text().isEmpty());
}

void TestReferenceView::floorLineAboveTheSource()
{
    QLocale::setDefault(QLocale::c());
    ReferenceView view;
    view.resize(900, 300);
    view.show();
    QVERIFY(view.floorText().isEmpty()); // no floor known: no line, no margin
    // The softmax task on the H200: 2 GiB in, 2 GiB out, no FLOPs counted; copy ceiling 4.236 TB/s.
    WorkFloor floor;
    floor.inputBytes = 2147483648.0;
    floor.outputBytes = 2147483648.0;
    floor.parameterBytes = 0;
    floor.flops = 0;
    Ceilings ceilings;
    ceilings.bandwidth = 4.236132475225155e12;
    ceilings.fp32 = 5.107189281400141e13;
    view.setFloor(floor, ceilings, QStringLiteral("fp32"), QStringLiteral("NVIDIA H200"));
    const QString text = view.floorText();
    QVERIFY2(text.contains(QStringLiteral("4.29 GB")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("roofline 1.014 ms on NVIDIA H200, memory-bound")), qPrintable(text));
    auto* line = view.findChild<QLabel*>(QStringLiteral("floorLine"));
    QVERIFY(line && line->isVisible());
    QVERIFY(view.viewport()->geometry().top() >= line->geometry().bottom()); // the code starts below the line

    // The Gram matrix: 137.4 GFLOP at 51.07 TFLOP/s is compute-bound, 2.691 ms.
    floor.inputBytes = floor.outputBytes = 67108864.0;
    floor.flops = 137438953472.0;
    view.setFloor(floor, ceilings, QStringLiteral("fp32"), QStringLiteral("NVIDIA H200"));
    QVERIFY2(view.floorText().contains(QStringLiteral("137.4 GFLOP counted · roofline 2.691 ms on NVIDIA H200, compute-bound")),
             qPrintable(view.floorText()));

    // One line, the whole of it where the pane is wide enough; elided on a narrow one, the whole line and the
    // bytes in, out and of parameters in the tooltip.
    QCOMPARE(line->text(), view.floorText());
    view.resize(260, 300);
    QTRY_VERIFY(line->text().endsWith(QChar(0x2026)));
    QCOMPARE(line->height(), line->sizeHint().height());
    QVERIFY(line->toolTip().contains(view.floorText()));
    QVERIFY2(line->toolTip().contains(QStringLiteral("67.1 MB in, 67.1 MB out, 0 bytes parameters")), qPrintable(line->toolTip()));
    view.resize(900, 300);

    view.setFloor(floor, Ceilings(), QStringLiteral("fp32"), QString());
    QVERIFY(view.floorText().contains(QStringLiteral("no calibration")));
    view.setFloor(WorkFloor(), ceilings, QStringLiteral("fp32"), QString());
    QVERIFY(view.floorText().isEmpty());
    QVERIFY(!line->isVisible());
}

QTEST_MAIN(TestReferenceView)
#include "tst_referenceview.moc"
