#pragma once

#include "model/evalresult.h"

#include <QAbstractTableModel>
#include <optional>

namespace kwb {

// One profiled kernel's Nsight Compute metrics with readable labels and units; with a comparison kernel
// (another turn's) also its value, the difference and the change in %, coloured where lower or higher is
// clearly better.
class NcuMetricsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        MetricColumn,
        ValueColumn,
        ComparisonColumn,
        DifferenceColumn,
        ChangeColumn
    };
    enum Role
    {
        MetricNameRole = Qt::UserRole + 1, // ncu's name of the row's metric
        VerdictRole, // on the difference and change columns: 1 better, -1 worse, 0 neither or too small to tell
    };
    enum class Better
    {
        Neither,
        Lower,
        Higher
    };

    explicit NcuMetricsModel(QObject* parent = nullptr);

    void setKernel(const NcuKernel* kernel);
    void setComparison(const NcuKernel* kernel, const QString& label);
    bool hasComparison() const { return m_comparison.has_value(); }

    static QString label(const QString& metric); // the metric's name when the workbench has no label for it
    static Better better(const QString& metric);
    static QString formatValue(double value, const QString& unit); // bytes as kB/MB/GB, ns as µs/ms/s
    static QString formatDifference(double difference, const QString& unit); // signed; % metrics in points
    static QString formatChange(double value, double comparison); // signed %, "–" when there is no ratio
    // "row_scale_vec4_kernel" for "void <unnamed>::row_scale_vec4_kernel(const float *, long)".
    static QString shortKernelName(const QString& name);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double comparisonValue(int row) const;
    int verdict(int row) const;

    NcuKernel m_kernel;
    std::optional<NcuKernel> m_comparison;
    QString m_comparisonLabel;
};

} // namespace kwb
