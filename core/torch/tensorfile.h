#pragma once

#include "torch/tensorsummary.h"

#include <string>
#include <vector>

namespace kwb::torchio {

// A file written by Python's torch.save: a tensor, or dicts, lists and tuples of tensors, nested.
// This header stays free of LibTorch so Qt code can include it (the two clash on the `slots` macro).
class TensorFile
{
public:
    // Never throws: a missing, foreign or unsupported file gives an object whose error() says why.
    static TensorFile load(const std::string& path);

    bool isValid() const { return m_error.empty(); }
    const std::string& path() const { return m_path; }
    // One sentence for the user; empty when the file loaded.
    const std::string& error() const { return m_error; }
    // In the file's order (dict insertion order, list order).
    const std::vector<TensorSummary>& summaries() const { return m_summaries; }

private:
    std::string m_path;
    std::string m_error;
    std::vector<TensorSummary> m_summaries;
};

} // namespace kwb::torchio
