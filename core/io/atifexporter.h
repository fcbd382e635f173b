#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>
#include <QJsonObject>

namespace kwb {

// Agent Trajectory Interchange Format (ATIF v1.7), one document per line and per branch. Steps are the prompt
// and each turn's messages (an agent step holds its tool calls and their observations). What ATIF has no field
// for travels in "extra.kwb": the trajectory (task, labels, annotations), and per turn its id, parent, created
// time, evaluation, annotations, provenance and the workspace files that changed since its parent. AtifImporter
// reads these back and joins the branches of a trajectory into its tree again.
class AtifExporter
{
public:
    static inline const QString kSchemaVersion = QStringLiteral("ATIF-v1.7");

    static QJsonObject document(const Trajectory& trajectory, const QList<const Turn*>& branch, int branchCount);
    static bool write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
        const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped = nullptr);
};

} // namespace kwb
