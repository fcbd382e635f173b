#pragma once

#include <QCommandLineParser>
#include <QJsonObject>

#include <optional>

namespace kwb {
struct TrajectoryFilter;
}

namespace kwb::cli {

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
