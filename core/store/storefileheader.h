#pragma once

#include <QString>

namespace kwb {

// What the first 100 bytes of a file say about it, read without opening it as a database, so that a foreign,
// truncated or newer file is refused before SQLite could touch it.
struct StoreFileHeader
{
    enum class Kind { Missing, Empty, NotSqlite, Truncated, Sqlite };

    static constexpr quint32 kApplicationId = 0x4B574231; // "KWB1"

    Kind kind = Kind::Missing;
    quint32 applicationId = 0;
    quint32 userVersion = 0;
    qint64 fileSize = 0;
    qint64 expectedSize = 0; // page size x page count from the header, when the header's count is valid

    bool isKwbStore() const { return kind == Kind::Sqlite && applicationId == kApplicationId; }

    static StoreFileHeader read(const QString& path, QString* ioError);
};

} // namespace kwb
