#include "codefont.h"

#include <QFontDatabase>
#include <QStringList>

namespace kwb {

QFont codeFont()
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    QStringList families;
    for (const char* latin : { "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono", "Source Code Pro", "Ubuntu Mono",
             "Cascadia Mono", "Consolas", "Menlo", "Courier New" }) {
        const QString family = QString::fromLatin1(latin);
        if (QFontDatabase::hasFamily(family) && QFontDatabase::isFixedPitch(family))
            families.append(family);
    }
    families.append(font.family()); // the system's own monospace face last
    font.setFamilies(families);
    font.setStyleHint(QFont::Monospace, QFont::PreferDefault);
    font.setFixedPitch(true);
    return font;
}

} // namespace kwb
