#pragma once

#include "model/evalresult.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;

namespace kwb {

class DiagnosticsModel;
class KernelResourcesModel;

// The compile stage of a turn: parsed diagnostics with the raw nvcc log beside them, and ptxas resources per
// kernel. Selecting a diagnostic asks for its file to be opened at its line.
class CompilerOutputView : public QWidget
{
    Q_OBJECT
public:
    explicit CompilerOutputView(QWidget* parent = nullptr);

    void setEval(const EvalResult* eval); // null: not evaluated
    QString summary() const;
    QTableView* diagnosticsView() const { return m_diagnosticsView; }
    QTableView* resourcesView() const { return m_resourcesView; }
    QString log() const;

Q_SIGNALS:
    void diagnosticActivated(const QString& file, int line, int column, kwb::Diagnostic::Severity severity);

private:
    void activate(const QModelIndex& index);

    DiagnosticsModel* m_diagnostics;
    KernelResourcesModel* m_resources;
    QLabel* m_summary;
    QTableView* m_diagnosticsView;
    QTableView* m_resourcesView;
    QPlainTextEdit* m_log;
};

} // namespace kwb
