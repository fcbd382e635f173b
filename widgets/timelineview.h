#pragma once

#include "timelinepainter.h"
#include "timelinerows.h"
#include "timelineruler.h"
#include "timelinezoom.h"
#include "trace/kerneltotals.h"
#include "trace/tracelod.h"
#include "trace/tracemodel.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

namespace kwb {

// A trace as a timeline: one group per process (host, then GPUs), one row per thread or stream, NVTX ranges
// and CPU ops nested by depth. Zoomed out, rows show the zoom levels' densities (TraceLod), zoomed in, the
// events. Wheel zooms about the cursor, Shift+wheel scrolls the rows, dragging pans, Shift+drag measures a
// range (Z zooms to it), a click selects an event and shows its flows; a click on a group header folds it.
// The parts, each tested on its own: TimelineZoom (the time axis), TimelineRows (rows, labels, folds, the vertical
// scroll), TimelineRuler and TimelinePainter; the view holds the trace, the selection and the highlight, and turns
// input into changes of the parts.
class TimelineView : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    // `lod` are the model's zoom levels when the caller built them off the UI thread; else they are built here.
    void setTrace(std::shared_ptr<const trace::TraceModel> model, std::shared_ptr<const trace::TraceLod> lod = {});
    void clear(const QString& message = {});
    const trace::TraceModel* model() const { return m_model.get(); }
    // GPU work outside the harness's timed calls (copies, flushes): drawn dimmed and named "harness · …".
    bool isHarnessWork(int track, int event) const;

    // View: time at the left edge of the event area, and ns per pixel.
    void setViewRange(qint64 start, qint64 end);
    qint64 viewStart() const { return m_zoom.viewStart(); }
    double nsPerPixel() const { return m_zoom.nsPerPixel(); }
    qint64 timeAt(double x) const;
    double xAt(qint64 t) const;
    void zoomAt(double x, double factor);
    void setTimeScale(qint64 viewStart, double nsPerPixel); // as given, no clamping, no viewChanged
    // Where this trace's timed region starts: the first range named "... call 0" (the harness's trace pass),
    // else the trace's first event. Two traces compared are aligned there.
    qint64 alignmentTime() const { return m_alignment; }
    void zoomToMeasure();
    QPair<qint64, qint64> measure() const { return m_measure; }

    // "What to look for": events whose name matches the pattern (case-insensitive) are outlined, and marked on the
    // ruler at every zoom level. An empty or invalid pattern clears the highlight. Returns how many events match.
    int setHighlight(const QString& pattern);
    QString highlight() const { return m_highlightPattern; }
    int highlightCount() const { return int(m_highlighted.size()); }
    // Selects the first highlighted event in the timed region (else the first one) and zooms to show it with its
    // neighbours; false when nothing matches.
    bool showFirstHighlight();

    using Hit = TimelineHit;
    Hit hitTest(const QPoint& pos) const;
    Hit selected() const { return m_selected; }
    void select(Hit hit);
    void setGroupCollapsed(qint64 pid, bool collapsed);
    int visibleTrackCount() const;
    QRect trackRect(int track) const; // where the track's row is drawn; empty when its group is folded
    QRect groupRect(qint64 pid) const;

    QSize minimumSizeHint() const override { return { kLabelWidth + 60, 4 * kDepthHeight + kRulerHeight }; }
    QSize sizeHint() const override { return { kLabelWidth + 640, 240 }; }
    // The ruler's ticks in view: x in pixels and label (relative to the trace's start), each label distinct.
    QList<QPair<double, QString>> rulerTicks() const;

    static constexpr int kLabelWidth = 190;
    static constexpr int kRulerHeight = TimelineRuler::kHeight;
    static constexpr int kDepthHeight = TimelineRows::kDepthHeight;

Q_SIGNALS:
    void eventSelected(int track, int event); // -1, -1: nothing
    void viewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void layoutRows();
    void viewMoved(); // repaint and tell the listeners
    TimelinePainter::Scene scene() const;

    std::shared_ptr<const trace::TraceModel> m_model;
    std::shared_ptr<const trace::TraceLod> m_lod; // refers to *m_model, declared after it
    QString m_message;
    void syncArea() const { m_zoom.setArea(kLabelWidth, width()); } // the event area is the width right of the labels
    mutable TimelineZoom m_zoom; // its area follows width(), also read where the view is const
    TimelineRows m_rows;
    TimelinePainter m_painter;
    qint64 m_alignment = 0;
    Hit m_selected;
    QPair<qint64, qint64> m_measure { 0, 0 };
    QPoint m_pressPos;
    qint64 m_pressViewStart = 0;
    int m_pressScrollY = 0;
    bool m_dragging = false;
    bool m_measuring = false;
    QString m_highlightPattern;
    std::vector<char> m_highlightNames; // per interned name: matches the pattern
    std::unique_ptr<trace::CallRanges> m_calls;
    std::vector<Hit> m_highlighted; // matching events, by start time
};

} // namespace kwb
