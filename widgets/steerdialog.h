#pragma once

#include <QDialog>
#include <QMap>
#include <QSet>

class QComboBox;
class QPlainTextEdit;

namespace kwb {

// Steer: tell the agent something after a turn and/or edit the turn's files. The result becomes a new turn on a
// new branch, marked as a human edit; nothing of the turn itself changes.
class SteerDialog : public QDialog
{
    Q_OBJECT
public:
    SteerDialog(const QString& turnLabel, const QMap<QString, QByteArray>& files, QWidget* parent = nullptr);

    QString message() const;
    // Only the files whose text was changed: path -> new content.
    QMap<QString, QByteArray> editedFiles() const;
    bool hasChanges() const { return !message().trimmed().isEmpty() || !editedFiles().isEmpty(); }

    QPlainTextEdit* messageEdit() const { return m_message; }
    QPlainTextEdit* fileEdit() const { return m_file; }
    QComboBox* fileChooser() const { return m_files; }

private:
    void keepEdit();

    QMap<QString, QByteArray> m_original;
    QMap<QString, QByteArray> m_current;
    QSet<QString> m_touched; // files the user typed in: only they can count as edited (a text round trip
                             // alone would turn CRLF into LF or bad UTF-8 into U+FFFD)
    QString m_shown;
    QPlainTextEdit* m_message;
    QComboBox* m_files;
    QPlainTextEdit* m_file;
};

} // namespace kwb
