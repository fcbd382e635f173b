#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>

namespace kwb {

// Supervised fine-tuning data: one line per branch, {"messages": [...OpenAI chat...], "metadata": {...}}.
class SftExporter
{
public:
    static QByteArray encode(const Trajectory& trajectory, const QList<const Turn*>& branch);
    static bool write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
        const TrajectorySource::Progress& progress, QString* error);
};

} // namespace kwb
