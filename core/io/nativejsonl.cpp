#include "nativejsonl.h"

#include "store/store.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace kwb {

QByteArray NativeJsonl::encode(const Trajectory& trajectory)
{
    return QJsonDocument(trajectory.toJson()).toJson(QJsonDocument::Compact);
}

std::optional<Trajectory> NativeJsonl::decode(const QByteArray& line, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not valid JSON at byte %1 of the line (%2)").arg(pe.offset).arg(pe.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("the line is not a JSON object");
        return std::nullopt;
    }
    QString inner;
    Trajectory t = Trajectory::fromJson(doc.object(), &inner);
    if (!inner.isEmpty()) {
        *error = inner;
        return std::nullopt;
    }
    return t;
}

bool NativeJsonl::exportTrajectories(const Store& store, const QList<qint64>& ids, QIODevice& out,
    const Progress& progress, QString* error)
{
    qint64 done = 0;
    for (qint64 id : ids) {
        const auto t = store.trajectory(id, Store::Depth::Full, error);
        if (!t)
            return false;
        if (out.write(encode(*t) + '\n') < 0) {
            *error = QStringLiteral("writing the export failed: %1").arg(out.errorString());
            return false;
        }
        if (progress && !progress(++done, ids.size())) {
            *error = QStringLiteral("the export was cancelled");
            return false;
        }
    }
    return true;
}

std::optional<NativeJsonl::ImportCounts> NativeJsonl::importFile(Store& store, const QString& path,
    const Progress& progress, QString* error)
{
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1 cannot be read: %2.").arg(name, file.errorString());
        return std::nullopt;
    }
    ImportCounts counts;
    Store::Transaction tx(store);
    if (!tx.isActive()) {
        *error = QStringLiteral("%1 is locked by another program; try again when it is done.").arg(QFileInfo(store.path()).fileName());
        return std::nullopt;
    }
    qint64 lineNumber = 0;
    while (!file.atEnd()) {
        const qint64 lineStart = file.pos();
        QByteArray line = file.readLine();
        ++lineNumber;
        if (line.endsWith('\n'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        QString inner;
        const auto t = decode(line, &inner);
        if (!t) {
            *error = QStringLiteral("%1 line %2 (byte %3): %4; nothing was imported.").arg(name).arg(lineNumber).arg(lineStart).arg(inner);
            return std::nullopt;
        }
        if (!store.addTrajectory(*t, &inner)) {
            *error = QStringLiteral("%1 line %2: %3; nothing was imported.").arg(name).arg(lineNumber).arg(inner);
            return std::nullopt;
        }
        ++counts.trajectories;
        counts.turns += t->turns.size();
        if (progress && !progress(file.pos(), file.size())) {
            *error = QStringLiteral("the import of %1 was cancelled; nothing was imported.").arg(name);
            return std::nullopt;
        }
    }
    QString commitError;
    if (!tx.commit(&commitError)) {
        *error = QStringLiteral("%1 could not be stored: %2; nothing was imported.").arg(name, commitError);
        return std::nullopt;
    }
    return counts;
}

} // namespace kwb
