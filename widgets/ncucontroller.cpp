#include "ncucontroller.h"

#include "models/currentturn.h"

#include "agent/agentsettings.h"
#include "env/ncuprofilejob.h"
#include "ncuview.h"
#include "store/store.h"
#include "tracepanel.h"

#include <QSettings>
#include <utility>

namespace kwb {

NcuController::NcuController(const CurrentTurn* current, NcuView* view, TracePanel* trace, QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_job(new NcuProfileJob(this))
{
    const auto follow = [this, current] {
        showTurn(&current->trajectory(), current->turn(), current->comparedTurn(), current->turnLabel(current->comparedTurn()));
    };
    connect(current, &CurrentTurn::turnChanged, this, follow);
    connect(current, &CurrentTurn::comparedTurnChanged, this, follow);
    connect(trace, &TracePanel::profileKernelRequested, this, &NcuController::profile);
    connect(m_view, &NcuView::cancelRequested, this, [this] {
        m_cancelling = m_job->isRunning();
        m_job->cancel();
    });
    connect(m_job, &NcuProfileJob::finished, this, &NcuController::finished);
    connect(m_job, &NcuProfileJob::failed, this, &NcuController::failed);
}

void NcuController::setStore(Store* store)
{
    if (m_job->isRunning()) { // its turn belongs to the store being closed
        m_cancelling = true;
        m_job->cancel();
    }
    m_profiling = 0;
    m_store = store;
    m_shown = {};
    refresh();
}

void NcuController::setRunnerPath(const QString& path)
{
    m_job->setRunnerPath(path);
}

void NcuController::setRunnerArguments(const QStringList& arguments)
{
    m_job->setExtraArguments(arguments);
}

void NcuController::showTurn(const Trajectory* trajectory, int turn, int comparedTurn, const QString& comparedLabel)
{
    m_shown = { trajectory, turn, comparedTurn, comparedLabel };
    refresh();
}

bool NcuController::isProfiling() const
{
    return m_job->isRunning();
}

const NcuProfile* NcuController::latest(qint64 turnStoreId, NcuProfile* holder, QString* error) const
{
    if (!m_store || turnStoreId <= 0)
        return nullptr;
    const auto profiles = m_store->ncuProfiles(turnStoreId, error, true); // the newest only
    if (!profiles || profiles->isEmpty())
        return nullptr;
    *holder = profiles->constLast();
    return holder;
}

void NcuController::refresh()
{
    QString error;
    NcuProfile own;
    NcuProfile other;
    m_view->setProfile(latest(m_shown.storeIdOf(m_shown.turn), &own, &error));
    m_view->setComparison(m_shown.compared != m_shown.turn ? latest(m_shown.storeIdOf(m_shown.compared), &other, &error) : nullptr, m_shown.comparedLabel);
    m_view->setBusy(m_job->isRunning() && m_profiling == m_shown.storeIdOf(m_shown.turn),
        m_job->isRunning() ? tr("Profiling with Nsight Compute…") : QString());
    if (!error.isEmpty())
        Q_EMIT errorOccurred(error);
}

void NcuController::profile(const QString& kernelName)
{
    if (!m_store || !m_shown.at(m_shown.turn))
        return;
    if (m_job->isRunning()) {
        Q_EMIT errorOccurred(tr("A kernel is being profiled already; wait for it or cancel it in the Nsight Compute pane."));
        return;
    }
    const Turn& header = *m_shown.at(m_shown.turn);
    QString error;
    const auto turn = m_store->turn(header.storeId, true, &error);
    if (!turn) {
        Q_EMIT errorOccurred(tr("The turn cannot be read for profiling: %1").arg(error));
        return;
    }
    const QString device = header.eval && !header.eval->device.isEmpty() ? header.eval->device : QStringLiteral("cuda");
    { // where the agent's tools run (Agent Settings → Run tools on): this machine or a GPU host
        QSettings settings;
        m_job->setHost(agent::AgentSettings::load(settings).environment.host);
    }
    if (!m_job->start(*turn, m_shown.trajectory->task, TracePanel::ncuKernelRegex(kernelName), device))
        return;
    m_profiling = header.storeId;
    m_view->setBusy(true, tr("Profiling %1 with Nsight Compute…").arg(TracePanel::ncuKernelRegex(kernelName)));
}

void NcuController::finished(const NcuProfile& profile, const QByteArray& report)
{
    const qint64 turnId = std::exchange(m_profiling, 0);
    if (turnId == 0)
        return; // the store it was measured for was closed meanwhile
    QString error;
    if (!m_store || !m_store->addNcuProfile(turnId, profile, report, &error))
        Q_EMIT errorOccurred(tr("The Nsight Compute profile could not be stored: %1").arg(error));
    else
        Q_EMIT profiled(turnId);
    refresh();
}

void NcuController::failed(const QString& sentence)
{
    m_profiling = 0;
    refresh();
    if (std::exchange(m_cancelling, false))
        Q_EMIT statusMessage(tr("Profiling cancelled."));
    else
        Q_EMIT errorOccurred(sentence);
}

} // namespace kwb
