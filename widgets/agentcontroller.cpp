#include "agentcontroller.h"

#include "agent/agentsettings.h"
#include "agent/chatpolicy.h"
#include "agent/turnengine.h"
#include "agentsettingsdialog.h"
#include "mainwindow.h"
#include "models/turngraph.h"
#include "steerdialog.h"
#include "store/store.h"
#include "transcriptview.h"
#include "workbenchactions.h"

#include <QAction>
#include <QSettings>

namespace kwb {

AgentController::AgentController(MainWindow* window, WorkbenchActions* actions, TranscriptView* transcript)
    : QObject(window)
    , m_window(window)
    , m_actions(actions)
    , m_transcript(transcript)
    , m_policy(new agent::ChatPolicy({}, this))
{
    connect(actions->forkHere, &QAction::triggered, this, &AgentController::forkHere);
    connect(actions->continueAgent, &QAction::triggered, this, &AgentController::continueBranch);
    connect(actions->steer, &QAction::triggered, this, &AgentController::steer);
    connect(actions->stopAgent, &QAction::triggered, this, &AgentController::stop);
    connect(actions->agentSettings, &QAction::triggered, this, &AgentController::editSettings);
    connect(m_policy, &agent::Policy::partial, m_transcript, &TranscriptView::appendLive);
    connect(m_policy, &agent::Policy::retrying, this, [this](const QString& reason) {
        m_transcript->clearLive();
        m_transcript->setLiveStatus(tr("retrying: %1").arg(reason));
    });
    updateActions();
}

AgentController::~AgentController()
{
    if (m_engine)
        m_engine->stop();
}

bool AgentController::isRunning() const
{
    return m_engine && m_engine->isRunning();
}

void AgentController::updateActions()
{
    const bool running = isRunning();
    const bool haveTurn = m_window->writableStore() && m_window->currentTurn() >= 0;
    m_actions->forkHere->setEnabled(haveTurn && !running);
    m_actions->steer->setEnabled(haveTurn && !running);
    m_actions->continueAgent->setEnabled(haveTurn && !running);
    m_actions->stopAgent->setEnabled(running);
}

bool AgentController::startFrom(const QString& turnUuid)
{
    Store* store = m_window->writableStore();
    if (!store || isRunning())
        return false;
    QSettings settings;
    const agent::AgentSettings s = agent::AgentSettings::load(settings);
    if (s.endpoint.model.isEmpty()) {
        Q_EMIT errorOccurred(tr("No model is set: choose an endpoint and a model in Agent → Agent Settings."));
        return false;
    }
    m_policy->setEndpoint(s.endpoint);
    delete m_engine;
    m_engine = new agent::TurnEngine(store, this);
    m_engine->setSettings(s.engine);
    m_engine->setEnvironment(s.environment);
    m_engine->setLimits(s.limits);
    connect(m_engine, &agent::TurnEngine::toolStarted, m_transcript, [this](const QString& tool) {
        m_transcript->setLiveStatus(tr("running %1").arg(tool));
    });
    connect(m_engine, &agent::TurnEngine::turnAdded, this, [this](qint64, const QString& uuid) {
        m_transcript->clearLive();
        Q_EMIT turnStored(uuid);
        m_transcript->setLiveStatus(tr("waiting for the model"));
    });
    connect(m_engine, &agent::TurnEngine::finished, this, [this](bool ok, const QString& sentence) {
        m_transcript->clearLive();
        updateActions();
        if (ok)
            Q_EMIT statusMessage(sentence);
        else
            Q_EMIT errorOccurred(sentence);
        Q_EMIT runFinished(ok, sentence);
    });
    QString error;
    if (!m_engine->start(m_window->trajectory().storeId, turnUuid, m_policy, &error)) {
        Q_EMIT errorOccurred(error);
        return false;
    }
    m_transcript->setLiveStatus(tr("waiting for the model"));
    updateActions();
    Q_EMIT statusMessage(tr("The agent is running with %1 at %2.").arg(s.endpoint.model, s.endpoint.displayUrl()));
    return true;
}

void AgentController::stop()
{
    if (isRunning())
        m_engine->stop();
}

void AgentController::forkHere()
{
    const int turn = m_window->currentTurn();
    if (turn >= 0)
        startFrom(m_window->trajectory().turns.at(turn).uuid);
}

void AgentController::continueBranch()
{
    const int leaf = m_window->navigator().leaf();
    if (leaf >= 0)
        startFrom(m_window->trajectory().turns.at(leaf).uuid);
}

void AgentController::steer()
{
    Store* store = m_window->writableStore();
    const int index = m_window->currentTurn();
    if (!store || index < 0 || isRunning())
        return;
    const Turn& header = m_window->trajectory().turns.at(index);
    QString error;
    const auto turn = store->turn(header.storeId, true, &error);
    if (!turn) {
        Q_EMIT errorOccurred(tr("The turn cannot be read for steering: %1").arg(error));
        return;
    }
    QMap<QString, QByteArray> files;
    for (const QString& path : turn->workspace.paths())
        files.insert(path, turn->workspace.content(path));
    SteerDialog dialog(tr("turn %1").arg(index + 1), files, m_window);
    if (dialog.exec() != QDialog::Accepted || !dialog.hasChanges())
        return;
    const auto uuid = agent::TurnEngine::steer(*store, m_window->trajectory().storeId, header.uuid, dialog.editedFiles(),
        dialog.message(), qEnvironmentVariable("USER"), &error);
    if (!uuid) {
        Q_EMIT errorOccurred(error);
        return;
    }
    Q_EMIT turnStored(*uuid);
    Q_EMIT statusMessage(tr("Your edit is a new turn on a new branch; Continue lets the agent go on from it."));
}

void AgentController::editSettings()
{
    QSettings settings;
    AgentSettingsDialog dialog(agent::AgentSettings::load(settings), m_window);
    if (dialog.exec() == QDialog::Accepted)
        dialog.settings().save(settings);
}

} // namespace kwb
