#pragma once

#include "model/message.h"

#include <QHash>
#include <QTextBrowser>

namespace kwb {

// The messages of one turn as a readable transcript: reasoning that folds away, text, tool calls with their
// arguments, tool results folded when long, and tokens and latency where the trajectory recorded them.
class TranscriptView : public QTextBrowser
{
    Q_OBJECT
public:
    static constexpr int kFoldLines = 12;

    explicit TranscriptView(QWidget* parent = nullptr);

    void setMessages(const QList<Message>& messages, const QString& error = {});
    // Keys are "reasoning-N" and "output-N" for message N; reasoning starts open, long output folded.
    bool isExpanded(const QString& key) const;
    void setExpanded(const QString& key, bool expanded);

private:
    void render();
    QString messageHtml(int index, const Message& m) const;
    QString foldable(const QString& key, const QString& text, bool expandedByDefault, bool monospace) const;

    QList<Message> m_messages;
    QString m_error;
    QHash<QString, bool> m_expanded;
};

} // namespace kwb
