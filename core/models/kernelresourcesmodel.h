#pragma once

#include "model/evalresult.h"

#include <QAbstractTableModel>

namespace kwb {

// What ptxas reported per kernel (registers, shared memory, stack, spills) as a table.
class KernelResourcesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { KernelColumn, ArchColumn, RegistersColumn, SharedColumn, StackColumn, SpillStoresColumn,
        SpillLoadsColumn, ConstantColumn, ColumnCount };

    explicit KernelResourcesModel(QObject* parent = nullptr);

    void setKernels(const QList<KernelResources>& kernels);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<KernelResources> m_kernels;
};

} // namespace kwb
