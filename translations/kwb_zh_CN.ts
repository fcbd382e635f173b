<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>kwb::AgentController</name>
    <message>
        <source>retrying: %1</source>
        <translation>正在重试：%1</translation>
    </message>
    <message>
        <source>No model is set: choose an endpoint and a model in Agent → Agent Settings.</source>
        <translation>尚未设置模型：请在“智能体 → 智能体设置”中选择端点和模型。</translation>
    </message>
    <message>
        <source>running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message>
        <source>waiting for the model</source>
        <translation>正在等待模型</translation>
    </message>
    <message>
        <source>The agent is running with %1 at %2.</source>
        <translation>智能体正在使用 %2 上的 %1 运行。</translation>
    </message>
    <message>
        <source>The turn cannot be read for steering: %1</source>
        <translation>无法读取该轮次以进行引导：%1</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>Your edit is a new turn on a new branch; Continue lets the agent go on from it.</source>
        <translation>您的修改已成为新分支上的新轮次；“继续”可让智能体从这里接着运行。</translation>
    </message>
</context>
<context>
    <name>kwb::AgentSettingsDialog</name>
    <message>
        <source>server default</source>
        <translation>服务器默认值</translation>
    </message>
    <message>
        <source>Reset to the Workbench&apos;s Text</source>
        <translation>恢复为 Workbench 的文本</translation>
    </message>
    <message>
        <source>Agent Settings</source>
        <translation>智能体设置</translation>
    </message>
    <message>
        <source>Stream tokens as they are generated</source>
        <translation>在生成时流式传输 token</translation>
    </message>
    <message>
        <source>empty: read the environment variable above</source>
        <translation>留空：读取上面的环境变量</translation>
    </message>
    <message>
        <source>Stored in plain text in the settings file. It is only ever sent in the Authorization header, never written into a trajectory or a log.</source>
        <translation>以明文保存在设置文件中。它只会在 Authorization 头中发送，从不写入轨迹或日志。</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>基础 URL：</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <source>Top p:</source>
        <translation>Top p：</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>最大 token 数：</translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation>API 密钥变量：</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Evaluate the final workspace when the agent stops</source>
        <translation>智能体停止时评估最终的工作区</translation>
    </message>
    <message>
        <source>CUDA GPU</source>
        <translation>CUDA GPU</translation>
    </message>
    <message>
        <source>CPU (C++ extensions, host timing)</source>
        <translation>CPU（C++ 扩展，主机计时）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Turns per run, at most:</source>
        <translation>每次运行的最多轮次：</translation>
    </message>
    <message>
        <source>Evaluate on:</source>
        <translation>评估设备：</translation>
    </message>
    <message>
        <source>More kwb-runner options:</source>
        <translation>更多 kwb-runner 选项：</translation>
    </message>
    <message>
        <source>bash time limit:</source>
        <translation>bash 时间限制：</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>System prompt (stored with every trajectory the agent writes):</source>
        <translation>系统提示词（随智能体写出的每条轨迹保存）：</translation>
    </message>
    <message>
        <source>Skill text, given after the system prompt:</source>
        <translation>技能文本，在系统提示词之后给出：</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>GPU Hosts…</source>
        <translation>GPU 主机…</translation>
    </message>
    <message>
        <source>Run tools on:</source>
        <translation>工具运行于：</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Test Connection fills this list with the models the server serves</source>
        <translation>“测试连接”会用服务器提供的模型填充此列表</translation>
    </message>
</context>
<context>
    <name>kwb::BranchOutlineModel</name>
    <message>
        <source>Turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>Fork %1, from turn %2</source>
        <translation>分叉 %1，从第 %2 回合分出</translation>
    </message>
    <message>
        <source>Fork %1, a root of its own</source>
        <translation>分叉 %1，独立的根</translation>
    </message>
    <message>
        <source>The main line</source>
        <translation>主线</translation>
    </message>
    <message>
        <source>↳ Turn %1 · fork %2</source>
        <translation>↳ 第 %1 回合 · 分叉 %2</translation>
    </message>
    <message>
        <source>Turn %1 · fork %2</source>
        <translation>第 %1 回合 · 分叉 %2</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>评分 %1</translation>
    </message>
    <message>
        <source>Label: %1</source>
        <translation>标签：%1</translation>
    </message>
    <message>
        <source>Tag: %1</source>
        <translation>标记：%1</translation>
    </message>
    <message>
        <source>Human score: %1</source>
        <translation>人工评分：%1</translation>
    </message>
    <message>
        <source>Human score: %1 (was %2)</source>
        <translation>人工评分：%1（原为 %2）</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>课程：%1</translation>
    </message>
    <message>
        <source>(for the branch ending here)</source>
        <translation>（针对在此结束的分支）</translation>
    </message>
    <message>
        <source>Curation</source>
        <translation>整理</translation>
    </message>
</context>
<context>
    <name>kwb::BranchRoofline</name>
    <message>
        <source>No turn of this branch was evaluated.</source>
        <translation>此分支没有已评估的轮次。</translation>
    </message>
    <message>
        <source>No calibration for this GPU: run kwb-runner calibrate.</source>
        <translation>此 GPU 没有校准数据：请运行 kwb-runner calibrate。</translation>
    </message>
    <message>
        <source>The evaluations of this branch carry no work floor of the task: evaluate again with a current kwb-runner.</source>
        <translation>此分支的评估结果不含任务的最小工作量：请用当前版本的 kwb-runner 重新评估。</translation>
    </message>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>此轮次未评估。</translation>
    </message>
    <message>
        <source>No roofline point: this turn did not pass verification.</source>
        <translation>无 roofline 点：此轮次未通过验证。</translation>
    </message>
    <message>
        <source>No roofline point: this turn was not timed.</source>
        <translation>无 roofline 点：此轮次未计时。</translation>
    </message>
    <message>
        <source>No roofline point: the GPU that timed this turn has no calibration; run kwb-runner calibrate there.</source>
        <translation>无 roofline 点：为此轮次计时的 GPU 没有校准数据；请在该机器上运行 kwb-runner calibrate。</translation>
    </message>
    <message>
        <source>No roofline point: this turn&apos;s evaluation carries no work floor of the task.</source>
        <translation>无 roofline 点：此轮次的评估结果不含任务的最小工作量。</translation>
    </message>
    <message>
        <source>bound: memory, %1 of roofline, %2 of %3</source>
        <translation>瓶颈：内存，达到 roofline 的 %1，%2 / %3</translation>
    </message>
    <message>
        <source>bound: compute, %1 of roofline, %2 of %3 (%4)</source>
        <translation>瓶颈：计算，达到 roofline 的 %1，%2 / %3（%4）</translation>
    </message>
    <message>
        <source>eager %1, torch.compile %2</source>
        <translation>eager %1，torch.compile %2</translation>
    </message>
    <message>
        <source>against the calibration it was timed with, not the roofs drawn</source>
        <translation>按其计时时的校准计算，而非图中所画的上限</translation>
    </message>
    <message>
        <source>above the roof: this kernel does fewer FLOPs than the reference counts</source>
        <translation>高于屋顶：该内核的 FLOP 少于参考实现所计数的</translation>
    </message>
    <message>
        <source>above the roof: faster than the calibrated copy</source>
        <translation>高于屋顶：比校准的拷贝更快</translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <source>%1 is not valid UTF-8 text; it is shown as Latin-1, so some characters may be wrong.</source>
        <translation>%1 不是有效的 UTF-8 文本；已按 Latin-1 显示，部分字符可能不正确。</translation>
    </message>
    <message>
        <source>%1 has %2 lines: syntax colouring and folding are off for it.</source>
        <translation>%1 共有 %2 行：已关闭语法着色和代码折叠。</translation>
    </message>
</context>
<context>
    <name>kwb::CompilerOutputView</name>
    <message>
        <source>No compiler output.</source>
        <translation>没有编译器输出。</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断信息</translation>
    </message>
    <message>
        <source>Resources per kernel (ptxas)</source>
        <translation>各内核资源 (ptxas)</translation>
    </message>
    <message>
        <source>Raw log</source>
        <translation>原始日志</translation>
    </message>
    <message>
        <source>The compile stage did not run for this turn.</source>
        <translation>本轮未运行编译阶段。</translation>
    </message>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>本轮未经评估。</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>已编译</translation>
    </message>
    <message>
        <source>Compile timed out</source>
        <translation>编译超时</translation>
    </message>
    <message>
        <source>Compile failed</source>
        <translation>编译失败</translation>
    </message>
    <message>
        <source> in %1 s</source>
        <translation>，用时 %1 秒</translation>
    </message>
    <message>
        <source> (from the build cache)</source>
        <translation>（来自构建缓存）</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>Not compiled: the evaluation could not run on its machine (not the agent&apos;s failure): %1</source>
        <translation>未编译：评估无法在其机器上运行（不是智能体的失败）：%1</translation>
    </message>
</context>
<context>
    <name>kwb::CurationController</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>It has the label %1 already.</source>
        <translation>它已经有标签 %1。</translation>
    </message>
    <message>
        <source>Label “%1”</source>
        <translation>标签“%1”</translation>
    </message>
    <message>
        <source>Tag “%1”</source>
        <translation>标记“%1”</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Human Score %1</source>
        <translation>人工评分 %1</translation>
    </message>
    <message>
        <source>%1 No trajectory was labelled.</source>
        <translation>%1 没有为任何轨迹加标签。</translation>
    </message>
    <message>
        <source>Every trajectory in view has the label %1 already.</source>
        <translation>视图中的每条轨迹都已有标签 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Label %n Trajectories “%1”</source>
        <translation>
            <numerusform>为 %n 条轨迹加标签“%1”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories labelled %1.</source>
        <translation>
            <numerusform>已为 %n 条轨迹加上标签 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>this trajectory</source>
        <translation>此轨迹</translation>
    </message>
    <message>
        <source>the branch through turn %1</source>
        <translation>经过第 %1 轮的分支</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Label for %1:</source>
        <translation>%1 的标签：</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Tag for %1:</source>
        <translation>%1 的标记：</translation>
    </message>
    <message>
        <source>Note on %1:</source>
        <translation>关于%1的备注：</translation>
    </message>
    <message>
        <source>Human Score</source>
        <translation>人工评分</translation>
    </message>
    <message>
        <source>Score for %1 (the reward it overrides is kept beside it):</source>
        <translation>%1 的评分（被覆盖的奖励会保留在旁边）：</translation>
    </message>
    <message>
        <source>Label All in View</source>
        <translation>为视图中的全部加标签</translation>
    </message>
    <message numerus="yes">
        <source>Label for the %n trajectories in view:</source>
        <translation>
            <numerusform>视图中 %n 条轨迹的标签：</numerusform>
        </translation>
    </message>
    <message>
        <source>Curate %1</source>
        <translation>整理%1</translation>
    </message>
    <message>
        <source>%1 The curation edit was not made.</source>
        <translation>%1 未进行此整理编辑。</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Teaching note on %1:</source>
        <translation>%1 的教学说明：</translation>
    </message>
    <message>
        <source>Starred %1</source>
        <translation>已加星标：%1</translation>
    </message>
    <message>
        <source>Accepted %1</source>
        <translation>已接受：%1</translation>
    </message>
    <message>
        <source>Rejected %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>Labelled %1 “%2”</source>
        <translation>已为%1添加标签“%2”</translation>
    </message>
    <message>
        <source>Tagged %1 “%2”</source>
        <translation>已为%1添加标记“%2”</translation>
    </message>
    <message>
        <source>Note added to %1</source>
        <translation>已为%1添加备注</translation>
    </message>
    <message>
        <source>Scored %1: %2</source>
        <translation>已为%1评分：%2</translation>
    </message>
    <message>
        <source>Lesson saved on %1</source>
        <translation>已在%1保存课程</translation>
    </message>
    <message numerus="yes">
        <source>Labelled %n trajectories “%1”</source>
        <translation>
            <numerusform>已为 %n 条轨迹添加标签“%1”</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::DiagnosticsModel</name>
    <message>
        <source>note</source>
        <translation>注释</translation>
    </message>
    <message>
        <source>remark</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>fatal</source>
        <translation>致命错误</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>kwb::ExportDialog</name>
    <message>
        <source>Leave synthetic trajectories out</source>
        <translation>排除合成轨迹</translation>
    </message>
    <message>
        <source>Only branches labelled accept (at their last turn or on the trajectory)</source>
        <translation>仅限标记为 accept 的分支（在其最后一轮或轨迹上）</translation>
    </message>
    <message>
        <source>Cut each branch after its highest-reward turn</source>
        <translation>在每个分支奖励最高的一轮之后截断</translation>
    </message>
    <message>
        <source>Export Trajectories</source>
        <translation>导出轨迹</translation>
    </message>
    <message>
        <source>native JSON Lines, lossless</source>
        <translation>原生 JSON Lines，无损</translation>
    </message>
    <message>
        <source>chat messages per branch, for supervised fine-tuning</source>
        <translation>每个分支的对话消息，用于监督微调</translation>
    </message>
    <message>
        <source>preference pairs from forks</source>
        <translation>来自分叉的偏好对</translation>
    </message>
    <message>
        <source>RL rollouts grouped by task</source>
        <translation>按任务分组的强化学习 rollout</translation>
    </message>
    <message>
        <source>Agent Trajectory Interchange Format</source>
        <translation>Agent Trajectory Interchange Format</translation>
    </message>
    <message>
        <source>KernelBench eval_results.json</source>
        <translation>KernelBench eval_results.json</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>a check&apos;s name, or any</source>
        <translation>检查的名称，或 any</translation>
    </message>
    <message>
        <source>words in messages or code</source>
        <translation>消息或代码中的词</translation>
    </message>
    <message>
        <source>the higher reward</source>
        <translation>奖励较高者</translation>
    </message>
    <message>
        <source>labels (accept &gt; star &gt; none &gt; reject)</source>
        <translation>标签（accept &gt; star &gt; 无 &gt; reject）</translation>
    </message>
    <message>
        <source>File to write</source>
        <translation>要写入的文件</translation>
    </message>
    <message>
        <source>Trajectories (from the list&apos;s filter)</source>
        <translation>轨迹（来自列表的筛选）</translation>
    </message>
    <message>
        <source>Task contains:</source>
        <translation>任务包含：</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>级别：</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>Hack flag:</source>
        <translation>作弊标记：</translation>
    </message>
    <message>
        <source>Search:</source>
        <translation>搜索：</translation>
    </message>
    <message>
        <source>What each trajectory gives</source>
        <translation>每条轨迹提供的内容</translation>
    </message>
    <message>
        <source>Pairs choose by:</source>
        <translation>偏好对的选择依据：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Write to:</source>
        <translation>写入到：</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>No trajectory matches these filters.</source>
        <translation>没有轨迹符合这些筛选条件。</translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories match.</source>
        <translation>
            <numerusform>%n 条轨迹符合。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing would be written: %1</source>
        <translation>不会写入任何内容：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n preference pair(s)</source>
        <translation>
            <numerusform>%n 个偏好对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <source>The export writes %1.</source>
        <translation>导出将写入 %1。</translation>
    </message>
    <message>
        <source>Records are counted as they are written (more than %1 trajectories).</source>
        <translation>记录在写入时计数（超过 %1 条轨迹）。</translation>
    </message>
    <message>
        <source>The export writes all of them.</source>
        <translation>导出将全部写入。</translation>
    </message>
    <message>
        <source>(the task filter “%1” has no kwb export flag: pass --task with exact task names)</source>
        <translation>（任务筛选“%1”在 kwb export 中没有对应选项：请用 --task 传入确切的任务名）</translation>
    </message>
</context>
<context>
    <name>kwb::FilePane</name>
    <message>
        <source>%1 does not exist in this turn.</source>
        <translation>本轮中不存在 %1。</translation>
    </message>
    <message>
        <source>%1 does not exist in %2.</source>
        <translation>%2 中不存在 %1。</translation>
    </message>
    <message>
        <source>The two versions differ too much for a line-by-line diff; the differing block is marked as one change.</source>
        <translation>两个版本差异过大，无法逐行比较；不同的部分被标记为一处更改。</translation>
    </message>
    <message>
        <source>No changes against %1.</source>
        <translation>与%1相比没有变化。</translation>
    </message>
</context>
<context>
    <name>kwb::ForkTreeView</name>
    <message>
        <source>Go to This Turn</source>
        <translation>转到此轮</translation>
    </message>
    <message>
        <source>Compare Kernel with This Turn</source>
        <translation>将内核与此轮比较</translation>
    </message>
</context>
<context>
    <name>kwb::GpuHostsDialog</name>
    <message>
        <source>GPU Hosts</source>
        <translation>GPU 主机</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>kwb-runner (on the host&apos;s PATH)</source>
        <translation>kwb-runner（在主机的 PATH 中）</translation>
    </message>
    <message>
        <source>the runner&apos;s default</source>
        <translation>运行器的默认值</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>地址：</translation>
    </message>
    <message>
        <source>kwb-runner on the host:</source>
        <translation>主机上的 kwb-runner：</translation>
    </message>
    <message>
        <source>Python on the host:</source>
        <translation>主机上的 Python：</translation>
    </message>
    <message>
        <source>Work folder on the host:</source>
        <translation>主机上的工作目录：</translation>
    </message>
    <message>
        <source>More ssh options:</source>
        <translation>更多 ssh 选项：</translation>
    </message>
    <message>
        <source>Hosts are reached with this machine&apos;s ssh: its config, agent and known hosts apply. Build the runner on a host with: kwb host bootstrap NAME</source>
        <translation>通过本机的 ssh 连接主机：其配置、代理和已知主机均适用。在主机上构建运行器：kwb host bootstrap 名称</translation>
    </message>
    <message>
        <source>gpu-%1</source>
        <translation>gpu-%1</translation>
    </message>
    <message>
        <source>no GPU (%1)</source>
        <translation>无 GPU（%1）</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation>CUDA %1</translation>
    </message>
    <message>
        <source>torch %1</source>
        <translation>torch %1</translation>
    </message>
    <message>
        <source>runner %1</source>
        <translation>运行器 %1</translation>
    </message>
    <message>
        <source>of unknown version</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
</context>
<context>
    <name>kwb::ImportExportController</name>
    <message>
        <source>Import Trajectories</source>
        <translation>导入轨迹</translation>
    </message>
    <message>
        <source>Trajectories (*.jsonl *.json);;All files (*)</source>
        <translation>轨迹 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The Task Folder of This Run (level1/, level2/, …)</source>
        <translation>此运行的任务文件夹（level1/、level2/、…）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n trajectories</source>
        <translation>
            <numerusform>已导入 %n 条轨迹</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n turns).</source>
        <translation>
            <numerusform>（%n 轮）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n trajectories to %1.</source>
        <translation>
            <numerusform>已将 %n 条轨迹导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>正在导出到 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 from %n trajectories to %2.</source>
        <translation>
            <numerusform>已将 %n 条轨迹中的 %1 写入 %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preference pair(s)</source>
        <translation>
            <numerusform>%n 个偏好对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n branch(es)</source>
        <translation>
            <numerusform>%n 个分支</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped: %1.</source>
        <translation>已跳过：%1。</translation>
    </message>
    <message>
        <source>Import a Folder: a KernelBench Run, a CUDA Agent Workspace, or Trajectory Files</source>
        <translation>导入文件夹：KernelBench 运行、CUDA Agent 工作区或轨迹文件</translation>
    </message>
</context>
<context>
    <name>kwb::KernelResourcesModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>栈</translation>
    </message>
    <message>
        <source>Spill stores</source>
        <translation>溢出写入</translation>
    </message>
    <message>
        <source>Spill loads</source>
        <translation>溢出读取</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>常量</translation>
    </message>
</context>
<context>
    <name>kwb::KernelView</name>
    <message>
        <source>Diff</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Compare every file side by side with another turn</source>
        <translation>将每个文件与另一轮并排比较</translation>
    </message>
    <message>
        <source>against the previous turn</source>
        <translation>与上一轮比较</translation>
    </message>
    <message>
        <source>Find in file…</source>
        <translation>在文件中查找…</translation>
    </message>
    <message>
        <source>against %1</source>
        <translation>与%1比较</translation>
    </message>
    <message>
        <source>The files of this turn could not be loaded: %1</source>
        <translation>无法加载本轮的文件：%1</translation>
    </message>
    <message>
        <source>This turn has no workspace files.</source>
        <translation>本轮没有工作区文件。</translation>
    </message>
    <message>
        <source>The turn to compare with could not be loaded: %1</source>
        <translation>无法加载要比较的轮次：%1</translation>
    </message>
    <message>
        <source>This is the first turn of its branch: there is nothing before it to compare with.</source>
        <translation>这是该分支的第一轮：之前没有可比较的内容。</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Unified</source>
        <translation>统一视图</translation>
    </message>
    <message>
        <source>One column of removed and added lines instead of two sides</source>
        <translation>以一列显示删除和新增的行，而不是左右两侧</translation>
    </message>
    <message>
        <source>Previous change (Shift+F7)</source>
        <translation>上一处更改 (Shift+F7)</translation>
    </message>
    <message>
        <source>Next change (F7)</source>
        <translation>下一处更改 (F7)</translation>
    </message>
    <message>
        <source>the previous turn</source>
        <translation>上一轮</translation>
    </message>
    <message>
        <source>%1 — changed since %2</source>
        <translation>%1 — 自%2以来已更改</translation>
    </message>
    <message>
        <source>%1 — new since %2</source>
        <translation>%1 — 自%2以来新增</translation>
    </message>
    <message>
        <source>%1 — removed since %2</source>
        <translation>%1 — 自%2以来已删除</translation>
    </message>
    <message>
        <source>No changes</source>
        <translation>无更改</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n 处更改</numerusform>
        </translation>
    </message>
    <message>
        <source>Change %1 of %2</source>
        <translation>第 %1 处更改，共 %2 处</translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <source>Kernel Workbench</source>
        <translation>Kernel Workbench</translation>
    </message>
    <message>
        <source>Compiler Output</source>
        <translation>编译器输出</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Trajectories</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <source>Fork Tree</source>
        <translation>分叉树</translation>
    </message>
    <message>
        <source>Reward Curve</source>
        <translation>奖励曲线</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>导航</translation>
    </message>
    <message>
        <source>Turn along the current branch</source>
        <translation>当前分支上的轮次</translation>
    </message>
    <message>
        <source>About Kernel Workbench</source>
        <translation>关于 Kernel Workbench</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Kernel Workbench %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;A workbench for agent trajectories that write and optimize CUDA kernels: step through turns, compare kernels, read compiler output, verification and rewards.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Kernel Workbench %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;用于编写和优化 CUDA 内核的智能体轨迹工作台：逐轮浏览、比较内核，查看编译器输出、验证结果和奖励。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes the next time Kernel Workbench starts.</source>
        <translation>语言将在下次启动 Kernel Workbench 时更改。</translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories</source>
        <translation>
            <numerusform>%n 条轨迹</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a file of this turn&apos;s workspace.</source>
        <translation>%1 不是本轮工作区中的文件。</translation>
    </message>
    <message>
        <source>Open Store</source>
        <translation>打开存储</translation>
    </message>
    <message>
        <source>Kernel Workbench stores (*.kwb);;All files (*)</source>
        <translation>Kernel Workbench 存储 (*.kwb);;所有文件 (*)</translation>
    </message>
    <message>
        <source>No recent stores</source>
        <translation>没有最近的存储</translation>
    </message>
    <message>
        <source>%1 Choose another store with File → Open Store.</source>
        <translation>%1 请通过“文件 → 打开存储”选择其他存储。</translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation>%1 — Kernel Workbench</translation>
    </message>
    <message>
        <source>%1 The rest of the store can still be browsed.</source>
        <translation>%1 仍可浏览存储中的其余内容。</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>%1 (another branch)</source>
        <translation>%1（另一分支）</translation>
    </message>
    <message>
        <source>This trajectory has no turns.</source>
        <translation>此轨迹没有轮次。</translation>
    </message>
    <message numerus="yes">
        <source>Turn %1 of %2 · %n branch(es)</source>
        <translation>
            <numerusform>第 %1 轮，共 %2 轮 · %n 个分支</numerusform>
        </translation>
    </message>
    <message>
        <source>Go to Turn</source>
        <translation>转到轮次</translation>
    </message>
    <message>
        <source>Turn on this branch (1–%1):</source>
        <translation>此分支上的轮次 (1–%1)：</translation>
    </message>
    <message>
        <source>%1 is not a file. Drop a Kernel Workbench store (.kwb).</source>
        <translation>%1 不是文件。请拖放 Kernel Workbench 存储 (.kwb)。</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>The trace of this turn cannot be read: %1</source>
        <translation>无法读取本轮的跟踪：%1</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Nsight Compute</source>
        <translation>Nsight Compute</translation>
    </message>
    <message>
        <source>Nsight Compute profile stored with the turn.</source>
        <translation>Nsight Compute 分析结果已随该轮次保存。</translation>
    </message>
    <message>
        <source>Run Summary</source>
        <translation>运行汇总</translation>
    </message>
    <message>
        <source>%1 The marks shown may be out of date.</source>
        <translation>%1 显示的标记可能已过时。</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Dismiss this message</source>
        <translation>关闭此消息</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>知道了</translation>
    </message>
    <message>
        <source>&lt;b&gt;A case study recorded on an H200&lt;/b&gt;: an agent&apos;s turns from the PyTorch reference (left) to its CUDA (right), with what each turn measured, opened at the turn that taught the most. &lt;b&gt;Step&lt;/b&gt; through turns with Alt+← and Alt+→ or the slider; &lt;b&gt;Fork&lt;/b&gt; (Agent → Fork Here, Ctrl+Shift+K) lets the agent go on from this turn on a branch of its own; &lt;b&gt;Steer&lt;/b&gt; (Agent → Steer, Ctrl+Shift+E) edits the code or adds a message first. The Lesson pane says what each turn shows.</source>
        <translation>&lt;b&gt;在 H200 上录制的案例&lt;/b&gt;：智能体从 PyTorch 参考实现（左）到其 CUDA 代码（右）的各个回合，以及每个回合的测量结果，已打开在最有启发的回合。用 Alt+← 和 Alt+→ 或滑块&lt;b&gt;逐回合浏览&lt;/b&gt;；&lt;b&gt;分叉&lt;/b&gt;（智能体 → 在此分叉，Ctrl+Shift+K）让智能体从此回合在自己的分支上继续；&lt;b&gt;引导&lt;/b&gt;（智能体 → 引导，Ctrl+Shift+E）先编辑代码或添加一条消息。“课程”面板说明每个回合展示了什么。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>kwb::NcuController</name>
    <message>
        <source>Profiling with Nsight Compute…</source>
        <translation>正在用 Nsight Compute 分析…</translation>
    </message>
    <message>
        <source>A kernel is being profiled already; wait for it or cancel it in the Nsight Compute pane.</source>
        <translation>已有一个内核正在分析；请等待其完成，或在 Nsight Compute 面板中取消。</translation>
    </message>
    <message>
        <source>The turn cannot be read for profiling: %1</source>
        <translation>无法读取该轮次以进行分析：%1</translation>
    </message>
    <message>
        <source>Profiling %1 with Nsight Compute…</source>
        <translation>正在用 Nsight Compute 分析 %1…</translation>
    </message>
    <message>
        <source>The Nsight Compute profile could not be stored: %1</source>
        <translation>无法保存 Nsight Compute 分析结果：%1</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>分析已取消。</translation>
    </message>
</context>
<context>
    <name>kwb::NcuMetricsModel</name>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Memory throughput, % of peak</source>
        <translation>内存吞吐量，峰值的 %</translation>
    </message>
    <message>
        <source>Compute (SM) throughput, % of peak</source>
        <translation>计算 (SM) 吞吐量，峰值的 %</translation>
    </message>
    <message>
        <source>DRAM throughput, % of peak</source>
        <translation>DRAM 吞吐量，峰值的 %</translation>
    </message>
    <message>
        <source>Achieved occupancy, %</source>
        <translation>实际占用率，%</translation>
    </message>
    <message>
        <source>Registers per thread</source>
        <translation>每线程寄存器数</translation>
    </message>
    <message>
        <source>Static shared memory per block</source>
        <translation>每块静态共享内存</translation>
    </message>
    <message>
        <source>Dynamic shared memory per block</source>
        <translation>每块动态共享内存</translation>
    </message>
    <message>
        <source>L1 hit rate, %</source>
        <translation>L1 命中率，%</translation>
    </message>
    <message>
        <source>L2 hit rate, %</source>
        <translation>L2 命中率，%</translation>
    </message>
    <message>
        <source>DRAM bytes read</source>
        <translation>DRAM 读取字节数</translation>
    </message>
    <message>
        <source>DRAM bytes written</source>
        <translation>DRAM 写入字节数</translation>
    </message>
    <message>
        <source>Stall: long scoreboard (warps per issue)</source>
        <translation>停顿：长记分板（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: short scoreboard (warps per issue)</source>
        <translation>停顿：短记分板（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: barrier (warps per issue)</source>
        <translation>停顿：屏障（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: memory barrier (warps per issue)</source>
        <translation>停顿：内存屏障（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: MIO throttle (warps per issue)</source>
        <translation>停顿：MIO 节流（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: local/global throttle (warps per issue)</source>
        <translation>停顿：本地/全局内存节流（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: math pipe throttle (warps per issue)</source>
        <translation>停顿：数学流水线节流（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: fixed-latency wait (warps per issue)</source>
        <translation>停顿：固定延迟等待（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: not selected (warps per issue)</source>
        <translation>停顿：未被选中（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: no instruction (warps per issue)</source>
        <translation>停顿：无指令（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>Stall: dispatch (warps per issue)</source>
        <translation>停顿：分派（每次发射的 warp 数）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <comment>percentage points</comment>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>Lower is better.</source>
        <translation>越低越好。</translation>
    </message>
    <message>
        <source>Higher is better.</source>
        <translation>越高越好。</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>This turn</source>
        <translation>本轮</translation>
    </message>
    <message>
        <source>Compared turn</source>
        <translation>对比轮次</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
</context>
<context>
    <name>kwb::NcuProfileJob</name>
    <message>
        <source>status %1</source>
        <translation>状态 %1</translation>
    </message>
    <message>
        <source>Give a pattern for the names of the kernels to profile, such as part of a kernel&apos;s name or &quot;.&quot; for every kernel.</source>
        <translation>请给出要分析的内核的名称模式，例如内核名称的一部分，或用 &quot;.&quot; 表示所有内核。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid regular expression (%2).</source>
        <translation>&quot;%1&quot; 不是有效的正则表达式（%2）。</translation>
    </message>
    <message>
        <source>Could not create a temporary folder for the turn&apos;s workspace (%1).</source>
        <translation>无法为该轮的工作区创建临时文件夹（%1）。</translation>
    </message>
    <message>
        <source>The candidate did not compile, so there is nothing to profile: %1</source>
        <translation>候选代码未能编译，因此没有可分析的内容：%1</translation>
    </message>
    <message>
        <source>The candidate failed verification, so it was not profiled: %1</source>
        <translation>候选代码未通过验证，因此未进行分析：%1</translation>
    </message>
    <message>
        <source>The candidate could not be verified, so it was not profiled: %1</source>
        <translation>无法验证候选代码，因此未进行分析：%1</translation>
    </message>
    <message>
        <source>The candidate&apos;s timing run did not finish, so it was not profiled: %1</source>
        <translation>候选代码的计时运行未完成，因此未进行分析：%1</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s result has no Nsight Compute part; the runner may be older than the workbench.</source>
        <translation>kwb-runner 的结果中没有 Nsight Compute 部分；kwb-runner 的版本可能比工作台旧。</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s Nsight Compute result does not read: %1.</source>
        <translation>无法读取 kwb-runner 的 Nsight Compute 结果：%1。</translation>
    </message>
    <message>
        <source>Nsight Compute measured the kernels, but kwb-runner named no report file.</source>
        <translation>Nsight Compute 已测量内核，但 kwb-runner 没有给出报告文件。</translation>
    </message>
    <message>
        <source>Nsight Compute measured the kernels, but its report %1 could not be read (%2).</source>
        <translation>Nsight Compute 已测量内核，但无法读取其报告 %1（%2）。</translation>
    </message>
    <message>
        <source>Nothing was profiled, because the evaluation could not run on this machine: %1</source>
        <translation>未进行任何分析，因为评估无法在本机上运行：%1</translation>
    </message>
</context>
<context>
    <name>kwb::NcuView</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>%1 (launch %2)</source>
        <translation>%1（启动 %2）</translation>
    </message>
    <message>
        <source>No Nsight Compute profile for this turn. Right-click a kernel in the timeline and choose Profile kernel with Nsight Compute.</source>
        <translation>本轮没有 Nsight Compute 分析结果。请在时间线中右键单击一个内核，然后选择“用 Nsight Compute 分析内核”。</translation>
    </message>
    <message>
        <source>Nsight Compute did not profile this turn (%1).</source>
        <translation>Nsight Compute 未分析本轮（%1）。</translation>
    </message>
    <message>
        <source>Nsight Compute measured no kernel matching %1.</source>
        <translation>Nsight Compute 未测量到与 %1 匹配的内核。</translation>
    </message>
    <message numerus="yes">
        <source>Nsight Compute metrics of %n kernel launch(es) matching %1.</source>
        <translation>
            <numerusform>与 %1 匹配的 %n 次内核启动的 Nsight Compute 指标。</numerusform>
        </translation>
    </message>
    <message>
        <source>the other turn</source>
        <translation>另一轮</translation>
    </message>
    <message>
        <source>Profiling with Nsight Compute…</source>
        <translation>正在用 Nsight Compute 分析…</translation>
    </message>
    <message>
        <source>%1 has no Nsight Compute metrics to compare with.</source>
        <translation>%1 没有可供比较的 Nsight Compute 指标。</translation>
    </message>
    <message>
        <source>Compared with %1: %2 (launch %3).</source>
        <translation>与%1比较：%2（启动 %3）。</translation>
    </message>
    <message>
        <source>%1 has no profiled kernel to compare with this one.</source>
        <translation>%1 没有可与此内核比较的已分析内核。</translation>
    </message>
</context>
<context>
    <name>kwb::ReferenceView</name>
    <message>
        <source>%1 GFLOP</source>
        <translation>%1 GFLOP</translation>
    </message>
    <message>
        <source>%1 MFLOP</source>
        <translation>%1 MFLOP</translation>
    </message>
    <message>
        <source>%1 FLOP</source>
        <translation>%1 FLOP</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source> · roofline %1 on %2, %3-bound</source>
        <translation> · 在 %2 上的 roofline 为 %1，受%3限制</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source> · no calibration of this machine yet (kwb-runner calibrate)</source>
        <translation> · 本机尚未校准（kwb-runner calibrate）</translation>
    </message>
    <message>
        <source>Inputs read once, outputs written once, parameters read once; FLOPs as torch.utils.flop_counter counts them on the reference (matrix products and convolutions). A kernel that changes the algorithm can need fewer FLOPs than this.</source>
        <translation>输入读取一次，输出写入一次，参数读取一次；FLOP 按 torch.utils.flop_counter 在参考实现上的计数（矩阵乘法和卷积）。改变算法的内核可能需要比这更少的 FLOP。</translation>
    </message>
    <message>
        <source>Least work: %1, %2 counted</source>
        <translation>最少工作量：%1，计入 %2</translation>
    </message>
    <message>
        <source>%1 in, %2 out, %3 parameters</source>
        <translation>输入 %1，输出 %2，参数 %3</translation>
    </message>
</context>
<context>
    <name>kwb::RewardPlot</name>
    <message>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>Speedup (log)</source>
        <translation>加速比（对数）</translation>
    </message>
    <message>
        <source>other branches</source>
        <translation>其他分支</translation>
    </message>
    <message>
        <source>speedup vs eager</source>
        <translation>相对 eager 的加速比</translation>
    </message>
    <message>
        <source>speedup vs torch.compile</source>
        <translation>相对 torch.compile 的加速比</translation>
    </message>
    <message>
        <source>reward (this branch)</source>
        <translation>奖励（本分支）</translation>
    </message>
    <message>
        <source>current turn</source>
        <translation>当前轮次</translation>
    </message>
</context>
<context>
    <name>kwb::RooflineView</name>
    <message>
        <source>No turns to plot.</source>
        <translation>没有可绘制的轮次。</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte, log)</source>
        <translation>算术强度（FLOP/字节，对数）</translation>
    </message>
    <message>
        <source>Achieved FLOP/s (log)</source>
        <translation>实际 FLOP/s（对数）</translation>
    </message>
    <message>
        <source>roofline (%1 copy, %2 matrix)</source>
        <translation>roofline（拷贝 %1，矩阵 %2）</translation>
    </message>
    <message>
        <source>ridge %1 FLOP/B</source>
        <translation>拐点 %1 FLOP/B</translation>
    </message>
    <message>
        <source>turns</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>eager (turn %1)</source>
        <translation>eager（第 %1 轮）</translation>
    </message>
    <message>
        <source>torch.compile (turn %1)</source>
        <translation>torch.compile（第 %1 轮）</translation>
    </message>
    <message>
        <source>Turn (the task does no counted FLOPs: bandwidth only)</source>
        <translation>轮次（该任务没有计入的 FLOP：仅显示带宽）</translation>
    </message>
    <message>
        <source>Achieved bandwidth (B/s)</source>
        <translation>实际带宽（B/s）</translation>
    </message>
    <message>
        <source>% of copy bandwidth</source>
        <translation>占拷贝带宽的 %</translation>
    </message>
    <message>
        <source>copy bandwidth %1</source>
        <translation>拷贝带宽 %1</translation>
    </message>
    <message>
        <source>current turn</source>
        <translation>当前轮次</translation>
    </message>
</context>
<context>
    <name>kwb::RunSummaryView</name>
    <message>
        <source>Trajectories</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <source>Pass %</source>
        <translation>通过率 %</translation>
    </message>
    <message>
        <source>Faster vs eager %</source>
        <translation>快于 eager 的比例 %</translation>
    </message>
    <message>
        <source>Faster vs compile %</source>
        <translation>快于 compile 的比例 %</translation>
    </message>
    <message>
        <source>Geomean vs eager</source>
        <translation>相对 eager 的几何平均</translation>
    </message>
    <message>
        <source>Geomean vs compile</source>
        <translation>相对 compile 的几何平均</translation>
    </message>
    <message>
        <source>Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all trajectories in view; geometric means are over the correct ones that were timed.</source>
        <translation>每条轨迹按其最佳正确轮次计一次。通过率和加速比例是占当前所有轨迹的比例；几何平均只计算已计时的正确轨迹。</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>总体</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>No level</source>
        <translation>无级别</translation>
    </message>
    <message>
        <source> (%1 rules)</source>
        <translation>（%1 规则）</translation>
    </message>
    <message>
        <source>Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all trajectories in view; geometric means are over the correct ones that were timed. %1</source>
        <translation>每条轨迹按其最佳正确回合计一次。通过率和更快比例是相对于视图中所有轨迹的占比；几何平均值针对已计时的正确轨迹。%1</translation>
    </message>
    <message>
        <source>Trajectories judged under different rules are counted apart.</source>
        <translation>按不同规则评判的轨迹分开统计。</translation>
    </message>
    <message>
        <source>Judged under the %1 rules.</source>
        <translation>按 %1 规则评判。</translation>
    </message>
</context>
<context>
    <name>kwb::RunnerJob</name>
    <message>
        <source>kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.</source>
        <translation>无法从 %1 启动 kwb-runner（%2）；请构建它，或将其安装在工作台旁边或 PATH 中。</translation>
    </message>
    <message>
        <source>The kwb-runner run was cancelled.</source>
        <translation>kwb-runner 的运行已取消。</translation>
    </message>
    <message>
        <source>kwb-runner crashed with signal %1 (%2).</source>
        <translation>kwb-runner 因信号 %1（%2）崩溃。</translation>
    </message>
    <message>
        <source>kwb-runner crashed with signal %1 (%2) after printing: %3</source>
        <translation>kwb-runner 因信号 %1（%2）崩溃，崩溃前输出：%3</translation>
    </message>
    <message>
        <source>kwb-runner printed no result.</source>
        <translation>kwb-runner 没有输出结果。</translation>
    </message>
    <message>
        <source>kwb-runner exited with status %1 and printed no result.</source>
        <translation>kwb-runner 以状态 %1 退出，且没有输出结果。</translation>
    </message>
    <message>
        <source>kwb-runner exited with status %1: %2</source>
        <translation>kwb-runner 以状态 %1 退出：%2</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s output is not JSON (%1 at byte %2).</source>
        <translation>kwb-runner 的输出不是 JSON（第 %2 字节处：%1）。</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s output is JSON but not an object.</source>
        <translation>kwb-runner 的输出是 JSON，但不是对象。</translation>
    </message>
    <message>
        <source>kwb-runner reported an error without saying which.</source>
        <translation>kwb-runner 报告了错误，但没有说明是什么错误。</translation>
    </message>
</context>
<context>
    <name>kwb::RunnerService</name>
    <message>
        <source>kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.</source>
        <translation>无法从 %1 启动 kwb-runner（%2）；请构建它，或将其安装在工作台旁或 PATH 中。</translation>
    </message>
    <message>
        <source>kwb-runner serve crashed</source>
        <translation>kwb-runner serve 崩溃</translation>
    </message>
    <message>
        <source>kwb-runner serve exited with status %1</source>
        <translation>kwb-runner serve 以状态 %1 退出</translation>
    </message>
    <message>
        <source>%1 after printing: %2</source>
        <translation>%1，之前输出：%2</translation>
    </message>
    <message>
        <source>The kwb-runner run was cancelled.</source>
        <translation>kwb-runner 运行已取消。</translation>
    </message>
</context>
<context>
    <name>kwb::SampleStore</name>
    <message>
        <source>This build of the workbench has no case studies.</source>
        <translation>此版本的 Workbench 不含案例研究。</translation>
    </message>
    <message>
        <source>The case studies (%1) cannot be read: %2.</source>
        <translation>无法读取案例研究（%1）：%2。</translation>
    </message>
    <message>
        <source>The case studies could not be copied to %1.</source>
        <translation>无法将案例研究复制到 %1。</translation>
    </message>
</context>
<context>
    <name>kwb::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>kwb::SteerDialog</name>
    <message>
        <source>Steer after %1</source>
        <translation>在%1之后引导</translation>
    </message>
    <message>
        <source>A message to the agent, read before its next response (optional).</source>
        <translation>给智能体的消息，会在其下一次回复前读取（可选）。</translation>
    </message>
    <message>
        <source>Add Turn</source>
        <translation>添加轮次</translation>
    </message>
    <message>
        <source>Message to the agent:</source>
        <translation>给智能体的消息：</translation>
    </message>
    <message>
        <source>Files of the turn (edits become the new turn&apos;s workspace):</source>
        <translation>该轮次的文件（修改将成为新轮次的工作区）：</translation>
    </message>
</context>
<context>
    <name>kwb::TeachingController</name>
    <message>
        <source>Nothing in this turn&apos;s trace matches “%1”.</source>
        <translation>此轮的跟踪中没有与“%1”匹配的内容。</translation>
    </message>
    <message>
        <source>This turn has no trace to look in.</source>
        <translation>此轮没有可查找的跟踪。</translation>
    </message>
</context>
<context>
    <name>kwb::TeachingPanel</name>
    <message>
        <source>Branch</source>
        <translation>分支</translation>
    </message>
    <message>
        <source>Final kernel ms</source>
        <translation>最终内核 ms</translation>
    </message>
    <message>
        <source>Eager ms</source>
        <translation>Eager ms</translation>
    </message>
    <message>
        <source>torch.compile ms</source>
        <translation>torch.compile ms</translation>
    </message>
    <message>
        <source>× eager</source>
        <translation>× eager</translation>
    </message>
    <message>
        <source>× torch.compile</source>
        <translation>× torch.compile</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>Spills (bytes)</source>
        <translation>溢出（字节）</translation>
    </message>
    <message>
        <source>What to look for in the timeline (click to find it):</source>
        <translation>在时间线中要看什么（点击即可定位）：</translation>
    </message>
    <message>
        <source>◀ Previous Lesson</source>
        <translation>◀ 上一课</translation>
    </message>
    <message>
        <source>Next Lesson ▶</source>
        <translation>下一课 ▶</translation>
    </message>
    <message>
        <source>No trajectory</source>
        <translation>没有轨迹</translation>
    </message>
    <message>
        <source>Pick a trajectory to see its lessons. Help → Open Case Studies opens the ones recorded on an H200.</source>
        <translation>选择一条轨迹以查看其课程。帮助 → 打开案例研究会打开在 H200 上录制的案例。</translation>
    </message>
    <message>
        <source>This trajectory has no lesson; the measured figures below are its own.</source>
        <translation>此轨迹没有课程；下面的测量数据是它自己的。</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主分支</translation>
    </message>
    <message>
        <source>Fork %1</source>
        <translation>分叉 %1</translation>
    </message>
    <message>
        <source>not correct</source>
        <translation>不正确</translation>
    </message>
    <message>
        <source>The CUDA Agent paper reports %1 over torch.compile for this pattern (%2), on its own tasks, GPU and baseline; the table above is what this trajectory measured.</source>
        <translation>CUDA Agent 论文报告此模式（%2）相对 torch.compile 为 %1，基于其自身的任务、GPU 和基线；上表是本轨迹的测量结果。</translation>
    </message>
    <message>
        <source>This turn has no evaluation.</source>
        <translation>此轮没有评估。</translation>
    </message>
    <message>
        <source> (measured on %1)</source>
        <translation>（在 %1 上测量）</translation>
    </message>
    <message>
        <source>The compile failed: %1:%2: %3</source>
        <translation>编译失败：%1:%2：%3</translation>
    </message>
    <message>
        <source>The compile failed.</source>
        <translation>编译失败。</translation>
    </message>
    <message>
        <source>It compiled, but verification failed</source>
        <translation>编译通过，但验证失败</translation>
    </message>
    <message>
        <source> (largest error %1 against a tolerance of %2)</source>
        <translation>（最大误差 %1，容差 %2）</translation>
    </message>
    <message>
        <source>Kernel %1 ms · eager %2 ms · torch.compile %3 ms · %4 over eager · %5 over torch.compile%6.</source>
        <translation>内核 %1 ms · eager %2 ms · torch.compile %3 ms · 相对 eager %4 · 相对 torch.compile %5%6。</translation>
    </message>
    <message>
        <source>Lesson %1 of %2%3</source>
        <translation>第 %1 课，共 %2 课%3</translation>
    </message>
    <message>
        <source>Turn %1 (no lesson)</source>
        <translation>第 %1 轮（无课程）</translation>
    </message>
    <message>
        <source>This turn has no lesson. Curate → Lesson… writes one.</source>
        <translation>此轮没有课程。整理 → 课程… 可编写一条。</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Compiled and correct; not timed%1.</source>
        <translation>已编译且正确；未计时%1。</translation>
    </message>
    <message>
        <source> · %1 of the roofline, %2-bound</source>
        <translation> · 达到 roofline 的 %1，瓶颈：%2</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>This turn was not judged: the evaluation could not run on its machine (%1).</source>
        <translation>此回合未被评判：评估无法在其机器上运行（%1）。</translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>No trace for this turn.</source>
        <translation>本轮没有跟踪。</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>%1 / px</source>
        <translation>%1 / 像素</translation>
    </message>
    <message>
        <source>harness · %1</source>
        <translation>测试框架 · %1</translation>
    </message>
</context>
<context>
    <name>kwb::TimingModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Eager</source>
        <translation>Eager</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>not timed</source>
        <translation>未计时</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p20</source>
        <translation>p20</translation>
    </message>
    <message>
        <source>p80</source>
        <translation>p80</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Spread (CV)</source>
        <translation>离散度 (CV)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Candidate speedup</source>
        <translation>候选加速比</translation>
    </message>
</context>
<context>
    <name>kwb::TimingView</name>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>本轮未经评估。</translation>
    </message>
    <message>
        <source>Not timed: only correct candidates are timed.</source>
        <translation>未计时：只对正确的候选进行计时。</translation>
    </message>
    <message>
        <source>Speedup %1 vs eager, %2 vs torch.compile</source>
        <translation>相对 eager 加速 %1，相对 torch.compile 加速 %2</translation>
    </message>
    <message>
        <source>reward %1 (%2)</source>
        <translation>奖励 %1 (%2)</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>%1 rules</source>
        <translation>%1 规则</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>于 %1</translation>
    </message>
</context>
<context>
    <name>kwb::TracePanel</name>
    <message>
        <source>Export for Perfetto…</source>
        <translation>导出到 Perfetto…</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Share of GPU time</source>
        <translation>占 GPU 时间比例</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Loading trace… %1 %</source>
        <translation>正在加载跟踪… %1 %</translation>
    </message>
    <message>
        <source>No trace for this turn.</source>
        <translation>本轮没有跟踪。</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>没有跟踪</translation>
    </message>
    <message>
        <source>Loading trace…</source>
        <translation>正在加载跟踪…</translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation>与%1比较</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载%1…</translation>
    </message>
    <message>
        <source>%1: %2 events on %3 tracks</source>
        <translation>%1：%3 条轨道上共 %2 个事件</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>There is no trace to export.</source>
        <translation>没有可导出的跟踪。</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation>Chrome 跟踪 (*.json)</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation>memcpy</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>memset</translation>
    </message>
    <message>
        <source>CUDA runtime call</source>
        <translation>CUDA 运行时调用</translation>
    </message>
    <message>
        <source>CUDA driver call</source>
        <translation>CUDA 驱动调用</translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU 操作</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>瞬时</translation>
    </message>
    <message>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Profile kernel with Nsight Compute</source>
        <translation>用 Nsight Compute 分析内核</translation>
    </message>
    <message>
        <source>Runs this turn&apos;s candidate once more under ncu and shows the kernel&apos;s metrics beside the turn.</source>
        <translation>在 ncu 下再运行一次本轮次的候选，并在该轮次旁显示内核的指标。</translation>
    </message>
    <message>
        <source>harness · %1</source>
        <translation>测试框架 · %1</translation>
    </message>
    <message>
        <source>%1
The harness&apos;s own work, outside the timed calls: not in the candidate&apos;s time.</source>
        <translation>%1
测试框架自身的工作，在计时调用之外：不计入候选者的时间。</translation>
    </message>
    <message>
        <source>harness</source>
        <translation>测试框架</translation>
    </message>
    <message>
        <source>the harness&apos;s own work, outside the timed calls (inputs, copies, cache flushes): not in the candidate&apos;s time</source>
        <translation>测试框架自身的工作，在计时调用之外（输入、复制、缓存刷新）：不计入候选者的时间</translation>
    </message>
</context>
<context>
    <name>kwb::TrajectoryListModel</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>compile error</source>
        <translation>编译错误</translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Branches</source>
        <translation>分支数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Best reward</source>
        <translation>最佳奖励</translation>
    </message>
    <message>
        <source>Best vs compile</source>
        <translation>相对 compile 最佳</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>The best correct turn&apos;s time against the least time its GPU allows for the task&apos;s floor of bytes and FLOPs (100 % is on the roofline)</source>
        <translation>最佳正确轮次的用时与其 GPU 对该任务最小字节数和 FLOP 所允许的最短用时之比（100 % 即达到 roofline）</translation>
    </message>
    <message>
        <source>% roofline</source>
        <translation>% roofline</translation>
    </message>
    <message>
        <source>environment error</source>
        <translation>环境错误</translation>
    </message>
</context>
<context>
    <name>kwb::TrajectoryPanel</name>
    <message>
        <source>Filter by task…</source>
        <translation>按任务筛选…</translation>
    </message>
    <message>
        <source>All levels</source>
        <translation>所有级别</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>级别 %1</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>More filters: label, text in messages and code, least reward and speed-up</source>
        <translation>更多筛选：标签、消息和代码中的文本、最低奖励和加速比</translation>
    </message>
    <message>
        <source>Search messages and code…</source>
        <translation>搜索消息和代码…</translation>
    </message>
    <message>
        <source>Full-text search (SQLite FTS5: words, &quot;a phrase&quot;, prefix*, AND, OR, NOT); Enter applies it</source>
        <translation>全文搜索（SQLite FTS5：词语、&quot;短语&quot;、前缀*、AND、OR、NOT）；按回车应用</translation>
    </message>
    <message>
        <source>reward ≥</source>
        <translation>奖励 ≥</translation>
    </message>
    <message>
        <source>Only trajectories whose best reward is at least this</source>
        <translation>仅显示最佳奖励不低于此值的轨迹</translation>
    </message>
    <message>
        <source>speed-up ≥</source>
        <translation>加速比 ≥</translation>
    </message>
    <message>
        <source>Only trajectories whose best speed-up over torch.compile is at least this</source>
        <translation>仅显示相对 torch.compile 的最佳加速比不低于此值的轨迹</translation>
    </message>
    <message>
        <source>Any label</source>
        <translation>任意标签</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Only trajectories with a turn a reward-hacking check flagged</source>
        <translation>仅显示有轮次被奖励作弊检查标记的轨迹</translation>
    </message>
</context>
<context>
    <name>kwb::TranscriptView</name>
    <message numerus="yes">
        <source>Fold to %n line(s)</source>
        <translation>
            <numerusform>折叠为 %n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show all %n line(s)</source>
        <translation>
            <numerusform>显示全部 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>Tool result · %1</source>
        <translation>工具结果 · %1</translation>
    </message>
    <message>
        <source>%1 prompt tokens</source>
        <translation>%1 个提示词元</translation>
    </message>
    <message>
        <source>%1 completion tokens</source>
        <translation>%1 个补全词元</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理过程</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>The messages of this turn could not be loaded: %1</source>
        <translation>无法加载本轮的消息：%1</translation>
    </message>
    <message>
        <source>This turn has no messages.</source>
        <translation>本轮没有消息。</translation>
    </message>
    <message>
        <source>(arguments are not a JSON object)</source>
        <translation>（参数不是 JSON 对象）</translation>
    </message>
    <message>
        <source>Agent (live)</source>
        <translation>智能体（实时）</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation>第 %1–%2 行</translation>
    </message>
    <message>
        <source>from line %1</source>
        <translation>从第 %1 行起</translation>
    </message>
</context>
<context>
    <name>kwb::TurnBadges</name>
    <message>
        <source>compile failed</source>
        <translation>编译失败</translation>
    </message>
    <message>
        <source>verify failed</source>
        <translation>验证失败</translation>
    </message>
    <message>
        <source>%1× vs compile</source>
        <translation>相对 compile %1×</translation>
    </message>
    <message>
        <source>%1 roofline</source>
        <translation>%1 roofline</translation>
    </message>
    <message>
        <source>flagged: %1</source>
        <translation>已标记：%1</translation>
    </message>
    <message>
        <source>flagged: %1 +%2</source>
        <translation>已标记：%1 +%2</translation>
    </message>
    <message>
        <source>environment error</source>
        <translation>环境错误</translation>
    </message>
</context>
<context>
    <name>kwb::TurnCache</name>
    <message>
        <source>The content of %1 could not be read: %2 Run `kwb check` on the store to find damaged parts.</source>
        <translation>无法读取 %1 的内容：%2 请对该存储运行 `kwb check` 以查找损坏的部分。</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的存储。</translation>
    </message>
</context>
<context>
    <name>kwb::TurnTreeModel</name>
    <message>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <source>compile failed</source>
        <translation>编译失败</translation>
    </message>
    <message>
        <source>verify failed</source>
        <translation>验证失败</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>compiled</source>
        <translation>已编译</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>vs compile</source>
        <translation>相对 compile</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>environment error</source>
        <translation>环境错误</translation>
    </message>
</context>
<context>
    <name>kwb::TurnWorkspace</name>
    <message>
        <source>Could not create the folder for %1.</source>
        <translation>无法为 %1 创建文件夹。</translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>The trajectory has no task source, so there is no reference to run the candidate against.</source>
        <translation>该轨迹没有任务源代码，因此没有可与候选代码对照运行的参考实现。</translation>
    </message>
    <message>
        <source>The turn has no workspace files, so there is no candidate to run.</source>
        <translation>该轮没有工作区文件，因此没有可运行的候选代码。</translation>
    </message>
    <message>
        <source>The turn&apos;s file &quot;%1&quot; has an unsafe path (absolute or with &quot;..&quot;), so its workspace was not written.</source>
        <translation>该轮的文件 &quot;%1&quot; 路径不安全（绝对路径或包含 &quot;..&quot;），因此没有写出其工作区。</translation>
    </message>
    <message>
        <source>The turn was loaded without the contents of %1; load it with its files first.</source>
        <translation>该轮加载时没有包含 %1 的内容；请先连同文件一起加载该轮。</translation>
    </message>
    <message>
        <source>The turn&apos;s workspace has no model_new.py and no single Python file with ModelNew, so there is no candidate to run.</source>
        <translation>该轮的工作区没有 model_new.py，也没有唯一一个包含 ModelNew 的 Python 文件，因此没有可运行的候选代码。</translation>
    </message>
</context>
<context>
    <name>kwb::VerificationView</name>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>本轮未经评估。</translation>
    </message>
    <message>
        <source>Not verified: the code did not compile.</source>
        <translation>未验证：代码未能编译。</translation>
    </message>
    <message>
        <source>The verify stage did not run for this turn.</source>
        <translation>本轮未运行验证阶段。</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Incorrect</source>
        <translation>不正确</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n trial(s) passed</source>
        <translation>
            <numerusform>%n 次试验中通过 %1 次</numerusform>
        </translation>
    </message>
    <message>
        <source>tolerance atol %1, rtol %2</source>
        <translation>容差 atol %1，rtol %2</translation>
    </message>
    <message>
        <source>Flagged %1:</source>
        <translation>已标记 %1：</translation>
    </message>
    <message>
        <source>Candidate code ran under %1.</source>
        <translation>候选代码运行于 %1。</translation>
    </message>
    <message>
        <source>bubblewrap (no network, read-only files)</source>
        <translation>bubblewrap（无网络，文件只读）</translation>
    </message>
    <message>
        <source>resource limits only (no sandbox)</source>
        <translation>仅资源限制（无沙箱）</translation>
    </message>
    <message>
        <source>Not verified: the evaluation could not run on its machine (not the agent&apos;s failure): %1</source>
        <translation>未验证：评估无法在其机器上运行（不是智能体的失败）：%1</translation>
    </message>
</context>
<context>
    <name>kwb::VerifyTrialsModel</name>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Trial</source>
        <translation>试验</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Mismatched</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>kwb::WelcomePage</name>
    <message>
        <source>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Open Store…</source>
        <translation>打开存储…</translation>
    </message>
    <message>
        <source>Store: %1</source>
        <translation>存储：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Inspect agent trajectories that write and optimize CUDA kernels: the PyTorch reference, the agent&apos;s CUDA, compiler output, verification, GPU timelines and rewards, turn by turn.&lt;/p&gt;&lt;p&gt;This store has no trajectories yet. Open another store, or add trajectories to this one with File → Import (native JSONL, OpenAI chat JSONL, ATIF, a KernelBench run, a CUDA Agent workspace or another store), or let an agent work on a task (Agent menu).&lt;/p&gt;</source>
        <translation>&lt;p&gt;查看编写和优化 CUDA 内核的智能体轨迹：PyTorch 参考实现、智能体的 CUDA 代码、编译器输出、验证、GPU 时间线和奖励，逐轮呈现。&lt;/p&gt;&lt;p&gt;此存储中还没有轨迹。请打开其他存储，或通过 文件 → 导入 向其中添加轨迹（原生 JSONL、OpenAI 聊天 JSONL、ATIF、KernelBench 运行结果、CUDA Agent 工作区或另一个存储），或让智能体处理一个任务（智能体菜单）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Case Studies</source>
        <translation>打开案例研究</translation>
    </message>
    <message>
        <source>Trajectories recorded on an H200 that teach the optimization patterns, in Teaching Mode</source>
        <translation>以教学模式打开在 H200 上录制、讲解优化模式的轨迹</translation>
    </message>
</context>
<context>
    <name>kwb::WorkbenchActions</name>
    <message>
        <source>&amp;Open Store…</source>
        <translation>打开存储(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Previous Turn</source>
        <translation>上一轮(&amp;P)</translation>
    </message>
    <message>
        <source>Go to the turn before this one</source>
        <translation>转到前一轮</translation>
    </message>
    <message>
        <source>&amp;Next Turn</source>
        <translation>下一轮(&amp;N)</translation>
    </message>
    <message>
        <source>Go to the next turn of this branch</source>
        <translation>转到本分支的下一轮</translation>
    </message>
    <message>
        <source>&amp;First Turn</source>
        <translation>第一轮(&amp;F)</translation>
    </message>
    <message>
        <source>Go to the first turn</source>
        <translation>转到第一轮</translation>
    </message>
    <message>
        <source>&amp;Last Turn</source>
        <translation>最后一轮(&amp;L)</translation>
    </message>
    <message>
        <source>Go to the last turn of this branch</source>
        <translation>转到本分支的最后一轮</translation>
    </message>
    <message>
        <source>P&amp;arent Branch</source>
        <translation>父分支(&amp;A)</translation>
    </message>
    <message>
        <source>Go back to the turn this branch forked from</source>
        <translation>返回本分支分叉的那一轮</translation>
    </message>
    <message>
        <source>&amp;Child Branch</source>
        <translation>子分支(&amp;C)</translation>
    </message>
    <message>
        <source>Take the next fork at or below this turn</source>
        <translation>进入此轮或其后的下一个分叉</translation>
    </message>
    <message>
        <source>&amp;Go to Turn…</source>
        <translation>转到轮次(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Diff Against Base</source>
        <translation>与基准比较(&amp;D)</translation>
    </message>
    <message>
        <source>Compare the kernel files side by side with the previous or a picked turn</source>
        <translation>将内核文件与上一轮或所选轮次并排比较</translation>
    </message>
    <message>
        <source>&amp;Use This Turn as Diff Base</source>
        <translation>将此轮用作比较基准(&amp;U)</translation>
    </message>
    <message>
        <source>Later turns are compared with this one</source>
        <translation>之后的轮次将与此轮比较</translation>
    </message>
    <message>
        <source>&amp;Find in File…</source>
        <translation>在文件中查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Trajectory &amp;List</source>
        <translation>轨迹列表(&amp;L)</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the trajectory list</source>
        <translation>将键盘焦点移到轨迹列表</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Kernel Workbench</source>
        <translation>关于 Kernel Workbench(&amp;A)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>转到</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>&amp;Fork Here</source>
        <translation>在此分叉(&amp;F)</translation>
    </message>
    <message>
        <source>Let the agent go on from this turn on a new branch; the turns up to here are shared</source>
        <translation>让智能体从本轮次在新分支上继续；到此为止的轮次共享</translation>
    </message>
    <message>
        <source>&amp;Steer…</source>
        <translation>引导(&amp;S)…</translation>
    </message>
    <message>
        <source>Edit this turn&apos;s code or tell the agent something; the edit becomes a new turn on a new branch</source>
        <translation>编辑本轮次的代码或告诉智能体一些信息；修改将成为新分支上的新轮次</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <source>Let the agent go on at the end of this branch</source>
        <translation>让智能体在本分支末尾继续</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop the agent; the turns it finished stay</source>
        <translation>停止智能体；已完成的轮次会保留</translation>
    </message>
    <message>
        <source>Agent S&amp;ettings…</source>
        <translation>智能体设置(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Agent</source>
        <translation>智能体(&amp;A)</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>接受(&amp;A)</translation>
    </message>
    <message>
        <source>Label it &quot;accept&quot;: good enough to train on</source>
        <translation>标记为 &quot;accept&quot;：足以用于训练</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>拒绝(&amp;R)</translation>
    </message>
    <message>
        <source>Label it &quot;reject&quot;: kept out of training data</source>
        <translation>标记为 &quot;reject&quot;：不进入训练数据</translation>
    </message>
    <message>
        <source>&amp;Star</source>
        <translation>星标(&amp;S)</translation>
    </message>
    <message>
        <source>Label it &quot;star&quot;: worth coming back to</source>
        <translation>标记为 &quot;star&quot;：值得回头再看</translation>
    </message>
    <message>
        <source>&amp;Label…</source>
        <translation>标签(&amp;L)…</translation>
    </message>
    <message>
        <source>Give it a label of your own</source>
        <translation>给它加一个自定义标签</translation>
    </message>
    <message>
        <source>&amp;Tag…</source>
        <translation>标记(&amp;T)…</translation>
    </message>
    <message>
        <source>Tag it with a free word or phrase</source>
        <translation>用任意词语或短语标记它</translation>
    </message>
    <message>
        <source>&amp;Note…</source>
        <translation>备注(&amp;N)…</translation>
    </message>
    <message>
        <source>Write a note on it</source>
        <translation>为它写一条备注</translation>
    </message>
    <message>
        <source>Human S&amp;core…</source>
        <translation>人工评分(&amp;C)…</translation>
    </message>
    <message>
        <source>Score it by hand; the reward it overrides is kept beside the score</source>
        <translation>手动评分；被覆盖的奖励会保留在评分旁边</translation>
    </message>
    <message>
        <source>Apply to This T&amp;urn</source>
        <translation>应用于此轮(&amp;U)</translation>
    </message>
    <message>
        <source>Apply to This &amp;Branch</source>
        <translation>应用于此分支(&amp;B)</translation>
    </message>
    <message>
        <source>Apply to This Tra&amp;jectory</source>
        <translation>应用于此轨迹(&amp;J)</translation>
    </message>
    <message>
        <source>Label All in &amp;View…</source>
        <translation>为视图中的全部加标签(&amp;V)…</translation>
    </message>
    <message>
        <source>Give every trajectory the list shows now the same label</source>
        <translation>为列表当前显示的每条轨迹加上同一个标签</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Curate</source>
        <translation>整理(&amp;C)</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Curate</source>
        <translation>整理</translation>
    </message>
    <message>
        <source>&amp;Import File…</source>
        <translation>导入文件(&amp;I)…</translation>
    </message>
    <message>
        <source>Import F&amp;older…</source>
        <translation>导入文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Export Trajectories in View…</source>
        <translation>导出当前视图中的轨迹(&amp;E)…</translation>
    </message>
    <message>
        <source>Pre&amp;vious Lesson</source>
        <translation>上一课(&amp;V)</translation>
    </message>
    <message>
        <source>Go to the lesson before this one (main branch first, then each fork)</source>
        <translation>转到上一课（先主分支，再各个分叉）</translation>
    </message>
    <message>
        <source>Ne&amp;xt Lesson</source>
        <translation>下一课(&amp;X)</translation>
    </message>
    <message>
        <source>Go to the next lesson (main branch first, then each fork)</source>
        <translation>转到下一课（先主分支，再各个分叉）</translation>
    </message>
    <message>
        <source>&amp;Teaching Mode</source>
        <translation>教学模式(&amp;T)</translation>
    </message>
    <message>
        <source>Show each turn&apos;s lesson beside the code and what to look for in the timeline</source>
        <translation>在代码旁显示每轮的课程，以及在时间线中要看什么</translation>
    </message>
    <message>
        <source>L&amp;esson…</source>
        <translation>课程(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the teaching note that Teaching Mode shows for it</source>
        <translation>编写教学模式为其显示的教学说明</translation>
    </message>
    <message>
        <source>Open &amp;Case Studies</source>
        <translation>打开案例研究(&amp;C)</translation>
    </message>
    <message>
        <source>Open the trajectories recorded on an H200 that come with the workbench, in Teaching Mode</source>
        <translation>以教学模式打开 Workbench 自带的、在 H200 上录制的轨迹</translation>
    </message>
    <message>
        <source>U&amp;nified Diff</source>
        <translation>统一差异视图(&amp;N)</translation>
    </message>
    <message>
        <source>Show a diff as one column of removed and added lines instead of two sides</source>
        <translation>以一列删除和新增的行显示差异，而不是左右两侧</translation>
    </message>
    <message>
        <source>Ne&amp;xt Change</source>
        <translation>下一处更改(&amp;X)</translation>
    </message>
    <message>
        <source>Go to the next changed block of the diff (then the next changed file)</source>
        <translation>转到差异中的下一个更改块（然后是下一个已更改的文件）</translation>
    </message>
    <message>
        <source>Pre&amp;vious Change</source>
        <translation>上一处更改(&amp;V)</translation>
    </message>
    <message>
        <source>Go to the previous changed block of the diff</source>
        <translation>转到差异中的上一个更改块</translation>
    </message>
    <message>
        <source>A KernelBench run, a CUDA Agent workspace, or a folder of trajectory files (ATIF, OpenAI chat, native), each file on its own</source>
        <translation>KernelBench 运行、CUDA Agent 工作区，或轨迹文件的文件夹（ATIF、OpenAI 对话、原生格式），每个文件单独导入</translation>
    </message>
</context>
<context>
    <name>kwb::agent::ChatPolicy</name>
    <message>
        <source>The endpoint&apos;s answer is not a chat completion (it has no choices[0].message)</source>
        <translation>端点的回答不是 chat completion（没有 choices[0].message）</translation>
    </message>
    <message>
        <source>The endpoint answered with an error: %1</source>
        <translation>端点返回了错误：%1</translation>
    </message>
    <message>
        <source>The endpoint refused the API key (HTTP 401%1); set the key in %2 or in the endpoint&apos;s settings</source>
        <translation>端点拒绝了 API 密钥（HTTP 401%1）；请在 %2 或端点设置中设置密钥</translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1</source>
        <translation>端点返回 HTTP %1</translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1: %2</source>
        <translation>端点返回 HTTP %1：%2</translation>
    </message>
    <message>
        <source>The endpoint&apos;s answer is HTML, not JSON; check that the base URL is the API&apos;s (it usually ends in /v1)</source>
        <translation>端点的回答是 HTML 而不是 JSON；请检查基础 URL 是否为 API 的地址（通常以 /v1 结尾）</translation>
    </message>
    <message>
        <source>The endpoint&apos;s answer is not JSON (%1 at byte %2)</source>
        <translation>端点的回答不是 JSON（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>Could not reach the endpoint at %1: %2</source>
        <translation>无法连接到 %1 的端点：%2</translation>
    </message>
    <message>
        <source>The stream ended before [DONE]</source>
        <translation>数据流在 [DONE] 之前结束</translation>
    </message>
    <message>
        <source>The connection to %1 broke off: %2</source>
        <translation>与 %1 的连接中断：%2</translation>
    </message>
    <message numerus="yes">
        <source>The endpoint sent nothing for %n second(s)</source>
        <translation>
            <numerusform>端点 %n 秒内没有发送任何内容</numerusform>
        </translation>
    </message>
    <message>
        <source>The endpoint sent nothing for %1 ms</source>
        <translation>端点 %1 毫秒内没有发送任何内容</translation>
    </message>
    <message numerus="yes">
        <source>%1 (tried %n times).</source>
        <translation>
            <numerusform>%1（已尝试 %n 次）。</numerusform>
        </translation>
    </message>
    <message>
        <source>The endpoint reported an error mid-stream: %1</source>
        <translation>端点在数据流中途报告错误：%1</translation>
    </message>
</context>
<context>
    <name>kwb::agent::ConnectionTest</name>
    <message numerus="yes">
        <source>The endpoint at %1 did not answer within %n second(s).</source>
        <translation>
            <numerusform>%1 的端点在 %n 秒内没有回答。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not reach the endpoint at %1: %2.</source>
        <translation>无法连接到 %1 的端点：%2。</translation>
    </message>
    <message>
        <source>no models</source>
        <translation>没有模型</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers; choose a model (it serves %2).</source>
        <translation>%1 的端点有回答；请选择一个模型（它提供 %2）。</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers and serves %2.</source>
        <translation>%1 的端点有回答，并提供 %2。</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers but does not serve %2; it serves %3.</source>
        <translation>%1 的端点有回答，但不提供 %2；它提供 %3。</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers as %2.</source>
        <translation>%1 的端点以 %2 的身份回答。</translation>
    </message>
</context>
<context>
    <name>kwb::agent::ReplayPolicy</name>
    <message numerus="yes">
        <source>The recording has no more responses to replay (it has %n).</source>
        <translation>
            <numerusform>录制中没有更多可重放的回复（共 %n 条）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::ScriptedPolicy</name>
    <message>
        <source>tool call %1 of action %2 has no name</source>
        <translation>动作 %2 的工具调用 %1 没有名称</translation>
    </message>
    <message>
        <source>tool call %1 of action %2 has an unknown key &quot;%3&quot;</source>
        <translation>动作 %2 的工具调用 %1 含有未知的键“%3”</translation>
    </message>
    <message>
        <source>tool call %1 of action %2 has arguments that are neither an object nor a string</source>
        <translation>动作 %2 的工具调用 %1 的参数既不是对象也不是字符串</translation>
    </message>
    <message>
        <source>action %1 is not a JSON object</source>
        <translation>动作 %1 不是 JSON 对象</translation>
    </message>
    <message>
        <source>action %1 has an unknown key &quot;%2&quot;</source>
        <translation>动作 %1 含有未知的键“%2”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; of action %2 is not a string</source>
        <translation>动作 %2 的“%1”不是字符串</translation>
    </message>
    <message>
        <source>action %1 fails without saying why</source>
        <translation>动作 %1 失败且未说明原因</translation>
    </message>
    <message>
        <source>&quot;tool_calls&quot; of action %1 is not an array</source>
        <translation>动作 %1 的“tool_calls”不是数组</translation>
    </message>
    <message>
        <source>action %1 has neither text nor tool calls</source>
        <translation>动作 %1 既没有文本也没有工具调用</translation>
    </message>
    <message>
        <source>The script %1 cannot be used: %2.</source>
        <translation>脚本 %1 无法使用：%2。</translation>
    </message>
    <message>
        <source>The script %1 cannot be read: %2.</source>
        <translation>无法读取脚本 %1：%2。</translation>
    </message>
    <message>
        <source>The script %1 is not valid JSON: %2 at byte %3.</source>
        <translation>脚本 %1 不是有效的 JSON：第 %3 字节处 %2。</translation>
    </message>
    <message>
        <source>The script %1 is not a JSON array of actions.</source>
        <translation>脚本 %1 不是由动作组成的 JSON 数组。</translation>
    </message>
    <message numerus="yes">
        <source>The script %1 has no more actions (it has %n).</source>
        <translation>
            <numerusform>脚本 %1 没有更多动作（共 %n 个）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::TurnEngine</name>
    <message>
        <source>The agent is already running; stop it first.</source>
        <translation>智能体已在运行；请先停止它。</translation>
    </message>
    <message>
        <source>No policy was given to produce the agent&apos;s turns.</source>
        <translation>没有提供用于生成智能体轮次的策略。</translation>
    </message>
    <message>
        <source>The turn limit is %1; set it to 1 or more.</source>
        <translation>轮次上限为 %1；请设为 1 或更大。</translation>
    </message>
    <message>
        <source>The trajectory could not be loaded: %1</source>
        <translation>无法加载轨迹：%1</translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 to continue from.</source>
        <translation>轨迹中没有可继续的轮次 %1。</translation>
    </message>
    <message>
        <source>The trajectory has no task source, so the agent has no reference to work from.</source>
        <translation>轨迹没有任务源代码，因此智能体没有可依据的参考实现。</translation>
    </message>
    <message>
        <source>No temporary folder could be made for the agent&apos;s workspace: %1.</source>
        <translation>无法为智能体的工作区创建临时文件夹：%1。</translation>
    </message>
    <message>
        <source>The task could not be written to %1: %2.</source>
        <translation>无法将任务写入 %1：%2。</translation>
    </message>
    <message>
        <source>The agent&apos;s prompt could not be stored: %1</source>
        <translation>无法保存智能体的提示词：%1</translation>
    </message>
    <message>
        <source>The agent&apos;s policy was closed before the run ended.</source>
        <translation>智能体的策略在运行结束前被关闭。</translation>
    </message>
    <message>
        <source>The tool %1 could not be started because another tool was still running.</source>
        <translation>无法启动工具 %1，因为另一个工具仍在运行。</translation>
    </message>
    <message>
        <source>The final evaluation could not be started because another tool was still running.</source>
        <translation>无法开始最终评估，因为另一个工具仍在运行。</translation>
    </message>
    <message>
        <source>The final evaluation gave no result: %1</source>
        <translation>最终评估没有结果：%1</translation>
    </message>
    <message>
        <source>The turn&apos;s trace could not be stored: %1</source>
        <translation>无法保存该轮次的跟踪：%1</translation>
    </message>
    <message>
        <source>The turn could not be stored: %1</source>
        <translation>无法保存该轮次：%1</translation>
    </message>
    <message>
        <source>The agent gave its final answer.</source>
        <translation>智能体给出了最终回答。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s), the limit of one run.</source>
        <translation>
            <numerusform>在 %n 轮后停止，达到单次运行的上限。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s); the turn in progress was not kept.</source>
        <translation>
            <numerusform>在 %n 轮后停止；进行中的轮次未保留。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s).</source>
        <translation>
            <numerusform>在 %n 轮后停止。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to add: change a file or write a message to steer the agent.</source>
        <translation>没有可添加的内容：请修改文件或写一条消息来引导智能体。</translation>
    </message>
    <message>
        <source>The file name &quot;%1&quot; is not a path inside the workspace (absolute or with &quot;..&quot;).</source>
        <translation>文件名“%1”不是工作区内的路径（是绝对路径或含有“..”）。</translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 to steer after.</source>
        <translation>轨迹中没有可在其后引导的轮次 %1。</translation>
    </message>
    <message>
        <source>The turn to steer after could not be loaded: %1</source>
        <translation>无法加载要在其后引导的轮次：%1</translation>
    </message>
    <message>
        <source>The edit could not be stored: %1</source>
        <translation>无法保存该修改：%1</translation>
    </message>
    <message numerus="yes">
        <source>The environment failed, so the run stopped after %n turn(s): %1 The turn is kept, marked as an environment error (no reward); Continue once the machine is fixed.</source>
        <translation>
            <numerusform>环境出错，运行在 %n 个回合后停止：%1 该回合已保留，标记为环境错误（无奖励）；修好机器后请点“继续”。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::WorkspaceFolder</name>
    <message>
        <source>The workspace file &quot;%1&quot; has an unsafe path (absolute or with &quot;..&quot;), so the workspace was not written.</source>
        <translation>工作区文件“%1”的路径不安全（绝对路径或含有“..”），因此未写出工作区。</translation>
    </message>
    <message>
        <source>The workspace was loaded without the contents of %1, so it was not written.</source>
        <translation>工作区加载时缺少 %1 的内容，因此未写出。</translation>
    </message>
    <message>
        <source>The workspace file %1 could not be written to %2: %3.</source>
        <translation>无法将工作区文件 %1 写入 %2：%3。</translation>
    </message>
    <message>
        <source>%1 is a symbolic link and was not kept.</source>
        <translation>%1 是符号链接，未保留。</translation>
    </message>
    <message>
        <source>%1 (%2) is over %3 and was not kept.</source>
        <translation>%1（%2）超过 %3，未保留。</translation>
    </message>
    <message>
        <source>%1 could not be read (%2) and was not kept.</source>
        <translation>无法读取 %1（%2），未保留。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Cannot open the store %1. %2</source>
        <translation>无法打开存储 %1。%2</translation>
    </message>
    <message>
        <source>The store has no trajectory %1.</source>
        <translation>存储中没有轨迹 %1。</translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 on its main branch.</source>
        <translation>该轨迹的主分支上没有第 %1 轮。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>Workbench for agent trajectories of CUDA kernel optimization.</source>
        <translation>用于 CUDA 内核优化智能体轨迹的工作台。</translation>
    </message>
    <message>
        <source>The .kwb store to open.</source>
        <translation>要打开的 .kwb 存储。</translation>
    </message>
    <message>
        <source>Render the window offscreen into a PNG file and exit.</source>
        <translation>在屏幕外将窗口渲染为 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>With --screenshot: the trajectory (uuid, or row of the list from 1).</source>
        <translation>配合 --screenshot：要显示的轨迹（uuid，或从 1 开始的列表行号）。</translation>
    </message>
    <message>
        <source>With --screenshot: the turn along the main branch, from 1.</source>
        <translation>配合 --screenshot：主分支上的轮次，从 1 开始。</translation>
    </message>
    <message>
        <source>With --screenshot: show the kernel diff against the previous turn.</source>
        <translation>配合 --screenshot：显示内核与上一轮的差异。</translation>
    </message>
    <message>
        <source>With --screenshot: window size (default 1600x1000).</source>
        <translation>配合 --screenshot：窗口大小（默认 1600x1000）。</translation>
    </message>
    <message>
        <source>--screenshot needs a STORE.</source>
        <translation>--screenshot 需要指定 STORE。</translation>
    </message>
    <message>
        <source>With --screenshot: Teaching Mode on (the Lesson pane, the timeline&apos;s highlights).</source>
        <translation>与 --screenshot 一起使用：开启教学模式（课程面板、时间线高亮）。</translation>
    </message>
    <message>
        <source>Unknown pane %1: use compiler, transcript, verification, roofline, timing or timeline.</source>
        <translation>未知面板 %1：请使用 compiler、transcript、verification、roofline、timing 或 timeline。</translation>
    </message>
    <message>
        <source>No kernel of this turn&apos;s trace matches %1.</source>
        <translation>本轮追踪中没有与 %1 匹配的内核。</translation>
    </message>
    <message>
        <source>With --screenshot: the pane to show (compiler, transcript, verification, roofline, timing, timeline).</source>
        <translation>与 --screenshot 一起使用：要显示的面板（compiler、transcript、verification、roofline、timing、timeline）。</translation>
    </message>
    <message>
        <source>With --screenshot: what a first start shows (the key turn in Teaching Mode, the guide card).</source>
        <translation>与 --screenshot 一起使用：首次启动时显示的内容（教学模式下的关键轮次、引导卡片）。</translation>
    </message>
    <message>
        <source>With --screenshot: select the first kernel in the timed calls whose name matches REGEX in the timeline.</source>
        <translation>与 --screenshot 一起使用：在时间线中选择计时调用内名称匹配 REGEX 的第一个内核。</translation>
    </message>
    <message>
        <source>The window&apos;s language for this run (en, es, zh_CN), whatever Settings say.</source>
        <translation>本次运行的窗口语言（en、es、zh_CN），不论设置如何。</translation>
    </message>
</context>
</TS>
