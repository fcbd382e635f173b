#pragma once

#include "model/evalresult.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace kwb {

class TimingModel;

// The Timeline dock's content until the trace view exists: the turn's timings (candidate, eager, torch.compile;
// median and spread) with speedups and the reward they earned.
class TimingView : public QWidget
{
    Q_OBJECT
public:
    explicit TimingView(QWidget* parent = nullptr);

    void setEval(const EvalResult* eval);
    QString summary() const;
    QTableView* table() const { return m_view; }

private:
    TimingModel* m_timing;
    QLabel* m_summary;
    QTableView* m_view;
};

} // namespace kwb
