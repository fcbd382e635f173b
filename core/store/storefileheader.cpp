#include "storefileheader.h"

#include <QFile>
#include <QtEndian>

namespace kwb {

StoreFileHeader StoreFileHeader::read(const QString& path, QString* ioError)
{
    StoreFileHeader h;
    QFile f(path);
    if (!f.exists())
        return h;
    if (!f.open(QIODevice::ReadOnly)) {
        *ioError = f.errorString();
        h.kind = Kind::NotSqlite;
        return h;
    }
    h.fileSize = f.size();
    if (h.fileSize == 0) {
        h.kind = Kind::Empty;
        return h;
    }
    const QByteArray head = f.read(100);
    if (head.size() < 100 || !head.startsWith(QByteArrayView("SQLite format 3\0", 16))) {
        h.kind = Kind::NotSqlite;
        return h;
    }
    const auto* p = reinterpret_cast<const uchar*>(head.constData());
    quint32 pageSize = qFromBigEndian<quint16>(p + 16);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pageCount = qFromBigEndian<quint32>(p + 28);
    const quint32 changeCounter = qFromBigEndian<quint32>(p + 24);
    const quint32 versionValidFor = qFromBigEndian<quint32>(p + 92);
    h.userVersion = qFromBigEndian<quint32>(p + 60);
    h.applicationId = qFromBigEndian<quint32>(p + 68);
    // The in-header page count is only trustworthy when written by a SQLite that also set version-valid-for.
    if (pageCount > 0 && changeCounter == versionValidFor)
        h.expectedSize = qint64(pageSize) * pageCount;
    h.kind = h.expectedSize > h.fileSize ? Kind::Truncated : Kind::Sqlite;
    return h;
}

} // namespace kwb
