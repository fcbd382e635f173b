#include "samplestore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace kwb {

QString SampleStore::bundledPath()
{
    const QStringList dirs { QCoreApplication::applicationDirPath() + QStringLiteral("/../share/kernel-workbench/samples"),
        QStringLiteral(KWB_SOURCE_SAMPLES) };
    for (const QString& dir : dirs) {
        const QFileInfo sample(dir + QStringLiteral("/case-studies.kwb"));
        if (sample.isFile())
            return sample.absoluteFilePath();
    }
    return {};
}

QString SampleStore::userCopy(QString* error)
{
    const QString bundled = bundledPath();
    if (bundled.isEmpty()) {
        *error = QCoreApplication::translate("kwb::SampleStore", "This build of the workbench has no case studies.");
        return {};
    }
    return userCopy(bundled, error);
}

QString SampleStore::userCopy(const QString& bundled, QString* error)
{
    QFile source(bundled);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!source.open(QIODevice::ReadOnly) || !hash.addData(&source)) {
        *error = QCoreApplication::translate("kwb::SampleStore", "The case studies (%1) cannot be read: %2.").arg(bundled, source.errorString());
        return {};
    }
    // Named by content: a release with other case studies gets its own copy and the user's forks in the old one stay.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const QString copy = dir + QStringLiteral("/case-studies-%1.kwb").arg(QString::fromLatin1(hash.result().toHex().left(12)));
    if (QFileInfo(copy).isFile())
        return copy;
    const QString partial = copy + QStringLiteral(".part");
    QFile::remove(partial);
    if (!QDir().mkpath(dir) || !QFile::copy(bundled, partial) || !QFile::rename(partial, copy)) {
        QFile::remove(partial);
        *error = QCoreApplication::translate("kwb::SampleStore", "The case studies could not be copied to %1.").arg(dir);
        return {};
    }
    QFile(copy).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return copy;
}

} // namespace kwb
