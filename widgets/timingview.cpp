#include "timingview.h"
#include "headerfit.h"

#include "models/timingmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace kwb {

TimingView::TimingView(QWidget* parent)
    : QWidget(parent)
    , m_timing(new TimingModel(this))
    , m_summary(new QLabel(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("timingView"));
    m_summary->setObjectName(QStringLiteral("timingSummary"));
    m_summary->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("timingTable"));
    m_view->setModel(m_timing);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setColumnWidth(TimingModel::NameColumn, 110);
    for (int c = TimingModel::MedianColumn; c < TimingModel::SpeedupColumn; ++c)
        m_view->setColumnWidth(c, 90);
    fitSectionsToTitles(m_view->horizontalHeader());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
}

void TimingView::setEval(const EvalResult* eval)
{
    m_timing->setTiming(eval ? eval->timing : EvalResult::Timing());
    if (!eval) {
        m_summary->setText(tr("This turn was not evaluated."));
        return;
    }
    if (eval->timing.status == StageStatus::NotRun) {
        m_summary->setText(tr("Not timed: only correct candidates are timed."));
        return;
    }
    const QLocale locale;
    const auto speedup = [&locale](double s) {
        return std::isnan(s) ? QStringLiteral("–") : QStringLiteral("%1×").arg(locale.toString(s, 'f', 2));
    };
    QString text = tr("Speedup %1 vs eager, %2 vs torch.compile")
                       .arg(speedup(eval->speedupVsEager()), speedup(eval->speedupVsCompile()));
    if (!std::isnan(eval->reward))
        text += QStringLiteral(" · ") + tr("reward %1 (%2)").arg(locale.toString(eval->reward, 'f', 2), eval->rewardScheme);
    // The rules the verdict was judged under (results from before the profiles were judged by cuda-agent's).
    text += QStringLiteral(" · ") + tr("%1 rules").arg(eval->rules.isEmpty() ? QStringLiteral("cuda-agent") : eval->rules);
    if (!eval->device.isEmpty())
        text += QStringLiteral(" · ") + tr("device %1").arg(eval->device);
    // Which machine timed it: a GPU host's name as the user knows it, else the machine's own name.
    const QString host = eval->fingerprint.value(QLatin1String("runner_host")).toString();
    const QString machine = eval->fingerprint.value(QLatin1String("host_name")).toString();
    if (!host.isEmpty())
        text += QStringLiteral(" · ") + tr("on %1").arg(host);
    else if (!machine.isEmpty())
        text += QStringLiteral(" · ") + tr("on %1").arg(machine);
    m_summary->setText(text);
}

QString TimingView::summary() const
{
    return m_summary->text();
}

} // namespace kwb
