#pragma once

#include <QFrame>

class QLabel;
class QPushButton;
class QTimer;

namespace kwb {

// A short confirmation that floats over the bottom of its parent for a few seconds ("Starred turn 5 — Undo"),
// with an action button when the change can be taken back. A new message replaces the one shown.
class Toast : public QFrame
{
    Q_OBJECT
public:
    static constexpr int kShownMs = 6000;

    explicit Toast(QWidget* parent);

    // actionText empty: no button.
    void showMessage(const QString& text, const QString& actionText = {});
    QString text() const;
    QPushButton* actionButton() const { return m_action; }

Q_SIGNALS:
    void actionTriggered();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();

    QLabel* m_text;
    QPushButton* m_action;
    QTimer* m_timer;
};

} // namespace kwb
