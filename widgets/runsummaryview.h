#pragma once

#include "store/trajectoryfilter.h"

#include <QWidget>

#include <utility>

class QLabel;
class QTableWidget;

namespace kwb {

class RunSummary;
class Store;

// The Run Summary dock: pass rate, faster rates and geometric-mean speed-ups of the trajectories in view (the
// trajectory list's filter), overall and per level, laid out like the CUDA Agent paper's Table 1; trajectories judged
// under different rule profiles are never counted together. It reads the store only while it is shown.
class RunSummaryView : public QWidget
{
    Q_OBJECT
public:
    explicit RunSummaryView(QWidget* parent = nullptr);

    void setStore(const Store* store);
    void setFilter(const TrajectoryFilter& filter);
    // The table as text (rows and cells separated by new lines and tabs), for tests and copying.
    QString text() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    // One block of rows per rule profile (the profile named in the rows' headers when there is more than one).
    void display(const QList<std::pair<QString, RunSummary>>& byRules);

    const Store* m_store = nullptr;
    TrajectoryFilter m_filter;
    bool m_stale = true;
    QTableWidget* m_table;
    QLabel* m_note;
};

} // namespace kwb
