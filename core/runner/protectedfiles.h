#pragma once

#include <string>
#include <utility>
#include <vector>

namespace kwb::runner {

// Files candidate code must not change: the run's own copies of the task and the harness. Their bytes are kept
// when the evaluation starts; after each stage that ran candidate code a changed or deleted file is written back and
// reported. Under bubblewrap they are read-only anyway; this is what holds where bubblewrap cannot run.
class ProtectedFiles
{
public:
    // A file, or every regular file under a folder.
    void add(const std::string& path);
    // The files that differed from what was kept; each has been restored.
    std::vector<std::string> restoreChanged();

private:
    std::vector<std::pair<std::string, std::string>> m_files; // path, content
};

} // namespace kwb::runner
