#include "compileroutputview.h"
#include "headerfit.h"
#include "codefont.h"

#include "models/diagnosticsmodel.h"
#include "models/kernelresourcesmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace kwb {

namespace {

QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    fitSectionsToTitles(view->horizontalHeader());
    return view;
}

QWidget* captioned(const QString& caption, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* label = new QLabel(caption, box);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    layout->addWidget(label);
    layout->addWidget(body);
    return box;
}

} // namespace

CompilerOutputView::CompilerOutputView(QWidget* parent)
    : QWidget(parent)
    , m_diagnostics(new DiagnosticsModel(this))
    , m_resources(new KernelResourcesModel(this))
    , m_summary(new QLabel(this))
    , m_diagnosticsView(makeTable(m_diagnostics, QStringLiteral("diagnosticsView"), this))
    , m_resourcesView(makeTable(m_resources, QStringLiteral("resourcesView"), this))
    , m_log(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("compilerOutputView"));
    m_summary->setObjectName(QStringLiteral("compileSummary"));
    m_summary->setWordWrap(true);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::SeverityColumn, 70);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::FileColumn, 140);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::LineColumn, 50);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::ColumnColumn, 56);
    m_diagnosticsView->setColumnWidth(DiagnosticsModel::CodeColumn, 50);
    fitSectionsToTitles(m_diagnosticsView->horizontalHeader());
    m_log->setObjectName(QStringLiteral("compileLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(codeFont());
    m_log->setPlaceholderText(tr("No compiler output."));

    connect(m_diagnosticsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { activate(current); });
    connect(m_diagnosticsView, &QTableView::clicked, this, &CompilerOutputView::activate);

    auto* tables = new QSplitter(Qt::Vertical, this);
    tables->addWidget(captioned(tr("Diagnostics"), m_diagnosticsView, tables));
    tables->addWidget(captioned(tr("Resources per kernel (ptxas)"), m_resourcesView, tables));
    tables->setStretchFactor(0, 3);
    tables->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("compilerSplitter"));
    split->addWidget(tables);
    split->addWidget(captioned(tr("Raw log"), m_log, split));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
}

void CompilerOutputView::setEval(const EvalResult* eval)
{
    if (!eval || eval->compile.status == StageStatus::NotRun) {
        m_summary->setText(eval ? tr("The compile stage did not run for this turn.") : tr("This turn was not evaluated."));
        m_diagnostics->setDiagnostics({});
        m_resources->setKernels({});
        m_log->clear();
        return;
    }
    if (eval->compile.status == StageStatus::Error) {
        // Not a compile failure: the build could not run on that machine, and nothing of the candidate's was judged.
        m_summary->setText(tr("Not compiled: the evaluation could not run on its machine (not the agent's failure): %1")
                               .arg(eval->environmentError()));
        m_diagnostics->setDiagnostics({});
        m_resources->setKernels({});
        if (m_log->toPlainText() != eval->compile.log)
            m_log->setPlainText(eval->compile.log);
        return;
    }
    const EvalResult::Compile& c = eval->compile;
    int errors = 0, warnings = 0;
    for (const Diagnostic& d : c.diagnostics) {
        if (d.severity == Diagnostic::Severity::Error || d.severity == Diagnostic::Severity::Fatal)
            ++errors;
        else if (d.severity == Diagnostic::Severity::Warning)
            ++warnings;
    }
    QString text;
    switch (c.status) {
    case StageStatus::Passed:
        text = tr("Compiled");
        break;
    case StageStatus::TimedOut:
        text = tr("Compile timed out");
        break;
    default:
        text = tr("Compile failed");
        break;
    }
    if (!std::isnan(c.seconds))
        text += tr(" in %1 s").arg(QLocale().toString(c.seconds, 'f', 1));
    if (c.cached)
        text += tr(" (from the build cache)");
    text += QStringLiteral(" · ") + tr("%n error(s)", nullptr, errors) + QStringLiteral(", ")
        + tr("%n warning(s)", nullptr, warnings) + QStringLiteral(" · ") + tr("%n kernel(s)", nullptr, int(c.kernels.size()));
    m_summary->setText(text);
    m_diagnostics->setDiagnostics(c.diagnostics);
    m_resources->setKernels(c.kernels);
    if (m_log->toPlainText() != c.log)
        m_log->setPlainText(c.log);
}

QString CompilerOutputView::summary() const
{
    return m_summary->text();
}

QString CompilerOutputView::log() const
{
    return m_log->toPlainText();
}

void CompilerOutputView::activate(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const QString file = index.data(DiagnosticsModel::FileRole).toString();
    const int line = index.data(DiagnosticsModel::LineRole).toInt();
    if (file.isEmpty() || line <= 0)
        return;
    Q_EMIT diagnosticActivated(file, line, index.data(DiagnosticsModel::ColumnRole).toInt(),
        Diagnostic::Severity(index.data(DiagnosticsModel::SeverityRole).toInt()));
}

} // namespace kwb
