#pragma once

#include "storeimport.h"

#include <QStringList>

namespace kwb {

// The formats `kwb import` and the window read, recognised from a file's first line or a folder's contents,
// and one entry point that runs the matching importer.
class ImportFormat
{
public:
    static QStringList names(); // native, openai, atif, kernelbench, cuda-agent, store (another .kwb)
    // The format of a file or folder; empty with a sentence in `error` when it is none of them.
    static QString detect(const QString& path, QString* error);
    // `tasksDir` is the KernelBench task folder (level1/, level2/, ...) that a KernelBench run is joined to.
    static std::optional<StoreImport::Counts> run(Store& store, const QString& path, const QString& format,
        const QString& tasksDir, const StoreImport::Progress& progress, QString* error);
};

} // namespace kwb
