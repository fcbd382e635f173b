#include "curate/trajectorytable.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"
#include "trace/tracereader.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// The case studies the workbench ships (resources/samples/case-studies.kwb), checked as a reviewer would: every
// turn evaluated on an H200 with its fingerprint, every correct turn traced there, every turn taught, each
// trajectory with a compile error and a wrong answer on the way, two of them forked, and the README's table the
// store's own `kwb summary --per-trajectory`.
class TestCaseStudies : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyTurnWasEvaluatedAndTracedOnTheH200();
    void everyTrajectoryTeachesTheWholeLoop();
    void everyLookForFindsItsKernel();
    void readmeTableIsTheStoresSummary();
    void everyLessonSpeaksSpanishAndChinese();

private:
    // KWB_CASE_STUDIES checks another store the same way (a new recording, before it replaces the shipped one).
    QString m_bundled = qEnvironmentVariable("KWB_CASE_STUDIES", QStringLiteral(KWB_SOURCE_DIR "/resources/samples/case-studies.kwb"));
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    QList<Trajectory> m_trajectories;
};

void TestCaseStudies::initTestCase()
{
    QVERIFY2(QFileInfo::exists(m_bundled), qPrintable(m_bundled + QStringLiteral(" is missing: the case studies ship with the workbench.")));
    QVERIFY2(QFileInfo(m_bundled).size() <= 20 * 1024 * 1024, "the bundled store is over 20 MB");
    const QString copy = m_dir.filePath(QStringLiteral("case-studies.kwb")); // opened read-write: never the shipped file
    QVERIFY(QFile::copy(m_bundled, copy));
    QString error;
    m_store = Store::open(copy, &error, Store::OpenMode::MustExist);
    QVERIFY2(m_store, qPrintable(error));
    QVERIFY2(m_store->verify(&error), qPrintable(error));
    const auto ids = m_store->trajectoryIds(TrajectoryFilter(), TrajectoryColumn::Created, false, &error);
    QVERIFY2(ids, qPrintable(error));
    for (qint64 id : *ids) {
        auto t = m_store->trajectory(id, Store::Depth::Headers, &error);
        QVERIFY2(t, qPrintable(error));
        m_trajectories.append(*t);
    }
    QVERIFY2(m_trajectories.size() >= 6, "fewer than six case studies");
}

void TestCaseStudies::everyTurnWasEvaluatedAndTracedOnTheH200()
{
    for (const Trajectory& t : m_trajectories) {
        for (const Turn& turn : t.turns) {
            const QString where = t.title + QStringLiteral(" / ") + turn.uuid;
            QVERIFY2(turn.eval, qPrintable(where + QStringLiteral(": no evaluation")));
            const QJsonObject& f = turn.eval->fingerprint;
            QVERIFY2(f.value(QStringLiteral("gpu_name")).toString().contains(QStringLiteral("H200")), qPrintable(where));
            for (const char* key : { "driver_version", "cuda_runtime_version", "torch_version", "compiler_flags" })
                QVERIFY2(!f.value(QLatin1String(key)).toString().isEmpty(), qPrintable(where + QStringLiteral(": no ") + QLatin1String(key)));
            if (turn.eval->verify.status != StageStatus::Passed)
                continue;
            // Correct turns were timed and traced there: the trace reads and holds the GPU's kernels.
            QVERIFY2(turn.eval->timing.candidate.isKnown() && turn.eval->timing.compiled.isKnown(), qPrintable(where + QStringLiteral(": not timed")));
            QVERIFY2(!turn.eval->traceBlob.isEmpty(), qPrintable(where + QStringLiteral(": no trace")));
            QString error;
            const auto json = m_store->blob(turn.eval->traceBlob, &error);
            QVERIFY2(json, qPrintable(error));
            const auto read = trace::TraceReader::parse(std::string_view(json->constData(), size_t(json->size())), "turn");
            QVERIFY2(read.error.empty() && read.model, read.error.c_str());
            int kernels = 0;
            for (const auto& track : read.model->tracks())
                for (const auto& e : track.events)
                    kernels += e.kind() == trace::EventKind::Kernel;
            QVERIFY2(kernels > 0, qPrintable(where + QStringLiteral(": the trace has no kernels")));
        }
    }
}

void TestCaseStudies::everyTrajectoryTeachesTheWholeLoop()
{
    int forked = 0;
    for (const Trajectory& t : m_trajectories) {
        int compileFailed = 0, verifyFailed = 0;
        bool summary = false;
        for (const Annotation& a : t.annotations)
            summary = summary || (a.kind == Annotation::Kind::Lesson && !a.value.isEmpty());
        QVERIFY2(summary, qPrintable(t.title + QStringLiteral(": no summary lesson")));
        for (const Turn& turn : t.turns) {
            const EvalResult& e = *turn.eval;
            const bool noCompile = e.compile.status == StageStatus::Failed;
            const bool wrong = e.compile.status == StageStatus::Passed && e.verify.status == StageStatus::Failed;
            compileFailed += noCompile;
            verifyFailed += wrong;
            const Annotation* lesson = nullptr;
            for (const Annotation& a : turn.annotations)
                if (a.kind == Annotation::Kind::Lesson && a.scope == Annotation::Scope::Turn)
                    lesson = &a;
            QVERIFY2(lesson && !lesson->value.isEmpty(), qPrintable(t.title + QStringLiteral(": a turn without a lesson")));
            // The lesson was written for what the turn was meant to show; the recording must have shown that.
            const QString expect = lesson->details.value(QStringLiteral("expect")).toString();
            const QString got = noCompile ? QStringLiteral("compile-fail") : wrong ? QStringLiteral("verify-fail")
                : e.verify.status == StageStatus::Passed ? QStringLiteral("pass") : QStringLiteral("other");
            QVERIFY2(expect == got, qPrintable(QStringLiteral("%1 / %2: meant %3, recorded %4")
                                                  .arg(t.title, lesson->details.value(QStringLiteral("step")).toString(), expect, got)));
        }
        QVERIFY2(compileFailed >= 1, qPrintable(t.title + QStringLiteral(": no turn fails to compile")));
        QVERIFY2(verifyFailed >= 1, qPrintable(t.title + QStringLiteral(": no turn fails verification")));
        forked += t.leaves().size() >= 2;
    }
    QVERIFY2(forked >= 2, "fewer than two case studies fork");
}

// Teaching Mode outlines what a lesson says to look for: every pattern must find a kernel in that turn's own trace, or
// the pane would point at a timeline that is empty or shows something else.
void TestCaseStudies::everyLookForFindsItsKernel()
{
    int patterns = 0;
    for (const Trajectory& t : m_trajectories) {
        for (const Turn& turn : t.turns) {
            for (const Annotation& a : turn.annotations) {
                const QJsonArray lookFor = a.details.value(QStringLiteral("look_for")).toArray();
                if (a.kind != Annotation::Kind::Lesson || lookFor.isEmpty())
                    continue;
                const QString where = t.title + QStringLiteral(" / ") + a.details.value(QStringLiteral("step")).toString();
                QVERIFY2(turn.eval && !turn.eval->traceBlob.isEmpty(), qPrintable(where + QStringLiteral(": says what to look for in a timeline it has not got")));
                QString error;
                const auto json = m_store->blob(turn.eval->traceBlob, &error);
                QVERIFY2(json, qPrintable(error));
                const auto read = trace::TraceReader::parse(std::string_view(json->constData(), size_t(json->size())), "turn");
                QVERIFY2(read.error.empty() && read.model, read.error.c_str());
                QStringList kernels;
                for (const auto& track : read.model->tracks())
                    for (const auto& e : track.events)
                        if (e.kind() == trace::EventKind::Kernel)
                            kernels.append(QString::fromStdString(read.model->names().at(e.name)));
                for (const QJsonValue& v : lookFor) {
                    const QString pattern = v.toObject().value(QStringLiteral("kernel")).toString();
                    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
                    QVERIFY2(re.isValid(), qPrintable(where + QStringLiteral(": ") + re.errorString()));
                    QVERIFY2(!kernels.filter(re).isEmpty(), qPrintable(where + QStringLiteral(": no kernel in the trace matches ") + pattern));
                    ++patterns;
                }
            }
        }
    }
    QVERIFY2(patterns > 0, "no lesson says what to look for");
}

void TestCaseStudies::readmeTableIsTheStoresSummary()
{
    QProcess kwb;
    // A copy: opening a store brings it to the current schema, and the shipped file is never written.
    const QString copy = m_dir.filePath(QStringLiteral("summary.kwb"));
    QVERIFY(QFile::copy(m_bundled, copy));
    kwb.start(QStringLiteral(KWB_CLI), { QStringLiteral("summary"), copy, QStringLiteral("--per-trajectory") });
    QVERIFY(kwb.waitForFinished(60000) && kwb.exitCode() == 0);
    const QString table = QString::fromUtf8(kwb.readAllStandardOutput()).trimmed();
    QFile readme(QStringLiteral(KWB_SOURCE_DIR "/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(readme.readAll());
    const QRegularExpression block(QStringLiteral("<!-- case-studies-table -->\\n(.*?)\\n<!-- /case-studies-table -->"),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = block.match(text);
    QVERIFY2(m.hasMatch(), "README.md has no case-studies table block");
    QCOMPARE(m.captured(1).trimmed(), table);
}

// Teaching Mode shows a lesson in the window's language: every lesson of the case studies (summaries, turns, forks)
// carries Spanish and Chinese, each with every figure of the English text and one note per thing to look for.
void TestCaseStudies::everyLessonSpeaksSpanishAndChinese()
{
    static const QRegularExpression figure(QStringLiteral("\\d+(?:\\.\\d+)?"));
    const auto figures = [](const QString& text) {
        QSet<QString> found;
        for (auto it = figure.globalMatch(text); it.hasNext();)
            found.insert(it.next().captured());
        return found;
    };
    int lessons = 0;
    for (const Trajectory& t : m_trajectories) {
        QList<Annotation> all = t.annotations;
        for (const Turn& turn : t.turns)
            all += turn.annotations;
        for (const Annotation& a : all) {
            if (a.kind != Annotation::Kind::Lesson)
                continue;
            ++lessons;
            const QJsonObject translations = a.details.value(QStringLiteral("translations")).toObject();
            for (const QString& language : { QStringLiteral("es"), QStringLiteral("zh_CN") }) {
                const QJsonObject tr = translations.value(language).toObject();
                const QString text = tr.value(QStringLiteral("text")).toString();
                const QString where = t.title + QStringLiteral(" / ") + a.details.value(QStringLiteral("step")).toString() + QLatin1Char(' ') + language;
                QVERIFY2(!text.isEmpty() && text != a.value, qPrintable(where + QStringLiteral(": no translation")));
                const QSet<QString> missing = figures(a.value) - figures(text);
                QVERIFY2(missing.isEmpty(), qPrintable(where + QStringLiteral(": lost ") + QStringList(missing.begin(), missing.end()).join(QLatin1Char(' '))));
                const QJsonArray lookFor = a.details.value(QStringLiteral("look_for")).toArray();
                if (!lookFor.isEmpty())
                    QCOMPARE(tr.value(QStringLiteral("look_for")).toArray().size(), lookFor.size());
            }
        }
    }
    QVERIFY(lessons >= 60);
}

QTEST_MAIN(TestCaseStudies)
#include "tst_casestudies.moc"
