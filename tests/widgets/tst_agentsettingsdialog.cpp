// AgentSettingsDialog: the form reads back what it was given and what the user changed; Test connection talks to
// a real HTTP server on 127.0.0.1; the texts reset to the workbench's own.
#include "agentsettingsdialog.h"
#include "loopbackserver.h"

#include "agent/agentprompts.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestAgentSettingsDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void formRoundTripsAndSaves();
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
