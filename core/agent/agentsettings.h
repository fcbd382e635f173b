#pragma once

#include "chatendpoint.h"
#include "toolbox.h"
#include "turnengine.h"

class QSettings;

namespace kwb::agent {

// What the window's agent runs with: the endpoint in use, the engine's limits and texts, and how the tools
// reach the environment. Kept in QSettings under agent/; the texts default to the workbench's own.
struct AgentSettings
{
    ChatEndpoint endpoint;
    EngineSettings engine;
    EnvironmentSettings environment;
    ToolLimits limits;

    static AgentSettings load(QSettings& settings);
    void save(QSettings& settings) const;
};

} // namespace kwb::agent
