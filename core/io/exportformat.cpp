#include "exportformat.h"

#include "atifexporter.h"
#include "kernelbenchresultsexporter.h"
#include "preferencepairs.h"
#include "rolloutexporter.h"
#include "sftexporter.h"

namespace kwb {

QStringList ExportFormat::names()
{
    return { QStringLiteral("jsonl"), QStringLiteral("sft"), QStringLiteral("pairs"), QStringLiteral("rollouts"), QStringLiteral("atif"), QStringLiteral("kernelbench") };
}

bool ExportFormat::write(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
    QIODevice& out, const TrajectorySource::Progress& progress, QString* error)
{
    if (format == QLatin1String("jsonl"))
        return NativeJsonl::exportTrajectories(store, ids, out, progress, error);
    if (format == QLatin1String("sft"))
        return SftExporter::write(store, ids, options, out, progress, error);
    if (format == QLatin1String("pairs"))
        return PreferencePairs::write(store, ids, options, out, progress, error);
    if (format == QLatin1String("rollouts"))
        return RolloutExporter::write(store, ids, options, out, progress, error);
    if (format == QLatin1String("atif"))
        return AtifExporter::write(store, ids, options, out, progress, error);
    if (format == QLatin1String("kernelbench"))
        return KernelBenchResultsExporter::write(store, ids, options, out, progress, error);
    *error = QStringLiteral("format '%1' is not one kwb exports; use one of %2.").arg(format, names().join(QStringLiteral(", ")));
    return false;
}

} // namespace kwb
