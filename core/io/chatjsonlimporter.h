#pragma once

#include "jsonllines.h"
#include "storeimport.h"

namespace kwb {

// OpenAI chat conversations, one per line: {"messages": [...]} (optionally with "model" and "metadata":
// {"task", "level"}) or a bare array of messages. Each line becomes one trajectory; see ConversationBuilder.
class ChatJsonlImporter
{
public:
    static inline const QString kFormat = QStringLiteral("openai-chat");

    static std::optional<StoreImport::Counts> importFile(Store& store, const QString& path,
        const StoreImport::Progress& progress, QString* error, JsonlLines::OnDuplicate onDuplicate = JsonlLines::OnDuplicate::Skip);
    // One line's conversation as a trajectory; `error` names the message and field that were wrong.
    static std::optional<Trajectory> decode(const QByteArray& line, const QString& path, qint64 lineNumber, QString* error);
};

} // namespace kwb
