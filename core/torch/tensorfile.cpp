#include "torch/tensorfile.h"

#include "torch/tensorarchive.h"

#include <cmath>
#include <exception>
#include <limits>

namespace kwb::torchio {

namespace {

// Min, max and mean of the finite elements, without a float64 copy of the whole tensor (inputs can be gigabytes).
void fillStatistics(const at::Tensor& tensor, TensorSummary& summary)
{
    // unpickle() already put every tensor on the CPU; .cpu() keeps that true for any other caller.
    at::Tensor values = tensor.detach().cpu();
    if (values.is_complex())
        values = values.abs();
    if (values.scalar_type() == at::kBool)
        values = values.to(at::kByte);
    if (values.is_floating_point()) {
        summary.hasNan = values.isnan().any().item<bool>();
        summary.hasInf = values.isinf().any().item<bool>();
        if (summary.hasNan || summary.hasInf)
            values = values.masked_select(values.isfinite());
    }
    if (values.numel() == 0) {
        summary.min = summary.max = summary.mean = std::numeric_limits<double>::quiet_NaN();
        return;
    }
    summary.min = values.min().item<double>();
    summary.max = values.max().item<double>();
    // Accumulating in float64 keeps the mean of large float16/float32 tensors accurate.
    summary.mean = values.sum(at::kDouble).item<double>() / static_cast<double>(values.numel());
}

TensorSummary summarize(const at::Tensor& tensor, const std::string& path)
{
    TensorSummary summary;
    summary.name = path;
    summary.dtype = dtypeName(tensor.scalar_type());
    summary.shape = tensor.sizes().vec();
    summary.numel = tensor.numel();

    fillStatistics(tensor, summary);
    return summary;
}


} // namespace

TensorFile TensorFile::load(const std::string& path)
{
    TensorFile file;
    file.m_path = path;
    const std::vector<NamedTensor> tensors = loadTensorArchive(path, &file.m_error);
    if (!file.m_error.empty())
        return file;
    try {
        for (const NamedTensor& t : tensors)
            file.m_summaries.push_back(summarize(t.tensor, t.name));
    } catch (const c10::Error& e) {
        file.m_error = "Cannot summarize the tensors in '" + path + "': " + firstLine(e.what_without_backtrace()) + ".";
    } catch (const std::exception& e) {
        file.m_error = "Cannot summarize the tensors in '" + path + "': " + firstLine(e.what()) + ".";
    }
    if (!file.m_error.empty())
        file.m_summaries.clear();
    return file;
}

} // namespace kwb::torchio
