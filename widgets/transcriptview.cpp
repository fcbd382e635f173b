#include "transcriptview.h"

#include "codefont.h"
#include "codehtml.h"

#include <QJsonArray>
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

// A <pre> in the code font (a Latin monospace family first, whatever the locale), indented under its heading.
QString pre(const QString& innerHtml, const QString& extraStyle = {})
{
    static const QString families = codeFont().families().join(QStringLiteral("','"));
    return QStringLiteral("<pre style=\"margin:2px 0 2px 14px; font-family:'%1'; %2\">%3</pre>").arg(families, extraStyle, innerHtml);
}

int lineCount(const QString& text)
{
    return text.isEmpty() ? 0 : int(text.count(QLatin1Char('\n'))) + (text.endsWith(QLatin1Char('\n')) ? 0 : 1);
}

QString shortened(QString text, int length = 72)
{
    text = text.section(QLatin1Char('\n'), 0, 0);
    return text.size() > length ? text.left(length - 1) + QChar(0x2026) : text;
}

QString scalar(const QJsonValue& value)
{
    if (value.isString())
        return value.toString();
    if (value.isArray() || value.isObject()) {
        const QJsonDocument doc = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
        return QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
    }
    return value.toVariant().toString();
}

// Lines a string prefixed line by line (the removed and added text of an edit).
QString prefixed(const QString& text, QChar mark)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.size() > 1 && lines.last().isEmpty())
        lines.removeLast();
    for (QString& line : lines)
        line.prepend(mark + QLatin1Char(' '));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

TranscriptView::CallParts TranscriptView::callParts(const ToolCall& call)
{
    CallParts parts;
    const QJsonObject& a = call.arguments;
    auto text = [&a](const char* key) { return a.value(QLatin1String(key)).toString(); };
    auto isText = [&a](const char* key) { return a.value(QLatin1String(key)).isString(); };
    if (!call.hasValidArguments()) {
        parts.summary = QStringLiteral("<span style=\"color:#b71c1c;\">%1</span>").arg(tr("(arguments are not a JSON object)").toHtmlEscaped());
        parts.body = pre(call.rawArguments.toHtmlEscaped());
        parts.lines = lineCount(call.rawArguments);
    } else if (call.name == QLatin1String("bash") && isText("command")) {
        const QString command = text("command");
        parts.summary = QStringLiteral("<code>%1</code>").arg(shortened(command).toHtmlEscaped());
        parts.body = pre(QStringLiteral("<span style=\"color:#6a737d;\">$</span> ") + command.toHtmlEscaped());
        parts.lines = lineCount(command);
    } else if (call.name == QLatin1String("write_file") && isText("path") && isText("content")) {
        const QString path = text("path");
        const QString content = text("content");
        parts.lines = lineCount(content);
        parts.summary = QStringLiteral("<code>%1</code> · %2").arg(path.toHtmlEscaped(), tr("%n line(s)", nullptr, parts.lines));
        parts.body = pre(codeToHtml(content, path), QStringLiteral("background:#f6f8fa;"));
    } else if (call.name == QLatin1String("edit_file") && isText("path") && isText("old_string") && isText("new_string")) {
        const QString removed = text("old_string");
        const QString added = text("new_string");
        parts.summary = QStringLiteral("<code>%1</code> · %2").arg(text("path").toHtmlEscaped(),
            QStringLiteral("<span style=\"color:#82071e;\">\u2212%1</span> <span style=\"color:#116329;\">+%2</span>")
                .arg(lineCount(removed)).arg(lineCount(added)));
        parts.body = pre(prefixed(removed, QLatin1Char('-')).toHtmlEscaped(), QStringLiteral("background:#ffebe9; color:#82071e;"))
            + pre(prefixed(added, QLatin1Char('+')).toHtmlEscaped(), QStringLiteral("background:#e6ffec; color:#116329;"));
        parts.lines = lineCount(removed) + lineCount(added);
    } else if (call.name == QLatin1String("read_file") && isText("path")) {
        QString summary = QStringLiteral("<code>%1</code>").arg(text("path").toHtmlEscaped());
        const int offset = a.value(QLatin1String("offset")).toInt(1);
        const int limit = a.value(QLatin1String("limit")).toInt(0);
        if (limit > 0)
            summary += QStringLiteral(" · ") + tr("lines %1–%2").arg(offset).arg(offset + limit - 1);
        else if (offset > 1)
            summary += QStringLiteral(" · ") + tr("from line %1").arg(offset);
        parts.summary = summary;
    } else {
        // Any other tool: short values in the heading, text of several lines (or long) each in a block of its own.
        QStringList inline_;
        for (auto it = a.begin(); it != a.end(); ++it) {
            const QString value = scalar(it.value());
            if (value.contains(QLatin1Char('\n')) || value.size() > 60) {
                parts.body += QStringLiteral("<p style=\"margin:2px 0 0 14px; color:#57606a;\">%1</p>").arg(it.key().toHtmlEscaped())
                    + pre(value.toHtmlEscaped());
                parts.lines += lineCount(value) + 1;
            } else {
                inline_ << QStringLiteral("%1: <code>%2</code>").arg(it.key().toHtmlEscaped(), value.toHtmlEscaped());
            }
        }
        parts.summary = inline_.join(QStringLiteral(", "));
    }
    return parts;
}

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
    const int index = key.section(QLatin1Char('-'), 1, 1).toInt();
    if (index < 0 || index >= m_messages.size())
        return false;
    if (key.startsWith(QLatin1String("call-"))) { // "call-M-C": call C of message M, open when short
        const int call = key.section(QLatin1Char('-'), 2, 2).toInt();
        const QList<ToolCall>& calls = m_messages.at(index).toolCalls;
        return call >= 0 && call < calls.size() && callParts(calls.at(call)).lines <= kFoldLines;
    }
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
    QString html = monospace ? pre(shown.toHtmlEscaped())
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
    for (int c = 0; c < m.toolCalls.size(); ++c) {
        const ToolCall& call = m.toolCalls.at(c);
        const CallParts parts = callParts(call);
        const QString key = QStringLiteral("call-%1-%2").arg(index).arg(c);
        const bool open = isExpanded(key);
        const QString arrow = parts.body.isEmpty() ? QString()
                                                   : QStringLiteral("<a href=\"toggle:%1\" style=\"text-decoration:none;\">%2</a> ")
                                                         .arg(key, open ? QStringLiteral("▾") : QStringLiteral("▸"));
        html += QStringLiteral("<p style=\"margin:4px 0 0 0;\">%1%2 <b><code>%3</code></b> %4</p>")
                    .arg(arrow, tr("Tool call").toHtmlEscaped(), call.name.toHtmlEscaped(), parts.summary);
        if (open)
            html += parts.body;
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
