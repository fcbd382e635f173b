#pragma once

#include <QString>

namespace kwb {

// A kernel's name as ptxas, CUPTI or a profiler gave it, demangled when it is a mangled symbol ("_Z...").
QString demangledKernelName(const QString& name);

// The name a reader wants in a table or on a timeline slice: demangled, without return type, namespaces (the
// anonymous one included), template arguments and parameter list, as Nsight Systems shortens kernel names:
// "void (anonymous namespace)::softmax_kernel<256>(float const*, int)" is "softmax_kernel". Names that are not C++
// signatures ("sm90_xmma_gemm_...") come back as they are; the full name belongs in the tooltip.
QString shortKernelName(const QString& name);

} // namespace kwb
