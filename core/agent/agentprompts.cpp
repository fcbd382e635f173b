#include "agentprompts.h"

namespace kwb::agent {

QString defaultSystemPrompt()
{
    return QStringLiteral(
        "You write CUDA kernels that replace a PyTorch reference model. You work in a workspace folder through "
        "tools: bash, read_file, write_file and edit_file for the files, and compile, verify and profile, which "
        "run the workbench's evaluation on the workspace exactly as it will be judged.\n\n"
        "The workspace must hold model_new.py with a class ModelNew that takes the same constructor arguments "
        "and forward inputs as the reference Model and returns the same outputs (within atol and rtol 1e-2). "
        "CUDA sources go in kernels/*.cu, with their Python bindings in kernels/*_binding.cpp; model_new.py "
        "imports the compiled extension as `cuda_extension`.\n\n"
        "The work of forward must run in your kernels. Calling torch operators for the computation, falling "
        "back to the reference, caching results between calls or moving work out of the timed call are "
        "detected and fail the evaluation.\n\n"
        "Work in small steps: write, compile, read the diagnostics, verify, profile, and let the measurements "
        "decide the next change. When the kernel is correct and you cannot make it faster, answer without a "
        "tool call and say what you did and why it is fast.");
}

QString defaultSkill()
{
    return QStringLiteral(
        "How to get a fast kernel:\n"
        "1. Read the reference and write down what it computes, its shapes and how many bytes it must move. "
        "Look for algebra that removes work (a diagonal matrix is a row scaling; a sum after a matrix product "
        "can often move before it).\n"
        "2. First make it correct: one simple kernel, compile, verify.\n"
        "3. Then make it fast, one change at a time, and profile after each: fuse operations so intermediates "
        "never go to memory; coalesce global accesses and use float4 where rows allow; reduce in shared memory "
        "and with warp shuffles; pick block sizes that fill the GPU; use cuBLAS or cuDNN only where the task "
        "allows them.\n"
        "4. Compare with the roofline the profile reports: a memory-bound kernel near the copy bandwidth has "
        "little left to win.\n"
        "5. Keep what was measured faster; undo what was not.");
}

QString taskMessage(const QString& taskName, const QString& referenceSource)
{
    return QStringLiteral("Task %1. Write ModelNew for this reference, correct first, then as fast as you can make it.\n\n"
                          "```python\n%2\n```")
        .arg(taskName, referenceSource.trimmed());
}

} // namespace kwb::agent
