#pragma once

#include "model/toolcall.h"
#include "model/workspacesnapshot.h"

namespace kwb {

// Replays the file writes an imported conversation's tool calls made, so its turns get workspaces: our agent's
// write_file and edit_file, the usual names of other agents' file tools, and any call whose arguments are
// {"path", "content"}.
class WorkspaceEdits
{
public:
    // True when the call changed `workspace`. An edit whose old text is not in the file changes nothing,
    // as it did nothing when the agent ran it.
    static bool apply(const ToolCall& call, WorkspaceSnapshot* workspace);
};

} // namespace kwb
