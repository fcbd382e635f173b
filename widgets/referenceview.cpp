#include "referenceview.h"
#include "codefont.h"

#include "model/roofline.h"

#include <Qsci/qscilexerpython.h>

#include <QLabel>
#include <QLocale>

#include <cmath>

namespace kwb {

namespace {

QString bytesText(double bytes)
{
    return QLocale().formattedDataSize(qint64(bytes), bytes >= 1e9 ? 2 : 1, QLocale::DataSizeSIFormat);
}

QString flopsText(double flops)
{
    if (flops >= 1e9)
        return ReferenceView::tr("%1 GFLOP").arg(QLocale().toString(flops / 1e9, 'f', 1));
    if (flops >= 1e6)
        return ReferenceView::tr("%1 MFLOP").arg(QLocale().toString(flops / 1e6, 'f', 1));
    return ReferenceView::tr("%1 FLOP").arg(QLocale().toString(flops, 'f', 0));
}

QString millisecondsText(double seconds)
{
    return seconds >= 1e-3 ? ReferenceView::tr("%1 ms").arg(QLocale().toString(seconds * 1e3, 'f', 3))
                           : ReferenceView::tr("%1 µs").arg(QLocale().toString(seconds * 1e6, 'f', 1));
}

} // namespace

ReferenceView::ReferenceView(QWidget* parent)
    : QsciScintilla(parent)
    , m_floor(new QLabel(this))
{
    setObjectName(QStringLiteral("referenceView"));
    auto* lexer = new QsciLexerPython(this);
    const QFont mono = codeFont();
    lexer->setDefaultFont(mono);
    lexer->setFont(mono);
    setLexer(lexer);
    setReadOnly(true);
    setUtf8(true);
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("00000"));
    setFolding(QsciScintilla::BoxedTreeFoldStyle);
    setTabWidth(4);
    m_floor->setObjectName(QStringLiteral("floorLine"));
    m_floor->setTextFormat(Qt::PlainText);
    m_floor->setWordWrap(false); // one line, elided on a narrow pane; the whole of it in the tooltip
    m_floor->setContentsMargins(6, 2, 6, 2);
    m_floor->setAutoFillBackground(true);
    m_floor->setBackgroundRole(QPalette::AlternateBase);
    m_floor->hide();
}

void ReferenceView::setSource(const QString& source)
{
    setReadOnly(false);
    setText(source);
    setReadOnly(true);
}

void ReferenceView::setFloor(const WorkFloor& floor, const Ceilings& ceilings, const QString& precision, const QString& machine)
{
    if (!floor.isKnown()) {
        m_floor->hide();
        m_floor->clear();
        m_floorText.clear();
        placeFloorLine();
        return;
    }
    // The line says the totals and the roofline; the tooltip the breakdown, the whole line and how it is counted.
    QString text = tr("Least work: %1, %2 counted").arg(bytesText(floor.bytes()), flopsText(std::isnan(floor.flops) ? 0 : floor.flops));
    const QString breakdown = tr("%1 in, %2 out, %3 parameters")
                                  .arg(bytesText(floor.inputBytes), bytesText(floor.outputBytes), bytesText(floor.parameterBytes));
    const double rate = ceilings.matrixRate(precision);
    if (ceilings.bandwidth > 0 && rate > 0 && !std::isnan(floor.flops)) {
        const double memory = floor.bytes() / ceilings.bandwidth;
        const double compute = floor.flops / rate;
        text += tr(" · roofline %1 on %2, %3-bound")
                    .arg(millisecondsText(std::max(memory, compute)), machine.isEmpty() ? tr("this machine") : machine,
                        compute > memory ? tr("compute") : tr("memory"));
    } else {
        text += tr(" · no calibration of this machine yet (kwb-runner calibrate)");
    }
    m_floorText = text;
    m_floor->setToolTip(text + QStringLiteral(" (") + breakdown + QStringLiteral(")\n\n")
        + tr("Inputs read once, outputs written once, parameters read once; FLOPs as "
             "torch.utils.flop_counter counts them on the reference (matrix products and convolutions). "
             "A kernel that changes the algorithm can need fewer FLOPs than this."));
    m_floor->show();
    placeFloorLine();
}

QString ReferenceView::floorText() const
{
    return m_floor->isVisible() ? m_floorText : QString();
}

void ReferenceView::resizeEvent(QResizeEvent* event)
{
    QsciScintilla::resizeEvent(event);
    placeFloorLine();
}

void ReferenceView::placeFloorLine()
{
    const int frame = frameWidth();
    const int width = this->width() - 2 * frame;
    const int height = m_floor->isHidden() ? 0 : m_floor->sizeHint().height();
    const QMargins margins = m_floor->contentsMargins();
    m_floor->setText(m_floor->fontMetrics().elidedText(m_floorText, Qt::ElideRight, width - margins.left() - margins.right()));
    setViewportMargins(0, height, 0, 0);
    m_floor->setGeometry(frame, frame, width, height);
}

} // namespace kwb
