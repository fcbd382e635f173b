#pragma once

#include <QFont>

namespace kwb {

// The font of every code view (editors, the reference, compiler logs, the steer dialog): a Latin monospace family
// first, whatever the UI's language, so that a Chinese or Japanese locale's default face never sets code in
// proportional glyphs; characters the family lacks (CJK in a comment) fall back glyph by glyph.
QFont codeFont();

} // namespace kwb
