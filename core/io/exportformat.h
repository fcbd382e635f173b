#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>
#include <QStringList>

namespace kwb {

// The formats `kwb export` writes, and one entry point over their exporters.
class ExportFormat
{
public:
    static QStringList names(); // jsonl (native), sft, pairs, rollouts, atif, kernelbench
    static bool write(const Store& store, const QList<qint64>& ids, const QString& format, const ExportOptions& options,
        QIODevice& out, const TrajectorySource::Progress& progress, QString* error);
};

} // namespace kwb
