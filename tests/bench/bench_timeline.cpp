// Paint time of TimelineView for 1e5, 1e6 and 1e7 events into a 1920 x 1000 QImage (QBENCHMARK; not run by
// ctest). The traces are built in memory, synthetic like bench_trace_load's: per launch one runtime call on
// one of 4 host threads and one kernel on one of 4 streams, 200 kernel names, an NVTX range per 100 launches.
//   bench_timeline [-median 5]           figures for bench/README.md
#include "timelineview.h"

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTest>

using namespace kwb;
using namespace kwb::trace;

class BenchTimeline : public QObject {
    Q_OBJECT
private slots:
    void paint_data();
    void paint();

private:
    static std::shared_ptr<const TraceModel> synthetic(size_t events);
    std::map<size_t, std::shared_ptr<const TraceModel>> m_models;
};

std::shared_ptr<const TraceModel> BenchTimeline::synthetic(size_t events)
{
    auto m = std::make_shared<TraceModel>();
    const size_t launches = events / 2;
    std::vector<uint32_t> kernelNames;
    for (int i = 0; i < 200; ++i)
        kernelNames.push_back(m->intern("kernel_" + std::to_string(i)));
    const uint32_t launchName = m->intern("cudaLaunchKernel");
    int64_t t = 1'700'000'000'000'000'000;
    for (size_t i = 0; i < launches; ++i) {
        TraceEvent api;
        api.start = t;
        api.duration = 3'000;
        api.name = launchName;
        api.setPacked(0, EventKind::RuntimeApi, 0);
        m->addEvent(m->trackFor(1, int64_t(100 + i % 4)), api);
        TraceEvent k;
        k.start = t + 5'000;
        k.duration = 2'000 + int64_t((i * 7919) % 50'000);
        k.name = kernelNames[i % 200];
        k.setPacked(0, EventKind::Kernel, 0);
        m->addEvent(m->trackFor(2, int64_t(7 + i % 4)), k);
        if (i % 100 == 0) {
            TraceEvent r;
            r.start = t;
            r.duration = 400'000;
            r.name = m->intern("step");
            r.setPacked(0, EventKind::Range, 0);
            m->addEvent(m->trackFor(1, int64_t(100 + i % 4)), r);
        }
        t += 4'000;
    }
    m->setProcessName(1, "python3 (host)");
    m->setProcessName(2, "GPU 0");
    m->finish();
    return m;
}

void BenchTimeline::paint_data()
{
    QTest::addColumn<qulonglong>("events");
    QTest::addColumn<double>("fraction"); // of the trace's span in view
    for (const size_t n : { size_t(100'000), size_t(1'000'000), size_t(10'000'000) })
        for (const double f : { 1.0, 0.01, 0.0001 })
            QTest::addRow("%zu events, %g of the span", n, f) << qulonglong(n) << f;
}

void BenchTimeline::paint()
{
    QFETCH(qulonglong, events);
    QFETCH(double, fraction);
    auto& model = m_models[events];
    if (!model)
        model = synthetic(events);
    TimelineView view;
    view.resize(1920, 1000);
    QElapsedTimer levels;
    levels.start();
    view.setTrace(model); // builds the zoom levels once, outside the measurement
    qInfo("zoom levels built in %lld ms", levels.elapsed());
    const int64_t span = model->endTime() - model->startTime();
    const int64_t mid = model->startTime() + span / 2;
    view.setViewRange(mid - int64_t(span * fraction / 2), mid + int64_t(span * fraction / 2));
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    QBENCHMARK {
        QPainter p(&image);
        view.render(&p);
    }
}

QTEST_MAIN(BenchTimeline)
#include "bench_timeline.moc"
