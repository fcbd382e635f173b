#include "kernelbenchrunimporter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUuid>

#include <algorithm>

namespace kwb {

namespace {

const QUuid kNamespace(QStringLiteral("{3c8e2a51-0d6f-4f0b-8d7e-5b1c2f9e4a77}"));

struct Candidate
{
    int level = 0;
    int problem = 0;
    int sample = 0;
    QString file;
};

// eval_results.json comes in two layouts: {problem: [record with sample_id, ...]} (eval_from_generations.py today) and,
// in older runs, {problem: record}, one sample per problem. The second is read as a list of its one record, sample 0.
QJsonObject oneLayout(const QJsonObject& results)
{
    QJsonObject lists;
    for (auto it = results.begin(); it != results.end(); ++it) {
        QJsonValue value = it.value();
        if (value.isObject()) {
            QJsonObject record = value.toObject();
            if (!record.contains(QLatin1String("sample_id")))
                record.insert(QLatin1String("sample_id"), 0);
            value = QJsonArray { record };
        }
        lists.insert(it.key(), value);
    }
    return lists;
}

// Field types eval_from_generations.py writes; the first wrong one is named as problem[index].field.
QString checkRecords(const QJsonObject& results)
{
    for (auto it = results.begin(); it != results.end(); ++it) {
        if (!it.value().isArray())
            return QStringLiteral("field \"%1\" is neither a list of samples nor one record").arg(it.key());
        const QJsonArray samples = it.value().toArray();
        for (qsizetype i = 0; i < samples.size(); ++i) {
            const QJsonObject r = samples.at(i).toObject();
            const QString at = QStringLiteral("%1[%2]").arg(it.key()).arg(i);
            if (!samples.at(i).isObject())
                return QStringLiteral("field \"%1\" is not an object").arg(at);
            if (!r.value(QLatin1String("sample_id")).isDouble())
                return QStringLiteral("field \"%1.sample_id\" is missing or not a number").arg(at);
            for (const char* key : { "compiled", "correctness" }) {
                if (!r.value(QLatin1String(key)).isBool())
                    return QStringLiteral("field \"%1.%2\" is missing or not true/false").arg(at, QLatin1String(key));
            }
            const QJsonValue runtime = r.value(QLatin1String("runtime"));
            if (!runtime.isUndefined() && !runtime.isDouble())
                return QStringLiteral("field \"%1.runtime\" is not a number").arg(at);
        }
    }
    return {};
}

// The parameters of `def method(self, ...)` in `class cls`: how many a call must give (no default, not self), or -1
// where that cannot be told (no such class, no such method but __init__, *args or **kwargs).
int requiredParameters(const QString& source, const QString& cls, const QString& method)
{
    const QRegularExpression classLine(QStringLiteral("^class\\s+%1\\b[^\\n]*:").arg(cls), QRegularExpression::MultilineOption);
    const auto c = classLine.match(source);
    if (!c.hasMatch())
        return -1;
    // The class body: up to the next line that starts at column 0 with code.
    static const QRegularExpression topLevel(QStringLiteral("^[^\\s#\\n]"), QRegularExpression::MultilineOption);
    const auto next = topLevel.match(source, c.capturedEnd());
    const QString body = source.mid(c.capturedEnd(), next.hasMatch() ? next.capturedStart() - c.capturedEnd() : -1);
    const auto def = QRegularExpression(QStringLiteral("\\bdef\\s+%1\\s*\\(").arg(method)).match(body);
    if (!def.hasMatch()) // a module without an __init__ of its own is made with no arguments
        return method == QLatin1String("__init__") ? 0 : -1;
    int depth = 1;
    qsizetype at = def.capturedEnd();
    QStringList parameters { QString() };
    for (; at < body.size() && depth > 0; ++at) {
        const QChar ch = body.at(at);
        if (ch == QLatin1Char('(') || ch == QLatin1Char('[') || ch == QLatin1Char('{'))
            ++depth;
        else if (ch == QLatin1Char(')') || ch == QLatin1Char(']') || ch == QLatin1Char('}'))
            --depth;
        if (depth == 1 && ch == QLatin1Char(','))
            parameters.append(QString());
        else if (depth > 0)
            parameters.last() += ch;
    }
    int required = 0;
    for (QString parameter : parameters) {
        parameter = parameter.trimmed();
        if (parameter.isEmpty() || parameter == QLatin1String("self") || parameter == QLatin1String("/"))
            continue;
        if (parameter.startsWith(QLatin1Char('*')))
            return -1;
        required += !parameter.contains(QLatin1Char('='));
    }
    return required;
}

// Where a candidate and the task it would be joined to disagree on what Model takes: a sentence, else empty. A run
// evaluated against another version of KernelBench pairs problems by number only, and the numbers moved.
QString signatureMismatch(const QString& task, const QString& candidate, const QString& taskName)
{
    for (const char* method : { "__init__", "forward" }) {
        const int wanted = requiredParameters(task, QStringLiteral("Model"), QLatin1String(method));
        const int given = requiredParameters(candidate, QStringLiteral("ModelNew"), QLatin1String(method));
        if (wanted >= 0 && given >= 0 && wanted != given)
            return QStringLiteral("its ModelNew.%1 takes %2 argument(s) where Model.%1 of %3 takes %4; is the task folder the KernelBench version the run was made for?")
                .arg(QLatin1String(method))
                .arg(given)
                .arg(taskName)
                .arg(wanted);
    }
    return {};
}

QString findTask(const QString& tasksDir, int level, int problem)
{
    const QDir dir(QDir(tasksDir).filePath(QStringLiteral("level%1").arg(level)));
    const QString prefix = QStringLiteral("%1_").arg(problem);
    for (const QString& name : dir.entryList({ QStringLiteral("*.py") }, QDir::Files, QDir::Name)) {
        if (name.startsWith(prefix))
            return dir.filePath(name);
    }
    return {};
}

double ms(const QJsonObject& o, const char* key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() * 1000.0 : kUnknown;
}

// What `kwb eval-set --out` wrote into the run folder, if it did: summary.json's rows by candidate file name, and the
// folder's results/ holding each row's whole evaluation. Empty when there is no summary; a summary that is not
// eval-set's is a sentence in `error`.
struct EvalSetSummary
{
    QString path;
    QString rules;
    QHash<QString, QJsonObject> rows; // candidate file name -> its row
};

std::optional<EvalSetSummary> readSummary(const QDir& run, QString* error)
{
    EvalSetSummary summary;
    QFile file(run.filePath(QStringLiteral("summary.json")));
    if (!file.exists())
        return summary;
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not valid JSON at byte %1 (%2)").arg(pe.offset).arg(pe.errorString());
        return std::nullopt;
    }
    const QJsonArray results = doc.object().value(QLatin1String("results")).toArray();
    if (!doc.isObject() || !doc.object().value(QLatin1String("results")).isArray()) {
        *error = QStringLiteral("field \"results\" is missing or not a list (is it kwb eval-set's summary?)");
        return std::nullopt;
    }
    summary.path = QFileInfo(file).absoluteFilePath();
    summary.rules = doc.object().value(QLatin1String("rules")).toString();
    for (qsizetype i = 0; i < results.size(); ++i) {
        const QJsonObject row = results.at(i).toObject();
        const QString candidate = QFileInfo(row.value(QLatin1String("candidate")).toString()).fileName();
        if (candidate.isEmpty()) {
            *error = QStringLiteral("field \"results[%1].candidate\" is missing").arg(i);
            return std::nullopt;
        }
        summary.rows.insert(candidate, row);
    }
    return summary;
}

} // namespace

EvalResult KernelBenchRunImporter::evalFromRecord(const QJsonObject& record)
{
    const QJsonObject metadata = record.value(QLatin1String("metadata")).toObject();
    EvalResult e;
    e.device = QStringLiteral("cuda");
    const bool compiled = record.value(QLatin1String("compiled")).toBool();
    e.compile.status = compiled ? StageStatus::Passed : StageStatus::Failed;
    e.compile.log = metadata.value(QLatin1String("compilation_error")).toString(metadata.value(QLatin1String("error")).toString());
    if (compiled) {
        const bool correct = record.value(QLatin1String("correctness")).toBool();
        e.verify.status = correct ? StageStatus::Passed : StageStatus::Failed;
        for (const char* key : { "runtime_error", "correctness_issue" }) {
            if (e.verify.message.isEmpty())
                e.verify.message = metadata.value(QLatin1String(key)).toString();
        }
        static const QRegularExpression trials(QStringLiteral("\\((\\d+)\\s*/\\s*(\\d+)\\)"));
        const auto m = trials.match(metadata.value(QLatin1String("correctness_trials")).toString());
        const QJsonArray differences = metadata.value(QLatin1String("max_difference")).toArray();
        if (m.hasMatch()) {
            const int passed = m.captured(1).toInt();
            const int total = m.captured(2).toInt();
            for (int i = 0; i < total && i < 1000; ++i) {
                VerifyTrial trial;
                trial.passed = i < passed;
                if (!trial.passed && i - passed < differences.size())
                    trial.maxAbsError = differences.at(i - passed).toVariant().toDouble();
                e.verify.trials.append(trial);
            }
        }
    }
    const double runtime = record.value(QLatin1String("runtime")).toDouble(-1);
    const QJsonObject stats = record.value(QLatin1String("runtime_stats")).toObject();
    if (runtime > 0) {
        e.timing.status = StageStatus::Passed;
        e.timing.candidate.medianUs = runtime * 1000.0;
        e.timing.candidate.minUs = ms(stats, "min");
        const double mean = stats.value(QLatin1String("mean")).toDouble();
        if (stats.value(QLatin1String("std")).isDouble() && mean > 0)
            e.timing.candidate.cv = stats.value(QLatin1String("std")).toDouble() / mean;
        e.timing.candidate.samples = stats.value(QLatin1String("num_trials")).toInteger(1);
    }
    for (const char* key : { "hardware", "device" }) {
        const QJsonValue v = metadata.contains(QLatin1String(key)) ? metadata.value(QLatin1String(key)) : stats.value(QLatin1String(key));
        if (!v.isUndefined())
            e.fingerprint.insert(QLatin1String(key), v);
    }
    return e;
}

std::optional<StoreImport::Counts> KernelBenchRunImporter::importFolder(Store& store, const QString& runDir,
    const QString& tasksDir, const StoreImport::Progress& progress, QString* error)
{
    StoreImport import(store, runDir, progress);
    const QDir run(runDir);
    static const QRegularExpression pattern(QStringLiteral("^level_(\\d+)_problem_(\\d+)_sample_(\\d+)_kernel\\.py$"));
    QList<Candidate> candidates;
    for (const QString& name : run.entryList(QDir::Files)) {
        const auto m = pattern.match(name);
        if (m.hasMatch())
            candidates.append({ m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt(), name });
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(a.level, a.problem, a.sample) < std::tie(b.level, b.problem, b.sample);
    });
    if (candidates.isEmpty()) {
        *error = import.fail({}, QStringLiteral("the folder has no level_L_problem_P_sample_S_kernel.py candidates"));
        return std::nullopt;
    }
    if (tasksDir.isEmpty() || !QFileInfo(tasksDir).isDir()) {
        *error = import.fail({}, QStringLiteral("a KernelBench run is joined to its tasks; give the task folder (level1/, level2/, ...) with --tasks"));
        return std::nullopt;
    }
    // A KernelBench checkout keeps its levels in KernelBench/.
    const QString levels = QDir(tasksDir).exists(QStringLiteral("KernelBench/level1")) ? QDir(tasksDir).filePath(QStringLiteral("KernelBench")) : tasksDir;

    QJsonObject results;
    QFile resultsFile(run.filePath(QStringLiteral("eval_results.json")));
    if (resultsFile.exists()) {
        if (!resultsFile.open(QIODevice::ReadOnly)) {
            *error = import.fail(QStringLiteral("eval_results.json"), resultsFile.errorString());
            return std::nullopt;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(resultsFile.readAll(), &pe);
        if (pe.error != QJsonParseError::NoError) {
            *error = import.fail(QStringLiteral("eval_results.json (byte %1)").arg(pe.offset), QStringLiteral("not valid JSON (%1)").arg(pe.errorString()));
            return std::nullopt;
        }
        results = oneLayout(doc.object());
        const QString wrong = doc.isObject() ? checkRecords(results) : QStringLiteral("the file is not a JSON object");
        if (!wrong.isEmpty()) {
            *error = import.fail(QStringLiteral("eval_results.json"), wrong);
            return std::nullopt;
        }
    }

    QString summaryError;
    const auto summary = readSummary(run, &summaryError);
    if (!summary) {
        *error = import.fail(QStringLiteral("summary.json"), summaryError);
        return std::nullopt;
    }

    if (!import.begin(error))
        return std::nullopt;
    qint64 done = 0;
    for (const Candidate& c : candidates) {
        const QString taskPath = findTask(levels, c.level, c.problem);
        if (taskPath.isEmpty()) {
            *error = import.fail(c.file, QStringLiteral("the task folder has no level%1/%2_*.py").arg(c.level).arg(c.problem));
            return std::nullopt;
        }
        QFile taskFile(taskPath);
        QFile candidateFile(run.filePath(c.file));
        if (!taskFile.open(QIODevice::ReadOnly) || !candidateFile.open(QIODevice::ReadOnly)) {
            *error = import.fail(c.file, QStringLiteral("it or its task cannot be read"));
            return std::nullopt;
        }
        const QByteArray code = candidateFile.readAll();
        const QByteArray taskSource = taskFile.readAll();
        const QString taskName = QStringLiteral("level%1/%2").arg(c.level).arg(QFileInfo(taskPath).fileName());
        if (const QString mismatch = signatureMismatch(QString::fromUtf8(taskSource), QString::fromUtf8(code), taskName); !mismatch.isEmpty()) {
            *error = import.fail(c.file, mismatch);
            return std::nullopt;
        }
        Trajectory t;
        t.uuid = QUuid::createUuidV5(kNamespace, run.dirName().toUtf8() + '/' + c.file.toUtf8() + '/' + code).toString(QUuid::WithoutBraces);
        t.task = { QFileInfo(taskPath).completeBaseName(), c.level, QString::fromUtf8(taskSource) };
        t.title = QStringLiteral("%1 level %2 problem %3 sample %4").arg(run.dirName()).arg(c.level).arg(c.problem).arg(c.sample);
        t.source = kFormat;
        QJsonObject kb { { QLatin1String("level"), c.level }, { QLatin1String("problem_id"), c.problem }, { QLatin1String("sample_id"), c.sample } };
        t.metadata.insert(QLatin1String("import"), QJsonObject { { QLatin1String("format"), kFormat },
            { QLatin1String("path"), QFileInfo(runDir).absoluteFilePath() }, { QLatin1String("file"), c.file } });

        Turn turn;
        turn.uuid = t.uuid + QStringLiteral("-t0");
        turn.workspace.setFile(QStringLiteral("model_new.py"), code);
        turn.provenance.kind = Provenance::Kind::Import;
        turn.provenance.agent = kFormat;
        turn.provenance.source = QFileInfo(run.filePath(c.file)).absoluteFilePath();
        for (const QJsonValue& v : results.value(QString::number(c.problem)).toArray()) {
            if (v.toObject().value(QLatin1String("sample_id")).toInt() == c.sample) {
                turn.eval = evalFromRecord(v.toObject());
                kb.insert(QLatin1String("record"), v.toObject());
            }
        }
        t.metadata.insert(QLatin1String("kernelbench"), kb);
        if (const auto row = summary->rows.constFind(c.file); row != summary->rows.cend()) {
            // kwb eval-set's verdict on this candidate: its whole evaluation where results/ has it (the turn's, with
            // its reward), else the summary's row, kept with its reward as the source's.
            QJsonObject evalSet { { QLatin1String("from"), summary->path }, { QLatin1String("rules"), summary->rules },
                { QLatin1String("row"), row.value() } };
            QFile full(run.filePath(QStringLiteral("results/%1.json").arg(row.value().value(QLatin1String("name")).toString())));
            if (!row.value().value(QLatin1String("name")).toString().isEmpty() && full.open(QIODevice::ReadOnly)) {
                QString inner;
                const EvalResult e = EvalResult::fromJson(QJsonDocument::fromJson(full.readAll()).object(), &inner);
                if (!inner.isEmpty()) {
                    *error = import.fail(QStringLiteral("results/%1").arg(QFileInfo(full).fileName()), inner);
                    return std::nullopt;
                }
                if (turn.eval)
                    kb.insert(QLatin1String("verdict_replaced"), QStringLiteral("the turn's evaluation is kwb eval-set's; KernelBench's record is kept here"));
                turn.eval = e;
                evalSet.insert(QLatin1String("result"), QFileInfo(full).absoluteFilePath());
                t.metadata.insert(QLatin1String("kernelbench"), kb);
            } else if (row.value().value(QLatin1String("reward")).isDouble()) {
                t.metadata.insert(QLatin1String("source_reward"), QJsonObject { { QLatin1String("value"), row.value().value(QLatin1String("reward")) },
                    { QLatin1String("from"), summary->path }, { QLatin1String("rules"), summary->rules } });
            }
            t.metadata.insert(QLatin1String("eval_set"), evalSet);
        }
        t.turns = { turn };
        if (!import.add(t, c.file, error) || !import.report(++done, candidates.size(), error))
            return std::nullopt;
    }
    return import.commit(error);
}

} // namespace kwb
