#include "torch/tensorfile.h"

#include <array>
#include <caffe2/serialize/inline_container.h>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <torch/csrc/jit/serialization/import_read.h>

namespace kwb::torchio {

namespace {

// Raised inside this file only; load() turns it into the error sentence.
class UnsupportedContent : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

std::string quoted(const std::string& path)
{
    return "'" + path + "'";
}

// The first line of a LibTorch message, without its trailing full stop, to fit inside our sentence.
std::string firstLine(std::string text)
{
    text = text.substr(0, text.find('\n'));
    while (!text.empty() && (text.back() == '.' || text.back() == ' '))
        text.pop_back();
    return text;
}

std::string dtypeName(at::ScalarType type)
{
    switch (type) {
    case at::kFloat:
        return "float32";
    case at::kDouble:
        return "float64";
    case at::kHalf:
        return "float16";
    case at::kBFloat16:
        return "bfloat16";
    case at::kByte:
        return "uint8";
    case at::kChar:
        return "int8";
    case at::kShort:
        return "int16";
    case at::kInt:
        return "int32";
    case at::kLong:
        return "int64";
    case at::kBool:
        return "bool";
    case at::kComplexHalf:
        return "complex32";
    case at::kComplexFloat:
        return "complex64";
    case at::kComplexDouble:
        return "complex128";
    default:
        return c10::toString(type);
    }
}

std::string childPath(const std::string& parent, const std::string& key)
{
    return parent.empty() ? key : parent + "." + key;
}

std::string where(const std::string& path)
{
    return path.empty() ? "at the top level" : "at " + quoted(path);
}

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
    if (tensor.layout() != at::kStrided || tensor.is_quantized())
        throw UnsupportedContent(
            "holds a sparse or quantized tensor " + where(path) + "; only dense tensors are supported");

    TensorSummary summary;
    summary.name = path;
    summary.dtype = dtypeName(tensor.scalar_type());
    summary.shape = tensor.sizes().vec();
    summary.numel = tensor.numel();

    fillStatistics(tensor, summary);
    return summary;
}

std::string keyText(const c10::IValue& key, const std::string& path)
{
    if (key.isString())
        return key.toStringRef();
    if (key.isInt())
        return std::to_string(key.toInt());
    throw UnsupportedContent("has a dict key of type " + std::string(key.tagKind()) + " " + where(path)
        + "; only string and integer keys are supported");
}

void collect(const c10::IValue& value, const std::string& path, std::vector<TensorSummary>& out)
{
    if (value.isTensor()) {
        out.push_back(summarize(value.toTensor(), path));
    } else if (value.isGenericDict()) {
        for (const auto& entry : value.toGenericDict())
            collect(entry.value(), childPath(path, keyText(entry.key(), path)), out);
    } else if (value.isList()) {
        const auto list = value.toListRef();
        for (std::size_t i = 0; i < list.size(); ++i)
            collect(list[i], childPath(path, std::to_string(i)), out);
    } else if (value.isTuple()) {
        const auto& elements = value.toTupleRef().elements();
        for (std::size_t i = 0; i < elements.size(); ++i)
            collect(elements[i], childPath(path, std::to_string(i)), out);
    } else {
        throw UnsupportedContent("holds a " + std::string(value.tagKind()) + " " + where(path)
            + "; only tensors and dicts, lists and tuples of tensors are supported");
    }
}

// Why the file cannot be a torch.save archive, judged from its first bytes; "" when it may be one.
std::string checkFile(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return "Cannot read tensors from " + quoted(path) + ": the file does not exist.";
    if (std::filesystem::is_directory(path, ec))
        return "Cannot read tensors from " + quoted(path) + ": it is a directory, not a file written by torch.save.";
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return "Cannot open " + quoted(path) + ": " + std::strerror(errno) + ".";
    std::array<char, 4> magic {};
    in.read(magic.data(), magic.size());
    const std::streamsize count = in.gcount();
    if (count == 0)
        return quoted(path) + " is empty, not a file written by torch.save.";
    // torch.save has written zip archives since PyTorch 1.6; LibTorch reads nothing else.
    if (count == 4 && std::memcmp(magic.data(), "PK\x03\x04", 4) == 0)
        return {};
    if (static_cast<unsigned char>(magic.front()) == 0x80)
        return quoted(path)
            + " uses torch.save's legacy format; save it again without"
              " _use_new_zipfile_serialization=False.";
    return quoted(path) + " is not a file written by torch.save.";
}

// What torch::pickle_load does, but reading records from the file as needed (inputs can be gigabytes) and
// restoring every tensor on the CPU, like map_location="cpu", so GPU-saved files load where there is no GPU.
c10::IValue unpickle(const std::string& path)
{
    caffe2::serialize::PyTorchStreamReader reader(path);
    return torch::jit::readArchiveAndTensors("data", "", "", std::nullopt, std::nullopt, at::Device(at::kCPU), reader);
}

} // namespace

TensorFile TensorFile::load(const std::string& path)
{
    TensorFile file;
    file.m_path = path;
    file.m_error = checkFile(path);
    if (!file.m_error.empty())
        return file;

    c10::IValue root;
    try {
        root = unpickle(path);
    } catch (const c10::Error& e) {
        file.m_error = quoted(path)
            + " could not be unpickled as a torch.save file: " + firstLine(e.what_without_backtrace()) + ".";
        return file;
    } catch (const std::exception& e) {
        file.m_error = quoted(path) + " could not be unpickled as a torch.save file: " + firstLine(e.what()) + ".";
        return file;
    }

    try {
        collect(root, std::string(), file.m_summaries);
    } catch (const UnsupportedContent& e) {
        file.m_error = quoted(path) + " " + e.what() + ".";
    } catch (const c10::Error& e) {
        file.m_error
            = "Cannot summarize the tensors in " + quoted(path) + ": " + firstLine(e.what_without_backtrace()) + ".";
    } catch (const std::exception& e) {
        file.m_error = "Cannot summarize the tensors in " + quoted(path) + ": " + firstLine(e.what()) + ".";
    }
    if (!file.m_error.empty())
        file.m_summaries.clear();
    return file;
}

} // namespace kwb::torchio
