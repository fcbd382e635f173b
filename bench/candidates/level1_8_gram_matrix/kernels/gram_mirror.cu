// Lower block triangle of a symmetric N x N matrix from its upper block triangle.
// The matrix is split into P x P blocks of n rows (N = P * n). Element (r, c) is written here when the block
// row of r is greater than the block column of c; it becomes g[c][r], which the GEMMs already filled. Each
// 32 x 32 tile goes through shared memory (padded by one column) so that both the read of the source tile
// and the write of the destination tile are coalesced. Tiles with no element in the lower block triangle
// return at once.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kTile = 32;
constexpr int kRowsPerPass = 8;  // blockDim = (32, 8): each thread moves 4 elements

__global__ void mirror_lower_blocks_kernel(float* __restrict__ g, int64_t size, int64_t block)
{
    __shared__ float tile[kTile][kTile + 1];
    const int64_t row0 = static_cast<int64_t>(blockIdx.y) * kTile;  // destination tile origin
    const int64_t col0 = static_cast<int64_t>(blockIdx.x) * kTile;
    // The tile's last row is in the largest block row and its first column in the smallest block column:
    // if even that pair is not below the diagonal blocks, nothing in the tile is.
    const int64_t lastRow = row0 + kTile - 1 < size ? row0 + kTile - 1 : size - 1;
    if (lastRow / block <= col0 / block)
        return;

    // Source tile: rows col0.., columns row0.. (the transpose position).
    for (int k = threadIdx.y; k < kTile; k += kRowsPerPass) {
        const int64_t sr = col0 + k;
        const int64_t sc = row0 + threadIdx.x;
        if (sr < size && sc < size)
            tile[k][threadIdx.x] = g[sr * size + sc];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < kTile; k += kRowsPerPass) {
        const int64_t r = row0 + k;
        const int64_t c = col0 + threadIdx.x;
        if (r < size && c < size && r / block > c / block)
            g[r * size + c] = tile[threadIdx.x][k];
    }
}

}  // namespace

extern "C" cudaError_t launch_gram_mirror(float* g, int64_t size, int64_t block, cudaStream_t stream)
{
    if (size <= 0 || block <= 0 || block >= size)
        return cudaSuccess;  // one block: nothing below the diagonal blocks
    const int64_t tiles = (size + kTile - 1) / kTile;
    if (tiles > 65535)
        return cudaErrorInvalidValue;
    const dim3 grid(static_cast<unsigned>(tiles), static_cast<unsigned>(tiles));
    mirror_lower_blocks_kernel<<<grid, dim3(kTile, kRowsPerPass), 0, stream>>>(g, size, block);
    return cudaGetLastError();
}
