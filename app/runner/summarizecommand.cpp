#include "summarizecommand.h"

#include <ostream>

#if KWB_HAVE_TORCH
#include "runner/jsonwriter.h"
#include "torch/tensorfile.h"
#endif

namespace kwb::runner {

#if KWB_HAVE_TORCH
namespace {

void writeSummary(JsonWriter& json, const torchio::TensorSummary& summary)
{
    json.beginObject();
    json.key("name").value(summary.name);
    json.key("dtype").value(summary.dtype);
    json.key("shape").beginArray();
    for (const std::int64_t extent : summary.shape)
        json.value(static_cast<long long>(extent));
    json.endArray();
    json.key("numel").value(static_cast<long long>(summary.numel));
    json.key("min").value(summary.min);
    json.key("max").value(summary.max);
    json.key("mean").value(summary.mean);
    json.key("has_nan").value(summary.hasNan);
    json.key("has_inf").value(summary.hasInf);
    json.endObject();
}

} // namespace

int summarizeCommand(const std::string& path, std::ostream& out, std::ostream& err)
{
    const torchio::TensorFile file = torchio::TensorFile::load(path);
    if (!file.isValid()) {
        err << file.error() << '\n';
        return 1;
    }
    JsonWriter json(out, 2);
    json.beginObject();
    json.key("file").value(path);
    json.key("tensors").beginArray();
    for (const torchio::TensorSummary& summary : file.summaries())
        writeSummary(json, summary);
    json.endArray();
    json.endObject();
    out << '\n';
    return 0;
}
#else
int summarizeCommand(const std::string& path, std::ostream& out, std::ostream& err)
{
    (void)path;
    (void)out;
    err << "kwb-runner was built without LibTorch, so it cannot read torch.save files; configure it with "
           "CMAKE_PREFIX_PATH set to torch.utils.cmake_prefix_path.\n";
    return 1;
}
#endif

} // namespace kwb::runner
