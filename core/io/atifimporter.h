#pragma once

#include "storeimport.h"

namespace kwb {

// ATIF trajectories: a .json file holding one document, or JSONL with one document per line. Steps from any
// ATIF producer become a chain of turns as ConversationBuilder makes them (workspaces from the file-writing tool
// calls). Documents written by AtifExporter carry "extra.kwb" and come back as they were: consecutive documents
// of one trajectory (its branches) are joined into one turn tree with the stored workspaces and evaluations.
class AtifImporter
{
public:
    static inline const QString kFormat = QStringLiteral("atif");

    static std::optional<StoreImport::Counts> importFile(Store& store, const QString& path,
        const StoreImport::Progress& progress, QString* error);
};

} // namespace kwb
