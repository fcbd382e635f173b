#include "codehtml.h"

#include "cudalexer.h"

#include <Qsci/qscilexerpython.h>

#include <QFileInfo>
#include <QSet>

namespace kwb {

namespace {

enum class Language { Plain, Cuda, Python };

Language languageOf(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    static const QSet<QString> cuda { QStringLiteral("cu"), QStringLiteral("cuh"), QStringLiteral("cpp"), QStringLiteral("cc"),
        QStringLiteral("cxx"), QStringLiteral("c"), QStringLiteral("h"), QStringLiteral("hpp") };
    if (cuda.contains(suffix))
        return Language::Cuda;
    if (suffix == QLatin1String("py"))
        return Language::Python;
    return Language::Plain;
}

QSet<QString> words(const char* list)
{
    QSet<QString> set;
    for (const QString& w : QString::fromLatin1(list ? list : "").split(QLatin1Char(' '), Qt::SkipEmptyParts))
        set.insert(w);
    return set;
}

struct Keywords
{
    QSet<QString> primary;
    QSet<QString> secondary;
};

const Keywords& keywordsOf(Language language)
{
    // The editors' own lexers hold the word lists; they are read once.
    static const Keywords cuda = [] {
        CudaLexer lexer;
        return Keywords { words(lexer.keywords(1)), words(lexer.keywords(2)) };
    }();
    static const Keywords python = [] {
        QsciLexerPython lexer;
        return Keywords { words(lexer.keywords(1)), { QStringLiteral("self"), QStringLiteral("torch"), QStringLiteral("nn") } };
    }();
    static const Keywords none;
    return language == Language::Cuda ? cuda : language == Language::Python ? python : none;
}

QString span(const QString& colour, const QString& text, bool bold = false)
{
    return QStringLiteral("<span style=\"color:%1;%2\">%3</span>")
        .arg(colour, bold ? QStringLiteral("font-weight:bold;") : QString(), text.toHtmlEscaped());
}

const QString kComment = QStringLiteral("#6a737d");
const QString kString = QStringLiteral("#a31515");
const QString kNumber = QStringLiteral("#098658");
const QString kKeyword = QStringLiteral("#0000c0");
const QString kBuiltin = QStringLiteral("#8e24aa");
const QString kPreprocessor = QStringLiteral("#795e26");

} // namespace

QString codeToHtml(const QString& code, const QString& fileName)
{
    const Language language = languageOf(fileName);
    if (language == Language::Plain)
        return code.toHtmlEscaped();
    const Keywords& keywords = keywordsOf(language);
    const bool cuda = language == Language::Cuda;
    QString html;
    html.reserve(code.size() * 2);
    const qsizetype n = code.size();
    bool lineStart = true; // only blanks since the last newline
    qsizetype i = 0;
    auto until = [&](qsizetype from, const QString& end) {
        const qsizetype at = code.indexOf(end, from);
        return at < 0 ? n : at + end.size();
    };
    while (i < n) {
        const QChar c = code.at(i);
        const QChar next = i + 1 < n ? code.at(i + 1) : QChar();
        qsizetype end = i + 1;
        if (cuda && c == QLatin1Char('/') && next == QLatin1Char('/')) {
            end = code.indexOf(QLatin1Char('\n'), i);
            end = end < 0 ? n : end;
            html += span(kComment, code.mid(i, end - i));
        } else if (cuda && c == QLatin1Char('/') && next == QLatin1Char('*')) {
            end = until(i + 2, QStringLiteral("*/"));
            html += span(kComment, code.mid(i, end - i));
        } else if (c == QLatin1Char('#') && (!cuda || lineStart)) {
            end = code.indexOf(QLatin1Char('\n'), i);
            end = end < 0 ? n : end;
            html += span(cuda ? kPreprocessor : kComment, code.mid(i, end - i));
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const QString triple(3, c);
            if (!cuda && code.mid(i, 3) == triple) {
                end = until(i + 3, triple);
            } else {
                end = i + 1;
                while (end < n && code.at(end) != c && code.at(end) != QLatin1Char('\n'))
                    end += code.at(end) == QLatin1Char('\\') ? 2 : 1;
                end = qMin(n, end + 1);
            }
            html += span(kString, code.mid(i, end - i));
        } else if (c.isDigit()) {
            while (end < n && (code.at(end).isLetterOrNumber() || code.at(end) == QLatin1Char('.')))
                ++end;
            html += span(kNumber, code.mid(i, end - i));
        } else if (c.isLetter() || c == QLatin1Char('_')) {
            while (end < n && (code.at(end).isLetterOrNumber() || code.at(end) == QLatin1Char('_')))
                ++end;
            const QString word = code.mid(i, end - i);
            if (keywords.primary.contains(word))
                html += span(kKeyword, word, true);
            else if (keywords.secondary.contains(word))
                html += span(kBuiltin, word);
            else
                html += word;
        } else {
            html += QString(c).toHtmlEscaped();
        }
        for (qsizetype k = i; k < end && k < n; ++k) {
            if (code.at(k) == QLatin1Char('\n'))
                lineStart = true;
            else if (!code.at(k).isSpace())
                lineStart = false;
        }
        i = end;
    }
    return html;
}

} // namespace kwb
