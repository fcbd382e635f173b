#include "steerdialog.h"
#include "codefont.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTextDocument>
#include <QVBoxLayout>

namespace kwb {

SteerDialog::SteerDialog(const QString& turnLabel, const QMap<QString, QByteArray>& files, QWidget* parent)
    : QDialog(parent)
    , m_original(files)
    , m_current(files)
    , m_message(new QPlainTextEdit(this))
    , m_files(new QComboBox(this))
    , m_file(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("steerDialog"));
    setWindowTitle(tr("Steer after %1").arg(turnLabel));
    m_message->setPlaceholderText(tr("A message to the agent, read before its next response (optional)."));
    m_message->setMaximumHeight(120);
    m_file->setFont(codeFont());
    m_file->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_files->addItems(files.keys());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add Turn"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Message to the agent:"), this));
    layout->addWidget(m_message);
    layout->addWidget(new QLabel(tr("Files of the turn (edits become the new turn's workspace):"), this));
    layout->addWidget(m_files);
    layout->addWidget(m_file, 1);
    layout->addWidget(buttons);
    connect(m_files, &QComboBox::currentTextChanged, this, [this](const QString& path) {
        keepEdit();
        m_shown = path;
        const QSignalBlocker quiet(m_file->document()); // showing a file is not an edit
        m_file->setPlainText(QString::fromUtf8(m_current.value(path)));
    });
    connect(m_file->document(), &QTextDocument::contentsChanged, this, [this] { m_touched.insert(m_shown); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (!files.isEmpty()) {
        m_shown = m_files->currentText();
        const QSignalBlocker quiet(m_file->document());
        m_file->setPlainText(QString::fromUtf8(m_current.value(m_shown)));
    } else {
        m_files->setEnabled(false);
        m_file->setEnabled(false);
    }
    resize(820, 640);
}

void SteerDialog::keepEdit()
{
    if (!m_shown.isEmpty() && m_touched.contains(m_shown))
        m_current[m_shown] = m_file->toPlainText().toUtf8();
}

QString SteerDialog::message() const
{
    return m_message->toPlainText();
}

QMap<QString, QByteArray> SteerDialog::editedFiles() const
{
    QMap<QString, QByteArray> current = m_current;
    if (!m_shown.isEmpty() && m_touched.contains(m_shown))
        current[m_shown] = m_file->toPlainText().toUtf8();
    QMap<QString, QByteArray> changed;
    for (const QString& path : m_touched) {
        if (current.value(path) != m_original.value(path))
            changed.insert(path, current.value(path));
    }
    return changed;
}

} // namespace kwb
