#include "torch/torchversion.h"

#include <torch/version.h>

namespace kwb::torchio {

std::string torchVersion()
{
    return TORCH_VERSION;
}

} // namespace kwb::torchio
