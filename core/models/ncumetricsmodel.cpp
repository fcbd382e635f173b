#include "ncumetricsmodel.h"

#include <QColor>
#include <QLocale>
#include <cmath>

namespace kwb {

namespace {

struct MetricInfo
{
    const char* name;
    const char* label;
    NcuMetricsModel::Better better;
};

using B = NcuMetricsModel::Better;

// The workbench's metric set (ncuMetricNames() in core/runner/ncucsv.cpp, which this layer does not link).
// Stalls are warps stalled per issued instruction: fewer is better, except "not selected", which only says
// that other warps were ready.
const MetricInfo kMetrics[] = {
    { "gpu__time_duration.sum", QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Duration"), B::Lower },
    { "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Memory throughput, % of peak"), B::Higher },
    { "sm__throughput.avg.pct_of_peak_sustained_elapsed",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Compute (SM) throughput, % of peak"), B::Higher },
    { "dram__throughput.avg.pct_of_peak_sustained_elapsed",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "DRAM throughput, % of peak"), B::Higher },
    { "sm__warps_active.avg.pct_of_peak_sustained_active",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Achieved occupancy, %"), B::Higher },
    { "launch__registers_per_thread", QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Registers per thread"), B::Neither },
    { "launch__shared_mem_per_block_static",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Static shared memory per block"), B::Neither },
    { "launch__shared_mem_per_block_dynamic",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Dynamic shared memory per block"), B::Neither },
    { "l1tex__t_sector_hit_rate.pct", QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "L1 hit rate, %"), B::Higher },
    { "lts__t_sector_hit_rate.pct", QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "L2 hit rate, %"), B::Higher },
    { "dram__bytes_read.sum", QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "DRAM bytes read"), B::Lower },
    { "dram__bytes_write.sum", QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "DRAM bytes written"), B::Lower },
    { "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: long scoreboard (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: short scoreboard (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: barrier (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_membar_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: memory barrier (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: MIO throttle (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: local/global throttle (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: math pipe throttle (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_wait_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: fixed-latency wait (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: not selected (warps per issue)"), B::Neither },
    { "smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: no instruction (warps per issue)"), B::Lower },
    { "smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio",
        QT_TRANSLATE_NOOP("kwb::NcuMetricsModel", "Stall: dispatch (warps per issue)"), B::Lower },
};

// Differences under 1 % are within what repeated ncu runs of one kernel spread; they get no colour.
constexpr double kNoise = 0.01;

const MetricInfo* find(const QString& metric)
{
    for (const MetricInfo& info : kMetrics) {
        if (metric == QLatin1String(info.name))
            return &info;
    }
    return nullptr;
}

QString number(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}

// About four significant digits.
int decimalsFor(double magnitude)
{
    return magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
}

// A value in a base unit, scaled by thousands: whole numbers stay whole in the base unit (64 B, 850 ns).
QString scaled(double v, std::initializer_list<const char*> names)
{
    const char* const* name = names.begin();
    while (std::abs(v) >= 1000 && name + 1 != names.end()) {
        v /= 1000;
        ++name;
    }
    const int decimals = name == names.begin() && v == std::floor(v) ? 0 : decimalsFor(std::abs(v));
    return number(v, decimals) + QLatin1Char(' ') + QString::fromUtf8(*name);
}

} // namespace

NcuMetricsModel::NcuMetricsModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void NcuMetricsModel::setKernel(const NcuKernel* kernel)
{
    beginResetModel();
    m_kernel = kernel ? *kernel : NcuKernel();
    endResetModel();
}

void NcuMetricsModel::setComparison(const NcuKernel* kernel, const QString& label)
{
    beginResetModel();
    m_comparison = kernel ? std::optional<NcuKernel>(*kernel) : std::nullopt;
    m_comparisonLabel = label;
    endResetModel();
}

QString NcuMetricsModel::label(const QString& metric)
{
    const MetricInfo* info = find(metric);
    return info ? tr(info->label) : metric;
}

NcuMetricsModel::Better NcuMetricsModel::better(const QString& metric)
{
    const MetricInfo* info = find(metric);
    return info ? info->better : Better::Neither;
}

QString NcuMetricsModel::formatValue(double value, const QString& unit)
{
    if (std::isnan(value))
        return tr("n/a");
    if (unit == QLatin1String("%"))
        return number(value, 1) + QStringLiteral(" %");
    if (unit == QLatin1String("ns"))
        return scaled(value, { "ns", "µs", "ms", "s" });
    if (unit.startsWith(QLatin1String("byte"))) { // byte, byte/block, byte/second
        QString per = unit.mid(4);
        if (per == QLatin1String("/second"))
            per = QStringLiteral("/s");
        return scaled(value, { "B", "kB", "MB", "GB", "TB" }) + per;
    }
    // Stall ratios come with ncu's unit "inst"; the label says what they count.
    if (unit == QLatin1String("inst"))
        return number(value, 2);
    const QString suffix
        = unit.isEmpty() || unit == QLatin1String("register/thread") ? QString() : QLatin1Char(' ') + unit;
    if (value == std::floor(value) && std::abs(value) < 1e15)
        return QLocale().toString(qint64(value)) + suffix;
    return number(value, decimalsFor(std::abs(value))) + suffix;
}

QString NcuMetricsModel::formatDifference(double difference, const QString& unit)
{
    if (std::isnan(difference))
        return QStringLiteral("–");
    const QString sign = difference > 0 ? QStringLiteral("+") : difference < 0 ? QStringLiteral("−") : QString();
    if (unit == QLatin1String("%"))
        return sign + tr("%1 pp", "percentage points").arg(number(std::abs(difference), 1));
    return sign + formatValue(std::abs(difference), unit);
}

QString NcuMetricsModel::formatChange(double value, double comparison)
{
    if (std::isnan(value) || std::isnan(comparison) || (comparison == 0 && value != 0))
        return QStringLiteral("–");
    const double percent = comparison == 0 ? 0 : (value - comparison) / std::abs(comparison) * 100;
    if (std::abs(percent) < 0.05)
        return number(0, 1) + QStringLiteral(" %");
    return (percent > 0 ? QStringLiteral("+") : QStringLiteral("−")) + number(std::abs(percent), 1)
        + QStringLiteral(" %");
}

QString NcuMetricsModel::shortKernelName(const QString& name)
{
    QString s = name.left(name.indexOf(QLatin1Char('('))).trimmed(); // the whole name when there is no '('
    if (s.isEmpty())
        s = name.trimmed();
    for (const QLatin1String prefix :
        { QLatin1String("void "), QLatin1String("<unnamed>::"), QLatin1String("(anonymous namespace)::") }) {
        if (s.startsWith(prefix))
            s = s.mid(prefix.size());
    }
    return s;
}

int NcuMetricsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_kernel.metrics.size());
}

int NcuMetricsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_comparison ? ChangeColumn + 1 : ValueColumn + 1;
}

double NcuMetricsModel::comparisonValue(int row) const
{
    return m_comparison ? m_comparison->metric(m_kernel.metrics[row].first) : kUnknown;
}

int NcuMetricsModel::verdict(int row) const
{
    const double value = m_kernel.metrics[row].second;
    const double other = comparisonValue(row);
    const double difference = value - other;
    const Better direction = better(m_kernel.metrics[row].first);
    if (std::isnan(difference) || difference == 0 || direction == Better::Neither)
        return 0;
    if (other != 0 && std::abs(difference) < kNoise * std::abs(other))
        return 0;
    return (difference < 0) == (direction == Better::Lower) ? 1 : -1;
}

QVariant NcuMetricsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const QString& metric = m_kernel.metrics[row].first;
    const double value = m_kernel.metrics[row].second;
    const QString unit = m_kernel.units.value(row);
    const bool compared = index.column() == DifferenceColumn || index.column() == ChangeColumn;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case MetricColumn:
            return label(metric);
        case ValueColumn:
            return formatValue(value, unit);
        case ComparisonColumn:
            return formatValue(comparisonValue(row), unit);
        case DifferenceColumn:
            return formatDifference(value - comparisonValue(row), unit);
        default:
            return formatChange(value, comparisonValue(row));
        }
    case Qt::TextAlignmentRole:
        return index.column() == MetricColumn ? QVariant() : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == MetricColumn)
            return metric;
        if (compared && better(metric) != Better::Neither)
            return better(metric) == Better::Lower ? tr("Lower is better.") : tr("Higher is better.");
        return {};
    case Qt::ForegroundRole:
        if (compared && verdict(row) != 0)
            return verdict(row) > 0 ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xc6, 0x28, 0x28);
        return {};
    case MetricNameRole:
        return metric;
    case VerdictRole:
        return compared ? verdict(row) : 0;
    default:
        return {};
    }
}

QVariant NcuMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case MetricColumn:
        return tr("Metric");
    case ValueColumn:
        return tr("This turn");
    case ComparisonColumn:
        return m_comparisonLabel.isEmpty() ? tr("Compared turn") : m_comparisonLabel;
    case DifferenceColumn:
        return tr("Difference");
    case ChangeColumn:
        return tr("Change");
    default:
        return {};
    }
}

} // namespace kwb
