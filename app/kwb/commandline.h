#pragma once

#include <QCommandLineParser>
#include <QJsonObject>

#include <optional>

namespace kwb {
struct TrajectoryFilter;
}

namespace kwb::cli {

// A command that writes to a store waits this long for another process's transaction (a long import, the window's
// edit) before it gives up: half an hour, rather than SQLite's 5 s.
constexpr int kWriterWaitMs = 30 * 60 * 1000;

// Parses a subcommand's options; prints help or the usage error itself. Returns -1 to go on, else the exit code.
int parseOrExit(QCommandLineParser& parser, const QStringList& arguments, const QString& synopsis, int positional);

// A JSON file whose top level is an object; nothing, with *error set to one sentence naming the file, otherwise.
std::optional<QJsonObject> readJsonObject(const QString& path, QString* error);

// The trajectory list's filters as options (--task, --level, --status, --label, --search, --real-only), for commands
// that work on "the trajectories in view"; a command with a --task of its own leaves that one out.
void addFilterOptions(QCommandLineParser& parser, bool withTask = true);
// The filter the options ask for; nothing, with *error set, when a value is wrong.
std::optional<TrajectoryFilter> filterFromOptions(const QCommandLineParser& parser, QString* error, bool withTask = true);

} // namespace kwb::cli
