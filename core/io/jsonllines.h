#pragma once

#include <QByteArray>
#include <QHash>
#include <QStringList>

class QIODevice;

namespace kwb {

// The lines of a JSONL input, one at a time, with where each is (line number, byte offset). Blank lines are passed
// over; a line with the same bytes as an earlier one (a file concatenated with itself, a retried write) is skipped and
// noted, or refused, as the caller asks.
class JsonlLines
{
public:
    enum class OnDuplicate { Skip, Fail };

    explicit JsonlLines(QIODevice& input, OnDuplicate onDuplicate = OnDuplicate::Skip);

    // The next line to read, without its line end; false at the end of the input or at a refused repeat (then
    // error() says which line it repeats).
    bool next(QByteArray* line);

    qint64 number() const { return m_number; }
    qint64 offset() const { return m_offset; }
    QString where() const; // "line 3 (byte 120)"
    const QString& error() const { return m_error; }
    // "line 5 repeats line 2", one per skipped line, in order.
    const QStringList& repeats() const { return m_repeats; }
    // "a.jsonl: line 5 repeats line 2, ..." for the import's notes; empty when nothing repeated.
    QString repeatsNote(const QString& inputName) const;

private:
    QIODevice& m_input;
    OnDuplicate m_onDuplicate;
    qint64 m_number = 0;
    qint64 m_offset = 0;
    QHash<QByteArray, qint64> m_seen; // a line's hash -> the line it first was
    QStringList m_repeats;
    QString m_error;
};

} // namespace kwb
