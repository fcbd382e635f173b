#pragma once

#include "runner/childprocess.h"

#include <string>
#include <vector>

namespace kwb::runner {

// The trusted driver and the worker that runs candidate code, started side by side and joined by a channel (a Unix
// SEQPACKET socket pair): each gets one end as a descriptor, the runner keeps neither, so when one of them ends the
// other reads end-of-file. The worker runs under its own spec (sandbox launcher, limits); the driver, which runs only
// the task's and the harness's code, outside the sandbox. "{fd}" in either argv is replaced by that process's end.
struct WorkerPairOutcome
{
    ProcessOutcome driver;
    ProcessOutcome worker;
    std::string setupError; // the channel could not be made
    int leftovers = 0; // processes still carrying the worker's token after it ended (killed)
};

class WorkerPair
{
public:
    static WorkerPairOutcome run(ProcessSpec driver, ProcessSpec worker);

    // A fresh random token (KWB_STAGE_ID) to find a stage's processes by.
    static std::string newToken();
    // "{fd}" in an argv becomes the descriptor of that process's end of the channel.
    static void putChannel(std::vector<std::string>& argv, int fd);

    // Processes of this machine whose environment holds `token` (KWB_STAGE_ID=...): what a stage left behind
    // outside its process group. They are killed; the count is returned.
    static int killLeftovers(const std::string& token);
};

} // namespace kwb::runner
