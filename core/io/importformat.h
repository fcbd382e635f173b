#pragma once

#include "jsonllines.h"
#include "storeimport.h"

#include <QStringList>

namespace kwb {

// How an import reads what it is given.
struct ImportOptions
{
    QString tasksDir; // the KernelBench task folder (level1/, level2/, ...) that a KernelBench run is joined to
    JsonlLines::OnDuplicate onDuplicate = JsonlLines::OnDuplicate::Skip; // a JSONL line that repeats an earlier one
};

// The formats `kwb import` and the window read, recognised from a file's first line or a folder's contents,
// and one entry point that runs the matching importer.
class ImportFormat
{
public:
    static QStringList names(); // native, openai, atif, swe-agent, kernelbench, cuda-agent, store (another .kwb), folder
    // The format of a file or folder; empty with a sentence in `error` when it is none of them.
    static QString detect(const QString& path, QString* error);
    static std::optional<StoreImport::Counts> run(Store& store, const QString& path, const QString& format,
        const ImportOptions& options, const StoreImport::Progress& progress, QString* error);
};

} // namespace kwb
