#pragma once

#include <QDialog>

class QAction;
class QTableWidget;

namespace kwb {

// Lists every action that has a keyboard shortcut, grouped by menu, so the keys can be learned in one place.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QList<std::pair<QString, QList<QAction*>>>& groups, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};

} // namespace kwb
