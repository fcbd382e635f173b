#include "samplefixture.h"
#include "widgetfixtures.h"

#include "io/ceilingsattacher.h"
#include "mainwindow.h"
#include "model/roofline.h"
#include "referenceview.h"
#include "io/samplestore.h"
#include "teachingpanel.h"
#include "timelineview.h"
#include "tracepanel.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QTableWidget>
#include <QScreen>
#include <QSettings>
#include <QToolButton>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QHeaderView>
#include <QTranslator>
#include <QCheckBox>
#include <QAbstractButton>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace kwb;

// Teaching Mode on turns recorded on an H200: the lessons follow the turns, the figures shown are the turns' own,
// the timeline outlines what a lesson names, and the case studies open from a copy.
class TestTeaching : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }
    void lessonOrderIsMainBranchThenForks();
    void lessonsFollowTheTurns();
    void measuredLineGivesTheRooflineWhereTheMachineWasCalibrated();
    void lookForOutlinesAndFindsTheKernel();
    void turningTheModeOffClearsTheHighlight();
    void caseStudiesOpenFromACopy();
    void firstStartTourOnAScreenItFits();
    void lessonsInTheWindowsLanguage();
    void everyPaneFitsInSpanishAndChinese();

private:
    QTemporaryDir m_dir;
};

void TestTeaching::lessonOrderIsMainBranchThenForks()
{
    // root -> second -> third on the main branch; a fork from the root with two turns of its own.
    Trajectory t = test::forkedTrajectory(QStringLiteral("order")); // t0 (root), t1 (child), t2 (fork of t0)
    Turn third = t.turns.at(1);
    third.uuid = QStringLiteral("order-t3");
    third.parentUuid = t.turns.at(1).uuid;
    Turn forkChild = t.turns.at(2);
    forkChild.uuid = QStringLiteral("order-t4");
    forkChild.parentUuid = t.turns.at(2).uuid;
    t.turns.insert(2, third); // parents stay before children: t0, t1, t3, t2, t4
    t.turns.append(forkChild);
    QCOMPARE(TeachingPanel::lessonOrder(t), (QList<int> { 0, 1, 2, 3, 4 }));

    // Only turns with a lesson are stops; one without lies between its neighbours.
    Annotation lesson;
    lesson.kind = Annotation::Kind::Lesson;
    lesson.value = QStringLiteral("x");
    t.turns[1].annotations.append(lesson);
    t.turns[4].annotations.append(lesson);
    TeachingPanel panel;
    panel.setTrajectory(&t);
    QCOMPARE(panel.nextLesson(), 1);
    panel.showTurn(1);
    QCOMPARE(panel.previousLesson(), -1);
    QCOMPARE(panel.nextLesson(), 4);
    panel.showTurn(2); // no lesson: the lessons around it in the order
    QCOMPARE(panel.previousLesson(), 1);
    QCOMPARE(panel.nextLesson(), 4);
}

void TestTeaching::lessonsFollowTheTurns()
{
    const QString path = m_dir.filePath(QStringLiteral("lessons.kwb"));
    QVERIFY(test::copyDiagFixture(path));
    {
        QString error;
        auto store = Store::open(path, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    MainWindow w;
    w.setRemembersStores(false);
    QVERIFY(w.openStore(path));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("teachingDock"));
    auto* panel = w.findChild<TeachingPanel*>();
    auto* mode = w.findChild<QAction*>(QStringLiteral("actionTeachingMode"));
    auto* next = w.findChild<QAction*>(QStringLiteral("actionNextLesson"));
    auto* previous = w.findChild<QAction*>(QStringLiteral("actionPreviousLesson"));
    QVERIFY(dock && panel && mode && next && previous);
    QVERIFY(dock->isHidden());
    mode->trigger();
    QVERIFY(!dock->isHidden());

    const Trajectory& t = w.trajectory();
    QCOMPARE(t.turns.size(), 4);
    QCOMPARE(w.currentTurn(), 0);
    QCOMPARE(panel->lessonText(), test::lessonFor(0));
    QVERIFY(!previous->isEnabled());
    // The summary: one branch, its final kernel and baselines as that turn's evaluation measured them.
    const EvalResult& last = *t.turns.at(3).eval;
    QCOMPARE(panel->summaryTable()->rowCount(), 1);
    QCOMPARE(panel->summaryTable()->item(0, 1)->text(), QString::number(last.timing.candidate.medianUs / 1000.0, 'f', 3));
    QCOMPARE(panel->summaryTable()->item(0, 3)->text(), QString::number(last.timing.compiled.medianUs / 1000.0, 'f', 3));
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("teachingPaper"))->text().contains(QStringLiteral("73.31×")));

    next->trigger(); // the compile error
    QCOMPARE(w.currentTurn(), 1);
    QCOMPARE(panel->lessonText(), test::lessonFor(1));
    QVERIFY2(panel->measuredText().startsWith(QStringLiteral("The compile failed: kernels/diag_matmul.cu:")), qPrintable(panel->measuredText()));
    next->trigger(); // compiled, wrong numbers
    QVERIFY2(panel->measuredText().startsWith(QStringLiteral("It compiled, but verification failed")), qPrintable(panel->measuredText()));
    next->trigger(); // the fixed kernel, timed
    QCOMPARE(w.currentTurn(), 3);
    const QString measured = panel->measuredText();
    QVERIFY2(measured.contains(QString::number(last.timing.candidate.medianUs / 1000.0, 'f', 3) + QStringLiteral(" ms")), qPrintable(measured));
    QVERIFY2(measured.contains(QString::number(last.speedupVsCompile(), 'f', 2) + QStringLiteral("× over torch.compile")), qPrintable(measured));
    QVERIFY(measured.contains(QStringLiteral("NVIDIA H200")));
    // Its kernels' resources as ptxas reported them.
    QCOMPARE(panel->resourcesTable()->rowCount(), last.compile.kernels.size());
    QVERIFY(last.compile.kernels.size() > 0);
    QCOMPARE(panel->resourcesTable()->item(0, 1)->text(), QString::number(last.compile.kernels.at(0).registers));
    QVERIFY(!next->isEnabled());
    previous->trigger();
    QCOMPARE(w.currentTurn(), 2);
}

void TestTeaching::measuredLineGivesTheRooflineWhereTheMachineWasCalibrated()
{
    // The fixture was recorded without a calibration: no roofline to give.
    const QString path = m_dir.filePath(QStringLiteral("roofline.kwb"));
    QVERIFY(test::copyDiagFixture(path));
    QString error;
    auto store = Store::open(path, &error, Store::OpenMode::MustExist);
    QVERIFY2(store, qPrintable(error));
    auto t = store->trajectory(store->trajectoryIds({}, TrajectoryColumn::Created, false, &error)->first(), Store::Depth::Headers, &error);
    QVERIFY(t && t->turns.size() == 4);
    const Turn* timed = &t->turns.at(3);
    QVERIFY(!TeachingPanel::measured(*timed).contains(QStringLiteral("roofline")));

    // Its machine's calibration attached: the line names the fraction and what bounds it, as the Roofline dock does.
    QFile file(QStringLiteral(KWB_SOURCE_DIR "/bench/h200/samples/recording/calibration.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto attached = CeilingsAttacher::attach(*store, QJsonDocument::fromJson(file.readAll()).object(), &error);
    QVERIFY2(attached && attached->attached == 4, qPrintable(error));
    t = store->trajectory(t->storeId, Store::Depth::Headers, &error);
    QVERIFY(t);
    timed = &t->turns.at(3);
    const RooflinePoint p = roofline::candidate(*timed->eval);
    QVERIFY(p.isValid());
    const QString line = TeachingPanel::measured(*timed);
    const QString bound = p.limitedBy == RooflinePoint::Limit::Compute ? QStringLiteral("compute") : QStringLiteral("memory");
    QVERIFY2(line.contains(QStringLiteral(" · %1 of the roofline, %2-bound (measured on NVIDIA H200).").arg(roofline::percentText(p.fractionOfRoofline), bound)),
        qPrintable(line));
}

void TestTeaching::lookForOutlinesAndFindsTheKernel()
{
    const QString path = m_dir.filePath(QStringLiteral("lookfor.kwb"));
    QVERIFY(test::copyDiagFixture(path));
    {
        QString error;
        auto store = Store::open(path, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    MainWindow w;
    w.setRemembersStores(false);
    w.show(); // the timeline needs its real width to zoom
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openStore(path));
    QVERIFY(w.selectTrajectoryRow(0));
    w.findChild<QAction*>(QStringLiteral("actionTeachingMode"))->trigger();
    w.goToTurn(3);
    auto* panel = w.findChild<TeachingPanel*>();
    auto* trace = w.findChild<TracePanel*>();
    QCOMPARE(panel->lookForPatterns(), QStringList { QStringLiteral("row_scale") });
    QTRY_VERIFY(!trace->isLoading());
    TimelineView* timeline = trace->timeline();
    QVERIFY(timeline->model());
    QCOMPARE(timeline->highlight(), QStringLiteral("(?:row_scale)"));
    // The candidate's kernel ran in every traced call; nothing else in the trace is named like it.
    QVERIFY(timeline->highlightCount() >= 3);
    int matching = 0;
    for (const auto& track : timeline->model()->tracks())
        for (const auto& e : track.events)
            matching += QString::fromStdString(timeline->model()->name(e)).contains(QStringLiteral("row_scale"), Qt::CaseInsensitive);
    QCOMPARE(timeline->highlightCount(), matching);
    // The lesson's kernel is already selected, in the timed calls, before anything is clicked.
    QTRY_VERIFY(timeline->selected().event >= 0);
    {
        const auto& first = timeline->model()->tracks()[size_t(timeline->selected().track)].events[size_t(timeline->selected().event)];
        QVERIFY(QString::fromStdString(timeline->model()->name(first)).contains(QStringLiteral("row_scale")));
        QVERIFY(first.start >= timeline->alignmentTime());
    }

    // Picking the entry selects such a kernel in the timed calls and zooms to it.
    QListWidget* list = panel->lookForList();
    QCOMPARE(list->count(), 1);
    Q_EMIT list->itemClicked(list->item(0));
    const TimelineView::Hit hit = timeline->selected();
    QVERIFY(hit.event >= 0);
    const auto& event = timeline->model()->tracks()[size_t(hit.track)].events[size_t(hit.event)];
    QVERIFY(QString::fromStdString(timeline->model()->name(event)).contains(QStringLiteral("row_scale")));
    QVERIFY(event.start >= timeline->alignmentTime());
    QTRY_VERIFY(timeline->width() > TimelineView::kLabelWidth); // the dock was raised: once it is laid out
    QTRY_VERIFY(timeline->xAt(event.start) >= TimelineView::kLabelWidth && timeline->xAt(event.end()) <= timeline->width());

    // A turn without a trace has nothing to find, and says so rather than selecting anything.
    w.goToTurn(1);
    QTRY_VERIFY(!trace->isLoading());
    QVERIFY(!timeline->showFirstHighlight());
}

void TestTeaching::turningTheModeOffClearsTheHighlight()
{
    const QString path = m_dir.filePath(QStringLiteral("off.kwb"));
    QVERIFY(test::copyDiagFixture(path));
    {
        QString error;
        auto store = Store::open(path, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    MainWindow w;
    w.setRemembersStores(false);
    QVERIFY(w.openStore(path));
    QVERIFY(w.selectTrajectoryRow(0));
    auto* mode = w.findChild<QAction*>(QStringLiteral("actionTeachingMode"));
    mode->trigger();
    w.goToTurn(3);
    auto* trace = w.findChild<TracePanel*>();
    QTRY_VERIFY(!trace->isLoading());
    QVERIFY(trace->timeline()->highlightCount() > 0);
    mode->trigger();
    QVERIFY(trace->timeline()->highlight().isEmpty());
    QCOMPARE(trace->timeline()->highlightCount(), 0);
    QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("teachingDock"))->isHidden());
}

void TestTeaching::caseStudiesOpenFromACopy()
{
    // A copy in the user's data folder, named by content: made once, reused, and never the shipped file itself.
    QString error;
    QFile::remove(SampleStore::userCopy(test::diagFixture(), &error)); // what an earlier run left
    const QString copy = SampleStore::userCopy(test::diagFixture(), &error);
    QVERIFY2(!copy.isEmpty(), qPrintable(error));
    QVERIFY(copy.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    QVERIFY(copy != test::diagFixture());
    QCOMPARE(SampleStore::userCopy(test::diagFixture(), &error), copy);
    QFile a(copy), b(test::diagFixture());
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(a.readAll(), b.readAll());
    // A fork made in the copy leaves the original alone, and the next start keeps the user's copy.
    {
        auto store = Store::open(copy, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    QCOMPARE(SampleStore::userCopy(test::diagFixture(), &error), copy);
    QVERIFY(QFileInfo(copy).size() > 0);
    // Other case studies (another release) get a copy of their own.
    const QString other = m_dir.filePath(QStringLiteral("other.kwb"));
    QVERIFY(test::copyDiagFixture(other));
    {
        auto store = Store::open(other, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    const QString otherCopy = SampleStore::userCopy(other, &error);
    QVERIFY(!otherCopy.isEmpty() && otherCopy != copy);
    // A missing file is one sentence.
    QVERIFY(SampleStore::userCopy(m_dir.filePath(QStringLiteral("missing.kwb")), &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("cannot be read")), qPrintable(error));
}

// The first start: the window fits the screen it opens on, the store opens with its first trajectory shown, and the
// tour puts the case study at its most instructive turn in Teaching Mode with the card on stepping, forking, steering.
void TestTeaching::firstStartTourOnAScreenItFits()
{
    // The turn that taught the most: the root at 0.5x, its child at 2x (the step), a fork that did not compile.
    const Trajectory forked = test::forkedTrajectory(QStringLiteral("key"));
    QCOMPARE(TeachingPanel::keyTurn(forked), 1);
    Trajectory flat = forked;
    flat.turns[1].eval->verify.status = StageStatus::Failed; // no correct turn beyond the first: the first turn
    QCOMPARE(TeachingPanel::keyTurn(flat), 0);

    QSettings().clear(); // nothing saved: a first start
    MainWindow window;
    QVERIFY(!window.restoreSettings());
    const QRect room = window.screen()->availableGeometry();
    QVERIFY2(window.width() <= room.width() && window.height() <= room.height(),
        qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(window.width()).arg(window.height()).arg(room.width()).arg(room.height())));
    const QString path = m_dir.filePath(QStringLiteral("tour.kwb"));
    QVERIFY(test::copyDiagFixture(path));
    {
        QString error;
        auto store = Store::open(path, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    QVERIFY(window.openStore(path));
    QVERIFY(!window.trajectory().uuid.isEmpty()); // shown at once, not empty panes
    QVERIFY(!window.guideCard()->isVisibleTo(&window));
    window.startTour();
    QVERIFY(window.findChild<QAction*>(QStringLiteral("actionTeachingMode"))->isChecked());
    QCOMPARE(window.currentTurn(), TeachingPanel::keyTurn(window.trajectory()));
    QVERIFY(window.currentTurn() > 0); // the diag case study's step comes after its first turn
    QVERIFY(window.guideCard()->isVisibleTo(&window));
    window.findChild<QToolButton*>(QStringLiteral("guideDismiss"))->click();
    QVERIFY(!window.guideCard()->isVisibleTo(&window));

    // A laptop screen and a desktop one: every pane's minimum fits, and the timeline is in front of its tabs with room
    // for its rows and for the event's fields beside it.
    for (const QSize size : { QSize(1366, 768), QSize(1920, 1080) }) {
        MainWindow sized;
        sized.resize(size);
        QVERIFY(sized.openStore(path));
        sized.show();
        QVERIFY(QTest::qWaitForWindowExposed(&sized));
        QCOMPARE(sized.size(), size);
        auto* trace = sized.findChild<TracePanel*>();
        QVERIFY(trace->isVisible());
        const QString at = QStringLiteral(" at %1x%2").arg(size.width()).arg(size.height());
        QVERIFY2(trace->height() >= 240, qPrintable(QStringLiteral("%1 px high").arg(trace->height()) + at));
        auto* details = sized.findChild<QWidget*>(QStringLiteral("traceDetails"));
        QVERIFY2(details->width() >= 200, qPrintable(QStringLiteral("%1 px wide").arg(details->width()) + at));
    }
}

void TestTeaching::lessonsInTheWindowsLanguage()
{
    Annotation a;
    a.kind = Annotation::Kind::Lesson;
    a.value = QStringLiteral("Rows in registers.");
    a.details = QJsonObject { { QStringLiteral("look_for"), QJsonArray { QJsonObject { { QStringLiteral("kernel"), QStringLiteral("softmax") },
                                                                { QStringLiteral("note"), QStringLiteral("One launch.") } } } },
        { QStringLiteral("translations"),
            QJsonObject { { QStringLiteral("es"), QJsonObject { { QStringLiteral("text"), QStringLiteral("Filas en registros.") },
                                                      { QStringLiteral("look_for"), QJsonArray { QStringLiteral("Un lanzamiento.") } } } },
                { QStringLiteral("zh_CN"), QJsonObject { { QStringLiteral("text"), QStringLiteral("行保存在寄存器中。") } } } } } };
    // By the locale's name, then by its language; else as written, and a note the translation lacks stays English.
    QCOMPARE(TeachingPanel::lessonText(&a, QStringLiteral("es_ES")), QStringLiteral("Filas en registros."));
    QCOMPARE(TeachingPanel::lessonText(&a, QStringLiteral("zh_CN")), QStringLiteral("行保存在寄存器中。"));
    QCOMPARE(TeachingPanel::lessonText(&a, QStringLiteral("de_DE")), QStringLiteral("Rows in registers."));
    QCOMPARE(TeachingPanel::lookForNote(a, 0, QStringLiteral("es_MX")), QStringLiteral("Un lanzamiento."));
    QCOMPARE(TeachingPanel::lookForNote(a, 0, QStringLiteral("zh_CN")), QStringLiteral("One launch."));
    QVERIFY(TeachingPanel::lessonText(nullptr).isEmpty());
}

// The window in Spanish and Chinese on a laptop screen and a desktop one: no column header, button or one-line label
// is cut, and numbers follow the language's locale.
void TestTeaching::everyPaneFitsInSpanishAndChinese()
{
    const QString path = m_dir.filePath(QStringLiteral("languages.kwb"));
    QVERIFY(test::copyDiagFixture(path));
    {
        QString error;
        auto store = Store::open(path, &error);
        QVERIFY2(store && test::addDiagLessons(*store, &error), qPrintable(error));
    }
    const QLocale before;
    for (const QString& language : { QStringLiteral("es"), QStringLiteral("zh_CN") }) {
        QTranslator translator;
        QVERIFY2(translator.load(QStringLiteral(KWB_QM_DIR "/kwb_") + language + QStringLiteral(".qm")), qPrintable(language));
        QCoreApplication::installTranslator(&translator);
        QLocale::setDefault(QLocale(language));
        for (const QSize size : { QSize(1366, 768), QSize(1920, 1080) }) {
            MainWindow w;
            w.resize(size);
            QVERIFY(w.openStore(path));
            w.findChild<QAction*>(QStringLiteral("actionTeachingMode"))->setChecked(true);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(w.goToPosition(1));
            QApplication::processEvents();
            QStringList cut;
            const QString at = QStringLiteral(" (%1 at %2x%3)").arg(language).arg(size.width()).arg(size.height());
            for (QHeaderView* header : w.findChildren<QHeaderView*>()) {
                if (!header->isVisibleTo(&w) || header->orientation() != Qt::Horizontal || !header->model())
                    continue;
                for (int section = 0; section < header->count(); ++section) {
                    if (header->isSectionHidden(section) || header->sectionSize(section) == 0)
                        continue;
                    const QString text = header->model()->headerData(section, Qt::Horizontal).toString();
                    const int need = header->fontMetrics().horizontalAdvance(text) + 2;
                    if (!text.isEmpty() && header->sectionSize(section) < need)
                        cut << QStringLiteral("header \"%1\" %2<%3 px").arg(text).arg(header->sectionSize(section)).arg(need);
                }
            }
            for (QAbstractButton* button : w.findChildren<QAbstractButton*>()) {
                if (!button->isVisibleTo(&w) || button->text().isEmpty() || qobject_cast<QCheckBox*>(button))
                    continue;
                if (button->width() < button->minimumSizeHint().width())
                    cut << QStringLiteral("button \"%1\" %2<%3 px").arg(button->text()).arg(button->width()).arg(button->minimumSizeHint().width());
            }
            for (QLabel* label : w.findChildren<QLabel*>()) {
                if (!label->isVisibleTo(&w) || label->wordWrap() || label->text().isEmpty() || label->text().contains(QLatin1Char('<')))
                    continue;
                const int need = label->fontMetrics().horizontalAdvance(label->text()) + 2 * label->margin();
                if (label->contentsRect().width() < need)
                    cut << QStringLiteral("label \"%1\" %2<%3 px").arg(label->text()).arg(label->contentsRect().width()).arg(need);
            }
            QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; ")) + at));
            // One decimal separator, the language's: 201,3 MB in Spanish, 201.3 MB in Chinese.
            const QString floor = w.findChild<ReferenceView*>(QStringLiteral("referenceView"))->floorText();
            static const QRegularExpression comma(QStringLiteral("\\d,\\d")), point(QStringLiteral("\\d\\.\\d"));
            const bool spanish = language == QLatin1String("es");
            QVERIFY2(floor.contains(spanish ? comma : point) && !floor.contains(spanish ? point : comma), qPrintable(floor + at));
        }
        QCoreApplication::removeTranslator(&translator);
    }
    QLocale::setDefault(before);
}

QTEST_MAIN(TestTeaching)
#include "tst_teaching.moc"
