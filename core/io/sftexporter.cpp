#include "sftexporter.h"

#include "branchselection.h"
#include "chatformat.h"

#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace kwb {

QByteArray SftExporter::encode(const Trajectory& trajectory, const QList<const Turn*>& branch)
{
    QJsonObject metadata { { QLatin1String("trajectory"), trajectory.uuid }, { QLatin1String("leaf"), branch.last()->uuid },
        { QLatin1String("task"), trajectory.task.name }, { QLatin1String("level"), trajectory.task.level } };
    const double reward = BranchSelection::finalReward(branch);
    if (!std::isnan(reward))
        metadata.insert(QLatin1String("reward"), reward);
    const QJsonObject line { { QLatin1String("messages"), ChatFormat::conversation(trajectory, branch) },
        { QLatin1String("metadata"), metadata } };
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

bool SftExporter::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
    const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    return TrajectorySource::forEach(store, ids, progress, [&](const Trajectory& t, QString* visitError) {
        for (const auto& branch : BranchSelection::select(t, options)) {
            const bool spoken = std::any_of(branch.cbegin(), branch.cend(), [](const Turn* turn) {
                return std::any_of(turn->messages.cbegin(), turn->messages.cend(),
                    [](const Message& m) { return m.role == Message::Role::Assistant; });
            });
            if (!spoken) {
                if (skipped)
                    skipped->add(noConversation());
                continue;
            }
            if (out.write(encode(t, branch)) < 0) {
                *visitError = QStringLiteral("writing the export failed: %1").arg(out.errorString());
                return false;
            }
        }
        return true;
    }, error);
}

} // namespace kwb
