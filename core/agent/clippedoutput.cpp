#include "clippedoutput.h"

#include <algorithm>

namespace kwb::agent {

ClippedOutput::ClippedOutput(qint64 limit)
    : m_limit(std::max<qint64>(limit, 64))
{ }

void ClippedOutput::append(QByteArrayView bytes)
{
    m_total += bytes.size();
    const qint64 headLimit = m_limit / 2;
    if (m_head.size() < headLimit) {
        const qint64 taken = std::min<qint64>(headLimit - m_head.size(), bytes.size());
        m_head.append(bytes.first(taken));
        bytes = bytes.sliced(taken);
    }
    const qint64 tailLimit = m_limit - headLimit;
    if (bytes.size() >= tailLimit) {
        m_tail = bytes.last(tailLimit).toByteArray();
        return;
    }
    m_tail.append(bytes);
    if (m_tail.size() > tailLimit)
        m_tail.remove(0, m_tail.size() - tailLimit);
}

QString ClippedOutput::text() const
{
    if (!isClipped())
        return QString::fromUtf8(m_head + m_tail);
    // Cut at line ends where one is near, so that no half line is left on either side of the mark.
    QByteArray head = m_head;
    QByteArray tail = m_tail;
    if (const qsizetype end = head.lastIndexOf('\n'); end >= head.size() / 2)
        head.truncate(end + 1);
    if (const qsizetype start = tail.indexOf('\n'); start >= 0 && start < tail.size() / 2)
        tail.remove(0, start + 1);
    const qint64 cut = m_total - head.size() - tail.size();
    QString text = QString::fromUtf8(head);
    if (!text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    text += QStringLiteral("[... %1 bytes of %2 cut here ...]\n").arg(cut).arg(m_total);
    return text + QString::fromUtf8(tail);
}

QString ClippedOutput::clip(const QString& text, qint64 limit)
{
    const QByteArray bytes = text.toUtf8();
    if (bytes.size() <= limit)
        return text;
    ClippedOutput clipped(limit);
    clipped.append(bytes);
    return clipped.text();
}

} // namespace kwb::agent
