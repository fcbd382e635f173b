#include "ncuprofilejob.h"

#include "runnerjob.h"
#include "turnworkspace.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace kwb {

namespace {

QString stageStatus(const QJsonObject& result, QLatin1StringView stage)
{
    return result.value(stage).toObject().value(QLatin1String("status")).toString(QStringLiteral("not-run"));
}

// The first error the compiler reported, as "file:line:column: message"; else the stage's message.
QString compileDetail(const QJsonObject& compile)
{
    for (const QJsonValue& v : compile.value(QLatin1String("diagnostics")).toArray()) {
        const QJsonObject d = v.toObject();
        const QString severity = d.value(QLatin1String("severity")).toString();
        if (severity != QLatin1String("error") && severity != QLatin1String("fatal"))
            continue;
        QString where = d.value(QLatin1String("file")).toString();
        if (const int line = d.value(QLatin1String("line")).toInt(); line > 0) {
            where += QStringLiteral(":%1").arg(line);
            if (const int column = d.value(QLatin1String("column")).toInt(); column > 0)
                where += QStringLiteral(":%1").arg(column);
        }
        const QString message = d.value(QLatin1String("message")).toString();
        return where.isEmpty() ? message : where + QStringLiteral(": ") + message;
    }
    return compile.value(QLatin1String("message")).toString();
}

// One sentence: the detail the runner gave, or the stage's status where it gave none.
QString sentence(const QString& withDetail, const QString& detail, const QString& status)
{
    QString text = withDetail.arg(detail.isEmpty() ? NcuProfileJob::tr("status %1").arg(status) : detail.trimmed());
    if (!text.endsWith(QLatin1Char('.')) && !text.endsWith(QLatin1Char('!')) && !text.endsWith(QLatin1Char('?')))
        text += QLatin1Char('.');
    return text;
}

} // namespace

NcuProfileJob::NcuProfileJob(QObject* parent)
    : QObject(parent)
    , m_runner(new RunnerJob(this))
{
    connect(m_runner, &RunnerJob::progress, this, &NcuProfileJob::progress);
    connect(m_runner, &RunnerJob::finished, this, &NcuProfileJob::runnerFinished);
    connect(m_runner, &RunnerJob::failed, this, [this](const QString& sentence) {
        m_directory.reset();
        Q_EMIT failed(sentence);
    });
}

NcuProfileJob::~NcuProfileJob() = default;

void NcuProfileJob::setRunnerPath(const QString& path)
{
    m_runner->setRunnerPath(path);
}

void NcuProfileJob::setHost(const RunnerHost& host)
{
    m_runner->setHost(host);
}

QString NcuProfileJob::runnerPath() const
{
    return m_runner->runnerPath();
}

bool NcuProfileJob::isRunning() const
{
    return m_runner->isRunning() || m_pendingFailure;
}

bool NcuProfileJob::start(const Turn& turn, const TaskRef& task, const QString& kernelRegex, const QString& device)
{
    if (isRunning())
        return false;
    m_kernelRegex = kernelRegex;
    if (kernelRegex.trimmed().isEmpty()) {
        fail(tr("Give a pattern for the names of the kernels to profile, such as part of a kernel's name or \".\" for "
                "every kernel."));
        return true;
    }
    if (const QRegularExpression re(kernelRegex); !re.isValid()) {
        fail(tr("\"%1\" is not a valid regular expression (%2).").arg(kernelRegex, re.errorString()));
        return true;
    }
    m_directory = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/kwb-ncu-XXXXXX"));
    if (!m_directory->isValid()) {
        fail(tr("Could not create a temporary folder for the turn's workspace (%1).").arg(m_directory->errorString()));
        return true;
    }
    QString error;
    const std::optional<TurnWorkspace> workspace = TurnWorkspace::write(turn, task, m_directory->path(), &error);
    if (!workspace) {
        fail(error);
        return true;
    }
    // One trial on one input set and a short timing pass: the timing only gates the profile and is not kept.
    QStringList arguments { QStringLiteral("eval"), QStringLiteral("--task"), workspace->taskPath,
        QStringLiteral("--candidate"), workspace->candidatePath, QStringLiteral("--ncu"), kernelRegex,
        QStringLiteral("--no-baselines"), QStringLiteral("--no-trace"), QStringLiteral("--trials"), QStringLiteral("1"),
        QStringLiteral("--input-sets"), QStringLiteral("1"), QStringLiteral("--min-calls"), QStringLiteral("3"),
        QStringLiteral("--min-ms"), QStringLiteral("1"), QStringLiteral("--warmup-ms"), QStringLiteral("1"),
        // The run's files (weights, outputs, the report) go with the temporary folder, not into the cache.
        QStringLiteral("--run-dir"), m_directory->filePath(QStringLiteral("run")) };
    if (!device.isEmpty())
        arguments += { QStringLiteral("--device"), device };
    arguments += m_extraArguments;
    return m_runner->start(arguments);
}

void NcuProfileJob::cancel()
{
    m_runner->cancel();
}

void NcuProfileJob::fail(const QString& sentence)
{
    m_pendingFailure = true;
    QMetaObject::invokeMethod(
        this,
        [this, sentence] {
            m_pendingFailure = false;
            m_directory.reset();
            Q_EMIT failed(sentence);
        },
        Qt::QueuedConnection);
}

QString NcuProfileJob::candidateFailure(const QJsonObject& result)
{
    const QString compile = stageStatus(result, QLatin1String("compile"));
    // An error of a stage is the machine's or the task's (no GPU here, a broken harness), never the candidate's.
    for (const QLatin1String stage : { QLatin1String("compile"), QLatin1String("verify"), QLatin1String("timing") }) {
        if (stageStatus(result, stage) == QLatin1String("error")) {
            const QString message = result.value(stage).toObject().value(QLatin1String("message")).toString();
            return sentence(tr("Nothing was profiled, because the evaluation could not run on this machine: %1"), message,
                QStringLiteral("error"));
        }
    }
    if (compile != QLatin1String("passed")) {
        const QString detail = compileDetail(result.value(QLatin1String("compile")).toObject());
        return sentence(tr("The candidate did not compile, so there is nothing to profile: %1"), detail, compile);
    }
    const QString verify = stageStatus(result, QLatin1String("verify"));
    const QString verifyMessage
        = result.value(QLatin1String("verify")).toObject().value(QLatin1String("message")).toString();
    if (verify == QLatin1String("failed"))
        return sentence(tr("The candidate failed verification, so it was not profiled: %1"), verifyMessage, verify);
    if (verify != QLatin1String("passed"))
        return sentence(tr("The candidate could not be verified, so it was not profiled: %1"), verifyMessage, verify);
    const QString timing = stageStatus(result, QLatin1String("timing"));
    if (timing != QLatin1String("passed")) {
        const QString message
            = result.value(QLatin1String("timing")).toObject().value(QLatin1String("message")).toString();
        return sentence(tr("The candidate's timing run did not finish, so it was not profiled: %1"), message, timing);
    }
    return {};
}

bool NcuProfileJob::profileFromResult(const QJsonObject& result, NcuProfile* profile, QString* error)
{
    const QJsonValue ncu = result.value(QLatin1String("ncu"));
    if (!ncu.isObject()) {
        *error = tr("kwb-runner's result has no Nsight Compute part; the runner may be older than the workbench.");
        return false;
    }
    // EvalResult reads the runner's ncu object as the store keeps it ("report" and "csv" are paths on the
    // runner's machine and are left out).
    QString readError;
    const EvalResult read = EvalResult::fromJson(QJsonObject { { QStringLiteral("ncu"), ncu } }, &readError);
    if (!readError.isEmpty()) {
        *error = tr("kwb-runner's Nsight Compute result does not read: %1.").arg(readError);
        return false;
    }
    *profile = read.ncu;
    return true;
}

void NcuProfileJob::runnerFinished(const QJsonObject& result)
{
    const auto finish = [this](auto emitter) {
        m_directory.reset();
        emitter();
    };
    if (const QString failure = candidateFailure(result); !failure.isEmpty()) {
        finish([&] { Q_EMIT failed(failure); });
        return;
    }
    NcuProfile profile;
    QString error;
    if (!profileFromResult(result, &profile, &error)) {
        finish([&] { Q_EMIT failed(error); });
        return;
    }
    if (profile.kernelFilter.isEmpty())
        profile.kernelFilter = m_kernelRegex;
    QByteArray report;
    if (profile.status == StageStatus::Passed) {
        const QString path = result.value(QLatin1String("ncu")).toObject().value(QLatin1String("report")).toString();
        QFile file(path);
        if (path.isEmpty())
            profile.message = tr("Nsight Compute measured the kernels, but kwb-runner named no report file.");
        else if (!file.open(QIODevice::ReadOnly))
            profile.message = tr("Nsight Compute measured the kernels, but its report %1 could not be read (%2).")
                                  .arg(path, file.errorString());
        else
            report = file.readAll();
    }
    finish([&] { Q_EMIT finished(profile, report); });
}

} // namespace kwb
