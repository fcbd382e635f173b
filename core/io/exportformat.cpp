#include "exportformat.h"

#include "atifexporter.h"
#include "kernelbenchresultsexporter.h"
#include "preferencepairs.h"
#include "rolloutexporter.h"
#include "sftexporter.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QSaveFile>
#include <QSet>

#include <algorithm>

namespace kwb {

QStringList ExportFormat::names()
{
    return { QStringLiteral("jsonl"), QStringLiteral("sft"), QStringLiteral("pairs"), QStringLiteral("rollouts"), QStringLiteral("atif"), QStringLiteral("kernelbench") };
}

namespace {

// Passes writes on to another device and counts the lines (records) that went through.
class LineCounter : public QIODevice
{
public:
    explicit LineCounter(QIODevice& target)
        : m_target(target)
    {
        open(QIODevice::WriteOnly);
    }
    qint64 lines() const { return m_lines; }
    QString targetError() const { return m_target.errorString(); }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 size) override
    {
        const qint64 written = m_target.write(data, size);
        if (written > 0)
            m_lines += std::count(data, data + written, '\n');
        if (written < 0)
            setErrorString(m_target.errorString());
        return written;
    }

private:
    QIODevice& m_target;
    qint64 m_lines = 0;
};

bool writeFormat(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
    QIODevice& out, const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    if (format == QLatin1String("jsonl"))
        return NativeJsonl::exportTrajectories(store, ids, out, progress, error);
    if (format == QLatin1String("sft"))
        return SftExporter::write(store, ids, options, out, progress, error, skipped);
    if (format == QLatin1String("pairs"))
        return PreferencePairs::write(store, ids, options, out, progress, error, skipped);
    if (format == QLatin1String("rollouts"))
        return RolloutExporter::write(store, ids, options, out, progress, error, skipped);
    if (format == QLatin1String("atif"))
        return AtifExporter::write(store, ids, options, out, progress, error, skipped);
    if (format == QLatin1String("kernelbench"))
        return KernelBenchResultsExporter::write(store, ids, options, out, progress, error, skipped);
    *error = QStringLiteral("format '%1' is not one kwb exports; use one of %2.").arg(format, ExportFormat::names().join(QStringLiteral(", ")));
    return false;
}

} // namespace

bool ExportFormat::write(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
    QIODevice& out, const TrajectorySource::Progress& progress, QString* error, qint64* records, ExportSkips* skipped)
{
    ExportSkips own;
    ExportSkips& skips = skipped ? *skipped : own;
    const bool training = format == QLatin1String("sft") || format == QLatin1String("pairs") || format == QLatin1String("rollouts");
    if (!training) {
        if (records)
            *records = -1;
        return writeFormat(store, ids, format, options, out, progress, error, &skips);
    }
    LineCounter counter(out);
    if (!writeFormat(store, ids, format, options, counter, progress, error, &skips))
        return false;
    if (records)
        *records = counter.lines();
    if (counter.lines() > 0 || ids.isEmpty())
        return true; // an empty selection is an empty export; trajectories that give nothing are said below
    const QString of = ids.size() == 1 ? QStringLiteral("the 1 trajectory") : QStringLiteral("the %1 trajectories").arg(ids.size());
    if (format == QLatin1String("pairs"))
        *error = QStringLiteral("No preference pair in %1: a pair needs a fork whose branches score differently (ties, "
                                "unevaluated branches and environment errors make none); pairs by label use accept, "
                                "reject and star.%2")
                     .arg(of, skips.reasons.isEmpty() ? QString() : QLatin1Char(' ') + skips.summary());
    else if (!skips.isEmpty())
        *error = QStringLiteral("Nothing of %1 is left to write: %2").arg(of, skips.summary());
    else
        *error = QStringLiteral("No branch of %1 is left to write (accepted-only keeps branches labelled accept; branches "
                                "with an environment error are left out).")
                     .arg(of);
    return false;
}

bool ExportFormat::writeFile(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
    const QString& path, const TrajectorySource::Progress& progress, QString* error, qint64* records, ExportSkips* skipped)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1 cannot be written: %2.").arg(path, file.errorString());
        return false;
    }
    if (!write(store, ids, format, options, file, progress, error, records, skipped))
        return false; // the temporary file is dropped
    if (!file.commit()) {
        *error = QStringLiteral("%1 cannot be written: %2.").arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<QList<qint64>> ExportFormat::select(const Store& store, const ExportOptions& options, const TrajectoryFilter& filter,
    QString* error)
{
    auto ids = TrajectorySource::ids(store, options.tasks, error);
    if (!ids || filter.isEmpty())
        return ids;
    const auto selected = store.trajectoryIds(filter, TrajectoryColumn::Created, false, error);
    if (!selected)
        return std::nullopt;
    const QSet<qint64> keep(selected->cbegin(), selected->cend());
    ids->removeIf([&keep](qint64 id) { return !keep.contains(id); });
    return ids;
}

} // namespace kwb
