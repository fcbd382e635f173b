#pragma once

class QHeaderView;

namespace kwb {

// Widens each section of a horizontal header that is narrower than its own title, so no column header is cut in
// any language (Spanish and German titles run long). Called after the model is set; it keeps wider sections.
void fitSectionsToTitles(QHeaderView* header);

} // namespace kwb
