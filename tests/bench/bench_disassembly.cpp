// Opens a large SASS listing in the disassembly pane, offscreen, and times what a reader waits for: the blob
// parsed, the kernel shown (model filled, columns sized), the listing scrolled a page at a time from top to
// bottom and back with every frame painted, scrolled with the rows of a CUDA line highlighted, and a search
// through every match. Per-instruction counters like Nsight Compute's source page are set for every row, so the
// two counter columns are painted too. Prints JSON.
//   bench_disassembly DISASSEMBLY.json [KERNEL] [WIDTHxHEIGHT]
// DISASSEMBLY.json is what `kwb-runner disasm` writes (bench/README.md makes one from tests/bench/data/unrolled.cu).
#include "disassemblyview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QScrollBar>
#include <QSysInfo>
#include <QTableView>
#include <QTextStream>

#include <algorithm>

using namespace kwb;

namespace {

QJsonObject summary(QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    const auto at = [&ms](double q) { return ms.isEmpty() ? 0.0 : ms.at(std::min<qsizetype>(ms.size() - 1, qsizetype(q * ms.size()))); };
    double sum = 0;
    for (double v : ms)
        sum += v;
    return { { QStringLiteral("frames"), int(ms.size()) }, { QStringLiteral("median_ms"), at(0.5) },
        { QStringLiteral("p95_ms"), at(0.95) }, { QStringLiteral("max_ms"), ms.isEmpty() ? 0.0 : ms.last() },
        { QStringLiteral("mean_ms"), ms.isEmpty() ? 0.0 : sum / double(ms.size()) } };
}

double msSince(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

// One frame: the scroll position moved, events processed, the whole pane painted into the image.
double frame(DisassemblyView& view, QImage& image, int value)
{
    QElapsedTimer t;
    t.start();
    view.table()->verticalScrollBar()->setValue(value);
    QApplication::processEvents();
    QPainter p(&image);
    view.render(&p);
    return msSince(t);
}

// Top to bottom and back, a page at a time.
QJsonObject scroll(DisassemblyView& view, QImage& image)
{
    QScrollBar* bar = view.table()->verticalScrollBar();
    const int page = std::max(1, bar->pageStep());
    QList<double> ms;
    for (int v = 0; v <= bar->maximum(); v += page)
        ms << frame(view, image, v);
    for (int v = bar->maximum(); v >= 0; v -= page)
        ms << frame(view, image, v);
    return summary(ms);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen"));
    QApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        err << "usage: bench_disassembly DISASSEMBLY.json [KERNEL] [WIDTHxHEIGHT]\n";
        return 2;
    }
    const QString kernel = args.value(2);
    const QStringList size = args.value(3, QStringLiteral("900x1000")).split(QLatin1Char('x'));
    QFile file(args.at(1));
    if (!file.open(QIODevice::ReadOnly)) {
        err << "bench_disassembly: cannot read " << args.at(1) << ".\n";
        return 1;
    }
    const QByteArray json = file.readAll();

    QJsonObject out;
    out[QStringLiteral("host")] = QSysInfo::machineHostName();
    out[QStringLiteral("bytes")] = int(json.size());

    QElapsedTimer t;
    t.start();
    QString error;
    const std::optional<DisassemblyBundle> bundle = DisassemblyBundle::fromJson(json, &error);
    out[QStringLiteral("parse_ms")] = msSince(t);
    if (!bundle) {
        err << "bench_disassembly: " << error << "\n";
        return 1;
    }

    DisassemblyView view;
    view.resize(size.value(0).toInt(), size.value(1).toInt());
    view.show();
    QApplication::processEvents();
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);

    t.restart();
    view.setBundle(bundle);
    if (!kernel.isEmpty() && !view.showKernel(kernel)) {
        err << "bench_disassembly: no kernel matches " << kernel << ".\n";
        return 1;
    }
    QApplication::processEvents();
    {
        QPainter p(&image);
        view.render(&p);
    }
    out[QStringLiteral("open_ms")] = msSince(t); // the kernel shown and its first frame painted
    out[QStringLiteral("kernel")] = view.currentSymbol();
    out[QStringLiteral("instructions")] = view.model()->rowCount();

    // Counters on every instruction, as a profiled turn has them; the pane is shown again with them.
    const ListingFunction* listing = bundle->sassOf(view.currentSymbol());
    QHash<qint64, InstructionCounters> counters;
    for (int i = 0; listing && i < listing->instructions.size(); ++i) {
        const Instruction& in = listing->instructions.at(i);
        counters.insert(in.offset, InstructionCounters { 1'000 + (i * 7'919) % 50'000, (i * 104'729) % 300 });
    }
    t.restart();
    view.setCounters({ { view.currentSymbol(), counters } });
    QApplication::processEvents();
    {
        QPainter p(&image);
        view.render(&p);
    }
    out[QStringLiteral("counters_ms")] = msSince(t);

    out[QStringLiteral("scroll")] = scroll(view, image);

    // A CUDA line picked in the editor: its rows marked (the line with the most instructions, for the worst case).
    QHash<int, int> perLine;
    for (int i = 0; listing && i < listing->instructions.size(); ++i)
        ++perLine[listing->instructions.at(i).line];
    int busiest = 0;
    for (auto it = perLine.cbegin(); it != perLine.cend(); ++it)
        if (it.key() > 0 && (busiest == 0 || it.value() > perLine.value(busiest)))
            busiest = it.key();
    t.restart();
    view.highlightSourceLine(listing ? listing->instructions.value(0).file : QString(), busiest);
    QApplication::processEvents();
    out[QStringLiteral("highlight_ms")] = msSince(t);
    out[QStringLiteral("highlighted_rows")] = int(view.highlightedRows().size());
    out[QStringLiteral("scroll_highlighted")] = scroll(view, image);

    // Search: every match of a common opcode in turn, with the pane painted at each.
    QList<double> finds;
    view.table()->verticalScrollBar()->setValue(0);
    view.table()->setCurrentIndex({});
    for (int i = 0; i < 200; ++i) {
        QElapsedTimer f;
        f.start();
        if (!view.findNext(QStringLiteral("FFMA")))
            break;
        QApplication::processEvents();
        QPainter p(&image);
        view.render(&p);
        finds << msSince(f);
    }
    out[QStringLiteral("find")] = summary(finds);

    QTextStream(stdout) << QJsonDocument(out).toJson();
    return 0;
}
