#pragma once

#include <QString>

namespace kwb {

// Source text as HTML for the rich-text views (the transcript's written files): comments, strings, numbers,
// preprocessor lines and keywords coloured as the code editors colour them, the language taken from the file's
// suffix (.cu, .cuh, .cpp, .h, .c, .cc as CUDA C++; .py as Python; anything else plain). The result is the
// inside of a <pre>, escaped.
QString codeToHtml(const QString& code, const QString& fileName);

} // namespace kwb
