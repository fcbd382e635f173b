#pragma once

#include "kernelresources.h"

#include <string_view>
#include <vector>

namespace kwb::runner {

// Reads the resource report of `-Xptxas -v` (or --resource-usage) out of nvcc's output: one entry per entry
// function and target arch, in the order ptxas compiled them. Unknown items are skipped, because the item list
// differs between toolkits and between archs of one toolkit (CUDA 13 prints cmem for sm_80, not for sm_90).
class PtxasResourceParser
{
public:
    std::vector<KernelResources> parse(std::string_view output);

private:
    void readInfo(std::string_view message);
    // Applies "N unit" items separated by commas, as on the Used, stack-frame and gmem lines.
    static void applyItems(std::string_view items, KernelResources& target, bool isModule);

    std::vector<KernelResources> m_kernels;
    KernelResources m_module; // gmem and cmem of the module being compiled, copied into its functions
    bool m_inEntry = false; // the last kernel's block is still open
    bool m_propertiesForEntry = false; // the next stack-frame line belongs to the last kernel
};

} // namespace kwb::runner
