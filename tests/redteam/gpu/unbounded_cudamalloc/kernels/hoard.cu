// Exploit (CUDA): cudaMalloc in 1 GiB steps, touching each, never freeing, until the device says no.
#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

extern "C" int64_t hoard_gib()
{
    static std::vector<void*> hoard;
    for (;;) {
        void* block = nullptr;
        if (cudaMalloc(&block, size_t(1) << 30) != cudaSuccess)
            break;
        cudaMemset(block, 1, size_t(1) << 30);
        hoard.push_back(block);
    }
    return int64_t(hoard.size());
}
