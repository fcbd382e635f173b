#pragma once

#include "storeimport.h"

namespace kwb {

// Attaches a Chrome trace-event JSON (kwb_tracer's, or torch.profiler / Kineto's) to a stored turn: the file is
// checked with the trace reader, kept as a blob, and becomes the turn's EvalResult::traceBlob.
class TraceAttacher
{
public:
    // The sha256 of the stored trace; on failure the store is unchanged and `error` says why (with the byte offset
    // where the trace stopped being readable).
    static std::optional<QString> attach(Store& store, const QString& tracePath, const QString& turnUuid,
        const StoreImport::Progress& progress, QString* error);
};

} // namespace kwb
