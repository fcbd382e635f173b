#pragma once

#include "store/store.h"

#include <QAbstractTableModel>
#include <QCache>

namespace kwb {

// The trajectories of a store as a table. Filtering and sorting run in SQL and yield only row ids; rows are
// read in pages as the view asks for them, so a store of 100k trajectories opens without loading them.
class TrajectoryListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role { IdRole = Qt::UserRole + 1, UuidRole, SortValueRole };

    explicit TrajectoryListModel(QObject* parent = nullptr);

    // The store must outlive the model or be replaced with setStore(nullptr) first.
    void setStore(const Store* store);
    const Store* store() const { return m_store; }
    void setFilter(const TrajectoryFilter& filter);
    const TrajectoryFilter& filter() const { return m_filter; }
    // Re-reads ids and rows, e.g. after an import.
    void refresh();
    QString lastError() const { return m_lastError; }

    // The labels the store's trajectories carry, sorted: what the list can be filtered by.
    QStringList labelsInUse() const;

    qint64 trajectoryId(int row) const;
    int rowOf(qint64 trajectoryId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // The store's status keys ("compile-error") as shown to the user.
    static QString statusLabel(const QString& status);

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    static constexpr int kPageSize = 256;
    const TrajectorySummary* summaryAt(int row) const;
    void reload();

    const Store* m_store = nullptr;
    TrajectoryFilter m_filter;
    TrajectoryColumn m_sortColumn = TrajectoryColumn::Created;
    bool m_descending = true;
    QList<qint64> m_ids;
    mutable QCache<int, QList<TrajectorySummary>> m_pages { 64 };
    QString m_lastError;
};

} // namespace kwb
