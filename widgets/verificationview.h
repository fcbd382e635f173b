#pragma once

#include "model/evalresult.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace kwb {

class VerifyTrialsModel;

// The verify stage of a turn: the verdict, the tolerance used, and every trial with its error statistics.
class VerificationView : public QWidget
{
    Q_OBJECT
public:
    explicit VerificationView(QWidget* parent = nullptr);

    void setEval(const EvalResult* eval);
    QString summary() const;
    QTableView* trialsView() const { return m_view; }

private:
    VerifyTrialsModel* m_trials;
    QLabel* m_summary;
    QTableView* m_view;
};

} // namespace kwb
