#pragma once

#include <QByteArray>
#include <QString>

namespace kwb {

// Writes `bytes` to the file at `path` through a temporary file renamed at the end, so that a failed write leaves
// the file as it was. False with a sentence naming the file and the reason.
bool saveFile(const QString& path, const QByteArray& bytes, QString* error);

} // namespace kwb
