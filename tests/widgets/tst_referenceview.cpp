#include "referenceview.h"

#include <Qsci/qscilexerpython.h>

#include <QTest>

using namespace kwb;

class TestReferenceView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readOnlyPython();
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

QTEST_MAIN(TestReferenceView)
#include "tst_referenceview.moc"
