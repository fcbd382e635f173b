// TraceLod: zoomed out, a dense track comes back as one fold per bucket, every event accounted for once;
// zoomed in, as its events; long events stay events at every level where they span a bucket.
#include "trace/tracelod.h"
#include "trace/tracereader.h"

#include <QTest>

#include <string>

using namespace kwb::trace;

class TestTraceLod : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void zoomedOutFoldsIntoAtMostTwoBucketsPerPixel();
    void everyEventIsReportedOnce_data();
    void everyEventIsReportedOnce();
    void zoomedInReportsEvents();
    void coverageFollowsBusyTime();
    void smallTracksHaveNoLevels();

private:
    std::unique_ptr<TraceModel> m_model;
    size_t m_dense = 0; // track index of the dense kernel stream
    int64_t m_start = 0;
    int64_t m_end = 0;
};

// Stream 1: 20,000 kernels of 200 ns, one every µs for 10 ms, then 10 ms idle, then 10,000 more packed
// back to back (1 µs each), and three long kernels (1 ms, 2 ms, 5 ms) after them. Stream 2: 10 kernels.
void TestTraceLod::initTestCase()
{
    std::string json = R"({"traceEvents":[)";
    auto add = [&](int64_t tsNs, int64_t durNs, int tid, const char* name) {
        json += std::string(json.back() == '[' ? "" : ",") + R"({"ph":"X","cat":"kernel","name":")" + name
            + R"(","pid":7,"tid":)" + std::to_string(tid) + R"(,"ts":)" + std::to_string(tsNs / 1000) + "."
            + std::to_string(1000 + tsNs % 1000).substr(1) + R"(,"dur":)" + std::to_string(durNs / 1000) + "."
            + std::to_string(1000 + durNs % 1000).substr(1) + "}";
    };
    const int64_t t0 = 1'000'000'000;
    for (int i = 0; i < 20'000; ++i)
        add(t0 + i * 1'000, 200, 1, "sparse");
    for (int i = 0; i < 10'000; ++i)
        add(t0 + 30'000'000 + i * 1'000, 1'000, 1, "packed");
    add(t0 + 41'000'000, 1'000'000, 1, "long1");
    add(t0 + 43'000'000, 2'000'000, 1, "long2");
    add(t0 + 46'000'000, 5'000'000, 1, "long5");
    for (int i = 0; i < 10; ++i)
        add(t0 + i * 100'000, 500, 2, "few");
    json += "]}";
    TraceReader::Result r = TraceReader::parse(json, "lod");
    QVERIFY2(r.complete, r.error.c_str());
    m_model = std::move(r.model);
    for (size_t i = 0; i < m_model->tracks().size(); ++i)
        if (m_model->tracks()[i].tid == 1)
            m_dense = i;
    QCOMPARE(m_model->tracks()[m_dense].events.size(), size_t(30'003));
    m_start = t0;
    m_end = t0 + 51'000'000;
}

void TestTraceLod::zoomedOutFoldsIntoAtMostTwoBucketsPerPixel()
{
    const TraceLod lod(*m_model);
    QVERIFY(lod.levelCount(m_dense) > 5);
    const double nsPerPixel = double(m_end - m_start) / 1920.0;
    size_t events = 0, folds = 0;
    lod.visit(m_dense, m_start, m_end, nsPerPixel, [&](uint32_t) { ++events; }, [&](const TraceLod::Fold&) { ++folds; });
    QVERIFY2(folds <= 2 * 1920 + 2, qPrintable(QString::number(folds)));
    QVERIFY(folds > 100);
    QCOMPARE(events, size_t(3)); // only the three long kernels are wider than a pixel's bucket
    QVERIFY(lod.memoryBytes() < m_model->tracks()[m_dense].events.size() * 32 / 2); // well under the events
}

void TestTraceLod::everyEventIsReportedOnce_data()
{
    QTest::addColumn<double>("nsPerPixel");
    for (const double p : { 50.0, 2'000.0, 30'000.0, 700'000.0, 1e7, 1e9 })
        QTest::newRow(qPrintable(QString::number(p))) << p;
}

void TestTraceLod::everyEventIsReportedOnce()
{
    QFETCH(double, nsPerPixel);
    const TraceLod lod(*m_model);
    size_t total = 0;
    lod.visit(m_dense, m_start - 1'000'000, m_end + 1'000'000, nsPerPixel, [&](uint32_t) { ++total; },
              [&](const TraceLod::Fold& f) { total += f.count; });
    QCOMPARE(total, size_t(30'003));
}

void TestTraceLod::zoomedInReportsEvents()
{
    const TraceLod lod(*m_model);
    QCOMPARE(lod.levelFor(m_dense, 10.0), -1);
    // 20 µs of the sparse part at 10 ns per pixel: 20 kernels, each its own event.
    std::vector<uint32_t> seen;
    lod.visit(m_dense, m_start + 100'000, m_start + 120'000, 10.0, [&](uint32_t i) { seen.push_back(i); },
              [](const TraceLod::Fold&) { QFAIL("no folds when zoomed in"); });
    QCOMPARE(seen.size(), size_t(20));
    for (const uint32_t i : seen)
        QCOMPARE(m_model->name(m_model->tracks()[m_dense].events[i]), std::string("sparse"));
}

void TestTraceLod::coverageFollowsBusyTime()
{
    const TraceLod lod(*m_model);
    auto coverageOver = [&](int64_t from, int64_t to) {
        double sum = 0;
        int n = 0;
        lod.visit(m_dense, from, to, 200'000.0, [](uint32_t) {}, [&](const TraceLod::Fold& f) {
            if (f.start >= from && f.end <= to) {
                sum += f.coverage;
                ++n;
            }
        });
        return n ? sum / n : -1.0;
    };
    QVERIFY(lod.levelFor(m_dense, 200'000.0) >= 0);
    const double sparse = coverageOver(m_start + 1'000'000, m_start + 9'000'000); // 200 ns busy per µs
    const double packed = coverageOver(m_start + 31'000'000, m_start + 39'000'000); // back to back
    QVERIFY2(sparse > 0.15 && sparse < 0.25, qPrintable(QString::number(sparse)));
    QVERIFY2(packed > 0.95 && packed <= 1.0, qPrintable(QString::number(packed)));
}

void TestTraceLod::smallTracksHaveNoLevels()
{
    const TraceLod lod(*m_model);
    const size_t few = m_dense == 0 ? 1 : 0;
    QCOMPARE(lod.levelCount(few), 0);
    size_t events = 0;
    lod.visit(few, m_start, m_end, 1e9, [&](uint32_t) { ++events; }, [](const TraceLod::Fold&) {});
    QCOMPARE(events, size_t(10));
}

QTEST_GUILESS_MAIN(TestTraceLod)
#include "tst_tracelod.moc"
