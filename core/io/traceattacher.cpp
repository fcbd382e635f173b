#include "traceattacher.h"

#include "trace/tracereader.h"

#include <QFile>
#include <QFileInfo>

namespace kwb {

std::optional<QString> TraceAttacher::attach(Store& store, const QString& tracePath, const QString& turnUuid,
    const StoreImport::Progress& progress, QString* error)
{
    const QString name = QFileInfo(tracePath).fileName();
    QFile file(tracePath);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1 cannot be read: %2.").arg(name, file.errorString());
        return std::nullopt;
    }
    QByteArray data;
    data.reserve(file.size());
    constexpr qint64 kChunk = 8 << 20;
    while (!file.atEnd()) {
        const QByteArray chunk = file.read(kChunk);
        if (chunk.isEmpty() && file.error() != QFileDevice::NoError) {
            *error = QStringLiteral("%1 cannot be read: %2.").arg(name, file.errorString());
            return std::nullopt;
        }
        data += chunk;
        if (progress && !progress(data.size(), file.size() * 2)) {
            *error = QStringLiteral("attaching %1 was cancelled; nothing was changed.").arg(name);
            return std::nullopt;
        }
    }
    const auto read = trace::TraceReader::parse(std::string_view(data.constData(), size_t(data.size())), name.toStdString());
    if (!read.complete) {
        *error = QStringLiteral("%1 is not a readable Chrome trace: %2; nothing was changed.").arg(name, QString::fromStdString(read.error));
        return std::nullopt;
    }
    if (progress && !progress(file.size() * 2 - 1, file.size() * 2)) {
        *error = QStringLiteral("attaching %1 was cancelled; nothing was changed.").arg(name);
        return std::nullopt;
    }
    QString inner;
    const auto hash = store.attachTrace(turnUuid, data, &inner);
    if (!hash) {
        *error = QStringLiteral("%1 could not be attached: %2; nothing was changed.").arg(name, inner);
        return std::nullopt;
    }
    return hash;
}

} // namespace kwb
