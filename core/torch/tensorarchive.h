#pragma once

// Private to kwb_torch: includes LibTorch, so only this library's .cpp files may include it.
#include <ATen/ATen.h>

#include <string>
#include <vector>

namespace kwb::torchio {

struct NamedTensor
{
    std::string name; // key path: "" for a lone tensor, "out", "0", "a.b.1"
    at::Tensor tensor; // on the CPU
};

// The tensors of a file written by Python's torch.save (a tensor, or dicts, lists and tuples of them), in file
// order, restored on the CPU. Empty with a one-sentence error when the file is missing, foreign or unsupported.
std::vector<NamedTensor> loadTensorArchive(const std::string& path, std::string* error);

// The first line of a LibTorch message, without its trailing full stop, to fit inside our own sentence.
std::string firstLine(std::string text);

// Python's spelling of a dtype: "float32", "bfloat16", "int64", ...
std::string dtypeName(at::ScalarType type);

} // namespace kwb::torchio
