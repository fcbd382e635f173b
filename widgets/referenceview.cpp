#include "referenceview.h"

#include <Qsci/qscilexerpython.h>

#include <QFontDatabase>

namespace kwb {

ReferenceView::ReferenceView(QWidget* parent)
    : QsciScintilla(parent)
{
    setObjectName(QStringLiteral("referenceView"));
    auto* lexer = new QsciLexerPython(this);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    lexer->setDefaultFont(mono);
    lexer->setFont(mono);
    setLexer(lexer);
    setReadOnly(true);
    setUtf8(true);
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("00000"));
    setFolding(QsciScintilla::BoxedTreeFoldStyle);
    setTabWidth(4);
}

void ReferenceView::setSource(const QString& source)
{
    setReadOnly(false);
    setText(source);
    setReadOnly(true);
}

} // namespace kwb
