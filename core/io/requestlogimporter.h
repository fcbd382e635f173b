#pragma once

#include "jsonllines.h"
#include "storeimport.h"

#include <QJsonObject>

namespace kwb {

// Request/response logs of an agent's model calls, one call per line, as SWE-agent and LiteLLM-style proxies write
// them: {"request": {"model", "messages": [...], "tools", sampling...}, "response": {"model", "created", "choices":
// [{"message", "finish_reason"}], "usage"}, optional "instance_id", "cost", "metadata"}. The calls of one run are
// one trajectory: a call whose messages continue the previous call's messages and its answer (same instance, or the
// same opening messages) joins it; any other starts a new one. Each answer is a turn's assistant message with the
// call's tokens, cost, model and time.
class RequestLogImporter
{
public:
    static inline const QString kFormat = QStringLiteral("swe-agent");

    static bool isRequestLine(const QJsonObject& line);
    static std::optional<StoreImport::Counts> importFile(Store& store, const QString& path,
        const StoreImport::Progress& progress, QString* error, JsonlLines::OnDuplicate onDuplicate = JsonlLines::OnDuplicate::Skip);
};

} // namespace kwb
