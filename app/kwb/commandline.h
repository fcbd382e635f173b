#pragma once

#include <QCommandLineParser>

namespace kwb::cli {

// Parses a subcommand's options; prints help or the usage error itself. Returns -1 to go on, else the exit code.
int parseOrExit(QCommandLineParser& parser, const QStringList& arguments, const QString& synopsis, int positional);

} // namespace kwb::cli
