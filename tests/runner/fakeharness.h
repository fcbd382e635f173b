#pragma once
// A stand-in for kwb_harness.py in the stage tests: a POSIX shell script run as `/bin/sh harness.sh SUBCOMMAND ...
// --out DIR`, as the runner runs the real harness with Python. It writes the result file the runner reads
// (DIR/NAME.json) and what the test asks for, so each stage's reading of a process's end is tested on real processes.

#include "runner/jsonwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <sstream>

namespace kwb::test {

// Writes `script` (shell text after the argument loop, which sets $cmd, $out, $workspace, $single) as
// DIR/harness/kwb_harness.sh and returns its path.
inline QString writeFakeHarness(const QString& dir, const QByteArray& script)
{
    QDir().mkpath(dir + QStringLiteral("/harness"));
    const QString path = dir + QStringLiteral("/harness/kwb_harness.sh");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("cmd=$1; shift\n"
               "out=''; workspace=''; single=''\n"
               "while [ $# -gt 0 ]; do\n"
               "  case \"$1\" in\n"
               "    --out) out=$2; shift ;;\n"
               "    --workspace) workspace=$2; shift ;;\n"
               "    --single-file) single=$2; shift ;;\n"
               "  esac\n"
               "  shift\n"
               "done\n");
    file.write(script);
    return path;
}

inline bool writeText(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

// The object `key` that a stage's writeResult() puts into the result; empty when it writes none.
template<typename Stage>
QJsonObject writtenResult(const Stage& stage, const QString& key)
{
    std::ostringstream text;
    kwb::runner::JsonWriter w(text);
    w.beginObject();
    stage.writeResult(w);
    w.endObject();
    return QJsonDocument::fromJson(QByteArray::fromStdString(text.str())).object()[key].toObject();
}

} // namespace kwb::test
