#pragma once

#include "storeimport.h"

namespace kwb {

// Another .kwb store as an import: every trajectory with its turns, files, annotations, evaluations, the traces
// they refer to and the turns' Nsight Compute profiles, so stores recorded on several machines become one. The
// uuids are kept; a trajectory the target already has is refused like any import error (nothing is added).
class StoreMerge
{
public:
    static std::optional<StoreImport::Counts> importStore(Store& target, const QString& path,
        const StoreImport::Progress& progress, QString* error);
};

} // namespace kwb
