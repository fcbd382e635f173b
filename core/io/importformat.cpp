#include "importformat.h"

#include "atifimporter.h"
#include "chatjsonlimporter.h"
#include "cudaagentworkspaceimporter.h"
#include "kernelbenchrunimporter.h"
#include "requestlogimporter.h"
#include "storemerge.h"
#include "store/storefileheader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace kwb {

QStringList ImportFormat::names()
{
    return { QStringLiteral("native"), QStringLiteral("openai"), QStringLiteral("atif"), QStringLiteral("swe-agent"), QStringLiteral("kernelbench"),
        QStringLiteral("cuda-agent"), QStringLiteral("store"), QStringLiteral("folder") };
}

namespace {

// The files under a folder that may hold trajectories, in a stable order.
QStringList trajectoryFiles(const QString& folder)
{
    QStringList files;
    QDirIterator it(folder, { QStringLiteral("*.json"), QStringLiteral("*.jsonl") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    return files;
}

} // namespace

QString ImportFormat::detect(const QString& path, QString* error)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    if (info.isDir()) {
        const QDir dir(path);
        if (dir.exists(QStringLiteral("eval_results.json"))
            || !dir.entryList({ QStringLiteral("level_*_problem_*_sample_*_kernel.py") }, QDir::Files).isEmpty())
            return QStringLiteral("kernelbench");
        if (dir.exists(QStringLiteral("model_new.py")) || dir.exists(QStringLiteral("model.py")))
            return QStringLiteral("cuda-agent");
        for (const QString& file : trajectoryFiles(path)) {
            QString ignored;
            if (!detect(file, &ignored).isEmpty())
                return QStringLiteral("folder"); // files of any supported format, each imported on its own
        }
        *error = QStringLiteral("%1 is neither a KernelBench run (eval_results.json, level_L_problem_P_sample_S_kernel.py), "
                                "a CUDA Agent workspace (model.py, model_new.py) nor a folder of trajectory files (ATIF, "
                                "OpenAI chat, request/response logs, native JSONL); name the format with --format.").arg(name);
        return {};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1 cannot be read: %2.").arg(name, file.errorString());
        return {};
    }
    QString ioError;
    if (StoreFileHeader::read(path, &ioError).isKwbStore())
        return QStringLiteral("store");
    const QByteArray head = file.peek(1 << 16);
    if (head.contains("\"schema_version\"") && head.contains("\"ATIF"))
        return QStringLiteral("atif");
    if (head.contains("\"format\":\"kwb-trajectory/1\"") || head.contains("\"format\": \"kwb-trajectory/1\""))
        return QStringLiteral("native");
    const QByteArray firstLine = file.readLine().trimmed();
    const QJsonDocument doc = QJsonDocument::fromJson(firstLine);
    if (RequestLogImporter::isRequestLine(doc.object()))
        return QStringLiteral("swe-agent");
    if (doc.isArray() || (doc.isObject() && doc.object().value(QLatin1String("messages")).isArray()))
        return QStringLiteral("openai");
    *error = QStringLiteral("the format of %1 is not recognised from its first line; name it with --format (%2).")
                 .arg(name, names().join(QStringLiteral(", ")));
    return {};
}

std::optional<StoreImport::Counts> ImportFormat::run(Store& store, const QString& path, const QString& format,
    const ImportOptions& options, const StoreImport::Progress& progress, QString* error)
{
    const QString& tasksDir = options.tasksDir;
    if (format == QLatin1String("native"))
        return NativeJsonl::importFile(store, path, progress, error);
    if (format == QLatin1String("openai"))
        return ChatJsonlImporter::importFile(store, path, progress, error, options.onDuplicate);
    if (format == QLatin1String("swe-agent"))
        return RequestLogImporter::importFile(store, path, progress, error, options.onDuplicate);
    if (format == QLatin1String("atif"))
        return AtifImporter::importFile(store, path, progress, error);
    if (format == QLatin1String("kernelbench"))
        return KernelBenchRunImporter::importFolder(store, path, tasksDir, progress, error);
    if (format == QLatin1String("cuda-agent"))
        return CudaAgentWorkspaceImporter::importFolder(store, path, progress, error);
    if (format == QLatin1String("store"))
        return StoreMerge::importStore(store, path, progress, error);
    if (format == QLatin1String("folder")) {
        // Each file in one transaction of its own: a bad file is said and skipped, the others land.
        StoreImport::Counts total;
        const QStringList files = trajectoryFiles(path);
        int imported = 0;
        QString firstError;
        for (qsizetype i = 0; i < files.size(); ++i) {
            const QString relative = QDir(path).relativeFilePath(files.at(i));
            QString inner;
            const QString kind = detect(files.at(i), &inner);
            if (kind.isEmpty())
                continue; // a harness's other files (config.json, reward.json) are not trajectories
            const auto counts = run(store, files.at(i), kind, options, {}, &inner);
            if (!counts) {
                total.notes.append(QStringLiteral("%1: %2").arg(relative, inner));
                if (firstError.isEmpty())
                    firstError = total.notes.last();
                continue;
            }
            ++imported;
            total.trajectories += counts->trajectories;
            total.turns += counts->turns;
            total.notes += counts->notes;
            if (progress && !progress(i + 1, files.size())) {
                *error = QStringLiteral("The import was cancelled after %1 of %2 files; those imported stay.").arg(i + 1).arg(files.size());
                return std::nullopt;
            }
        }
        if (imported == 0) {
            *error = firstError.isEmpty() ? QStringLiteral("%1 holds no trajectory file.").arg(QFileInfo(path).fileName())
                                          : QStringLiteral("No file of %1 could be imported; the first: %2").arg(QFileInfo(path).fileName(), firstError);
            return std::nullopt;
        }
        return total;
    }
    *error = QStringLiteral("format '%1' is not one kwb imports; use one of %2.").arg(format, names().join(QStringLiteral(", ")));
    return std::nullopt;
}

} // namespace kwb
