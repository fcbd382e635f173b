#include "toast.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>

namespace kwb {

Toast::Toast(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_action(new QPushButton(this))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("toast"));
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(QStringLiteral("#toast { background: #323232; border-radius: 6px; }"
                                 "#toast QLabel { color: white; }"
                                 "#toast QPushButton { color: #8ab4f8; background: transparent; border: none; font-weight: bold; padding: 2px 6px; }"));
    m_text->setObjectName(QStringLiteral("toastText"));
    m_action->setObjectName(QStringLiteral("toastAction"));
    m_action->setCursor(Qt::PointingHandCursor);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(14, 8, 8, 8);
    layout->setSpacing(12);
    layout->addWidget(m_text);
    layout->addWidget(m_action);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &QWidget::hide);
    connect(m_action, &QPushButton::clicked, this, [this] {
        hide();
        Q_EMIT actionTriggered();
    });
    parent->installEventFilter(this);
    hide();
}

void Toast::showMessage(const QString& text, const QString& actionText)
{
    m_text->setText(text);
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());
    adjustSize();
    place();
    show();
    raise();
    m_timer->start(kShownMs);
}

QString Toast::text() const
{
    return isVisible() ? m_text->text() : QString();
}

void Toast::place()
{
    const QWidget* p = parentWidget();
    move((p->width() - width()) / 2, p->height() - height() - 36);
}

bool Toast::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize && isVisible())
        place();
    return QFrame::eventFilter(watched, event);
}

} // namespace kwb
