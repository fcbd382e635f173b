#include "verificationview.h"
#include "headerfit.h"

#include "models/verifytrialsmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace kwb {

VerificationView::VerificationView(QWidget* parent)
    : QWidget(parent)
    , m_trials(new VerifyTrialsModel(this))
    , m_summary(new QLabel(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("verificationView"));
    m_summary->setObjectName(QStringLiteral("verifySummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_view->setObjectName(QStringLiteral("trialsView"));
    m_view->setModel(m_trials);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int c = 0; c < VerifyTrialsModel::MessageColumn; ++c)
        m_view->setColumnWidth(c, c == VerifyTrialsModel::TrialColumn ? 50 : 110);
    fitSectionsToTitles(m_view->horizontalHeader());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
}

void VerificationView::setEval(const EvalResult* eval)
{
    if (!eval || eval->verify.status == StageStatus::NotRun) {
        QString why = tr("This turn was not evaluated.");
        if (eval && !eval->environmentError().isEmpty())
            why = tr("Not verified: the evaluation could not run on its machine (not the agent's failure): %1").arg(eval->environmentError());
        else if (eval)
            why = eval->compile.status == StageStatus::Failed ? tr("Not verified: the code did not compile.")
                                                              : tr("The verify stage did not run for this turn.");
        m_summary->setText(why.toHtmlEscaped());
        m_trials->setTrials({});
        return;
    }
    const EvalResult::Verify& v = eval->verify;
    int passed = 0;
    for (const VerifyTrial& t : v.trials)
        passed += t.passed ? 1 : 0;
    QString verdict;
    switch (v.status) {
    case StageStatus::Passed:
        verdict = QStringLiteral("<b style=\"color:#2e7d32;\">%1</b>").arg(tr("Correct"));
        break;
    case StageStatus::TimedOut:
        verdict = QStringLiteral("<b style=\"color:#c62828;\">%1</b>").arg(tr("Timed out"));
        break;
    case StageStatus::Error:
        verdict = QStringLiteral("<b style=\"color:#c62828;\">%1</b>").arg(tr("Error"));
        break;
    default:
        verdict = QStringLiteral("<b style=\"color:#c62828;\">%1</b>").arg(tr("Incorrect"));
        break;
    }
    QString text = verdict + QStringLiteral(" · ")
        + tr("%1 of %n trial(s) passed", nullptr, int(v.trials.size())).arg(passed).toHtmlEscaped()
        + QStringLiteral(" · ")
        + tr("tolerance atol %1, rtol %2")
              .arg(VerifyTrialsModel::scientific(v.atol), VerifyTrialsModel::scientific(v.rtol))
              .toHtmlEscaped();
    if (!v.message.isEmpty())
        text += QStringLiteral("<br/>") + v.message.toHtmlEscaped();
    for (qsizetype i = 0; i < eval->hackFlags.size(); ++i) {
        const QString detail = eval->hackDetails.value(i);
        text += QStringLiteral("<br/><b style=\"color:#ad1457;\">%1</b> %2")
                    .arg(tr("Flagged %1:").arg(eval->hackFlags[i]).toHtmlEscaped(), detail.toHtmlEscaped());
    }
    if (!eval->isolation.isEmpty())
        text += QStringLiteral("<br/>") + tr("Candidate code ran under %1.").arg(eval->isolation == QLatin1String("bubblewrap")
                    ? tr("bubblewrap (no network, read-only files)") : tr("resource limits only (no sandbox)")).toHtmlEscaped();
    m_summary->setText(text);
    m_trials->setTrials(v.trials);
}

QString VerificationView::summary() const
{
    return QTextDocumentFragment::fromHtml(m_summary->text()).toPlainText();
}

} // namespace kwb
