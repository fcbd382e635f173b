#include "sftexporter.h"

#include "branchselection.h"
#include "chatformat.h"

#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace kwb {

namespace {

QByteArray line(const Trajectory& trajectory, const QList<const Turn*>& branch, const QJsonArray& messages, bool synthesized)
{
    QJsonObject metadata { { QLatin1String("trajectory"), trajectory.uuid }, { QLatin1String("leaf"), branch.last()->uuid },
        { QLatin1String("task"), trajectory.task.name }, { QLatin1String("level"), trajectory.task.level } };
    const double reward = BranchSelection::finalReward(branch);
    if (!std::isnan(reward))
        metadata.insert(QLatin1String("reward"), reward);
    if (synthesized)
        metadata.insert(QLatin1String("synthesized"), true); // the conversation was built from the task and the code
    const QJsonObject o { { QLatin1String("messages"), messages }, { QLatin1String("metadata"), metadata } };
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QString fenceLanguage(const QString& path)
{
    if (path.endsWith(QLatin1String(".py")))
        return QStringLiteral("python");
    if (path.endsWith(QLatin1String(".cu")) || path.endsWith(QLatin1String(".cuh")))
        return QStringLiteral("cuda");
    if (path.endsWith(QLatin1String(".cpp")) || path.endsWith(QLatin1String(".h")) || path.endsWith(QLatin1String(".hpp")))
        return QStringLiteral("cpp");
    return {};
}

} // namespace

QByteArray SftExporter::encode(const Trajectory& trajectory, const QList<const Turn*>& branch)
{
    return line(trajectory, branch, ChatFormat::conversation(trajectory, branch), false);
}

QJsonArray SftExporter::synthesizedConversation(const Trajectory& trajectory, const QList<const Turn*>& branch)
{
    const WorkspaceSnapshot& files = branch.last()->workspace;
    if (trajectory.task.source.trimmed().isEmpty() || files.paths().isEmpty())
        return {};
    const QString ask = QStringLiteral(
        "Here is a PyTorch module, `Model`, with its inputs (`get_inputs`) and constructor arguments (`get_init_inputs`):\n\n"
        "```python\n%1\n```\n\n"
        "Write `ModelNew`: the same constructor and `forward` signatures, the same outputs within fp32 tolerance, and the "
        "work done by CUDA kernels of your own so that it runs faster than `Model` on the GPU. Give every file in full.")
                            .arg(trajectory.task.source.trimmed());
    QStringList parts;
    for (const QString& path : files.paths())
        parts << QStringLiteral("`%1`:\n\n```%2\n%3\n```").arg(path, fenceLanguage(path), QString::fromUtf8(files.content(path)).trimmed());
    QJsonArray messages = ChatFormat::messages(trajectory.prompt);
    messages.append(ChatFormat::toJson(Message::of(Message::Role::User, ask)));
    messages.append(ChatFormat::toJson(Message::of(Message::Role::Assistant, parts.join(QStringLiteral("\n\n")))));
    return messages;
}

bool SftExporter::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
    const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    return TrajectorySource::forEach(store, ids, progress, [&](const Trajectory& t, QString* visitError) {
        for (const auto& branch : BranchSelection::select(t, options, skipped)) {
            const bool spoken = std::any_of(branch.cbegin(), branch.cend(), [](const Turn* turn) {
                return std::any_of(turn->messages.cbegin(), turn->messages.cend(),
                    [](const Message& m) { return m.role == Message::Role::Assistant; });
            });
            QByteArray bytes;
            if (spoken) {
                bytes = encode(t, branch);
            } else if (options.synthesizePrompt) {
                const QJsonArray built = synthesizedConversation(t, branch);
                if (built.isEmpty()) {
                    if (skipped)
                        skipped->add(nothingToSynthesize());
                    continue;
                }
                bytes = line(t, branch, built, true);
                if (skipped)
                    skipped->caveat(QStringLiteral("conversation(s) built from the task and the code (--synthesize-prompt)"));
            } else {
                if (skipped)
                    skipped->add(noConversation());
                continue;
            }
            if (out.write(bytes) < 0) {
                *visitError = QStringLiteral("writing the export failed: %1").arg(out.errorString());
                return false;
            }
        }
        return true;
    }, error);
}

} // namespace kwb
