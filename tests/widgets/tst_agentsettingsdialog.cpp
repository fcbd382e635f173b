// AgentSettingsDialog: the form reads back what it was given and what the user changed; Test connection talks to
// a real HTTP server on 127.0.0.1; the texts reset to the workbench's own.
#include "agentsettingsdialog.h"
#include "gpuhostsdialog.h"
#include "loopbackserver.h"

#include "agent/agentprompts.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QListWidget>
#include <QJsonDocument>
#include <QTest>

using namespace kwb;

class TestAgentSettingsDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // QSettings() in a folder of the tests'
    void formRoundTripsAndSaves();
    void toolsRunOnAChosenHost();
    void gpuHostsEditAndTestConnection();
    void testConnectionAgainstALoopbackServer();
    void textsResetToTheWorkbenchsOwn();
};

void TestAgentSettingsDialog::formRoundTripsAndSaves()
{
    agent::AgentSettings s;
    s.endpoint.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:30000/v1"));
    s.endpoint.model = QStringLiteral("qwen3-coder");
    s.endpoint.temperature = 0.6;
    s.endpoint.maxTokens = 8192;
    s.engine.maxTurns = 12;
    s.engine.systemPrompt = agent::defaultSystemPrompt();
    s.engine.skill = QStringLiteral("my own skill");
    s.environment.device = QStringLiteral("cpu");
    s.environment.runnerArguments = { QStringLiteral("--trials"), QStringLiteral("3") };
    AgentSettingsDialog dialog(s);
    agent::AgentSettings back = dialog.settings();
    QCOMPARE(back.endpoint.baseUrl, s.endpoint.baseUrl);
    QCOMPARE(back.endpoint.model, s.endpoint.model);
    QCOMPARE(back.endpoint.temperature, s.endpoint.temperature);
    QVERIFY(!back.endpoint.topP); // left at "server default": not sent
    QCOMPARE(back.endpoint.maxTokens, s.endpoint.maxTokens);
    QCOMPARE(back.engine.maxTurns, 12);
    QCOMPARE(back.engine.skill, QStringLiteral("my own skill"));
    QCOMPARE(back.environment.device, QStringLiteral("cpu"));
    QCOMPARE(back.environment.runnerArguments, s.environment.runnerArguments);

    // What the user types comes back; the settings file keeps it and not the default texts.
    dialog.findChild<QSpinBox*>(QStringLiteral("maxTurns"))->setValue(40);
    back = dialog.settings();
    QCOMPARE(back.engine.maxTurns, 40);
    QTemporaryDir dir;
    QSettings file(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    back.save(file);
    QVERIFY(!file.contains(QStringLiteral("agent/engine/systemPrompt")));
    QCOMPARE(file.value(QStringLiteral("agent/engine/skill")).toString(), QStringLiteral("my own skill"));
    const agent::AgentSettings loaded = agent::AgentSettings::load(file);
    QCOMPARE(loaded.engine.systemPrompt, agent::defaultSystemPrompt());
    QCOMPARE(loaded.engine.maxTurns, 40);
    QCOMPARE(loaded.endpoint.model, QStringLiteral("qwen3-coder"));
    QCOMPARE(loaded.environment.runnerArguments, s.environment.runnerArguments);
}

// Run tools on: this machine or a saved GPU host; the choice is kept by name and read back as the host.
void TestAgentSettingsDialog::toolsRunOnAChosenHost()
{
    QSettings().remove(QStringLiteral("gpu-hosts"));
    RunnerHost host = *RunnerHost::fromUrl(QStringLiteral("ssh://gpu@rack-7:2200"), nullptr);
    host.name = QStringLiteral("rack-7");
    host.python = QStringLiteral("/opt/py/bin/python3");
    {
        QSettings saved;
        RunnerHost::save(saved, host);
    }
    agent::AgentSettings s;
    AgentSettingsDialog dialog(s);
    auto* hosts = dialog.findChild<QComboBox*>(QStringLiteral("host"));
    QVERIFY(hosts);
    QCOMPARE(hosts->count(), 2);
    QCOMPARE(hosts->itemText(0), QStringLiteral("This machine"));
    QVERIFY(dialog.settings().environment.host.isLocal());
    hosts->setCurrentIndex(1);
    QCOMPARE(hosts->currentText(), QStringLiteral("rack-7 (ssh://gpu@rack-7:2200)"));
    const agent::AgentSettings chosen = dialog.settings();
    QCOMPARE(chosen.environment.host.name, QStringLiteral("rack-7"));
    QCOMPARE(chosen.environment.host.python, QStringLiteral("/opt/py/bin/python3"));
    QTemporaryDir dir;
    QSettings file(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    RunnerHost::save(file, host);
    chosen.save(file);
    QCOMPARE(file.value(QStringLiteral("agent/environment/host")).toString(), QStringLiteral("rack-7"));
    QCOMPARE(agent::AgentSettings::load(file).environment.host.port, 2200);
    RunnerHost::remove(file, QStringLiteral("rack-7")); // a host removed since: this machine
    QVERIFY(agent::AgentSettings::load(file).environment.host.isLocal());
    QSettings().remove(QStringLiteral("gpu-hosts"));
}

// GPU Hosts: edits in the form come back as hosts; a fingerprint reads as one line; Test Connection to an address
// where nothing listens says so in ssh's words.
void TestAgentSettingsDialog::gpuHostsEditAndTestConnection()
{
    RunnerHost first = *RunnerHost::fromUrl(QStringLiteral("ssh://me@box-a"), nullptr);
    first.name = QStringLiteral("box-a");
    GpuHostsDialog dialog({ first });
    dialog.show();
    auto* url = dialog.findChild<QLineEdit*>(QStringLiteral("hostUrl"));
    QCOMPARE(url->text(), QStringLiteral("ssh://me@box-a"));
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const int port = probe.serverPort();
    probe.close();
    url->setText(QStringLiteral("ssh://me@127.0.0.1:%1").arg(port));
    dialog.findChild<QLineEdit*>(QStringLiteral("hostName"))->setText(QStringLiteral("nowhere"));
    QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isTesting(), 30000);
    QVERIFY2(dialog.testResult().startsWith(QStringLiteral("nowhere could not be reached (")), qPrintable(dialog.testResult()));
    dialog.accept();
    QCOMPARE(dialog.hosts().size(), 1);
    QCOMPARE(dialog.hosts().first().name, QStringLiteral("nowhere"));
    QCOMPARE(dialog.hosts().first().port, port);

    const QJsonObject h200 = QJsonDocument::fromJson(
        R"({"runner_version": "0.1.0", "gpu_name": "NVIDIA H200", "driver_version": "580.159.04",
            "cuda_runtime_version": "13.0", "torch_version": "2.11.0"})").object();
    QCOMPARE(GpuHostsDialog::describeFingerprint(h200),
        QStringLiteral("NVIDIA H200, driver 580.159.04, CUDA 13.0, torch 2.11.0, runner 0.1.0"));
}

void TestAgentSettingsDialog::testConnectionAgainstALoopbackServer()
{
    test::LoopbackServer server;
    QVERIFY(server.listen());
    server.setModels({ QStringLiteral("qwen3-coder") });
    agent::AgentSettings s;
    s.endpoint.baseUrl = server.baseUrl();
    s.endpoint.model = QStringLiteral("qwen3-coder");
    AgentSettingsDialog dialog(s);
    dialog.show();
    QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isTesting(), 10000);
    QVERIFY2(dialog.testResult().contains(QStringLiteral("qwen3-coder")), qPrintable(dialog.testResult()));
    QVERIFY(!server.requests().isEmpty());
    // The models the server listed are offered to choose from; what was typed stays.
    auto* choice = dialog.findChild<QComboBox*>(QStringLiteral("modelChoice"));
    QCOMPARE(choice->count(), 1);
    QCOMPARE(choice->itemText(0), QStringLiteral("qwen3-coder"));
    QCOMPARE(dialog.settings().endpoint.model, QStringLiteral("qwen3-coder"));

    // A model the server does not serve is a failed test, said in one sentence.
    auto* model = dialog.findChild<QLineEdit*>(QStringLiteral("model"));
    model->setText(QStringLiteral("no-such-model"));
    QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isTesting(), 10000);
    QVERIFY2(dialog.testResult().contains(QStringLiteral("no-such-model")), qPrintable(dialog.testResult()));
}

void TestAgentSettingsDialog::textsResetToTheWorkbenchsOwn()
{
    agent::AgentSettings s;
    s.engine.systemPrompt = QStringLiteral("be brief");
    s.engine.skill = QStringLiteral("no skill");
    AgentSettingsDialog dialog(s);
    dialog.show();
    const QList<QPushButton*> buttons = dialog.findChildren<QPushButton*>();
    for (QPushButton* b : buttons)
        if (b->text().startsWith(QStringLiteral("Reset")))
            b->click();
    QCOMPARE(dialog.settings().engine.systemPrompt, agent::defaultSystemPrompt());
    QCOMPARE(dialog.settings().engine.skill, agent::defaultSkill());
}

QTEST_MAIN(TestAgentSettingsDialog)
#include "tst_agentsettingsdialog.moc"
