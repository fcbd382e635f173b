#pragma once

#include "model/message.h"

#include <QHash>
#include <QTextBrowser>

namespace kwb {

// The messages of one turn as a readable transcript: reasoning that folds away, text, tool calls rendered as what they
// do (collapsible), tool results folded when long, and tokens and latency where the trajectory recorded them.
class TranscriptView : public QTextBrowser
{
    Q_OBJECT
public:
    static constexpr int kFoldLines = 12;

    explicit TranscriptView(QWidget* parent = nullptr);

    void setMessages(const QList<Message>& messages, const QString& error = {});
    // Keys are "reasoning-N" and "output-N" for message N and "call-N-C" for its tool call C; reasoning starts open,
    // long output and long calls folded.
    bool isExpanded(const QString& key) const;
    void setExpanded(const QString& key, bool expanded);

    // The agent's next message while it is being generated, shown after the turn's messages; a retry of the
    // request voids what was streamed (clearLive), the finished turn replaces it.
    void appendLive(const QString& textDelta, const QString& reasoningDelta);
    void setLiveStatus(const QString& status); // e.g. "running compile"
    void clearLive();
    QString liveText() const { return m_liveText; }

private:
    // A tool call shown as what it does: the command of bash, the file write_file writes (coloured as code), the
    // removed and added text of edit_file, the lines read_file reads; any other tool's arguments as a list.
    struct CallParts
    {
        QString summary; // HTML after the tool's name
        QString body; // HTML under it, shown when open
        int lines = 0;
    };
    static CallParts callParts(const ToolCall& call);

    void render();
    QString messageHtml(int index, const Message& m) const;
    QString foldable(const QString& key, const QString& text, bool expandedByDefault, bool monospace) const;

    QList<Message> m_messages;
    QString m_error;
    QHash<QString, bool> m_expanded;
    QString m_liveText;
    QString m_liveReasoning;
    QString m_liveStatus;
};

} // namespace kwb
