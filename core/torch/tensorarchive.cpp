#include "torch/tensorarchive.h"

#include <array>
#include <caffe2/serialize/inline_container.h>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
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

} // namespace

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

namespace {

std::string childPath(const std::string& parent, const std::string& key)
{
    return parent.empty() ? key : parent + "." + key;
}

std::string where(const std::string& path)
{
    return path.empty() ? "at the top level" : "at " + quoted(path);
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

void collect(const c10::IValue& value, const std::string& path, std::vector<NamedTensor>& out)
{
    if (value.isTensor()) {
        const at::Tensor& tensor = value.toTensor();
        if (tensor.layout() != at::kStrided || tensor.is_quantized())
            throw UnsupportedContent(
                "holds a sparse or quantized tensor " + where(path) + "; only dense tensors are supported");
        out.push_back({ path, tensor });
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

std::vector<NamedTensor> loadTensorArchive(const std::string& path, std::string* error)
{
    *error = checkFile(path);
    if (!error->empty())
        return {};
    c10::IValue root;
    try {
        root = unpickle(path);
    } catch (const c10::Error& e) {
        *error = quoted(path) + " could not be unpickled as a torch.save file: " + firstLine(e.what_without_backtrace()) + ".";
        return {};
    } catch (const std::exception& e) {
        *error = quoted(path) + " could not be unpickled as a torch.save file: " + firstLine(e.what()) + ".";
        return {};
    }
    std::vector<NamedTensor> tensors;
    try {
        collect(root, std::string(), tensors);
    } catch (const UnsupportedContent& e) {
        *error = quoted(path) + " " + e.what() + ".";
        return {};
    }
    return tensors;
}

} // namespace kwb::torchio
