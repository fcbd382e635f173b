#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QMainWindow;
class QSplitter;

namespace kwb {

// What the window remembers between runs (QSettings): layout, splitter sizes, recent stores, the language, the curation author.
class WindowSettings
{
public:
    static constexpr int kMaxRecent = 8;

    static QStringList recentStores();
    static void addRecentStore(const QString& path); // also makes it the last store
    static void removeRecentStore(const QString& path);
    static QString lastStore();

    static QString language(); // "" follows the system locale; else "en", "es", "zh_CN"
    static void setLanguage(const QString& language);

    // Who curation edits are signed by: the "curation/author" setting, else the user's login name.
    static QString curationAuthor();
    static void setCurationAuthor(const QString& author); // empty: back to the login name

    // Splitters are keyed by their objectName.
    static void saveLayout(const QMainWindow* window, const QList<QSplitter*>& splitters, const QByteArray& tableHeader);
    // Splitter states are handed back rather than applied: they only fit once the window has its real size.
    static bool restoreLayout(QMainWindow* window, QList<QByteArray>* splitterStates, const QList<QSplitter*>& splitters,
        QByteArray* tableHeader);
};

} // namespace kwb
