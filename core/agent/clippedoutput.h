#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace kwb::agent {

// A tool's output as the model gets it: at most `limit` bytes, the head and the tail kept and the middle cut
// with a line that says how much went, since errors tend to be at the start and summaries at the end. Appends
// keep memory at the limit however much a command prints.
class ClippedOutput
{
public:
    explicit ClippedOutput(qint64 limit);

    void append(QByteArrayView bytes);
    qint64 totalBytes() const { return m_total; }
    bool isClipped() const { return m_total > m_head.size() + m_tail.size(); }
    // UTF-8 text; a character split by the cut becomes U+FFFD.
    QString text() const;

    static QString clip(const QString& text, qint64 limit);

private:
    qint64 m_limit;
    QByteArray m_head;
    QByteArray m_tail;
    qint64 m_total = 0;
};

} // namespace kwb::agent
