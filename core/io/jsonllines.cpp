#include "jsonllines.h"

#include <QCryptographicHash>
#include <QIODevice>

namespace kwb {

JsonlLines::JsonlLines(QIODevice& input, OnDuplicate onDuplicate)
    : m_input(input)
    , m_onDuplicate(onDuplicate)
{
}

bool JsonlLines::next(QByteArray* line)
{
    while (!m_input.atEnd()) {
        m_offset = m_input.pos();
        QByteArray bytes = m_input.readLine();
        ++m_number;
        if (bytes.endsWith('\n'))
            bytes.chop(1);
        if (bytes.trimmed().isEmpty())
            continue;
        const QByteArray key = QCryptographicHash::hash(bytes.trimmed(), QCryptographicHash::Sha256);
        if (const auto first = m_seen.constFind(key); first != m_seen.cend()) {
            const QString said = QStringLiteral("line %1 repeats line %2").arg(m_number).arg(first.value());
            if (m_onDuplicate == OnDuplicate::Fail) {
                m_error = said;
                return false;
            }
            m_repeats.append(said);
            continue;
        }
        m_seen.insert(key, m_number);
        *line = bytes;
        return true;
    }
    return false;
}

QString JsonlLines::where() const
{
    return QStringLiteral("line %1 (byte %2)").arg(m_number).arg(m_offset);
}

QString JsonlLines::repeatsNote(const QString& inputName) const
{
    if (m_repeats.isEmpty())
        return {};
    return QStringLiteral("%1: %2").arg(inputName, m_repeats.join(QStringLiteral(", ")));
}

} // namespace kwb
