#include "storemerge.h"

#include "store/trajectoryfilter.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QVariant>

namespace kwb {

namespace {

// The row id of the turn with this uuid in `store`, 0 when there is none.
qint64 turnRowId(Store& store, const QString& uuid)
{
    QString error;
    return store.turnId(uuid, &error).value_or(0);
}

// A store's sentence as the middle of an import error, which adds its own "; nothing was imported."
QString clause(QString sentence)
{
    while (sentence.endsWith(QLatin1Char('.')))
        sentence.chop(1);
    return sentence;
}

bool copyBlob(const Store& source, Store& target, const QString& hash, QString* error)
{
    const auto bytes = source.blob(hash, error);
    if (!bytes)
        return false;
    const auto copied = target.addBlob(*bytes, error);
    return copied.has_value();
}

} // namespace

std::optional<StoreImport::Counts> StoreMerge::importStore(Store& target, const QString& path,
    const StoreImport::Progress& progress, QString* error)
{
    StoreImport import(target, path, progress);
    if (QFileInfo(path).canonicalFilePath() == QFileInfo(target.path()).canonicalFilePath()) {
        *error = import.fail({}, QStringLiteral("it is the store being imported into"));
        return std::nullopt;
    }
    QString inner;
    if (!QFileInfo(path).isFile()) {
        *error = import.fail({}, QStringLiteral("it does not exist"));
        return std::nullopt;
    }
    // Read from a copy: opening a store may bring an older schema up to date, and the input is never changed.
    QTemporaryDir scratch;
    const QString copy = scratch.filePath(QStringLiteral("source.kwb"));
    if (!scratch.isValid() || !QFile::copy(path, copy)
        || (QFileInfo::exists(path + QStringLiteral("-wal")) && !QFile::copy(path + QStringLiteral("-wal"), copy + QStringLiteral("-wal")))) {
        *error = import.fail({}, QStringLiteral("it could not be copied to a temporary folder to read"));
        return std::nullopt;
    }
    const auto source = Store::open(copy, &inner, Store::OpenMode::MustExist);
    if (!source) {
        *error = import.fail({}, clause(inner).replace(QStringLiteral("source.kwb"), QFileInfo(path).fileName()));
        return std::nullopt;
    }
    const auto ids = source->trajectoryIds(TrajectoryFilter(), TrajectoryColumn::Created, false, &inner);
    if (!ids || !import.begin(error)) {
        if (!ids)
            *error = import.fail({}, clause(inner));
        return std::nullopt;
    }
    qint64 done = 0;
    for (qint64 id : *ids) {
        const auto t = source->trajectory(id, Store::Depth::Full, &inner);
        const QString where = QStringLiteral("trajectory %1").arg(t ? t->uuid : QString::number(id));
        if (!t) {
            *error = import.fail(where, clause(inner));
            return std::nullopt;
        }
        for (const Turn& turn : t->turns) {
            if (turn.eval && !turn.eval->traceBlob.isEmpty() && !copyBlob(*source, target, turn.eval->traceBlob, &inner)) {
                *error = import.fail(where, QStringLiteral("the trace of turn %1 could not be copied (%2)").arg(turn.uuid, clause(inner)));
                return std::nullopt;
            }
            if (turn.eval && !turn.eval->disassemblyBlob.isEmpty() && !copyBlob(*source, target, turn.eval->disassemblyBlob, &inner)) {
                *error = import.fail(where, QStringLiteral("the disassembly of turn %1 could not be copied (%2)").arg(turn.uuid, clause(inner)));
                return std::nullopt;
            }
        }
        if (!import.add(*t, where, error))
            return std::nullopt;
        for (const Turn& turn : t->turns) {
            const auto profiles = source->ncuProfiles(turn.storeId, &inner);
            if (!profiles) {
                *error = import.fail(where, clause(inner));
                return std::nullopt;
            }
            for (const NcuProfile& profile : *profiles) {
                QByteArray report;
                if (!profile.reportBlob.isEmpty()) {
                    const auto bytes = source->blob(profile.reportBlob, &inner);
                    if (!bytes) {
                        *error = import.fail(where, clause(inner));
                        return std::nullopt;
                    }
                    report = *bytes;
                }
                if (!target.addNcuProfile(turnRowId(target, turn.uuid), profile, report, &inner)) {
                    *error = import.fail(where, QStringLiteral("a profile of turn %1 could not be copied (%2)").arg(turn.uuid, clause(inner)));
                    return std::nullopt;
                }
            }
        }
        if (!import.report(++done, ids->size(), error))
            return std::nullopt;
    }
    return import.commit(error);
}

} // namespace kwb
