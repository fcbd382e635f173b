// Seeded random mutants of real fixtures fed to the native JSONL importer and the Chrome trace reader for a fixed
// budget. KWB_FUZZ_SEED replays a run, KWB_FUZZ_ONLY one iteration of it; KWB_FUZZ_SECONDS and
// KWB_FUZZ_ITERATIONS set the budget of each reader.
#include "storeaccess.h"
#include "io/importformat.h"
#include "io/nativejsonl.h"
#include "store/store.h"
#include "testutils.h"
#include "trace/tracereader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <iterator>
#include <string>

using namespace kwb;

namespace {

constexpr qint64 kSlowMutantMs = 5000; // one mutant taking this long counts as a hang

QByteArray readFixture(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

qint64 environmentNumber(const char* name, qint64 fallback)
{
    bool ok = false;
    const qint64 value = qEnvironmentVariable(name).toLongLong(&ok);
    return ok ? value : fallback;
}

// The edits: bit flips, inserted and deleted bytes, truncation, duplicated ranges, swapped JSON tokens, huge
// numbers, deep nesting and invalid UTF-8, one to four of them per mutant.
class Mutator
{
public:
    explicit Mutator(quint64 seed)
        : m_random(generator(seed))
    { }

    QByteArray mutate(QByteArray data)
    {
        const int edits = 1 + int(m_random.bounded(4));
        for (int i = 0; i < edits && !data.isEmpty(); ++i) {
            switch (m_random.bounded(9)) {
            case 0:
                flipBit(data);
                break;
            case 1:
                data.insert(position(data), randomBytes(1 + int(m_random.bounded(8))));
                break;
            case 2:
                data.remove(position(data), 1 + qsizetype(m_random.bounded(64)));
                break;
            case 3:
                data.truncate(position(data));
                break;
            case 4:
                duplicateRange(data);
                break;
            case 5:
                swapTokens(data);
                break;
            case 6:
                replaceToken(data, hugeNumber());
                break;
            case 7:
                replaceToken(data, deepNesting());
                break;
            case 8:
                data.insert(position(data), invalidUtf8());
                break;
            }
        }
        return data;
    }

private:
    struct Token
    {
        qsizetype start = 0;
        qsizetype length = 0;
    };

    static QRandomGenerator64 generator(quint64 seed)
    {
        const quint32 words[] = { quint32(seed), quint32(seed >> 32) };
        return QRandomGenerator64(words);
    }

    qsizetype position(const QByteArray& data) { return qsizetype(m_random.bounded(quint64(data.size()) + 1)); }

    void flipBit(QByteArray& data)
    {
        const qsizetype at = qsizetype(m_random.bounded(quint64(data.size())));
        data[at] = char(data.at(at) ^ (1 << m_random.bounded(8)));
    }

    QByteArray randomBytes(int n)
    {
        static const QByteArray kJsonish("{}[]\":,\\-.0123456789eEtrufalsn \n");
        QByteArray bytes;
        for (int i = 0; i < n; ++i)
            bytes += m_random.bounded(2) ? kJsonish.at(qsizetype(m_random.bounded(quint64(kJsonish.size()))))
                                         : char(m_random.bounded(256));
        return bytes;
    }

    void duplicateRange(QByteArray& data)
    {
        const qsizetype from = qsizetype(m_random.bounded(quint64(data.size())));
        const qsizetype length = qMin(data.size() - from, qsizetype(1 + m_random.bounded(4096)));
        data.insert(position(data), data.mid(from, length));
    }

    // Strings, numbers, literals and punctuation, by a scan that does not need the text to be valid JSON.
    static QList<Token> tokens(const QByteArray& data)
    {
        QList<Token> out;
        for (qsizetype i = 0; i < data.size();) {
            const char c = data.at(i);
            qsizetype end = i + 1;
            if (c == '"') {
                while (end < data.size() && data.at(end) != '"')
                    end += data.at(end) == '\\' ? 2 : 1;
                end = qMin(end + 1, data.size());
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                while (end < data.size() && QByteArrayView("0123456789.eE+-").contains(data.at(end)))
                    ++end;
            } else if (c >= 'a' && c <= 'z') {
                while (end < data.size() && data.at(end) >= 'a' && data.at(end) <= 'z')
                    ++end;
            } else if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                ++i;
                continue;
            }
            out.append({ i, end - i });
            i = end;
        }
        return out;
    }

    void swapTokens(QByteArray& data)
    {
        const QList<Token> all = tokens(data);
        if (all.size() < 2)
            return;
        Token a = all.at(qsizetype(m_random.bounded(quint64(all.size()))));
        Token b = all.at(qsizetype(m_random.bounded(quint64(all.size()))));
        if (a.start == b.start)
            return;
        if (a.start > b.start)
            std::swap(a, b);
        const QByteArray first = data.mid(a.start, a.length);
        const QByteArray second = data.mid(b.start, b.length);
        data.replace(b.start, b.length, first);
        data.replace(a.start, a.length, second);
    }

    void replaceToken(QByteArray& data, const QByteArray& replacement)
    {
        const QList<Token> all = tokens(data);
        if (all.isEmpty())
            return;
        const Token t = all.at(qsizetype(m_random.bounded(quint64(all.size()))));
        data.replace(t.start, t.length, replacement);
    }

    QByteArray hugeNumber()
    {
        static const char* const kNumbers[] = { "1e999", "-1e999", "1e-400", "99999999999999999999999999999",
            "-9223372036854775809", "9223372036854775808", "18446744073709551616", "2147483648", "-2147483649",
            "1.7976931348623157e308", "4.9e-324", "-0", "0.00000000000000000000000000001", "123456789012345.6789",
            "1234567890123456789012345678901234567890.5" };
        return kNumbers[m_random.bounded(quint32(std::size(kNumbers)))];
    }

    QByteArray deepNesting()
    {
        const int depth = int(m_random.bounded(2, 20000));
        if (m_random.bounded(2))
            return QByteArray(depth, '[') + "1" + QByteArray(depth, ']');
        QByteArray open;
        for (int i = 0; i < depth; ++i)
            open += "{\"a\":";
        return open + "1" + QByteArray(depth, '}');
    }

    QByteArray invalidUtf8()
    {
        static const char* const kBytes[] = { "\xC3\x28", "\xFF", "\xFE\xFF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
            "\xC0\xAF", "\xE2\x82", "\x80", "\\ud800", "\\udc00\\ud800", "\\u0000", "\x00" };
        const quint32 pick = m_random.bounded(quint32(std::size(kBytes)));
        return pick == std::size(kBytes) - 1 ? QByteArray(1, '\0') : QByteArray(kBytes[pick]);
    }

    QRandomGenerator64 m_random;
};

// Each iteration has a seed of its own, so that KWB_FUZZ_ONLY can replay one without the ones before it.
class FuzzBudget
{
public:
    explicit FuzzBudget(const char* what)
        : m_seed(quint64(environmentNumber("KWB_FUZZ_SEED", qint64(QRandomGenerator::global()->generate()))))
        , m_only(environmentNumber("KWB_FUZZ_ONLY", -1))
        , m_iterations(environmentNumber("KWB_FUZZ_ITERATIONS", 4000))
        , m_milliseconds(environmentNumber("KWB_FUZZ_SECONDS", 20) * 1000)
    {
        qInfo("%s: seed %llu (KWB_FUZZ_SEED=%llu replays it)", what, m_seed, m_seed);
        m_clock.start();
    }

    bool next(qint64* iteration)
    {
        if (m_only >= 0) {
            *iteration = m_only;
            return m_done++ == 0 || (--m_done, false);
        }
        if (m_done >= m_iterations || m_clock.elapsed() >= m_milliseconds)
            return false;
        *iteration = m_done++;
        return true;
    }

    quint64 iterationSeed(qint64 iteration) const { return m_seed ^ (quint64(iteration + 1) * 0x9E3779B97F4A7C15ULL); }
    QByteArray where(qint64 iteration) const
    {
        return QStringLiteral("KWB_FUZZ_SEED=%1 KWB_FUZZ_ONLY=%2").arg(m_seed).arg(iteration).toUtf8();
    }
    qint64 done() const { return m_done; }
    qint64 elapsed() const { return m_clock.elapsed(); }

private:
    quint64 m_seed;
    qint64 m_only;
    qint64 m_iterations;
    qint64 m_milliseconds;
    qint64 m_done = 0;
    QElapsedTimer m_clock;
};

} // namespace

class TestFuzzImport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void failedImportThenRetryKeepsWorkspaces();
    void fileNameThatCannotBeReadBackIsRefused();
    void emptyContentReadsBack();
    void numbersBeyondInt64InATraceAreErrors();
    void importerSurvivesMutants();
    void traceReaderSurvivesMutants();
    void foreignImportersSurviveMutants();

private:
    QString write(const QString& name, const QByteArray& data);
    QList<QByteArray> m_jsonlSeeds;
    QList<QByteArray> m_traceSeeds;
    QTemporaryDir m_dir;
};

void TestFuzzImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QByteArray mixed = readFixture(QFINDTESTDATA("data/native-mixed.jsonl"));
    QVERIFY(!mixed.isEmpty());
    m_jsonlSeeds = { mixed, NativeJsonl::encode(test::forkedTrajectory(QStringLiteral("fuzz"))) + '\n' };
    for (const char* name :
        { KWB_TRACE_FIXTURES "/kineto_mlp_h200.json", KWB_TRACE_FIXTURES "/kwb_tracer_diag_matmul_h200.json" }) {
        m_traceSeeds.append(readFixture(QString::fromUtf8(name)));
        QVERIFY2(!m_traceSeeds.last().isEmpty(), name);
    }
}

QString TestFuzzImport::write(const QString& name, const QByteArray& data)
{
    QFile f(m_dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        return {};
    return f.fileName();
}

// Regression: a rolled-back import left its workspace manifests in the writer's cache, so a later import of the same
// files in the same session stored turns whose workspaces were empty.
void TestFuzzImport::failedImportThenRetryKeepsWorkspaces()
{
    QString error;
    auto store = Store::open(m_dir.filePath(QStringLiteral("retry.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    const QString broken = write(QStringLiteral("broken.jsonl"), m_jsonlSeeds.first() + "{\"format\": \"kwb-traj");
    QVERIFY(!NativeJsonl::importFile(*store, broken, {}, &error));
    QVERIFY(error.contains(QLatin1String("nothing was imported")));
    const QString good = write(QStringLiteral("good.jsonl"), m_jsonlSeeds.first());
    const auto counts = NativeJsonl::importFile(*store, good, {}, &error);
    QVERIFY2(counts, qPrintable(error));
    QCOMPARE(counts->trajectories, 3);
    for (const QByteArray& line : m_jsonlSeeds.first().split('\n')) {
        if (line.isEmpty())
            continue;
        const auto expected = NativeJsonl::decode(line, &error);
        QVERIFY2(expected, qPrintable(error));
        const auto id = store->trajectoryId(expected->uuid, &error);
        QVERIFY(id && *id > 0);
        const auto stored = store->trajectory(*id, Store::Depth::Full, &error);
        QVERIFY2(stored, qPrintable(error));
        for (qsizetype i = 0; i < stored->turns.size(); ++i)
            QCOMPARE(stored->turns.at(i).workspace.size(), expected->turns.at(i).workspace.size());
        QVERIFY(*stored == *expected);
    }
    QVERIFY2(store->verify(&error), qPrintable(error));
}

// Regression: a workspace file name with a lone surrogate (\ud800 in the JSON) was stored under a name that reads
// back differently, and the trajectory could no longer be loaded or exported.
void TestFuzzImport::fileNameThatCannotBeReadBackIsRefused()
{
    QString error;
    auto store = Store::open(m_dir.filePath(QStringLiteral("surrogate.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    QVERIFY(!NativeJsonl::importFile(*store, QFINDTESTDATA("data/native-lone-surrogate-path.jsonl"), {}, &error));
    QVERIFY2(error.contains(QLatin1String("is not valid Unicode; nothing was imported")), qPrintable(error));
    const auto info = store->info(&error);
    QVERIFY(info && info->trajectories == 0);
    QVERIFY2(store->verify(&error), qPrintable(error));
}

// Regression: empty content held as a null QByteArray (a task without source, an empty file the agent wrote) was
// dropped by the blob insert, and its trajectory could no longer be loaded.
void TestFuzzImport::emptyContentReadsBack()
{
    QString error;
    auto store = Store::open(m_dir.filePath(QStringLiteral("empty.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    QVERIFY2(NativeJsonl::importFile(*store, QFINDTESTDATA("data/native-task-without-source.jsonl"), {}, &error),
        qPrintable(error));
    Trajectory withEmptyFile = test::forkedTrajectory(QStringLiteral("empty-file"));
    withEmptyFile.turns[1].workspace.setFile(QStringLiteral("__init__.py"), QByteArray());
    const auto id = store->addTrajectory(withEmptyFile, &error);
    QVERIFY2(id, qPrintable(error));
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QVERIFY(ids && ids->size() == 2);
    for (qint64 stored : *ids)
        QVERIFY2(store->trajectory(stored, Store::Depth::Full, &error), qPrintable(error));
    const auto back = store->trajectory(*id, Store::Depth::Full, &error);
    QVERIFY(back->turns.at(1).workspace.hasContent(QStringLiteral("__init__.py")));
    QVERIFY(*back == withEmptyFile);

    // A store written before the fix has no row for empty content; it reads as empty all the same.
    QSqlQuery drop(kwb::StoreTestAccess::database(*store));
    QVERIFY(drop.exec(QStringLiteral("DELETE FROM blobs WHERE size = 0")));
    QCOMPARE(drop.numRowsAffected(), 1);
    const QString path = store->path();
    store.reset();
    auto reopened = Store::open(path, &error);
    QVERIFY2(reopened, qPrintable(error));
    for (qint64 stored : *ids)
        QVERIFY2(reopened->trajectory(stored, Store::Depth::Full, &error), qPrintable(error));
}

// Regression: a pid beyond int64_t (1.8e19) was converted to an integer, which is undefined behaviour; a timestamp
// beyond it gave an arbitrary time. Both now stop the read with an error at the event.
void TestFuzzImport::numbersBeyondInt64InATraceAreErrors()
{
    const QByteArray fixture = readFixture(QStringLiteral(KWB_TRACE_FIXTURES "/out_of_range_pid.json"));
    QVERIFY(!fixture.isEmpty());
    const std::string_view text(fixture.constData(), size_t(fixture.size()));
    trace::TraceReader::Result result = trace::TraceReader::parse(text, "out_of_range_pid.json");
    QVERIFY(!result.complete);
    QVERIFY2(result.error.find("at byte " + std::to_string(fixture.lastIndexOf("{\"ph\""))) != std::string::npos,
        result.error.c_str());
    QCOMPARE(result.model->eventCount(), size_t(1));

    result
        = trace::TraceReader::parse(R"([{"ph": "X", "name": "k", "pid": 0, "tid": 0, "ts": 1e300, "dur": 1}])", "ts");
    QVERIFY(!result.complete);
    QVERIFY(!result.error.empty());
    result = trace::TraceReader::parse(R"([{"ph": "X", "name": "k", "pid": 0, "tid": 0, "ts": 9e15, "dur": 1}])", "ts");
    QVERIFY2(result.complete, result.error.c_str());
}

// Each mutant is imported inside a transaction that is rolled back afterwards, so every mutant meets the same
// store. An import either adds exactly what its lines say or adds nothing and says why.
void TestFuzzImport::importerSurvivesMutants()
{
    QString error;
    auto store = Store::open(m_dir.filePath(QStringLiteral("fuzz.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("mutant.jsonl"));
    FuzzBudget budget("importer");
    qint64 iteration = 0;
    qint64 imported = 0;
    while (budget.next(&iteration)) {
        const QByteArray where = budget.where(iteration);
        Mutator mutator(budget.iterationSeed(iteration));
        const QByteArray& seed = m_jsonlSeeds.at(qsizetype(iteration % m_jsonlSeeds.size()));
        const QByteArray mutant = mutator.mutate(seed);
        QVERIFY2(write(QStringLiteral("mutant.jsonl"), mutant) == path, where.constData());

        QElapsedTimer clock;
        clock.start();
        Store::Transaction scope(*store);
        QVERIFY2(scope.isActive(), where.constData());
        QString importError;
        const auto counts = NativeJsonl::importFile(*store, path, {}, &importError);
        const auto info = store->info(&error);
        QVERIFY2(info, qPrintable(error));
        if (!counts) {
            QVERIFY2(!importError.isEmpty(), where.constData());
            QVERIFY2(info->trajectories == 0, where.constData());
        } else {
            ++imported;
            QVERIFY2(importError.isEmpty(), where.constData());
            QVERIFY2(info->trajectories == counts->trajectories && info->turns == counts->turns, where.constData());
            for (const QByteArray& line : mutant.split('\n')) {
                if (line.trimmed().isEmpty())
                    continue;
                const auto expected = NativeJsonl::decode(line, &error);
                QVERIFY2(expected, where.constData());
                const auto id = store->trajectoryId(expected->uuid, &error);
                QVERIFY2(id && *id > 0, where.constData());
                const auto stored = store->trajectory(*id, Store::Depth::Full, &error);
                QVERIFY2(stored, qPrintable(error + QLatin1Char(' ') + QString::fromUtf8(where)));
                QVERIFY2(stored->turns.size() == expected->turns.size(), where.constData());
                for (qsizetype i = 0; i < stored->turns.size(); ++i) {
                    const Turn& turn = stored->turns.at(i);
                    QVERIFY2(turn.workspace == expected->turns.at(i).workspace, where.constData());
                    QVERIFY2(turn.messages.size() == expected->turns.at(i).messages.size(), where.constData());
                    const WorkspaceSnapshot& files = expected->turns.at(i).workspace;
                    for (const QString& file : turn.workspace.paths()) {
                        QVERIFY2(turn.workspace.hasContent(file), where.constData());
                        QVERIFY2(!files.hasContent(file) || turn.workspace.content(file) == files.content(file),
                            where.constData());
                    }
                }
            }
        }
        scope.rollback();
        QVERIFY2(clock.elapsed() < kSlowMutantMs, where.constData());
        if (iteration % 64 == 0)
            QVERIFY2(store->verify(&error), qPrintable(error + QLatin1Char(' ') + QString::fromUtf8(where)));
    }
    QVERIFY2(store->verify(&error), qPrintable(error));
    const auto info = store->info(&error);
    QVERIFY(info && info->trajectories == 0);
    qInfo("importer: %lld mutants in %lld ms, %lld imported", budget.done(), budget.elapsed(), imported);
}

// Every mutant gives a model; an incomplete read says why, and the details of the events read can be asked for.
void TestFuzzImport::traceReaderSurvivesMutants()
{
    FuzzBudget budget("trace reader");
    qint64 iteration = 0;
    qint64 complete = 0;
    while (budget.next(&iteration)) {
        const QByteArray where = budget.where(iteration);
        Mutator mutator(budget.iterationSeed(iteration));
        const QByteArray mutant = mutator.mutate(m_traceSeeds.at(qsizetype(iteration % m_traceSeeds.size())));
        QElapsedTimer clock;
        clock.start();
        const std::string_view text(mutant.constData(), size_t(mutant.size()));
        const trace::TraceReader::Result result = trace::TraceReader::parse(text, "mutant");
        QVERIFY2(result.model, where.constData());
        QVERIFY2(result.complete == result.error.empty(), where.constData());
        complete += result.complete ? 1 : 0;
        int asked = 0;
        for (const trace::TraceTrack& track : result.model->tracks()) {
            for (const trace::TraceEvent& event : track.events) {
                if (++asked > 8)
                    break;
                std::string error;
                const auto members = trace::TraceReader::detailsInText(text, event.fileOffset(), &error);
                QVERIFY2(members.empty() || error.empty(), where.constData());
            }
        }
        std::string error;
        trace::TraceReader::detailsInText(text, quint64(iteration) % quint64(mutant.size() + 1), &error);
        QVERIFY2(clock.elapsed() < kSlowMutantMs, where.constData());
    }
    qInfo("trace reader: %lld mutants in %lld ms, %lld read completely", budget.done(), budget.elapsed(), complete);
}

// The importers of other tools' formats (OpenAI chat JSONL, ATIF) on mutants of their fixtures: each mutant imports
// or is refused with a sentence, and a refused one leaves nothing behind.
void TestFuzzImport::foreignImportersSurviveMutants()
{
    const QList<std::pair<QString, QByteArray>> seeds { { QStringLiteral("openai"), readFixture(QFINDTESTDATA("data/openai/conversations.jsonl")) },
        { QStringLiteral("atif"), readFixture(QFINDTESTDATA("data/atif/foreign.json")) } };
    for (const auto& [format, seed] : seeds)
        QVERIFY2(!seed.isEmpty(), qPrintable(format));
    QString error;
    auto store = Store::open(m_dir.filePath(QStringLiteral("foreign.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    FuzzBudget budget("foreign importers");
    qint64 iteration = 0;
    qint64 imported = 0;
    while (budget.next(&iteration)) {
        const QByteArray where = budget.where(iteration);
        const auto& [format, seed] = seeds.at(qsizetype(iteration % seeds.size()));
        Mutator mutator(budget.iterationSeed(iteration));
        const QString path = write(format == QLatin1String("atif") ? QStringLiteral("mutant.json") : QStringLiteral("mutant.jsonl"),
            mutator.mutate(seed));
        QVERIFY2(!path.isEmpty(), where.constData());
        QElapsedTimer clock;
        clock.start();
        Store::Transaction scope(*store);
        QString importError;
        const auto counts = ImportFormat::run(*store, path, format, {}, {}, &importError);
        const auto info = store->info(&error);
        QVERIFY2(info, qPrintable(error));
        if (counts) {
            ++imported;
            QVERIFY2(info->trajectories == counts->trajectories, where.constData());
        } else {
            QVERIFY2(!importError.isEmpty(), where.constData());
            QVERIFY2(info->trajectories == 0, where.constData());
        }
        scope.rollback();
        QVERIFY2(clock.elapsed() < kSlowMutantMs, where.constData());
        if (iteration % 64 == 0)
            QVERIFY2(store->verify(&error), qPrintable(error + QLatin1Char(' ') + QString::fromUtf8(where)));
    }
    QVERIFY2(store->verify(&error), qPrintable(error));
    qInfo("foreign importers: %lld mutants in %lld ms, %lld imported", budget.done(), budget.elapsed(), imported);
}

QTEST_GUILESS_MAIN(TestFuzzImport)
#include "tst_fuzzimport.moc"
