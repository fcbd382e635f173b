#include "storeimport.h"

#include <QFileInfo>

namespace kwb {

StoreImport::StoreImport(Store& store, const QString& inputPath, const Progress& progress)
    : m_store(store)
    , m_path(inputPath)
    , m_name(QFileInfo(inputPath).fileName())
    , m_progress(progress)
{
}

QString StoreImport::fail(const QString& where, const QString& what) const
{
    const QString place = where.isEmpty() ? m_name : m_name + QLatin1Char(' ') + where;
    return QStringLiteral("%1: %2; nothing was imported.").arg(place, what);
}

bool StoreImport::begin(QString* error)
{
    m_tx.emplace(m_store);
    if (!m_tx->isActive()) {
        *error = QStringLiteral("%1 is locked by another program; try again when it is done.").arg(QFileInfo(m_store.path()).fileName());
        return false;
    }
    return true;
}

bool StoreImport::openInput(QFile& file, QString* error) const
{
    file.setFileName(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1 cannot be read: %2.").arg(m_name, file.errorString());
        return false;
    }
    return true;
}

bool StoreImport::openAndBegin(QFile& file, QString* error)
{
    return openInput(file, error) && begin(error);
}

bool StoreImport::add(const Trajectory& trajectory, const QString& where, QString* error)
{
    QString inner;
    if (!trajectory.validate(&inner) || !m_store.addTrajectory(trajectory, &inner)) {
        *error = fail(where, inner);
        return false;
    }
    ++m_counts.trajectories;
    m_counts.turns += trajectory.turns.size();
    return true;
}

bool StoreImport::report(qint64 done, qint64 total, QString* error)
{
    if (m_progress && !m_progress(done, total)) {
        *error = QStringLiteral("the import of %1 was cancelled; nothing was imported.").arg(m_name);
        return false;
    }
    return true;
}

std::optional<StoreImport::Counts> StoreImport::commit(QString* error)
{
    QString inner;
    if (!m_tx || !m_tx->commit(&inner)) {
        *error = fail({}, QStringLiteral("it could not be stored (%1)").arg(inner));
        return std::nullopt;
    }
    return m_counts;
}

} // namespace kwb
