#include "commands.h"

#include <QCoreApplication>

#include <cstdio>

namespace kwb::cli {

int fail(const QString& message, int code)
{
    QTextStream err(stderr);
    err << QCoreApplication::applicationName() << QLatin1String(": ") << message << Qt::endl;
    return code;
}

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}

} // namespace kwb::cli

namespace {

const char kUsageText[] = "Usage: kwb COMMAND [OPTIONS]\n"
                          "\n"
                          "Kernel Workbench on the command line.\n"
                          "\n"
                          "Commands:\n"
                          "  info STORE                       counts, tasks and branches of a store\n"
                          "  export STORE [--format F]        write trajectories to stdout or -o FILE; F: jsonl (native),\n"
                          "                                   sft, pairs, rollouts, atif, kernelbench; --accepted-only,\n"
                          "                                   --up-to-best, --pairs-by reward|label, --task T,\n"
                          "                                   --synthesize-prompt (sft)\n"
                          "  import FILE_OR_FOLDER --store S  add trajectories: native JSONL, OpenAI chat JSONL, ATIF,\n"
                          "                                   request/response JSONL (swe-agent), a KernelBench run\n"
                          "                                   (--tasks DIR), a CUDA Agent workspace, another .kwb store\n"
                          "                                   or a folder of such files; the format is recognised, or\n"
                          "                                   named with --format; --on-duplicate skip|fail\n"
                          "  disasm STORE --turn UUID        the SASS/PTX of a turn's build: its kernels, or one with\n"
                          "                                   --kernel NAME [--sass|--ptx], --against UUID (how it\n"
                          "                                   changed), --attach FILE (keep kwb-runner disasm's output)\n"
                          "  attach-profile STORE RESULT --turn UUID [--report FILE]\n"
                          "                                   keep kwb-runner eval --ncu's profile with a turn\n"
                          "  import-trace TRACE --store S --turn UUID\n"
                          "                                   keep a Chrome trace / Kineto JSON as a turn's trace\n"
                          "  gen-synthetic --store STORE      add synthetic trajectories (for scale tests)\n"
                          "  check STORE                      verify a store's integrity and every blob's hash\n"
                          "  eval TASK CANDIDATE [--device D] compile, verify, time and score a candidate (kwb-runner)\n"
                          "  agent --store S --task T --script F|--endpoint URL --model M\n"
                          "                                   let an agent work on a task; each turn is stored as it ends\n"
                          "  baseline --task TASK             time eager PyTorch and torch.compile for a task\n"
                          "  eval-set --tasks DIR --candidates DIR --out DIR\n"
                          "                                   a whole run: one candidate per task, with its summary;\n"
                          "                                   --ray ADDRESS spreads it over a Ray cluster's GPUs\n"
                          "  record STORE [FILE]              store the reward service's records (kwb-reward-record/1)\n"
                          "  lint TASKSET                     find tasks whose output lets a wrong kernel pass\n"
                          "  host list|add|remove|test|bootstrap\n"
                          "                                   GPU hosts over SSH; --host NAME runs eval, baseline,\n"
                          "                                   eval-set, lint and the agent's tools there\n"
                          "  summary STORE [--json] [filters] pass rate, faster rates, geomean speed-ups, per level\n"
                          "  label STORE --add|--remove L [filters | --trajectory UUID]\n"
                          "                                   label the selected trajectories in one transaction\n"
                          "  lessons STORE FILE               set teaching notes on trajectories, turns and branches\n"
                          "  attach-calibration STORE FILE    give the evaluations made on a calibrated machine its\n"
                          "                                   ceilings (kwb-runner calibrate's JSON), for the roofline\n"
                          "\n"
                          "Run 'kwb COMMAND --help' for a command's options.\n";

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kwb"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));
    QStringList args = QCoreApplication::arguments();
    // `kwb --host NAME COMMAND ...`: the host is taken after the command (selectHost), wherever it was written.
    if (args.value(1) == QLatin1String("--host") && args.size() > 3) {
        args.move(1, args.size() - 1);
        args.move(1, args.size() - 1);
    } else if (args.value(1).startsWith(QLatin1String("--host=")))
        args.move(1, args.size() - 1);
    const QString command = args.value(1);
    if (command.isEmpty() || command == QLatin1String("--help") || command == QLatin1String("-h")
        || command == QLatin1String("help")) {
        kwb::cli::out() << QLatin1String(kUsageText) << Qt::flush;
        return command.isEmpty() ? kwb::cli::kUsage : kwb::cli::kOk;
    }
    if (command == QLatin1String("--version")) {
        kwb::cli::out() << QLatin1String("kwb ") << QCoreApplication::applicationVersion() << Qt::endl;
        return kwb::cli::kOk;
    }
    args.removeAt(1); // the rest is "kwb OPTIONS..." for the command's own parser
    if (command == QLatin1String("host"))
        return kwb::cli::host(args);
    if (!kwb::cli::selectHost(args))
        return kwb::cli::kUsage;
    if (command == QLatin1String("info"))
        return kwb::cli::info(args);
    if (command == QLatin1String("export"))
        return kwb::cli::exportStore(args);
    if (command == QLatin1String("import"))
        return kwb::cli::importFile(args);
    if (command == QLatin1String("import-trace"))
        return kwb::cli::importTrace(args);
    if (command == QLatin1String("disasm"))
        return kwb::cli::disasm(args);
    if (command == QLatin1String("record"))
        return kwb::cli::record(args);
    if (command == QLatin1String("attach-profile"))
        return kwb::cli::attachProfile(args);
    if (command == QLatin1String("gen-synthetic"))
        return kwb::cli::generateSynthetic(args);
    if (command == QLatin1String("check"))
        return kwb::cli::check(args);
    if (command == QLatin1String("eval"))
        return kwb::cli::eval(args);
    if (command == QLatin1String("agent"))
        return kwb::cli::agent(args);
    if (command == QLatin1String("summary"))
        return kwb::cli::summary(args);
    if (command == QLatin1String("label"))
        return kwb::cli::label(args);
    if (command == QLatin1String("lessons"))
        return kwb::cli::lessons(args);
    if (command == QLatin1String("attach-calibration"))
        return kwb::cli::attachCalibration(args);
    if (command == QLatin1String("baseline") || command == QLatin1String("eval-set") || command == QLatin1String("lint"))
        return kwb::cli::passThrough(command, args);
    return kwb::cli::fail(QStringLiteral("'%1' is not a kwb command; run 'kwb --help' for the list.").arg(command),
        kwb::cli::kUsage);
}
