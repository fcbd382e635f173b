#pragma once

#include "agent/agentsettings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace kwb {

namespace agent {
class ChatPolicy;
}

// Agent → Settings: the OpenAI-compatible endpoint (with Test connection), the engine's limits, how the tools
// reach kwb-runner, and the system prompt and skill text the agent is given.
class AgentSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AgentSettingsDialog(const agent::AgentSettings& settings, QWidget* parent = nullptr);

    agent::AgentSettings settings() const;
    QPushButton* testButton() const { return m_test; }
    QString testResult() const;
    bool isTesting() const;

private:
    void testConnection();
    void fillHosts(const QString& current);
    void editHosts();

    agent::AgentSettings m_original;
    QLineEdit* m_baseUrl;
    QComboBox* m_model; // editable: any name, and the ones the server listed when the connection was tested
    QDoubleSpinBox* m_temperature;
    QDoubleSpinBox* m_topP;
    QSpinBox* m_maxTokens;
    QCheckBox* m_stream;
    QLineEdit* m_keyVariable;
    QLineEdit* m_key;
    QPushButton* m_test;
    QLabel* m_testResult;
    QSpinBox* m_maxTurns;
    QCheckBox* m_evaluateAtEnd;
    QComboBox* m_device;
    QComboBox* m_host;
    QList<RunnerHost> m_hosts;
    QLineEdit* m_runnerArguments;
    QSpinBox* m_bashSeconds;
    QPlainTextEdit* m_systemPrompt;
    QPlainTextEdit* m_skill;
    agent::ChatPolicy* m_tester = nullptr;
};

} // namespace kwb
