// The honest CUDA kernels that the GPU red-team cases share: relu(x * scale + y) - 0.25 y, relu(x w^T + b) and
// row centering, each launched on the stream the caller passes.
#include <cuda_runtime.h>

#include <cstdint>

__global__ void scale_shift_kernel(const float* x, const float* y, float* out, int64_t n, float scale)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = fmaxf(x[i] * scale + y[i], 0.f) - 0.25f * y[i];
}

__global__ void linear_relu_kernel(const float* x, const float* w, const float* b, float* out, int n, int k, int m)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y;
    if (i >= n || j >= m)
        return;
    float acc = b[j];
    for (int l = 0; l < k; ++l)
        acc += x[i * k + l] * w[j * k + l];
    out[i * m + j] = fmaxf(acc, 0.f);
}

// One block of 256 threads per row: a shared-memory tree sum, then every thread subtracts the mean.
__global__ void row_center_kernel(const float* x, float* out, int cols)
{
    __shared__ float partial[256];
    const float* row = x + static_cast<int64_t>(blockIdx.x) * cols;
    float sum = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        sum += row[c];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    const float mean = partial[0] / static_cast<float>(cols);
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[static_cast<int64_t>(blockIdx.x) * cols + c] = row[c] - mean;
}

extern "C" cudaError_t launch_scale_shift(const float* x, const float* y, float* out, int64_t n, float scale,
                                          cudaStream_t stream)
{
    scale_shift_kernel<<<static_cast<unsigned>((n + 255) / 256), 256, 0, stream>>>(x, y, out, n, scale);
    return cudaGetLastError();
}

extern "C" cudaError_t launch_linear_relu(const float* x, const float* w, const float* b, float* out, int n, int k,
                                          int m, cudaStream_t stream)
{
    linear_relu_kernel<<<dim3(static_cast<unsigned>((m + 127) / 128), static_cast<unsigned>(n)), 128, 0, stream>>>(
        x, w, b, out, n, k, m);
    return cudaGetLastError();
}

extern "C" cudaError_t launch_row_center(const float* x, float* out, int rows, int cols, cudaStream_t stream)
{
    row_center_kernel<<<static_cast<unsigned>(rows), 256, 0, stream>>>(x, out, cols);
    return cudaGetLastError();
}
