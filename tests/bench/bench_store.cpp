// Opens a store the way the window does and times what a user waits for: the first screen of the trajectory
// list, each kind of filter, and loading one turn tree. Prints JSON. Usage: bench_store STORE [REPEATS]
#include "models/trajectorylistmodel.h"
#include "models/branchoutlinemodel.h"
#include "models/turngraph.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>

using namespace kwb;

namespace {

constexpr int kVisibleRows = 60;

qint64 statusKb(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(qstrlen(key)).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

void touchFirstScreen(const TrajectoryListModel& model)
{
    for (int row = 0; row < std::min(kVisibleRows, model.rowCount()); ++row) {
        for (int column = 0; column < model.columnCount(); ++column)
            model.index(row, column).data();
    }
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.at(v.size() / 2);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2) {
        QTextStream(stderr) << "usage: bench_store STORE [REPEATS]\n";
        return 2;
    }
    const int repeats = args.value(2, QStringLiteral("5")).toInt();
    QJsonObject result;
    result.insert(QStringLiteral("store"), args.at(1));
    result.insert(QStringLiteral("file_bytes"), QFile(args.at(1)).size());

    QElapsedTimer timer;
    timer.start();
    QString error;
    auto store = Store::open(args.at(1), &error, Store::OpenMode::MustExist);
    if (!store) {
        QTextStream(stderr) << error << '\n';
        return 1;
    }
    TrajectoryListModel model;
    model.setStore(store.get());
    touchFirstScreen(model);
    result.insert(QStringLiteral("open_ms"), timer.nsecsElapsed() / 1e6);
    result.insert(QStringLiteral("trajectories"), model.rowCount());

    struct Case
    {
        const char* name;
        TrajectoryFilter filter;
    };
    QList<Case> cases;
    TrajectoryFilter f;
    f.taskContains = QStringLiteral("softmax");
    cases.append({ "task contains 'softmax'", f });
    f = {};
    f.status = QStringLiteral("compile-error");
    cases.append({ "status = compile-error", f });
    f = {};
    f.minReward = 3;
    cases.append({ "best reward >= 3", f });
    f = {};
    f.minSpeedup = 2;
    f.maxSpeedup = 4;
    cases.append({ "best speedup in [2, 4]", f });
    f = {};
    f.level = 2;
    f.minSpeedup = 1.5;
    cases.append({ "level 2 and speedup >= 1.5", f });
    f = {};
    f.text = QStringLiteral("\"variant 17\"");
    cases.append({ "full text: code \"variant 17\"", f });
    f = {};
    f.text = QStringLiteral("elements");
    cases.append({ "full text: message word in every turn", f });

    QJsonArray filters;
    for (const Case& c : cases) {
        QList<double> times;
        int rows = 0;
        for (int i = 0; i < repeats; ++i) {
            timer.restart();
            model.setFilter(c.filter);
            touchFirstScreen(model);
            times.append(timer.nsecsElapsed() / 1e6);
            rows = model.rowCount();
        }
        if (!model.lastError().isEmpty()) {
            QTextStream(stderr) << model.lastError() << '\n';
            return 1;
        }
        filters.append(QJsonObject { { QStringLiteral("filter"), QLatin1String(c.name) }, { QStringLiteral("rows"), rows },
            { QStringLiteral("median_ms"), median(times) }, { QStringLiteral("max_ms"), *std::max_element(times.begin(), times.end()) } });
    }
    result.insert(QStringLiteral("filters"), filters);

    model.setFilter({});
    QList<double> sortTimes;
    for (int i = 0; i < repeats; ++i) {
        timer.restart();
        model.sort(int(TrajectoryColumn::BestSpeedup), i % 2 ? Qt::AscendingOrder : Qt::DescendingOrder);
        touchFirstScreen(model);
        sortTimes.append(timer.nsecsElapsed() / 1e6);
    }
    result.insert(QStringLiteral("sort_by_best_speedup_median_ms"), median(sortTimes));

    // A trajectory opened as the window opens it: its turns' headers, the turn graph and the fork tree's outline.
    QList<double> treeTimes;
    Trajectory opened;
    TurnGraph graph;
    BranchOutlineModel outline;
    for (int i = 0; i < repeats; ++i) {
        timer.restart();
        auto t = store->trajectory(model.trajectoryId(i * 997 % model.rowCount()), Store::Depth::Headers, &error);
        if (!t) {
            QTextStream(stderr) << error << '\n';
            return 1;
        }
        opened = std::move(*t);
        graph = TurnGraph(opened);
        outline.setTrajectory(&opened, &graph);
        outline.rowCount();
        treeTimes.append(timer.nsecsElapsed() / 1e6);
    }
    result.insert(QStringLiteral("turn_tree_load_median_ms"), median(treeTimes));
    result.insert(QStringLiteral("turns_in_tree"), int(opened.turns.size()));
    result.insert(QStringLiteral("peak_rss_mb"), statusKb("VmHWM:") / 1024.0);
    result.insert(QStringLiteral("rss_mb"), statusKb("VmRSS:") / 1024.0);
    QTextStream(stdout) << QJsonDocument(result).toJson(QJsonDocument::Indented);
    return 0;
}
