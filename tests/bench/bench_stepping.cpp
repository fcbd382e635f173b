// Steps through a 200-turn synthetic trajectory in the real window, offscreen, and times what a user waits
// for: every pane updated (the step), and the step plus a full repaint of the window into a QImage.
// Prints JSON. Usage: bench_stepping [TURNS] [WIDTHxHEIGHT]
#include "io/syntheticgenerator.h"
#include "mainwindow.h"
#include "store/store.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>

using namespace kwb;

namespace {

QJsonObject summary(QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    const auto at = [&ms](double q) { return ms.isEmpty() ? 0.0 : ms.at(std::min<qsizetype>(ms.size() - 1, qsizetype(q * ms.size()))); };
    double sum = 0;
    for (double v : ms)
        sum += v;
    return { { QStringLiteral("steps"), int(ms.size()) }, { QStringLiteral("median_ms"), at(0.5) },
        { QStringLiteral("p95_ms"), at(0.95) }, { QStringLiteral("max_ms"), ms.isEmpty() ? 0.0 : ms.last() },
        { QStringLiteral("mean_ms"), ms.isEmpty() ? 0.0 : sum / double(ms.size()) } };
}

// Times one pass; step() moves the window and returns false when there is nowhere to go.
QJsonObject pass(MainWindow& window, QImage& image, const std::function<bool(int)>& step)
{
    QList<double> update, paint;
    QElapsedTimer timer;
    for (int i = 0;; ++i) {
        timer.start();
        if (!step(i))
            break;
        QCoreApplication::processEvents(); // queued plot replots belong to the step
        update.append(timer.nsecsElapsed() / 1e6);
        QPainter painter(&image);
        window.render(&painter);
        painter.end();
        paint.append(timer.nsecsElapsed() / 1e6);
    }
    return { { QStringLiteral("update"), summary(update) }, { QStringLiteral("update_and_paint"), summary(paint) } };
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int turns = args.value(1, QStringLiteral("200")).toInt();
    const QStringList size = args.value(2, QStringLiteral("1600x1000")).split(QLatin1Char('x'));

    QTemporaryDir dir;
    QString error;
    const QString path = dir.filePath(QStringLiteral("bench.kwb"));
    {
        auto store = Store::open(path, &error);
        SyntheticGenerator::Options options;
        options.turnsPerTrajectory = turns;
        options.seed = 7;
        SyntheticGenerator generator(options);
        if (!store || !store->addTrajectory(generator.next(), &error)) {
            QTextStream(stderr) << error << '\n';
            return 1;
        }
    }
    MainWindow window;
    window.resize(size.value(0).toInt(), size.value(1).toInt());
    window.show();
    if (!window.openStore(path) || !window.selectTrajectoryRow(0)) {
        QTextStream(stderr) << window.lastError() << '\n';
        return 1;
    }
    QCoreApplication::processEvents();
    QImage image(window.size(), QImage::Format_ARGB32_Premultiplied);
    auto* next = window.findChild<QAction*>(QStringLiteral("actionNextTurn"));
    auto* diff = window.findChild<QAction*>(QStringLiteral("actionToggleDiff"));

    QJsonObject result;
    result.insert(QStringLiteral("machine"), QStringLiteral("%1, %2 cores, %3 platform").arg(QSysInfo::prettyProductName())
                                                 .arg(QThread::idealThreadCount()).arg(QApplication::platformName()));
    result.insert(QStringLiteral("window"), QStringLiteral("%1x%2").arg(window.width()).arg(window.height()));
    result.insert(QStringLiteral("turns"), int(window.trajectory().turns.size()));
    result.insert(QStringLiteral("main_branch_turns"), int(window.navigator().branch().size()));
    const auto along = [&](int) {
        const bool moved = next->isEnabled();
        next->trigger();
        return moved;
    };
    const auto everyTurn = [&](int i) {
        if (i >= window.trajectory().turns.size())
            return false;
        window.goToTurn(i);
        return true;
    };
    window.goToPosition(0);
    result.insert(QStringLiteral("next_along_main_branch_cold"), pass(window, image, along));
    window.goToPosition(0);
    result.insert(QStringLiteral("next_along_main_branch_warm"), pass(window, image, along));
    result.insert(QStringLiteral("every_turn_in_store_order"), pass(window, image, everyTurn));
    diff->setChecked(true);
    window.goToPosition(0);
    result.insert(QStringLiteral("next_with_diff_against_previous"), pass(window, image, along));
    QTextStream(stdout) << QJsonDocument(result).toJson(QJsonDocument::Indented);
    return 0;
}
