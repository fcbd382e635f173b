#include "windowsettings.h"

#include <QFileInfo>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>

namespace kwb {

namespace {

// The keys in QSettings (QAnyStringView takes them without a QString made at start-up).
constexpr QLatin1StringView kRecent("stores/recent"), kLast("stores/last"), kLanguage("ui/language"),
    kAuthor("curation/author"), kGeometry("window/geometry"), kState("window/state"),
    kTable("window/trajectoryHeader");

QString splitterKey(const QSplitter* s)
{
    return QStringLiteral("window/splitter/") + s->objectName();
}

} // namespace

QStringList WindowSettings::recentStores()
{
    return QSettings().value(kRecent).toStringList();
}

void WindowSettings::addRecentStore(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList recent = recentStores();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings settings;
    settings.setValue(kRecent, recent);
    settings.setValue(kLast, absolute);
}

void WindowSettings::removeRecentStore(const QString& path)
{
    QStringList recent = recentStores();
    recent.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kRecent, recent);
}

QString WindowSettings::lastStore()
{
    return QSettings().value(kLast).toString();
}

QString WindowSettings::language()
{
    return QSettings().value(kLanguage).toString();
}

QString WindowSettings::curationAuthor()
{
    const QString author = QSettings().value(kAuthor).toString();
    if (!author.isEmpty())
        return author;
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? qEnvironmentVariable("USERNAME") : user;
}

void WindowSettings::setCurationAuthor(const QString& author)
{
    if (author.isEmpty())
        QSettings().remove(kAuthor);
    else
        QSettings().setValue(kAuthor, author);
}

void WindowSettings::setLanguage(const QString& language)
{
    QSettings().setValue(kLanguage, language);
}

void WindowSettings::saveLayout(const QMainWindow* window, const QList<QSplitter*>& splitters, const QByteArray& tableHeader)
{
    QSettings settings;
    settings.setValue(kGeometry, window->saveGeometry());
    settings.setValue(kState, window->saveState());
    for (const QSplitter* s : splitters)
        settings.setValue(splitterKey(s), s->saveState());
    settings.setValue(kTable, tableHeader);
}

bool WindowSettings::restoreLayout(QMainWindow* window, QList<QByteArray>* splitterStates, const QList<QSplitter*>& splitters,
    QByteArray* tableHeader)
{
    QSettings settings;
    if (!settings.contains(kState))
        return false;
    window->restoreGeometry(settings.value(kGeometry).toByteArray());
    window->restoreState(settings.value(kState).toByteArray());
    splitterStates->clear();
    for (const QSplitter* s : splitters)
        splitterStates->append(settings.value(splitterKey(s)).toByteArray());
    *tableHeader = settings.value(kTable).toByteArray();
    return true;
}

} // namespace kwb
