#include "kernelname.h"

#include <cstdlib>
#include <cxxabi.h>

namespace kwb {

QString demangledKernelName(const QString& name)
{
    if (!name.startsWith(QLatin1String("_Z")))
        return name;
    int status = 0;
    char* plain = abi::__cxa_demangle(name.toLatin1().constData(), nullptr, nullptr, &status);
    const QString result = status == 0 && plain ? QString::fromLatin1(plain) : name;
    std::free(plain);
    return result;
}

QString shortKernelName(const QString& name)
{
    QString s = demangledKernelName(name).trimmed();
    s.remove(QStringLiteral("(anonymous namespace)::"));
    if (s.startsWith(QLatin1String("void ")))
        s.remove(0, 5);
    // What is outside every <...> and (...): the qualified name, its templates and parameters dropped.
    QString bare;
    int angle = 0, paren = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (c == QLatin1Char('<'))
            ++angle;
        else if (c == QLatin1Char('>') && angle > 0)
            --angle;
        else if (c == QLatin1Char('(') && angle == 0) {
            if (!bare.isEmpty())
                break; // the parameter list: the name is complete
            ++paren;
        } else if (c == QLatin1Char(')') && paren > 0)
            --paren;
        else if (angle == 0 && paren == 0)
            bare.append(c);
    }
    bare = bare.trimmed();
    const qsizetype colons = bare.lastIndexOf(QLatin1String("::"));
    if (colons >= 0)
        bare = bare.mid(colons + 2);
    return bare.isEmpty() ? name : bare;
}

} // namespace kwb
