#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>
#include <QJsonArray>

namespace kwb {

// Supervised fine-tuning data: one line per branch, {"messages": [...OpenAI chat...], "metadata": {...}}. A branch with
// no assistant message (code imported from a run folder or a workspace, without its conversation) has nothing to
// train on: it is skipped and counted in `skipped`.
class SftExporter
{
public:
    static QByteArray encode(const Trajectory& trajectory, const QList<const Turn*>& branch);
    // --synthesize-prompt: a user message with the task's reference and an assistant message with the branch's files;
    // empty when the task has no source or the branch no file.
    static QJsonArray synthesizedConversation(const Trajectory& trajectory, const QList<const Turn*>& branch);
    static QString nothingToSynthesize() { return QStringLiteral("branch(es) with neither a conversation nor the task's reference and code to build one from"); }
    static bool write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
        const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped = nullptr);
    static QString noConversation() { return QStringLiteral("branch(es) with no assistant message (code imported without a conversation)"); }
};

} // namespace kwb
