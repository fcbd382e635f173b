#include "transcriptview.h"

#include <QJsonDocument>
#include <QLocale>
#include <QScrollBar>
#include <QUrl>

namespace kwb {

namespace {

QString escaped(const QString& text)
{
    return text.toHtmlEscaped().replace(QLatin1Char('\n'), QLatin1String("<br/>"));
}

QString roleColour(Message::Role role)
{
    switch (role) {
    case Message::Role::System:
        return QStringLiteral("#6a737d");
    case Message::Role::User:
        return QStringLiteral("#0b5cad");
    case Message::Role::Assistant:
        return QStringLiteral("#2e7d32");
    case Message::Role::Tool:
        return QStringLiteral("#8e24aa");
    }
    return {};
}

} // namespace

TranscriptView::TranscriptView(QWidget* parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("transcriptView"));
    setOpenLinks(false);
    setOpenExternalLinks(false);
    document()->setDocumentMargin(8);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("toggle")) {
            const QString key = url.path();
            setExpanded(key, !isExpanded(key));
        }
    });
}

void TranscriptView::setMessages(const QList<Message>& messages, const QString& error)
{
    m_messages = messages;
    m_error = error;
    m_expanded.clear();
    render();
    verticalScrollBar()->setValue(0);
}

bool TranscriptView::isExpanded(const QString& key) const
{
    if (const auto it = m_expanded.constFind(key); it != m_expanded.cend())
        return it.value();
    if (key.startsWith(QLatin1String("reasoning-")))
        return true;
    const int index = key.section(QLatin1Char('-'), 1).toInt();
    if (index < 0 || index >= m_messages.size())
        return false;
    return m_messages.at(index).text.count(QLatin1Char('\n')) < kFoldLines;
}

void TranscriptView::setExpanded(const QString& key, bool expanded)
{
    m_expanded.insert(key, expanded);
    const int scroll = verticalScrollBar()->value();
    render();
    verticalScrollBar()->setValue(scroll);
}

QString TranscriptView::foldable(const QString& key, const QString& text, bool expandedByDefault, bool monospace) const
{
    const bool open = m_expanded.value(key, expandedByDefault);
    const QStringList lines = text.split(QLatin1Char('\n'));
    const bool long_ = lines.size() > kFoldLines;
    QString shown = open || !long_ ? text : lines.mid(0, kFoldLines).join(QLatin1Char('\n'));
    QString html = monospace ? QStringLiteral("<pre style=\"margin:2px 0;\">%1</pre>").arg(shown.toHtmlEscaped())
                             : QStringLiteral("<p style=\"margin:2px 0;\">%1</p>").arg(escaped(shown));
    if (long_) {
        const QString link = open ? tr("Fold to %n line(s)", nullptr, kFoldLines)
                                  : tr("Show all %n line(s)", nullptr, int(lines.size()));
        html += QStringLiteral("<p style=\"margin:0 0 4px 0;\"><a href=\"toggle:%1\">%2</a></p>").arg(key, link);
    }
    return html;
}

QString TranscriptView::messageHtml(int index, const Message& m) const
{
    QString role;
    switch (m.role) {
    case Message::Role::System:
        role = tr("System");
        break;
    case Message::Role::User:
        role = tr("User");
        break;
    case Message::Role::Assistant:
        role = tr("Assistant");
        break;
    case Message::Role::Tool:
        role = m.toolName.isEmpty() ? tr("Tool result") : tr("Tool result · %1").arg(m.toolName);
        break;
    }
    QStringList meta;
    const QLocale locale;
    if (m.promptTokens >= 0)
        meta << tr("%1 prompt tokens").arg(locale.toString(m.promptTokens));
    if (m.completionTokens >= 0)
        meta << tr("%1 completion tokens").arg(locale.toString(m.completionTokens));
    if (m.latencyMs >= 0)
        meta << tr("%1 s").arg(locale.toString(m.latencyMs / 1000.0, 'f', 1));
    QString html = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\" style=\"margin-top:6px;\"><tr>"
                                  "<td><b style=\"color:%1;\">%2</b></td><td align=\"right\" style=\"color:#6a737d;\">%3</td>"
                                  "</tr></table>")
                       .arg(roleColour(m.role), role.toHtmlEscaped(), meta.join(QStringLiteral(" · ")).toHtmlEscaped());
    if (!m.reasoning.isEmpty()) {
        const QString key = QStringLiteral("reasoning-%1").arg(index);
        const bool open = isExpanded(key);
        html += QStringLiteral("<p style=\"margin:2px 0;\"><a href=\"toggle:%1\">%2 %3</a></p>")
                    .arg(key, open ? QStringLiteral("▾") : QStringLiteral("▸"), tr("Reasoning"));
        if (open)
            html += QStringLiteral("<p style=\"margin:2px 0 6px 12px; color:#57606a;\"><i>%1</i></p>").arg(escaped(m.reasoning));
    }
    if (!m.text.isEmpty()) {
        if (m.role == Message::Role::Tool)
            html += foldable(QStringLiteral("output-%1").arg(index), m.text, isExpanded(QStringLiteral("output-%1").arg(index)), true);
        else
            html += QStringLiteral("<p style=\"margin:2px 0;\">%1</p>").arg(escaped(m.text));
    }
    for (const ToolCall& call : m.toolCalls) {
        // Arguments that were not a JSON object are shown as the model wrote them, marked as such.
        const QString args = call.hasValidArguments()
            ? QString::fromUtf8(QJsonDocument(call.arguments).toJson(QJsonDocument::Indented)).trimmed()
            : call.rawArguments;
        html += QStringLiteral("<p style=\"margin:4px 0 0 0;\">%1 <b><code>%2</code></b>%3</p>")
                    .arg(tr("Tool call").toHtmlEscaped(), call.name.toHtmlEscaped(),
                        call.hasValidArguments() ? QString()
                                                 : QStringLiteral(" <span style=\"color:#b71c1c;\">%1</span>")
                                                       .arg(tr("(arguments are not a JSON object)").toHtmlEscaped()));
        html += QStringLiteral("<pre style=\"margin:2px 0 2px 12px; color:#24292f;\">%1</pre>").arg(args.toHtmlEscaped());
    }
    return html;
}

void TranscriptView::render()
{
    QString html;
    if (!m_error.isEmpty())
        html = QStringLiteral("<p style=\"color:#b71c1c;\">%1</p>").arg(escaped(tr("The messages of this turn could not be loaded: %1").arg(m_error)));
    else if (m_messages.isEmpty())
        html = QStringLiteral("<p style=\"color:#6a737d;\">%1</p>").arg(tr("This turn has no messages."));
    for (int i = 0; i < m_messages.size(); ++i)
        html += messageHtml(i, m_messages.at(i));
    if (!m_liveText.isEmpty() || !m_liveReasoning.isEmpty() || !m_liveStatus.isEmpty()) {
        html += QStringLiteral("<hr/><p style=\"margin:6px 0 2px 0;\"><b>%1</b> <span style=\"color:#6a737d;\">%2</span></p>")
                    .arg(tr("Agent (live)").toHtmlEscaped(), escaped(m_liveStatus));
        if (!m_liveReasoning.isEmpty())
            html += QStringLiteral("<p style=\"margin:2px 0 6px 12px; color:#57606a;\"><i>%1</i></p>").arg(escaped(m_liveReasoning));
        if (!m_liveText.isEmpty())
            html += QStringLiteral("<p style=\"margin:2px 0;\">%1</p>").arg(escaped(m_liveText));
    }
    setHtml(html);
    if (!m_liveText.isEmpty() || !m_liveReasoning.isEmpty())
        moveCursor(QTextCursor::End); // follow the stream
}

void TranscriptView::appendLive(const QString& textDelta, const QString& reasoningDelta)
{
    m_liveText += textDelta;
    m_liveReasoning += reasoningDelta;
    render();
}

void TranscriptView::setLiveStatus(const QString& status)
{
    m_liveStatus = status;
    render();
}

void TranscriptView::clearLive()
{
    m_liveText.clear();
    m_liveReasoning.clear();
    m_liveStatus.clear();
    render();
}

} // namespace kwb
