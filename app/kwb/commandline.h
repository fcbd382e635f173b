#pragma once

#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QCommandLineParser>
#include <QJsonObject>

#include <memory>
#include <optional>

namespace kwb::cli {

// A command that writes to a store waits this long for another process's transaction (a long import, the window's
// edit) before it gives up: half an hour, rather than SQLite's 5 s.
constexpr int kWriterWaitMs = 30 * 60 * 1000;

// The store a command works on, as its first positional argument (openFilteredStore opens it).
void addStoreArgument(QCommandLineParser& parser);

// Parses a subcommand's options; prints help or the usage error itself. Returns -1 to go on, else the exit code.
int parseOrExit(QCommandLineParser& parser, const QStringList& arguments, const QString& synopsis, int positional);

// A JSON file whose top level is an object; nothing, with *error set to one sentence naming the file, otherwise.
std::optional<QJsonObject> readJsonObject(const QString& path, QString* error);

// The trajectory list's filters as options (--task, --level, --status, --label, --search, --real-only), for commands
// that work on "the trajectories in view"; a command with a --task of its own leaves that one out.
void addFilterOptions(QCommandLineParser& parser, bool withTask = true);
// The filter the options ask for; nothing, with *error set, when a value is wrong.
std::optional<TrajectoryFilter> filterFromOptions(const QCommandLineParser& parser, QString* error, bool withTask = true);

// The store a command works on (its first positional argument, which must exist) and the filter its options ask for.
struct FilteredStore
{
    std::unique_ptr<Store> store;
    TrajectoryFilter filter;

    // The trajectories the filter selects, oldest first.
    std::optional<QList<qint64>> selected(QString* error) const;
};
// Nothing, with the error printed and *exitCode set (a usage error for a wrong option), when either is wrong.
std::optional<FilteredStore> openFilteredStore(const QCommandLineParser& parser, int* exitCode, bool withTask = true);

} // namespace kwb::cli
