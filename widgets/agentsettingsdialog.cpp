#include "agentsettingsdialog.h"

#include "agent/agentprompts.h"
#include "agent/chatpolicy.h"
#include "gpuhostsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSettings>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace kwb {

namespace {

// A spin box whose lowest value means "not sent: the server's default".
QDoubleSpinBox* optionalNumber(double maximum, std::optional<double> value, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(-0.01, maximum);
    box->setSingleStep(0.05);
    box->setDecimals(2);
    box->setSpecialValueText(AgentSettingsDialog::tr("server default"));
    box->setValue(value.value_or(-0.01));
    return box;
}

std::optional<double> optionalValue(const QDoubleSpinBox* box)
{
    return box->value() < 0 ? std::nullopt : std::optional<double>(box->value());
}

QPlainTextEdit* textWithReset(const QString& text, const QString& fallback, QWidget* page, QVBoxLayout* layout)
{
    auto* edit = new QPlainTextEdit(text, page);
    auto* reset = new QPushButton(AgentSettingsDialog::tr("Reset to the Workbench's Text"), page);
    QObject::connect(reset, &QPushButton::clicked, edit, [edit, fallback] { edit->setPlainText(fallback); });
    layout->addWidget(edit);
    layout->addWidget(reset, 0, Qt::AlignRight);
    return edit;
}

} // namespace

AgentSettingsDialog::AgentSettingsDialog(const agent::AgentSettings& settings, QWidget* parent)
    : QDialog(parent)
    , m_original(settings)
{
    setObjectName(QStringLiteral("agentSettingsDialog"));
    setWindowTitle(tr("Agent Settings"));
    auto* tabs = new QTabWidget(this);

    auto* endpointPage = new QWidget(tabs);
    auto* endpointForm = new QFormLayout(endpointPage);
    const agent::ChatEndpoint& e = settings.endpoint;
    m_baseUrl = new QLineEdit(e.baseUrl.toString(), endpointPage);
    m_baseUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/v1"));
    m_model = new QComboBox(endpointPage);
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->setObjectName(QStringLiteral("modelChoice"));
    m_model->lineEdit()->setObjectName(QStringLiteral("model"));
    m_model->setCurrentText(e.model);
    m_model->setToolTip(tr("Test Connection fills this list with the models the server serves"));
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_temperature = optionalNumber(2, e.temperature, endpointPage);
    m_topP = optionalNumber(1, e.topP, endpointPage);
    m_maxTokens = new QSpinBox(endpointPage);
    m_maxTokens->setRange(0, 1 << 20);
    m_maxTokens->setSpecialValueText(tr("server default"));
    m_maxTokens->setValue(e.maxTokens.value_or(0));
    m_stream = new QCheckBox(tr("Stream tokens as they are generated"), endpointPage);
    m_stream->setChecked(e.stream);
    m_keyVariable = new QLineEdit(e.apiKeyVariable, endpointPage);
    m_key = new QLineEdit(e.apiKey, endpointPage);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("empty: read the environment variable above"));
    m_key->setToolTip(tr("Stored in plain text in the settings file. It is only ever sent in the Authorization header, "
                         "never written into a trajectory or a log."));
    m_test = new QPushButton(tr("Test Connection"), endpointPage);
    m_test->setObjectName(QStringLiteral("testConnection"));
    m_testResult = new QLabel(endpointPage);
    m_testResult->setWordWrap(true);
    m_testResult->setTextFormat(Qt::PlainText);
    endpointForm->addRow(tr("Base URL:"), m_baseUrl);
    endpointForm->addRow(tr("Model:"), m_model);
    endpointForm->addRow(tr("Temperature:"), m_temperature);
    endpointForm->addRow(tr("Top p:"), m_topP);
    endpointForm->addRow(tr("Max tokens:"), m_maxTokens);
    endpointForm->addRow(QString(), m_stream);
    endpointForm->addRow(tr("API key variable:"), m_keyVariable);
    endpointForm->addRow(tr("API key:"), m_key);
    endpointForm->addRow(m_test, m_testResult);
    tabs->addTab(endpointPage, tr("Endpoint"));

    auto* runPage = new QWidget(tabs);
    auto* runForm = new QFormLayout(runPage);
    m_maxTurns = new QSpinBox(runPage);
    m_maxTurns->setObjectName(QStringLiteral("maxTurns"));
    m_maxTurns->setRange(1, 500);
    m_maxTurns->setValue(settings.engine.maxTurns);
    m_evaluateAtEnd = new QCheckBox(tr("Evaluate the final workspace when the agent stops"), runPage);
    m_evaluateAtEnd->setChecked(settings.engine.evaluateAtEnd);
    m_device = new QComboBox(runPage);
    m_device->addItem(tr("CUDA GPU"), QStringLiteral("cuda"));
    m_device->addItem(tr("CPU (C++ extensions, host timing)"), QStringLiteral("cpu"));
    m_device->setCurrentIndex(qMax(0, m_device->findData(settings.environment.device)));
    m_host = new QComboBox(runPage);
    m_host->setObjectName(QStringLiteral("host"));
    {
        QSettings saved;
        m_hosts = RunnerHost::saved(saved);
    }
    fillHosts(settings.environment.host.isLocal() ? QString() : settings.environment.host.name);
    auto* editHostsButton = new QPushButton(tr("GPU Hosts…"), runPage);
    connect(editHostsButton, &QPushButton::clicked, this, &AgentSettingsDialog::editHosts);
    auto* hostRow = new QHBoxLayout;
    hostRow->addWidget(m_host, 1);
    hostRow->addWidget(editHostsButton);
    m_runnerArguments = new QLineEdit(settings.environment.runnerArguments.join(QLatin1Char(' ')), runPage);
    m_runnerArguments->setPlaceholderText(QStringLiteral("--trials 5 --cache-dir ~/.cache/kernel-workbench"));
    m_bashSeconds = new QSpinBox(runPage);
    m_bashSeconds->setRange(1, 3600);
    m_bashSeconds->setSuffix(tr(" s"));
    m_bashSeconds->setValue(settings.limits.bashSeconds);
    runForm->addRow(tr("Turns per run, at most:"), m_maxTurns);
    runForm->addRow(QString(), m_evaluateAtEnd);
    runForm->addRow(tr("Evaluate on:"), m_device);
    runForm->addRow(tr("Run tools on:"), hostRow);
    runForm->addRow(tr("More kwb-runner options:"), m_runnerArguments);
    runForm->addRow(tr("bash time limit:"), m_bashSeconds);
    tabs->addTab(runPage, tr("Run"));

    auto* promptPage = new QWidget(tabs);
    auto* promptLayout = new QVBoxLayout(promptPage);
    promptLayout->addWidget(new QLabel(tr("System prompt (stored with every trajectory the agent writes):"), promptPage));
    m_systemPrompt = textWithReset(settings.engine.systemPrompt, agent::defaultSystemPrompt(), promptPage, promptLayout);
    promptLayout->addWidget(new QLabel(tr("Skill text, given after the system prompt:"), promptPage));
    m_skill = textWithReset(settings.engine.skill, agent::defaultSkill(), promptPage, promptLayout);
    tabs->addTab(promptPage, tr("Instructions"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_test, &QPushButton::clicked, this, &AgentSettingsDialog::testConnection);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    resize(720, 560);
}

agent::AgentSettings AgentSettingsDialog::settings() const
{
    agent::AgentSettings s = m_original;
    s.endpoint.baseUrl = QUrl(m_baseUrl->text().trimmed());
    s.endpoint.model = m_model->currentText().trimmed();
    s.endpoint.temperature = optionalValue(m_temperature);
    s.endpoint.topP = optionalValue(m_topP);
    s.endpoint.maxTokens = m_maxTokens->value() > 0 ? std::optional<int>(m_maxTokens->value()) : std::nullopt;
    s.endpoint.stream = m_stream->isChecked();
    s.endpoint.apiKeyVariable = m_keyVariable->text().trimmed();
    s.endpoint.apiKey = m_key->text();
    s.engine.maxTurns = m_maxTurns->value();
    s.engine.evaluateAtEnd = m_evaluateAtEnd->isChecked();
    s.engine.systemPrompt = m_systemPrompt->toPlainText();
    s.engine.skill = m_skill->toPlainText();
    s.environment.device = m_device->currentData().toString();
    s.environment.runnerArguments = QProcess::splitCommand(m_runnerArguments->text());
    s.environment.host = RunnerHost();
    for (const RunnerHost& host : m_hosts) {
        if (host.name == m_host->currentData().toString())
            s.environment.host = host;
    }
    s.limits.bashSeconds = m_bashSeconds->value();
    return s;
}

void AgentSettingsDialog::fillHosts(const QString& current)
{
    m_host->clear();
    m_host->addItem(tr("This machine"), QString());
    for (const RunnerHost& host : std::as_const(m_hosts))
        m_host->addItem(QStringLiteral("%1 (%2)").arg(host.name, host.url()), host.name);
    m_host->setCurrentIndex(qMax(0, m_host->findData(current)));
}

void AgentSettingsDialog::editHosts()
{
    GpuHostsDialog dialog(m_hosts, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QSettings saved;
    for (const RunnerHost& old : std::as_const(m_hosts))
        RunnerHost::remove(saved, old.name);
    m_hosts = dialog.hosts();
    for (const RunnerHost& host : std::as_const(m_hosts))
        RunnerHost::save(saved, host);
    fillHosts(m_host->currentData().toString());
}

QString AgentSettingsDialog::testResult() const
{
    return m_testResult->text();
}

bool AgentSettingsDialog::isTesting() const
{
    return !m_test->isEnabled();
}

void AgentSettingsDialog::testConnection()
{
    if (!m_tester) {
        m_tester = new agent::ChatPolicy(settings().endpoint, this);
        connect(m_tester, &agent::ChatPolicy::modelsListed, this, [this](const QStringList& models) {
            const QString typed = m_model->currentText();
            m_model->clear();
            m_model->addItems(models);
            // What was typed stays; an empty field takes the one model a server serves.
            m_model->setCurrentText(typed.isEmpty() && models.size() == 1 ? models.first() : typed);
        });
        connect(m_tester, &agent::ChatPolicy::connectionTested, this, [this](bool ok, const QString& sentence) {
            m_testResult->setText(sentence);
            m_testResult->setStyleSheet(ok ? QStringLiteral("color:#1a7f37;") : QStringLiteral("color:#b71c1c;"));
            m_test->setEnabled(true);
        });
    }
    m_tester->setEndpoint(settings().endpoint);
    m_test->setEnabled(false);
    m_testResult->setStyleSheet({});
    m_testResult->setText(tr("Connecting to %1…").arg(settings().endpoint.displayUrl()));
    m_tester->testConnection();
}

} // namespace kwb
