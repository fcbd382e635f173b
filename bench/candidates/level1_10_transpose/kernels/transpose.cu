// out = x^T for a row-major (rows x cols) matrix: out is (cols x rows), row-major.
// Block (32, 8) moves one 32 x 32 tile: each warp row reads 32 consecutive floats of one input row (128 bytes)
// into a [32][33] shared tile, and after one barrier writes 32 consecutive floats of one output row; the +1
// column puts the transposed read of a tile column on 32 different banks. Each thread moves 4 elements, with
// its 4 loads issued before any store. Ragged edges are bounds-checked; blockIdx.y strides past 65535 tiles.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kTile = 32;
constexpr int kRows = 8;  // blockDim.y: each thread handles kTile / kRows rows of the tile

__global__ void __launch_bounds__(kTile* kRows)
    transpose_kernel(const float* __restrict__ x, float* __restrict__ out, int64_t rows, int64_t cols,
                     int64_t row_tiles)
{
    __shared__ float tile[kTile][kTile + 1];
    const int64_t c0 = static_cast<int64_t>(blockIdx.x) * kTile;  // input column tile
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int64_t rt = blockIdx.y; rt < row_tiles; rt += gridDim.y) {
        const int64_t r0 = rt * kTile;  // input row tile
        float v[kTile / kRows];
#pragma unroll
        for (int k = 0; k < kTile / kRows; ++k) {
            const int64_t r = r0 + ty + k * kRows;
            const int64_t c = c0 + tx;
            v[k] = (r < rows && c < cols) ? __ldcs(x + r * cols + c) : 0.0f;
        }
#pragma unroll
        for (int k = 0; k < kTile / kRows; ++k)
            tile[ty + k * kRows][tx] = v[k];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < kTile / kRows; ++k) {
            const int64_t oc = r0 + tx;            // output column = input row
            const int64_t orow = c0 + ty + k * kRows;  // output row = input column
            if (orow < cols && oc < rows)
                __stcs(out + orow * rows + oc, tile[tx][ty + k * kRows]);
        }
        __syncthreads();  // the tile is reused by the next row tile
    }
}

}  // namespace

// x: [rows, cols], out: [cols, rows]; contiguous float32, not overlapping.
extern "C" cudaError_t launch_transpose(const float* x, float* out, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const int64_t col_tiles = (cols + kTile - 1) / kTile;
    const int64_t row_tiles = (rows + kTile - 1) / kTile;
    if (col_tiles > 0x7fffffff)
        return cudaErrorInvalidValue;
    const unsigned gy = static_cast<unsigned>(row_tiles < 65535 ? row_tiles : 65535);
    transpose_kernel<<<dim3(static_cast<unsigned>(col_tiles), gy), dim3(kTile, kRows), 0, stream>>>(x, out, rows, cols,
                                                                                                  row_tiles);
    return cudaGetLastError();
}
