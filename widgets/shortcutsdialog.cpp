#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kwb {

ShortcutsDialog::ShortcutsDialog(const QList<std::pair<QString, QList<QAction*>>>& groups, QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({ tr("Menu"), tr("Action"), tr("Shortcut") });
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (const auto& [menu, actions] : groups) {
        for (const QAction* action : actions) {
            if (action->shortcut().isEmpty())
                continue;
            const int row = m_table->rowCount();
            m_table->insertRow(row);
            m_table->setItem(row, 0, new QTableWidgetItem(menu));
            m_table->setItem(row, 1, new QTableWidgetItem(action->text().remove(QLatin1Char('&'))));
            QStringList keys;
            for (const QKeySequence& k : action->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            m_table->setItem(row, 2, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
        }
    }
    m_table->resizeColumnsToContents();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(520, 460);
}

} // namespace kwb
