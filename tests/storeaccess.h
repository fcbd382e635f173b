#pragma once

#include "store/store.h"

namespace kwb {

// The store's own connection, for tests that look at (or damage) the schema and rows directly. Outside the store
// layer only tests reach it: every other layer asks through Store's named functions.
struct StoreTestAccess
{
    static QSqlDatabase& database(Store& store) { return store.database(); }
};

} // namespace kwb
