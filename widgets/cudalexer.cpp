#include "cudalexer.h"

#include <QColor>

namespace kwb {

namespace {

const char* const kCudaQualifiers = " __global__ __device__ __host__ __shared__ __constant__ __managed__ __restrict__"
                                    " __forceinline__ __noinline__ __launch_bounds__ __grid_constant__";

const char* const kCudaBuiltins = "threadIdx blockIdx blockDim gridDim warpSize __syncthreads __syncwarp"
                                  " __threadfence __threadfence_block __shfl_sync __shfl_down_sync __shfl_up_sync"
                                  " __shfl_xor_sync __ballot_sync __any_sync __all_sync __activemask __ldg __fmaf_rn"
                                  " __expf __logf __fdividef __half __half2 __nv_bfloat16 __float2half __half2float"
                                  " atomicAdd atomicSub atomicMax atomicMin atomicExch atomicCAS cudaStream_t"
                                  " cudaError_t cudaMalloc cudaFree cudaMemcpy cudaMemcpyAsync cudaMemset"
                                  " cudaDeviceSynchronize cudaGetLastError dim3 float2 float4 int2 int4 half"
                                  " nv_bfloat16 wmma cooperative_groups cg";

} // namespace

CudaLexer::CudaLexer(QObject* parent)
    : QsciLexerCPP(parent)
{
    m_keywords = QByteArray(QsciLexerCPP::keywords(1)) + kCudaQualifiers;
    setColor(QColor(0x8e, 0x24, 0xaa), KeywordSet2);
    setColor(QColor(0x8e, 0x24, 0xaa), InactiveKeywordSet2);
    setFoldComments(true);
    setFoldCompact(false);
}

const char* CudaLexer::language() const
{
    return "CUDA";
}

const char* CudaLexer::keywords(int set) const
{
    if (set == 1)
        return m_keywords.constData();
    if (set == 2)
        return kCudaBuiltins;
    return QsciLexerCPP::keywords(set);
}

} // namespace kwb
