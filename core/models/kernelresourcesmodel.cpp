#include "kernelresourcesmodel.h"

#include "model/kernelname.h"

#include <QColor>
#include <QLocale>

namespace kwb {

namespace {

QVariant bytes(qint64 value)
{
    return value < 0 ? QVariant() : QVariant(QLocale().formattedDataSize(value, 1));
}

} // namespace

KernelResourcesModel::KernelResourcesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelResourcesModel::setKernels(const QList<KernelResources>& kernels)
{
    if (kernels == m_kernels)
        return;
    beginResetModel();
    m_kernels = kernels;
    endResetModel();
}

int KernelResourcesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_kernels.size());
}

int KernelResourcesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelResourcesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KernelResources& k = m_kernels.at(index.row());
    if (role == Qt::TextAlignmentRole && index.column() >= RegistersColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && (index.column() == SpillStoresColumn || index.column() == SpillLoadsColumn)) {
        const qint64 v = index.column() == SpillStoresColumn ? k.spillStoreBytes : k.spillLoadBytes;
        return v > 0 ? QVariant(QColor(0xc6, 0x28, 0x28)) : QVariant(); // spills are what a reader looks for
    }
    if (role == Qt::ToolTipRole && index.column() == KernelColumn)
        return k.kernel == k.readableName() ? k.kernel : k.readableName() + QStringLiteral("\n") + k.kernel;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case KernelColumn:
        return shortKernelName(k.kernel); // the whole signature in the tooltip
    case ArchColumn:
        return k.arch;
    case RegistersColumn:
        return k.registers < 0 ? QVariant() : QVariant(k.registers);
    case SharedColumn:
        return bytes(k.sharedBytes);
    case StackColumn:
        return bytes(k.stackBytes);
    case SpillStoresColumn:
        return bytes(k.spillStoreBytes);
    case SpillLoadsColumn:
        return bytes(k.spillLoadBytes);
    case ConstantColumn:
        return bytes(k.constantBytes);
    default:
        return {};
    }
}

QVariant KernelResourcesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KernelColumn:
        return tr("Kernel");
    case ArchColumn:
        return tr("Arch");
    case RegistersColumn:
        return tr("Registers");
    case SharedColumn:
        return tr("Shared memory");
    case StackColumn:
        return tr("Stack");
    case SpillStoresColumn:
        return tr("Spill stores");
    case SpillLoadsColumn:
        return tr("Spill loads");
    case ConstantColumn:
        return tr("Constant");
    default:
        return {};
    }
}

} // namespace kwb
