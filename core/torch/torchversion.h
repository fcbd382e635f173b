#pragma once

#include <string>

namespace kwb::torchio {

// The LibTorch version kwb_torch was built against, e.g. "2.11.0", for the environment fingerprint.
std::string torchVersion();

} // namespace kwb::torchio
