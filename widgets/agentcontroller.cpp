#include "agentcontroller.h"

#include "agent/agentsettings.h"
#include "agent/chatpolicy.h"
#include "agent/turnengine.h"
#include "agentsettingsdialog.h"
#include "models/currentturn.h"
#include "models/turngraph.h"
#include "steerdialog.h"
#include "store/store.h"
#include "transcriptview.h"
#include "workbenchactions.h"

#include <QAction>
#include <QSettings>

namespace kwb {

AgentController::AgentController(const CurrentTurn* current, WorkbenchActions* actions, TranscriptView* transcript, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_current(current)
    , m_dialogParent(dialogParent)
    , m_actions(actions)
    , m_transcript(transcript)
{
    connect(actions->forkHere, &QAction::triggered, this, &AgentController::forkHere);
    connect(actions->continueAgent, &QAction::triggered, this, &AgentController::continueBranch);
    connect(actions->steer, &QAction::triggered, this, &AgentController::steer);
    connect(actions->stopAgent, &QAction::triggered, this, &AgentController::stop);
    connect(actions->agentSettings, &QAction::triggered, this, &AgentController::editSettings);
    connect(current, &CurrentTurn::turnChanged, this, &AgentController::updateActions);
    connect(current, &CurrentTurn::storeChanged, this, &AgentController::updateActions);
    updateActions();
}

AgentController::~AgentController()
{
    // The window's panes may be gone already: stop the runs without telling anyone.
    for (agent::TurnEngine* e : std::as_const(m_engines)) {
        e->disconnect();
        for (QObject* child : e->children())
            child->disconnect();
        e->stop();
    }
}

bool AgentController::isRunning() const
{
    return runningCount() > 0;
}

int AgentController::runningCount() const
{
    int n = 0;
    for (const agent::TurnEngine* e : m_engines)
        n += e->isRunning();
    return n;
}

void AgentController::updateActions()
{
    const bool running = isRunning();
    const bool haveTurn = m_current->store() && m_current->turn() >= 0;
    m_actions->forkHere->setEnabled(haveTurn);
    m_actions->steer->setEnabled(haveTurn);
    m_actions->continueAgent->setEnabled(haveTurn);
    m_actions->stopAgent->setEnabled(running);
}

bool AgentController::startFrom(const QString& turnUuid)
{
    Store* store = m_current->store();
    if (!store)
        return false;
    QSettings settings;
    const agent::AgentSettings s = agent::AgentSettings::load(settings);
    if (s.endpoint.model.isEmpty()) {
        Q_EMIT errorOccurred(tr("No model is set: choose an endpoint and a model in Agent → Agent Settings."));
        return false;
    }
    auto* engine = new agent::TurnEngine(store, this);
    auto* policy = new agent::ChatPolicy(s.endpoint, engine); // one per run: a policy answers one request at a time
    engine->setSettings(s.engine);
    engine->setEnvironment(s.environment);
    engine->setLimits(s.limits);
    // Only the newest run streams into the transcript; older ones go on quietly.
    if (m_streaming)
        disconnect(m_streaming, nullptr, m_transcript, nullptr);
    m_streaming = policy;
    connect(policy, &agent::Policy::partial, m_transcript, &TranscriptView::appendLive);
    connect(policy, &agent::Policy::retrying, m_transcript, [this](const QString& reason) {
        m_transcript->clearLive();
        m_transcript->setLiveStatus(tr("retrying: %1").arg(reason));
    });
    connect(engine, &agent::TurnEngine::toolStarted, m_transcript, [this, policy](const QString& tool) {
        if (policy == m_streaming)
            m_transcript->setLiveStatus(tr("running %1").arg(tool));
    });
    connect(engine, &agent::TurnEngine::turnAdded, this, [this, policy](qint64 trajectoryId, const QString& uuid) {
        if (policy == m_streaming)
            m_transcript->clearLive();
        Q_EMIT turnStored(trajectoryId, uuid);
        if (policy == m_streaming)
            m_transcript->setLiveStatus(tr("waiting for the model"));
    });
    connect(engine, &agent::TurnEngine::finished, this, [this, engine, policy](bool ok, const QString& sentence) {
        if (policy == m_streaming) {
            m_transcript->clearLive();
            m_streaming = nullptr;
        }
        m_engines.removeOne(engine);
        engine->deleteLater();
        updateActions();
        if (ok)
            Q_EMIT statusMessage(sentence);
        else
            Q_EMIT errorOccurred(sentence);
        Q_EMIT runFinished(ok, sentence);
    });
    QString error;
    if (!engine->start(m_current->trajectory().storeId, turnUuid, policy, &error)) {
        if (m_streaming == policy)
            m_streaming = nullptr;
        delete engine;
        Q_EMIT errorOccurred(error);
        return false;
    }
    m_engines.append(engine);
    m_transcript->setLiveStatus(tr("waiting for the model"));
    updateActions();
    Q_EMIT statusMessage(tr("The agent is running with %1 at %2.").arg(s.endpoint.model, s.endpoint.displayUrl()));
    return true;
}

void AgentController::stop()
{
    const QList<agent::TurnEngine*> running = m_engines; // finished() removes them as they stop
    for (agent::TurnEngine* e : running)
        e->stop();
}

void AgentController::forkHere()
{
    const int turn = m_current->turn();
    if (turn >= 0)
        startFrom(m_current->trajectory().turns.at(turn).uuid);
}

void AgentController::continueBranch()
{
    const int leaf = m_current->navigator().leaf();
    if (leaf >= 0)
        startFrom(m_current->trajectory().turns.at(leaf).uuid);
}

void AgentController::steer()
{
    Store* store = m_current->store();
    const int index = m_current->turn();
    if (!store || index < 0)
        return;
    // Copies: a running agent may reload the shown trajectory while the dialog is open.
    const qint64 trajectoryId = m_current->trajectory().storeId;
    const QString turnUuid = m_current->trajectory().turns.at(index).uuid;
    const qint64 turnStoreId = m_current->trajectory().turns.at(index).storeId;
    QString error;
    const auto turn = store->turn(turnStoreId, true, &error);
    if (!turn) {
        Q_EMIT errorOccurred(tr("The turn cannot be read for steering: %1").arg(error));
        return;
    }
    QMap<QString, QByteArray> files;
    for (const QString& path : turn->workspace.paths())
        files.insert(path, turn->workspace.content(path));
    SteerDialog dialog(tr("turn %1").arg(m_current->turnNumber(index)), files, m_dialogParent); // as the toolbar numbers it
    if (dialog.exec() != QDialog::Accepted || !dialog.hasChanges() || m_current->store() != store)
        return;
    const auto uuid = agent::TurnEngine::steer(*store, trajectoryId, turnUuid, dialog.editedFiles(), dialog.message(),
        qEnvironmentVariable("USER"), &error);
    if (!uuid) {
        Q_EMIT errorOccurred(error);
        return;
    }
    Q_EMIT turnStored(trajectoryId, *uuid);
    Q_EMIT statusMessage(tr("Your edit is a new turn on a new branch; Continue lets the agent go on from it."));
}

void AgentController::editSettings()
{
    QSettings settings;
    AgentSettingsDialog dialog(agent::AgentSettings::load(settings), m_dialogParent);
    if (dialog.exec() == QDialog::Accepted)
        dialog.settings().save(settings);
}

} // namespace kwb
