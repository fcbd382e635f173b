#include "savefile.h"

#include <QSaveFile>

namespace kwb {

bool saveFile(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("%1 cannot be written: %2.").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace kwb
