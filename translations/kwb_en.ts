<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>kwb::AgentController</name>
    <message>
        <source>retrying: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is set: choose an endpoint and a model in Agent → Agent Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent is running with %1 at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn cannot be read for steering: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your edit is a new turn on a new branch; Continue lets the agent go on from it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::AgentSettingsDialog</name>
    <message>
        <source>server default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to the Workbench&apos;s Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream tokens as they are generated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: read the environment variable above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in plain text in the settings file. It is only ever sent in the Authorization header, never written into a trajectory or a log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top p:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate the final workspace when the agent stops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (C++ extensions, host timing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns per run, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More kwb-runner options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bash time limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System prompt (stored with every trajectory the agent writes):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skill text, given after the system prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Hosts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run tools on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test Connection fills this list with the models the server serves</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::BranchOutlineModel</name>
    <message>
        <source>Turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fork %1, from turn %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fork %1, a root of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The main line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↳ Turn %1 · fork %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn %1 · fork %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human score: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human score: %1 (was %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(for the branch ending here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Curation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::BranchRoofline</name>
    <message>
        <source>No turn of this branch was evaluated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No calibration for this GPU: run kwb-runner calibrate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The evaluations of this branch carry no work floor of the task: evaluate again with a current kwb-runner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn was not evaluated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No roofline point: this turn did not pass verification.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No roofline point: this turn was not timed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No roofline point: the GPU that timed this turn has no calibration; run kwb-runner calibrate there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No roofline point: this turn&apos;s evaluation carries no work floor of the task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound: memory, %1 of roofline, %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound: compute, %1 of roofline, %2 of %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager %1, torch.compile %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against the calibration it was timed with, not the roofs drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>above the roof: this kernel does fewer FLOPs than the reference counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>above the roof: faster than the calibrated copy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <source>%1 is not valid UTF-8 text; it is shown as Latin-1, so some characters may be wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 lines: syntax colouring and folding are off for it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CompilerOutputView</name>
    <message>
        <source>No compiler output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resources per kernel (ptxas)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compile stage did not run for this turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn was not evaluated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compile timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compile failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (from the build cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n kernel</numerusform>
            <numerusform>%n kernels</numerusform>
        </translation>
    </message>
    <message>
        <source>Not compiled: the evaluation could not run on its machine (not the agent&apos;s failure): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CurationController</name>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It has the label %1 already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human Score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 No trajectory was labelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every trajectory in view has the label %1 already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Label %n Trajectories “%1”</source>
        <translation>
            <numerusform>Label %n Trajectory “%1”</numerusform>
            <numerusform>Label %n Trajectories “%1”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories labelled %1.</source>
        <translation>
            <numerusform>%n trajectory labelled %1.</numerusform>
            <numerusform>%n trajectories labelled %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>this trajectory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the branch through turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label for %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag for %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note on %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score for %1 (the reward it overrides is kept beside it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label All in View</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Label for the %n trajectories in view:</source>
        <translation>
            <numerusform>Label for the trajectory in view:</numerusform>
            <numerusform>Label for the %n trajectories in view:</numerusform>
        </translation>
    </message>
    <message>
        <source>Curate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 The curation edit was not made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teaching note on %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starred %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labelled %1 “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tagged %1 “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note added to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scored %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson saved on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Labelled %n trajectories “%1”</source>
        <translation>
            <numerusform>Labelled %n trajectory “%1”</numerusform>
            <numerusform>Labelled %n trajectories “%1”</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::DiagnosticsModel</name>
    <message>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fatal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ExportDialog</name>
    <message>
        <source>Leave synthetic trajectories out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only branches labelled accept (at their last turn or on the trajectory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut each branch after its highest-reward turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Trajectories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>native JSON Lines, lossless</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chat messages per branch, for supervised fine-tuning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preference pairs from forks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RL rollouts grouped by task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent Trajectory Interchange Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KernelBench eval_results.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a check&apos;s name, or any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>words in messages or code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the higher reward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels (accept &gt; star &gt; none &gt; reject)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File to write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trajectories (from the list&apos;s filter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task contains:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hack flag:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each trajectory gives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs choose by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trajectory matches these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories match.</source>
        <translation>
            <numerusform>%n trajectory matches.</numerusform>
            <numerusform>%n trajectories match.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing would be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n preference pair(s)</source>
        <translation>
            <numerusform>%n preference pair</numerusform>
            <numerusform>%n preference pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
    <message>
        <source>The export writes %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records are counted as they are written (more than %1 trajectories).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export writes all of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the task filter “%1” has no kwb export flag: pass --task with exact task names)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::FilePane</name>
    <message>
        <source>%1 does not exist in this turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The two versions differ too much for a line-by-line diff; the differing block is marked as one change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes against %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ForkTreeView</name>
    <message>
        <source>Go to This Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare Kernel with This Turn</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::GpuHostsDialog</name>
    <message>
        <source>GPU Hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner (on the host&apos;s PATH)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the runner&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner on the host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python on the host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work folder on the host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More ssh options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts are reached with this machine&apos;s ssh: its config, agent and known hosts apply. Build the runner on a host with: kwb host bootstrap NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpu-%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runner %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of unknown version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ImportExportController</name>
    <message>
        <source>Import Trajectories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trajectories (*.jsonl *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Task Folder of This Run (level1/, level2/, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Imported %n trajectories</source>
        <translation>
            <numerusform>Imported %n trajectory</numerusform>
            <numerusform>Imported %n trajectories</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n turns).</source>
        <translation>
            <numerusform> (%n turn).</numerusform>
            <numerusform> (%n turns).</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exported %n trajectories to %1.</source>
        <translation>
            <numerusform>Exported %n trajectory to %1.</numerusform>
            <numerusform>Exported %n trajectories to %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 from %n trajectories to %2.</source>
        <translation>
            <numerusform>Wrote %1 from %n trajectory to %2.</numerusform>
            <numerusform>Wrote %1 from %n trajectories to %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preference pair(s)</source>
        <translation>
            <numerusform>%n preference pair</numerusform>
            <numerusform>%n preference pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n branch(es)</source>
        <translation>
            <numerusform>%n branch</numerusform>
            <numerusform>%n branches</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a Folder: a KernelBench Run, a CUDA Agent Workspace, or Trajectory Files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::KernelResourcesModel</name>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spill stores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spill loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::KernelView</name>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare every file side by side with another turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against the previous turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The files of this turn could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn has no workspace files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn to compare with could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the first turn of its branch: there is nothing before it to compare with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One column of removed and added lines instead of two sides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous change (Shift+F7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next change (F7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the previous turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — changed since %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — new since %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — removed since %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n change</numerusform>
            <numerusform>%n changes</numerusform>
        </translation>
    </message>
    <message>
        <source>Change %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <source>Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiler Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trajectories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fork Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reward Curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn along the current branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Kernel Workbench %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;A workbench for agent trajectories that write and optimize CUDA kernels: step through turns, compare kernels, read compiler output, verification and rewards.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language changes the next time Kernel Workbench starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories</source>
        <translation>
            <numerusform>%n trajectory</numerusform>
            <numerusform>%n trajectories</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a file of this turn&apos;s workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel Workbench stores (*.kwb);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent stores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Choose another store with File → Open Store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 The rest of the store can still be browsed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (another branch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This trajectory has no turns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Turn %1 of %2 · %n branch(es)</source>
        <translation>
            <numerusform>Turn %1 of %2 · %n branch</numerusform>
            <numerusform>Turn %1 of %2 · %n branches</numerusform>
        </translation>
    </message>
    <message>
        <source>Go to Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on this branch (1–%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a file. Drop a Kernel Workbench store (.kwb).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace of this turn cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Compute profile stored with the turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 The marks shown may be out of date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Got it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;A case study recorded on an H200&lt;/b&gt;: an agent&apos;s turns from the PyTorch reference (left) to its CUDA (right), with what each turn measured, opened at the turn that taught the most. &lt;b&gt;Step&lt;/b&gt; through turns with Alt+← and Alt+→ or the slider; &lt;b&gt;Fork&lt;/b&gt; (Agent → Fork Here, Ctrl+Shift+K) lets the agent go on from this turn on a branch of its own; &lt;b&gt;Steer&lt;/b&gt; (Agent → Steer, Ctrl+Shift+E) edits the code or adds a message first. The Lesson pane says what each turn shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::NcuController</name>
    <message>
        <source>Profiling with Nsight Compute…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A kernel is being profiled already; wait for it or cancel it in the Nsight Compute pane.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn cannot be read for profiling: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling %1 with Nsight Compute…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Nsight Compute profile could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::NcuMetricsModel</name>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory throughput, % of peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute (SM) throughput, % of peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DRAM throughput, % of peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Achieved occupancy, %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registers per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Static shared memory per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dynamic shared memory per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L1 hit rate, %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L2 hit rate, %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DRAM bytes read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DRAM bytes written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: long scoreboard (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: short scoreboard (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: barrier (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: memory barrier (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: MIO throttle (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: local/global throttle (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: math pipe throttle (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: fixed-latency wait (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: not selected (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: no instruction (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stall: dispatch (warps per issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pp</source>
        <comment>percentage points</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower is better.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Higher is better.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::NcuProfileJob</name>
    <message>
        <source>status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a pattern for the names of the kernels to profile, such as part of a kernel&apos;s name or &quot;.&quot; for every kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid regular expression (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create a temporary folder for the turn&apos;s workspace (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The candidate did not compile, so there is nothing to profile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The candidate failed verification, so it was not profiled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The candidate could not be verified, so it was not profiled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The candidate&apos;s timing run did not finish, so it was not profiled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner&apos;s result has no Nsight Compute part; the runner may be older than the workbench.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner&apos;s Nsight Compute result does not read: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Compute measured the kernels, but kwb-runner named no report file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Compute measured the kernels, but its report %1 could not be read (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was profiled, because the evaluation could not run on this machine: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::NcuView</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (launch %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Nsight Compute profile for this turn. Right-click a kernel in the timeline and choose Profile kernel with Nsight Compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Compute did not profile this turn (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nsight Compute measured no kernel matching %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Nsight Compute metrics of %n kernel launch(es) matching %1.</source>
        <translation>
            <numerusform>Nsight Compute metrics of %n kernel launch matching %1.</numerusform>
            <numerusform>Nsight Compute metrics of %n kernel launches matching %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>the other turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling with Nsight Compute…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no Nsight Compute metrics to compare with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared with %1: %2 (launch %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no profiled kernel to compare with this one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ReferenceView</name>
    <message>
        <source>%1 GFLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MFLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 FLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · roofline %1 on %2, %3-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · no calibration of this machine yet (kwb-runner calibrate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs read once, outputs written once, parameters read once; FLOPs as torch.utils.flop_counter counts them on the reference (matrix products and convolutions). A kernel that changes the algorithm can need fewer FLOPs than this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Least work: %1, %2 counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in, %2 out, %3 parameters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RewardPlot</name>
    <message>
        <source>Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other branches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedup vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedup vs torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reward (this branch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current turn</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RooflineView</name>
    <message>
        <source>No turns to plot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte, log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Achieved FLOP/s (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>roofline (%1 copy, %2 matrix)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ridge %1 FLOP/B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager (turn %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile (turn %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn (the task does no counted FLOPs: bandwidth only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Achieved bandwidth (B/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy bandwidth %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current turn</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunSummaryView</name>
    <message>
        <source>Trajectories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster vs eager %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster vs compile %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Geomean vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Geomean vs compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all trajectories in view; geometric means are over the correct ones that were timed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 rules)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all trajectories in view; geometric means are over the correct ones that were timed. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trajectories judged under different rules are counted apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judged under the %1 rules.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunnerJob</name>
    <message>
        <source>kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kwb-runner run was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner crashed with signal %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner crashed with signal %1 (%2) after printing: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner printed no result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner exited with status %1 and printed no result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner exited with status %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner&apos;s output is not JSON (%1 at byte %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner&apos;s output is JSON but not an object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner reported an error without saying which.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunnerService</name>
    <message>
        <source>kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner serve crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kwb-runner serve exited with status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 after printing: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kwb-runner run was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SampleStore</name>
    <message>
        <source>This build of the workbench has no case studies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The case studies (%1) cannot be read: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The case studies could not be copied to %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SteerDialog</name>
    <message>
        <source>Steer after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A message to the agent, read before its next response (optional).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message to the agent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files of the turn (edits become the new turn&apos;s workspace):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TeachingController</name>
    <message>
        <source>Nothing in this turn&apos;s trace matches “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn has no trace to look in.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TeachingPanel</name>
    <message>
        <source>Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final kernel ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>× eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>× torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spills (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to look for in the timeline (click to find it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Previous Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Lesson ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trajectory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a trajectory to see its lessons. Help → Open Case Studies opens the ones recorded on an H200.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This trajectory has no lesson; the measured figures below are its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fork %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CUDA Agent paper reports %1 over torch.compile for this pattern (%2), on its own tasks, GPU and baseline; the table above is what this trajectory measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn has no evaluation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (measured on %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compile failed: %1:%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compile failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It compiled, but verification failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (largest error %1 against a tolerance of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel %1 ms · eager %2 ms · torch.compile %3 ms · %4 over eager · %5 over torch.compile%6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson %1 of %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn %1 (no lesson)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn has no lesson. Curate → Lesson… writes one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiled and correct; not timed%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 of the roofline, %2-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn was not judged: the evaluation could not run on its machine (%1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>No trace for this turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>harness · %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TimingModel</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not timed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p80</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread (CV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate speedup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TimingView</name>
    <message>
        <source>This turn was not evaluated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not timed: only correct candidates are timed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup %1 vs eager, %2 vs torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reward %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TracePanel</name>
    <message>
        <source>Export for Perfetto…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading trace… %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace for this turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 events on %3 tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no trace to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA runtime call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA driver call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile kernel with Nsight Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs this turn&apos;s candidate once more under ncu and shows the kernel&apos;s metrics beside the turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>harness · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
The harness&apos;s own work, outside the timed calls: not in the candidate&apos;s time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>harness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the harness&apos;s own work, outside the timed calls (inputs, copies, cache flushes): not in the candidate&apos;s time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TrajectoryListModel</name>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compile error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best reward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best vs compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The best correct turn&apos;s time against the least time its GPU allows for the task&apos;s floor of bytes and FLOPs (100 % is on the roofline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>environment error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TrajectoryPanel</name>
    <message>
        <source>Filter by task…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More filters: label, text in messages and code, least reward and speed-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search messages and code…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full-text search (SQLite FTS5: words, &quot;a phrase&quot;, prefix*, AND, OR, NOT); Enter applies it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reward ≥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only trajectories whose best reward is at least this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up ≥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only trajectories whose best speed-up over torch.compile is at least this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only trajectories with a turn a reward-hacking check flagged</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TranscriptView</name>
    <message numerus="yes">
        <source>Fold to %n line(s)</source>
        <translation>
            <numerusform>Fold to %n line</numerusform>
            <numerusform>Fold to %n lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show all %n line(s)</source>
        <translation>
            <numerusform>Show %n line</numerusform>
            <numerusform>Show all %n lines</numerusform>
        </translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool result · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 prompt tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 completion tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messages of this turn could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn has no messages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(arguments are not a JSON object)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from line %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TurnBadges</name>
    <message>
        <source>compile failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verify failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× vs compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flagged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flagged: %1 +%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>environment error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TurnCache</name>
    <message>
        <source>The content of %1 could not be read: %2 Run `kwb check` on the store to find damaged parts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TurnTreeModel</name>
    <message>
        <source>not evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compile failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verify failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compiled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>environment error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TurnWorkspace</name>
    <message>
        <source>Could not create the folder for %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trajectory has no task source, so there is no reference to run the candidate against.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn has no workspace files, so there is no candidate to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn&apos;s file &quot;%1&quot; has an unsafe path (absolute or with &quot;..&quot;), so its workspace was not written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn was loaded without the contents of %1; load it with its files first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn&apos;s workspace has no model_new.py and no single Python file with ModelNew, so there is no candidate to run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::VerificationView</name>
    <message>
        <source>This turn was not evaluated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not verified: the code did not compile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The verify stage did not run for this turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incorrect</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n trial(s) passed</source>
        <translation>
            <numerusform>%1 of %n trial passed</numerusform>
            <numerusform>%1 of %n trials passed</numerusform>
        </translation>
    </message>
    <message>
        <source>tolerance atol %1, rtol %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flagged %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate code ran under %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap (no network, read-only files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resource limits only (no sandbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not verified: the evaluation could not run on its machine (not the agent&apos;s failure): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::VerifyTrialsModel</name>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::WelcomePage</name>
    <message>
        <source>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Inspect agent trajectories that write and optimize CUDA kernels: the PyTorch reference, the agent&apos;s CUDA, compiler output, verification, GPU timelines and rewards, turn by turn.&lt;/p&gt;&lt;p&gt;This store has no trajectories yet. Open another store, or add trajectories to this one with File → Import (native JSONL, OpenAI chat JSONL, ATIF, a KernelBench run, a CUDA Agent workspace or another store), or let an agent work on a task (Agent menu).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Case Studies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trajectories recorded on an H200 that teach the optimization patterns, in Teaching Mode</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::WorkbenchActions</name>
    <message>
        <source>&amp;Open Store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the turn before this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the next turn of this branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;First Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the first turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Last Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the last turn of this branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;arent Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go back to the turn this branch forked from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Child Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the next fork at or below this turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go to Turn…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Diff Against Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the kernel files side by side with the previous or a picked turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use This Turn as Diff Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Later turns are compared with this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find in File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trajectory &amp;List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the keyboard focus to the trajectory list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fork Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the agent go on from this turn on a new branch; the turns up to here are shared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Steer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit this turn&apos;s code or tell the agent something; the edit becomes a new turn on a new branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the agent go on at the end of this branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the agent; the turns it finished stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent S&amp;ettings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label it &quot;accept&quot;: good enough to train on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label it &quot;reject&quot;: kept out of training data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Star</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label it &quot;star&quot;: worth coming back to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Label…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give it a label of your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tag…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag it with a free word or phrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Note…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a note on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human S&amp;core…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score it by hand; the reward it overrides is kept beside the score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to This T&amp;urn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to This &amp;Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to This Tra&amp;jectory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label All in &amp;View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give every trajectory the list shows now the same label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Curate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Curate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import F&amp;older…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Trajectories in View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre&amp;vious Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the lesson before this one (main branch first, then each fork)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ne&amp;xt Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the next lesson (main branch first, then each fork)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Teaching Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show each turn&apos;s lesson beside the code and what to look for in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L&amp;esson…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the teaching note that Teaching Mode shows for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Case Studies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the trajectories recorded on an H200 that come with the workbench, in Teaching Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>U&amp;nified Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a diff as one column of removed and added lines instead of two sides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ne&amp;xt Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the next changed block of the diff (then the next changed file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre&amp;vious Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the previous changed block of the diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A KernelBench run, a CUDA Agent workspace, or a folder of trajectory files (ATIF, OpenAI chat, native), each file on its own</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::agent::ChatPolicy</name>
    <message>
        <source>The endpoint&apos;s answer is not a chat completion (it has no choices[0].message)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint answered with an error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint refused the API key (HTTP 401%1); set the key in %2 or in the endpoint&apos;s settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint&apos;s answer is HTML, not JSON; check that the base URL is the API&apos;s (it usually ends in /v1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint&apos;s answer is not JSON (%1 at byte %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach the endpoint at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stream ended before [DONE]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to %1 broke off: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The endpoint sent nothing for %n second(s)</source>
        <translation>
            <numerusform>The endpoint sent nothing for %n second</numerusform>
            <numerusform>The endpoint sent nothing for %n seconds</numerusform>
        </translation>
    </message>
    <message>
        <source>The endpoint sent nothing for %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (tried %n times).</source>
        <translation>
            <numerusform>%1 (tried %n time).</numerusform>
            <numerusform>%1 (tried %n times).</numerusform>
        </translation>
    </message>
    <message>
        <source>The endpoint reported an error mid-stream: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::agent::ConnectionTest</name>
    <message numerus="yes">
        <source>The endpoint at %1 did not answer within %n second(s).</source>
        <translation>
            <numerusform>The endpoint at %1 did not answer within %n second.</numerusform>
            <numerusform>The endpoint at %1 did not answer within %n seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not reach the endpoint at %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at %1 answers; choose a model (it serves %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at %1 answers and serves %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at %1 answers but does not serve %2; it serves %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at %1 answers as %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::agent::ReplayPolicy</name>
    <message numerus="yes">
        <source>The recording has no more responses to replay (it has %n).</source>
        <translation>
            <numerusform>The recording has no more responses to replay (it has %n).</numerusform>
            <numerusform>The recording has no more responses to replay (it has %n).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::ScriptedPolicy</name>
    <message>
        <source>tool call %1 of action %2 has no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool call %1 of action %2 has an unknown key &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool call %1 of action %2 has arguments that are neither an object nor a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 has an unknown key &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; of action %2 is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 fails without saying why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;tool_calls&quot; of action %1 is not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 has neither text nor tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script %1 cannot be used: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script %1 cannot be read: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script %1 is not valid JSON: %2 at byte %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script %1 is not a JSON array of actions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The script %1 has no more actions (it has %n).</source>
        <translation>
            <numerusform>The script %1 has no more actions (it has %n).</numerusform>
            <numerusform>The script %1 has no more actions (it has %n).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::TurnEngine</name>
    <message>
        <source>The agent is already running; stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy was given to produce the agent&apos;s turns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn limit is %1; set it to 1 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trajectory could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 to continue from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trajectory has no task source, so the agent has no reference to work from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No temporary folder could be made for the agent&apos;s workspace: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The task could not be written to %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s prompt could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s policy was closed before the run ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool %1 could not be started because another tool was still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The final evaluation could not be started because another tool was still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The final evaluation gave no result: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn&apos;s trace could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent gave its final answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s), the limit of one run.</source>
        <translation>
            <numerusform>Stopped after %n turn, the limit of one run.</numerusform>
            <numerusform>Stopped after %n turns, the limit of one run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s); the turn in progress was not kept.</source>
        <translation>
            <numerusform>Stopped after %n turn; the turn in progress was not kept.</numerusform>
            <numerusform>Stopped after %n turns; the turn in progress was not kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s).</source>
        <translation>
            <numerusform>Stopped after %n turn.</numerusform>
            <numerusform>Stopped after %n turns.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to add: change a file or write a message to steer the agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file name &quot;%1&quot; is not a path inside the workspace (absolute or with &quot;..&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 to steer after.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn to steer after could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The edit could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The environment failed, so the run stopped after %n turn(s): %1 The turn is kept, marked as an environment error (no reward); Continue once the machine is fixed.</source>
        <translation>
            <numerusform>The environment failed, so the run stopped after %n turn: %1 The turn is kept, marked as an environment error (no reward); Continue once the machine is fixed.</numerusform>
            <numerusform>The environment failed, so the run stopped after %n turns: %1 The turn is kept, marked as an environment error (no reward); Continue once the machine is fixed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::WorkspaceFolder</name>
    <message>
        <source>The workspace file &quot;%1&quot; has an unsafe path (absolute or with &quot;..&quot;), so the workspace was not written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace was loaded without the contents of %1, so it was not written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace file %1 could not be written to %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a symbolic link and was not kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) is over %3 and was not kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be read (%2) and was not kept.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Cannot open the store %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store has no trajectory %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 on its main branch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench for agent trajectories of CUDA kernel optimization.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The .kwb store to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the window offscreen into a PNG file and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: the trajectory (uuid, or row of the list from 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: the turn along the main branch, from 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: show the kernel diff against the previous turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: window size (default 1600x1000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--screenshot needs a STORE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: Teaching Mode on (the Lesson pane, the timeline&apos;s highlights).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown pane %1: use compiler, transcript, verification, roofline, timing or timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel of this turn&apos;s trace matches %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: the pane to show (compiler, transcript, verification, roofline, timing, timeline).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: what a first start shows (the key turn in Teaching Mode, the guide card).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: select the first kernel in the timed calls whose name matches REGEX in the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window&apos;s language for this run (en, es, zh_CN), whatever Settings say.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
