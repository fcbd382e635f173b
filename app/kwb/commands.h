#pragma once

#include "env/runnerhost.h"

#include <QStringList>
#include <QTextStream>

// The kwb subcommands. Each parses its own options and returns the process exit code:
// 0 done, 1 failed (the message says why), 2 wrong usage.
namespace kwb::cli {

inline constexpr int kOk = 0;
inline constexpr int kFailed = 1;
inline constexpr int kUsage = 2;

int info(const QStringList& arguments);
int exportStore(const QStringList& arguments);
int importFile(const QStringList& arguments);
int importTrace(const QStringList& arguments);
int disasm(const QStringList& arguments);
int attachProfile(const QStringList& arguments);
int generateSynthetic(const QStringList& arguments);
int check(const QStringList& arguments);
int eval(const QStringList& arguments);
int agent(const QStringList& arguments);
int summary(const QStringList& arguments);
int label(const QStringList& arguments);
int lessons(const QStringList& arguments);
int attachCalibration(const QStringList& arguments);
int host(const QStringList& arguments);
int record(const QStringList& arguments);
// The host that `kwb --host NAME` chose (this machine when none): the runner of eval, baseline, eval-set, lint and
// the agent's tools runs there. selectHost takes --host out of the arguments; false (the error printed) when the
// name is not a saved host or URL.
const RunnerHost& selectedHost();
bool selectHost(QStringList& arguments);
// Commands that kwb-runner implements itself (baseline, eval-set): arguments go through unchanged.
int passThrough(const QString& command, const QStringList& arguments);

// One line on stderr, prefixed with the program name.
int fail(const QString& message, int code = kFailed);
QTextStream& out();

} // namespace kwb::cli
