#include "samplefixture.h"

#include "curate/trajectorytable.h"
#include "model/roofline.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// The commands that build the bundled case studies, run as a user runs them: kwb import of another store,
// kwb lessons, and kwb summary --per-trajectory (the README's table), on turns recorded on an H200.
class TestSamplesTools : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }
    void importingAStoreKeepsTracesAndRefusesTwice();
    void lessonsReplaceRatherThanPileUp();
    void badLessonFilesChangeNothing_data();
    void badLessonFilesChangeNothing();
    void perTrajectoryTableIsTheFinalTurnsOwn();
    void calibrationGivesItsMachinesTurnsARoofline();
    void badCalibrationsChangeNothing_data();
    void badCalibrationsChangeNothing();

private:
    struct Result
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };
    Result kwb(const QStringList& args);
    QString path(const QString& name) const { return m_dir->filePath(name); }
    QString writeLessons(const QJsonArray& lessons);
    QString writeJson(const QString& name, const QByteArray& bytes);
    static QJsonObject h200Calibration();
    std::unique_ptr<QTemporaryDir> m_dir;
};

TestSamplesTools::Result TestSamplesTools::kwb(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(KWB_CLI), args);
    if (!p.waitForFinished(120000))
        return {};
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError() };
}

QString TestSamplesTools::writeLessons(const QJsonArray& lessons)
{
    const QString file = path(QStringLiteral("lessons.json"));
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(QJsonObject { { QStringLiteral("lessons"), lessons } }).toJson());
    return file;
}

void TestSamplesTools::importingAStoreKeepsTracesAndRefusesTwice()
{
    const QString merged = path(QStringLiteral("merged.kwb"));
    const auto digest = [](const QString& file) {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
    };
    const QByteArray before = digest(test::diagFixture());
    Result r = kwb({ QStringLiteral("import"), test::diagFixture(), QStringLiteral("--store"), merged });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.out.contains("1 trajectories (4 turns)"));
    QCOMPARE(digest(test::diagFixture()), before); // the input is read from a copy, never changed
    QVERIFY(!QFileInfo::exists(test::diagFixture() + QStringLiteral("-wal")));
    QString error;
    const QString sourceCopy = path(QStringLiteral("source.kwb")); // the tracked fixture is only ever copied
    QVERIFY(test::copyDiagFixture(sourceCopy));
    auto source = Store::open(sourceCopy, &error, Store::OpenMode::MustExist);
    auto target = Store::open(merged, &error, Store::OpenMode::MustExist);
    QVERIFY(source && target);
    const auto a = source->trajectory(source->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Full, &error);
    const auto b = target->trajectory(target->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Full, &error);
    QVERIFY(a && b);
    QCOMPARE(b->uuid, a->uuid);
    QCOMPARE(b->turns.size(), a->turns.size());
    int traces = 0;
    for (int i = 0; i < a->turns.size(); ++i) {
        QCOMPARE(b->turns.at(i).uuid, a->turns.at(i).uuid);
        QCOMPARE(b->turns.at(i).workspace.paths(), a->turns.at(i).workspace.paths());
        for (const QString& file : a->turns.at(i).workspace.paths())
            QCOMPARE(b->turns.at(i).workspace.content(file), a->turns.at(i).workspace.content(file));
        QCOMPARE(*b->turns.at(i).eval, *a->turns.at(i).eval);
        if (a->turns.at(i).eval->traceBlob.isEmpty())
            continue;
        ++traces;
        QCOMPARE(*target->blob(b->turns.at(i).eval->traceBlob, &error), *source->blob(a->turns.at(i).eval->traceBlob, &error));
    }
    QVERIFY(traces >= 2);
    target.reset();
    r = kwb({ QStringLiteral("check"), merged });
    QVERIFY2(r.code == 0, r.err.constData());
    // The same trajectory again: refused, nothing added.
    r = kwb({ QStringLiteral("import"), test::diagFixture(), QStringLiteral("--store"), merged });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("is already in merged.kwb; nothing was imported."), r.err.constData());
    r = kwb({ QStringLiteral("info"), merged });
    QVERIFY(r.out.contains("Turns:         4"));
    // A missing store is one sentence, without a doubled full stop.
    r = kwb({ QStringLiteral("import"), path(QStringLiteral("absent.kwb")), QStringLiteral("--store"), merged, QStringLiteral("--format"), QStringLiteral("store") });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("absent.kwb") && r.err.contains("does not exist") && !r.err.contains(".;"), r.err.constData());
    // A store into itself is refused too.
    r = kwb({ QStringLiteral("import"), merged, QStringLiteral("--store"), merged });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("it is the store being imported into"), r.err.constData());
}

void TestSamplesTools::lessonsReplaceRatherThanPileUp()
{
    const QString store = path(QStringLiteral("lessons.kwb"));
    QVERIFY(test::copyDiagFixture(store));
    QString error;
    QString trajectory, firstTurn, lastTurn;
    {
        auto s = Store::open(store, &error);
        const auto t = s->trajectory(s->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Headers, &error);
        trajectory = t->uuid;
        firstTurn = t->turns.first().uuid;
        lastTurn = t->turns.last().uuid;
    }
    for (const QString& text : { QStringLiteral("first version"), QStringLiteral("second version") }) {
        const QString file = writeLessons({
            QJsonObject { { QStringLiteral("trajectory"), trajectory }, { QStringLiteral("text"), text },
                { QStringLiteral("details"), QJsonObject { { QStringLiteral("paper"), QJsonObject { { QStringLiteral("speedup_vs_compile"), 73.31 } } } } } },
            QJsonObject { { QStringLiteral("turn"), firstTurn }, { QStringLiteral("text"), text } },
            QJsonObject { { QStringLiteral("branch"), lastTurn }, { QStringLiteral("text"), text } },
        });
        const Result r = kwb({ QStringLiteral("lessons"), store, file, QStringLiteral("--author"), QStringLiteral("tests") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("Set 3 lesson(s).\n"));
    }
    auto s = Store::open(store, &error);
    const auto t = s->trajectory(s->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Headers, &error);
    const auto lessons = [](const QList<Annotation>& marks) {
        QStringList texts;
        for (const Annotation& a : marks)
            if (a.kind == Annotation::Kind::Lesson)
                texts.append(Annotation::scopeName(a.scope) + QLatin1Char(':') + a.value + QLatin1Char(':') + a.author);
        return texts;
    };
    QCOMPARE(lessons(t->annotations), QStringList { QStringLiteral("trajectory:second version:tests") });
    QCOMPARE(lessons(t->turns.first().annotations), QStringList { QStringLiteral("turn:second version:tests") });
    QCOMPARE(lessons(t->turns.last().annotations), QStringList { QStringLiteral("branch:second version:tests") });
    // The paper's figure comes back in the per-trajectory table.
    const TrajectoryTable::Row row = TrajectoryTable::row(*t);
    QCOMPARE(row.paperVsCompile, 73.31);
}

void TestSamplesTools::badLessonFilesChangeNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{\"lessons\": [") << QStringLiteral("is not valid JSON");
    QTest::newRow("no list") << QByteArray("{\"lesson\": []}") << QStringLiteral("lessons.json has no \"lessons\" array.");
    QTest::newRow("no text") << QByteArray("{\"lessons\": [{\"turn\": \"TURN\", \"text\": \"ok\"}, {\"turn\": \"TURN\"}]}")
                             << QStringLiteral("lessons.json: lesson 2 has no \"text\".");
    QTest::newRow("unknown turn") << QByteArray("{\"lessons\": [{\"turn\": \"TURN\", \"text\": \"ok\"}, {\"turn\": \"nope\", \"text\": \"x\"}]}")
                                  << QStringLiteral("lessons.json: lesson 2: There is no turn nope");
    QTest::newRow("no target") << QByteArray("{\"lessons\": [{\"text\": \"x\"}]}")
                               << QStringLiteral("lesson 1 names neither a \"trajectory\", a \"turn\" nor a \"branch\"");
    QTest::newRow("details") << QByteArray("{\"lessons\": [{\"turn\": \"TURN\", \"text\": \"x\", \"details\": 3}]}")
                             << QStringLiteral("\"details\" of lesson 1 is not an object.");
}

void TestSamplesTools::badLessonFilesChangeNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    const QString store = path(QStringLiteral("bad.kwb"));
    QVERIFY(test::copyDiagFixture(store));
    QString error;
    QString firstTurn;
    {
        auto s = Store::open(store, &error);
        firstTurn = s->trajectory(s->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Headers, &error)->turns.first().uuid;
    }
    const QString file = path(QStringLiteral("lessons.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content.replace("TURN", firstTurn.toUtf8()));
    f.close();
    const Result r = kwb({ QStringLiteral("lessons"), store, file });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1); // one sentence
    auto s = Store::open(store, &error);
    const auto t = s->trajectory(s->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Headers, &error);
    for (const Turn& turn : t->turns)
        for (const Annotation& a : turn.annotations)
            QVERIFY(a.kind != Annotation::Kind::Lesson); // the good first entry was not written either
}

void TestSamplesTools::perTrajectoryTableIsTheFinalTurnsOwn()
{
    QString error;
    const QString copy = path(QStringLiteral("table.kwb"));
    QVERIFY(test::copyDiagFixture(copy));
    auto s = Store::open(copy, &error, Store::OpenMode::MustExist);
    const auto t = s->trajectory(s->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Headers, &error);
    // The final kernel is the best correct turn by speed-up over torch.compile.
    const Turn* best = nullptr;
    for (const Turn& turn : t->turns)
        if (turn.eval && turn.eval->verify.status == StageStatus::Passed && (!best || turn.eval->speedupVsCompile() > best->eval->speedupVsCompile()))
            best = &turn;
    QVERIFY(best && best->eval->timing.candidate.isKnown());
    s.reset();
    Result r = kwb({ QStringLiteral("summary"), copy, QStringLiteral("--per-trajectory") });
    QVERIFY2(r.code == 0, r.err.constData());
    const QString text = QString::fromUtf8(r.out);
    const QString row = QStringLiteral("| 1_diag_matmul | %1 | %2 | %3 | %4 | %5× | %6× | – |")
                            .arg(t->title, QString::number(best->eval->timing.eager.medianUs / 1000, 'f', 3),
                                QString::number(best->eval->timing.compiled.medianUs / 1000, 'f', 3),
                                QString::number(best->eval->timing.candidate.medianUs / 1000, 'f', 3),
                                QString::number(best->eval->speedupVsEager(), 'f', 2), QString::number(best->eval->speedupVsCompile(), 'f', 2));
    QVERIFY2(text.contains(row), qPrintable(text + QStringLiteral("\nexpected: ") + row));
    QVERIFY2(text.contains(QStringLiteral("Measured on NVIDIA H200, driver 580.159.04, CUDA 13.0, torch 2.11.0+cu130")), qPrintable(text));
    r = kwb({ QStringLiteral("summary"), copy, QStringLiteral("--per-trajectory"), QStringLiteral("--json") });
    const QJsonArray rows = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.at(0)[QStringLiteral("final_turn")].toString(), best->uuid);
    QCOMPARE(rows.at(0)[QStringLiteral("kernel_ms")].toDouble(), best->eval->timing.candidate.medianUs / 1000);
    QCOMPARE(rows.at(0)[QStringLiteral("fingerprint")][QStringLiteral("gpu_name")].toString(), QStringLiteral("NVIDIA H200"));
}

QString TestSamplesTools::writeJson(const QString& name, const QByteArray& bytes)
{
    QFile f(path(name));
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() ? f.fileName() : QString();
}

// The calibration kwb-runner made on an H200 of the same host name, GPU and driver as the fixture's turns.
QJsonObject TestSamplesTools::h200Calibration()
{
    QFile f(QStringLiteral(KWB_SOURCE_DIR "/bench/h200/roofline/calibration.json"));
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

void TestSamplesTools::calibrationGivesItsMachinesTurnsARoofline()
{
    const QString store = path(QStringLiteral("calibrated.kwb"));
    QVERIFY(test::copyDiagFixture(store));
    const QJsonObject calibration = h200Calibration();
    QVERIFY(!calibration.isEmpty());
    const QString file = writeJson(QStringLiteral("calibration.json"), QJsonDocument(calibration).toJson());
    Result r = kwb({ QStringLiteral("attach-calibration"), store, file });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("to 4 evaluation(s); 0 were made on another machine and 0 had ceilings already."), r.out.constData());

    QString error;
    {
        auto s = Store::open(store, &error, Store::OpenMode::MustExist);
        QVERIFY2(s, qPrintable(error));
        const auto ids = s->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
        const auto t = s->trajectory(ids->first(), Store::Depth::Headers, &error);
        QVERIFY(t);
        const double bandwidth = calibration[QStringLiteral("ceilings")][QStringLiteral("bandwidth_bytes_per_s")].toDouble();
        double best = 0;
        int points = 0;
        for (const Turn& turn : t->turns) {
            QCOMPARE(turn.eval->ceilings.bandwidth, bandwidth);
            QCOMPARE(turn.eval->ceilings.calibratedAt, calibration[QStringLiteral("calibrated_at")].toString());
            const RooflinePoint p = roofline::correctCandidate(*turn.eval);
            QCOMPARE(p.isValid(), turn.eval->verify.status == StageStatus::Passed);
            if (p.isValid()) {
                // The floor over the copy bandwidth (or the FLOPs over the fp32 rate) against the median, as the runner would.
                const double memory = turn.eval->floor.bytes() / bandwidth;
                const double compute = turn.eval->floor.flops / turn.eval->ceilings.fp32;
                QCOMPARE(p.fractionOfRoofline, std::max(memory, compute) / (turn.eval->timing.candidate.medianUs * 1e-6));
                best = std::max(best, p.fractionOfRoofline);
                ++points;
            }
        }
        QCOMPARE(points, 2);
        const auto summaries = s->summaries(*ids, &error);
        QVERIFY(summaries);
        QCOMPARE(summaries->first().bestRoofline, best); // the list's "% roofline"
    }
    // Again: nothing left to give, and the evaluations keep the ceilings they have.
    r = kwb({ QStringLiteral("attach-calibration"), store, file });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("to 0 evaluation(s); 0 were made on another machine and 4 had ceilings already."), r.out.constData());
    r = kwb({ QStringLiteral("check"), store });
    QVERIFY2(r.code == 0, r.err.constData());

    // Another driver is another machine: its calibration is not the recording's.
    QJsonObject other = calibration;
    QJsonObject fingerprint = other[QStringLiteral("fingerprint")].toObject();
    fingerprint[QStringLiteral("driver_version")] = QStringLiteral("570.86.15");
    other[QStringLiteral("fingerprint")] = fingerprint;
    const QString fresh = path(QStringLiteral("fresh.kwb"));
    QVERIFY(test::copyDiagFixture(fresh));
    r = kwb({ QStringLiteral("attach-calibration"), fresh, writeJson(QStringLiteral("other.json"), QJsonDocument(other).toJson()) });
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("to 0 evaluation(s); 4 were made on another machine"), r.out.constData());
}

void TestSamplesTools::badCalibrationsChangeNothing_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("message");
    QJsonObject noMachine = h200Calibration();
    noMachine.remove(QStringLiteral("fingerprint"));
    QJsonObject noCeilings = h200Calibration();
    noCeilings.remove(QStringLiteral("ceilings"));
    QJsonObject zeroBandwidth = h200Calibration();
    QJsonObject ceilings = zeroBandwidth[QStringLiteral("ceilings")].toObject();
    ceilings[QStringLiteral("bandwidth_bytes_per_s")] = 0;
    zeroBandwidth[QStringLiteral("ceilings")] = ceilings;
    QTest::newRow("not json") << QByteArray("{\"ceilings\": ") << QByteArray("is not valid JSON");
    QTest::newRow("not an object") << QByteArray("[1, 2]") << QByteArray("is JSON but not an object");
    QTest::newRow("no machine") << QJsonDocument(noMachine).toJson() << QByteArray("does not name its machine's host_name");
    QTest::newRow("no ceilings") << QJsonDocument(noCeilings).toJson() << QByteArray("has no usable ceilings");
    QTest::newRow("zero bandwidth") << QJsonDocument(zeroBandwidth).toJson() << QByteArray("has no usable ceilings");
}

void TestSamplesTools::badCalibrationsChangeNothing()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, message);
    const QString store = path(QStringLiteral("untouched.kwb"));
    QVERIFY(test::copyDiagFixture(store));
    const auto digest = [&] {
        QFile f(store);
        return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
    };
    const QByteArray before = digest();
    const Result r = kwb({ QStringLiteral("attach-calibration"), store, writeJson(QStringLiteral("bad.json"), json) });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(message) && r.err.count('\n') == 1, r.err.constData());
    QCOMPARE(digest(), before);
}

QTEST_MAIN(TestSamplesTools)
#include "tst_samplestools.moc"
