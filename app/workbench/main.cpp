#include "mainwindow.h"
#include "io/samplestore.h"
#include "timelineview.h"
#include "disassemblyview.h"
#include "tracepanel.h"
#include "windowsettings.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QStandardPaths>
#include <QTextStream>
#include <QThread>
#include <QTranslator>

namespace {

// The case studies when the workbench has them (a copy in the user's data folder), else the user's own store.
QString defaultStorePath()
{
    QString error;
    const QString samples = kwb::SampleStore::userCopy(&error);
    if (!samples.isEmpty())
        return samples;
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(data);
    return data + QStringLiteral("/workbench.kwb");
}

bool wantsScreenshot(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--screenshot") == 0 || qstrncmp(argv[i], "--screenshot=", 13) == 0)
            return true;
    }
    return false;
}

// A value given on the command line before the parser exists (the translators must be in place for its help).
QString earlyOption(int argc, char** argv, const char* name)
{
    const QByteArray flag = QByteArray("--") + name;
    const QByteArray withValue = flag + '=';
    for (int i = 1; i < argc; ++i) {
        if (flag == argv[i] && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (qstrncmp(argv[i], withValue.constData(), withValue.size()) == 0)
            return QString::fromLocal8Bit(argv[i] + withValue.size());
    }
    return {};
}

void installTranslators(QApplication& app, const QString& chosen)
{
    const QString language = chosen.isEmpty() ? kwb::WindowSettings::language() : chosen;
    QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    if (locale.language() == QLocale::C)
        locale = QLocale(QLocale::English); // the English plural forms still apply
    QLocale::setDefault(locale); // numbers in the language the window speaks, not the system's
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("kwb"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(own);
}

int fail(const QString& message)
{
    QTextStream(stderr) << message << Qt::endl;
    return 1;
}

// Opens the store and turn, renders the window without a display and writes a PNG.
int screenshot(kwb::MainWindow& window, const QCommandLineParser& parser, const QString& store, const QString& file)
{
    const QStringList size = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));
    window.resize(size.value(0).toInt() > 0 ? size.value(0).toInt() : 1600, size.value(1).toInt() > 0 ? size.value(1).toInt() : 1000);
    if (!QFileInfo(store).isFile() || !window.openStore(store))
        return fail(QApplication::translate("main", "Cannot open the store %1. %2").arg(store, window.lastError()));
    const QString which = parser.value(QStringLiteral("trajectory"));
    bool isRow = false;
    const int row = which.toInt(&isRow);
    const bool selected = which.isEmpty() ? window.selectTrajectoryRow(0)
        : isRow                           ? window.selectTrajectoryRow(row - 1)
                                          : window.selectTrajectoryByUuid(which);
    if (!selected)
        return fail(QApplication::translate("main", "The store has no trajectory %1.").arg(which.isEmpty() ? QStringLiteral("1") : which));
    if (parser.isSet(QStringLiteral("diff")))
        window.findChild<QAction*>(QStringLiteral("actionToggleDiff"))->setChecked(true);
    if (parser.isSet(QStringLiteral("teaching")))
        window.findChild<QAction*>(QStringLiteral("actionTeachingMode"))->setChecked(true);
    if (parser.isSet(QStringLiteral("tour")))
        window.startTour();
    const int turn = parser.value(QStringLiteral("turn")).toInt();
    if (turn > 0 && turn - 1 != window.navigator().position() && !window.goToPosition(turn - 1))
        return fail(QApplication::translate("main", "The trajectory has no turn %1 on its main branch.").arg(turn));
    if (parser.isSet(QStringLiteral("pane")) && !window.showPane(parser.value(QStringLiteral("pane"))))
        return fail(QApplication::translate("main", "Unknown pane %1: use compiler, transcript, verification, roofline, timing, timeline or disassembly.")
                        .arg(parser.value(QStringLiteral("pane"))));
    window.show();
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents(); // layouts settle and queued plot replots run
    if (auto* trace = window.findChild<kwb::TracePanel*>()) {
        for (int i = 0; i < 200 && trace->isLoading(); ++i) { // the turn's trace loads on a worker thread
            QThread::msleep(10);
            QApplication::processEvents();
        }
        auto* disassembly = window.findChild<kwb::DisassemblyView*>();
        if (disassembly && disassembly->isVisible() && (parser.isSet(QStringLiteral("kernel")) || parser.isSet(QStringLiteral("find")))) {
            // The disassembly pane: its kernel, and the first instruction that matches (its CUDA line marked too).
            if (parser.isSet(QStringLiteral("kernel")) && !disassembly->showKernel(parser.value(QStringLiteral("kernel"))))
                return fail(QApplication::translate("main", "No kernel of this turn's build matches %1.").arg(parser.value(QStringLiteral("kernel"))));
            if (parser.isSet(QStringLiteral("find")) && !disassembly->findNext(parser.value(QStringLiteral("find"))))
                return fail(QApplication::translate("main", "No instruction of this kernel matches %1.").arg(parser.value(QStringLiteral("find"))));
            for (int i = 0; i < 5; ++i)
                QApplication::processEvents();
        } else if (parser.isSet(QStringLiteral("kernel"))) {
            trace->timeline()->setHighlight(parser.value(QStringLiteral("kernel")));
            if (!trace->timeline()->showFirstHighlight())
                return fail(QApplication::translate("main", "No kernel of this turn's trace matches %1.").arg(parser.value(QStringLiteral("kernel"))));
            for (int i = 0; i < 5; ++i)
                QApplication::processEvents();
        }
    }
    if (!window.grab().save(file, "PNG"))
        return fail(QApplication::translate("main", "Cannot write %1.").arg(file));
    QTextStream(stdout) << QApplication::translate("main", "Wrote %1.").arg(file) << Qt::endl;
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const bool offscreen = wantsScreenshot(argc, argv);
    if (offscreen && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen"); // must be chosen before the application exists
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("KernelWorkbench"));
    QApplication::setApplicationName(QStringLiteral("kernel-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("kernel-workbench"));
    installTranslators(app, earlyOption(argc, argv, "language"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Workbench for agent trajectories of CUDA kernel optimization."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("store"), QApplication::translate("main", "The .kwb store to open."), QStringLiteral("[STORE]"));
    parser.addOptions({
        { QStringLiteral("screenshot"), QApplication::translate("main", "Render the window offscreen into a PNG file and exit."), QStringLiteral("FILE") },
        { QStringLiteral("trajectory"), QApplication::translate("main", "With --screenshot: the trajectory (uuid, or row of the list from 1)."), QStringLiteral("ID") },
        { QStringLiteral("turn"), QApplication::translate("main", "With --screenshot: the turn along the main branch, from 1."), QStringLiteral("N") },
        { QStringLiteral("pane"), QApplication::translate("main", "With --screenshot: the pane to show (compiler, transcript, verification, roofline, timing, timeline, disassembly)."), QStringLiteral("NAME") },
        { QStringLiteral("diff"), QApplication::translate("main", "With --screenshot: show the kernel diff against the previous turn.") },
        { QStringLiteral("teaching"), QApplication::translate("main", "With --screenshot: Teaching Mode on (the Lesson pane, the timeline's highlights).") },
        { QStringLiteral("size"), QApplication::translate("main", "With --screenshot: window size (default 1600x1000)."), QStringLiteral("WxH"), QStringLiteral("1600x1000") },
        { QStringLiteral("tour"), QApplication::translate("main", "With --screenshot: what a first start shows (the key turn in Teaching Mode, the guide card).") },
        { QStringLiteral("kernel"), QApplication::translate("main", "With --screenshot: select the first kernel in the timed calls whose name matches REGEX in the timeline (with --pane disassembly, the kernel of that pane whose name contains it)."), QStringLiteral("REGEX") },
        { QStringLiteral("find"), QApplication::translate("main", "With --screenshot --pane disassembly: select the first instruction that contains TEXT."), QStringLiteral("TEXT") },
        { QStringLiteral("language"), QApplication::translate("main", "The window's language for this run (en, es, zh_CN), whatever Settings say."), QStringLiteral("CODE") },
    });
    parser.process(app);

    kwb::MainWindow window;
    if (parser.isSet(QStringLiteral("screenshot"))) {
        if (parser.positionalArguments().isEmpty())
            return fail(QApplication::translate("main", "--screenshot needs a STORE."));
        window.setRemembersStores(false);
        return screenshot(window, parser, parser.positionalArguments().first(), parser.value(QStringLiteral("screenshot")));
    }
    const bool firstStart = !window.restoreSettings(); // nothing saved: the window fits the screen it opens on
    QString path = parser.positionalArguments().value(0);
    if (path.isEmpty())
        path = kwb::WindowSettings::lastStore();
    if (path.isEmpty() || !QFileInfo(path).isFile())
        path = defaultStorePath();
    const bool opened = window.openStore(path); // a store that cannot be opened is explained in the window
    QString ignored;
    if (firstStart && opened && parser.positionalArguments().isEmpty() && path == kwb::SampleStore::userCopy(&ignored))
        window.startTour(); // the case studies at their most instructive turn, in Teaching Mode
    window.show();
    return QApplication::exec();
}
