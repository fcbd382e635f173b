#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QStandardPaths>
#include <QTranslator>

namespace {

// The bundled sample store when there is one (installed or in the source tree), else the user's own store.
QString defaultStorePath()
{
    const QStringList sampleDirs { QCoreApplication::applicationDirPath() + QStringLiteral("/../share/kernel-workbench/samples"),
        QStringLiteral(KWB_SOURCE_SAMPLES) };
    for (const QString& dir : sampleDirs) {
        const QFileInfo sample(dir + QStringLiteral("/sample.kwb"));
        if (sample.isFile())
            return sample.absoluteFilePath();
    }
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(data);
    return data + QStringLiteral("/workbench.kwb");
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kernel-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("kwb"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Workbench for agent trajectories of CUDA kernel optimization."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("store"), QApplication::translate("main", "The .kwb store to open."), QStringLiteral("[STORE]"));
    parser.process(app);

    kwb::MainWindow window;
    const QString path = parser.positionalArguments().value(0, defaultStorePath());
    window.openStore(path); // a store that cannot be opened is explained in the window
    window.show();
    return QApplication::exec();
}
