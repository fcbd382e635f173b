#include "agentsettings.h"

#include "agentprompts.h"

#include <QSettings>

namespace kwb::agent {

AgentSettings AgentSettings::load(QSettings& settings)
{
    AgentSettings a;
    const QString name = settings.value(QStringLiteral("agent/endpoint"), QStringLiteral("default")).toString();
    a.endpoint = ChatEndpoint::load(settings, name);
    settings.beginGroup(QStringLiteral("agent/engine"));
    a.engine.maxTurns = settings.value(QStringLiteral("maxTurns"), a.engine.maxTurns).toInt();
    a.engine.systemPrompt = settings.value(QStringLiteral("systemPrompt"), defaultSystemPrompt()).toString();
    a.engine.skill = settings.value(QStringLiteral("skill"), defaultSkill()).toString();
    a.engine.evaluateAtEnd = settings.value(QStringLiteral("evaluateAtEnd"), a.engine.evaluateAtEnd).toBool();
    settings.endGroup();
    settings.beginGroup(QStringLiteral("agent/environment"));
    a.environment.runnerPath = settings.value(QStringLiteral("runnerPath")).toString();
    a.environment.device = settings.value(QStringLiteral("device"), a.environment.device).toString();
    a.environment.runnerArguments = settings.value(QStringLiteral("runnerArguments")).toStringList();
    a.limits.bashSeconds = settings.value(QStringLiteral("bashSeconds"), a.limits.bashSeconds).toInt();
    const QString host = settings.value(QStringLiteral("host"), QStringLiteral("local")).toString();
    settings.endGroup();
    // A host that was removed since: this machine.
    a.environment.host = RunnerHost::resolve(settings, host, nullptr).value_or(RunnerHost());
    return a;
}

void AgentSettings::save(QSettings& settings) const
{
    settings.setValue(QStringLiteral("agent/endpoint"), endpoint.name);
    endpoint.save(settings);
    settings.beginGroup(QStringLiteral("agent/engine"));
    settings.setValue(QStringLiteral("maxTurns"), engine.maxTurns);
    // The defaults are not copied into the settings, so a later version's better wording reaches the user.
    if (engine.systemPrompt == defaultSystemPrompt())
        settings.remove(QStringLiteral("systemPrompt"));
    else
        settings.setValue(QStringLiteral("systemPrompt"), engine.systemPrompt);
    if (engine.skill == defaultSkill())
        settings.remove(QStringLiteral("skill"));
    else
        settings.setValue(QStringLiteral("skill"), engine.skill);
    settings.setValue(QStringLiteral("evaluateAtEnd"), engine.evaluateAtEnd);
    settings.endGroup();
    settings.beginGroup(QStringLiteral("agent/environment"));
    settings.setValue(QStringLiteral("runnerPath"), environment.runnerPath);
    settings.setValue(QStringLiteral("device"), environment.device);
    settings.setValue(QStringLiteral("runnerArguments"), environment.runnerArguments);
    settings.setValue(QStringLiteral("bashSeconds"), limits.bashSeconds);
    settings.setValue(QStringLiteral("host"), environment.host.isLocal() ? QStringLiteral("local") : environment.host.name);
    settings.endGroup();
}

} // namespace kwb::agent
