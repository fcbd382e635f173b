// TimelineRuler: ticks 1, 2 or 5 powers of ten apart and about 100 px, labels distinct however far from the trace's
// start and with the decimals the step needs, durations in the unit that reads best, and the highlight's marks.
#include "timelineruler.h"
#include "timelinetrace.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QTest>

#include <cmath>

using namespace kwb;

class TestTimelineRuler : public QObject {
    Q_OBJECT
private slots:
    void ticksAreRoundAndAbout100PxApart();
    void labelsAreDistinctFarFromTheStart();
    void durationsReadInTheirUnit();
    void highlightMarksTheFoot();
};

void TestTimelineRuler::ticksAreRoundAndAbout100PxApart()
{
    TimelineZoom zoom;
    zoom.setArea(190, 1190);
    for (const double perPixel : { 0.37, 3.0, 70.0, 1234.0, 8e5 }) {
        zoom.setScale(0, perPixel);
        const auto ticks = TimelineRuler::ticks(zoom, 0);
        QVERIFY(ticks.size() >= 4);
        const double gap = ticks[1].first - ticks[0].first;
        QVERIFY2(gap >= 100 - 1e-6 && gap <= 250, qPrintable(QString::number(gap)));
        const double stepNs = gap * perPixel;
        const double mantissa = stepNs / std::pow(10.0, std::floor(std::log10(stepNs) + 1e-9));
        QVERIFY2(std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6,
                 qPrintable(QString::number(stepNs)));
        QVERIFY(ticks.front().first >= zoom.left() && ticks.back().first < zoom.right());
    }
}

void TestTimelineRuler::labelsAreDistinctFarFromTheStart()
{
    TimelineZoom zoom;
    zoom.setArea(190, 1590);
    const qint64 origin = 1'700'000'000'000'000'000; // a trace whose clock is since the epoch
    for (const double perPixel : { 1.0, 10.0, 1e3, 1e5, 1e7 }) {
        zoom.setScale(origin + qint64(1.137e9), perPixel);
        const auto ticks = TimelineRuler::ticks(zoom, origin);
        QSet<QString> labels;
        for (const auto& tick : ticks)
            labels.insert(tick.second);
        QCOMPARE(labels.size(), ticks.size());
    }
    QCOMPARE(TimelineRuler::tickText(1.1372e9, 1e5), QStringLiteral("1.1372 s"));
    QCOMPARE(TimelineRuler::tickText(2500, 500), QStringLiteral("2.5 µs"));
}

void TestTimelineRuler::durationsReadInTheirUnit()
{
    QCOMPARE(TimelineRuler::durationText(850), QStringLiteral("850 ns"));
    QCOMPARE(TimelineRuler::durationText(12'500), QStringLiteral("12.5 µs"));
    QCOMPARE(TimelineRuler::durationText(3.25e6), QStringLiteral("3.25 ms"));
    QCOMPARE(TimelineRuler::durationText(2e9), QStringLiteral("2 s"));
}

void TestTimelineRuler::highlightMarksTheFoot()
{
    const auto model = smallTimelineTrace();
    QVERIFY(model);
    int track = -1;
    for (int t = 0; t < int(model->tracks().size()); ++t)
        if (model->tracks()[size_t(t)].threadName == "stream 7")
            track = t;
    QVERIFY(track >= 0);
    TimelineZoom zoom;
    zoom.setArea(190, 790);
    zoom.setBounds(model->startTime(), model->endTime());
    zoom.setRange(model->startTime(), model->endTime());
    const trace::TraceEvent& kernel = model->tracks()[size_t(track)].events.front();
    const int x = int(zoom.xAt(kernel.start + kernel.duration / 2));
    const QColor mark(255, 140, 0);
    auto footAt = [&](const std::vector<TimelineHit>& hits) {
        QImage image(800, TimelineRuler::kHeight, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        TimelineRuler::paint(p, QApplication::palette(), image.width(), zoom, model.get(), hits);
        p.end();
        return image.pixelColor(x, TimelineRuler::kHeight - 3);
    };
    QCOMPARE(footAt({ { track, 0 } }), mark);
    QVERIFY(footAt({}) != mark);
}

QTEST_MAIN(TestTimelineRuler)
#include "tst_timelineruler.moc"
