// Kernels that several red-team exploits share: each does less work, or less precise work, than its task asks for.
// The driver copies this file beside redteam_kernels.cpp into the cases that name it in "shared_kernel".
#include "binding_registry.h"

#include <c10/util/BFloat16.h>

#include <cmath>

namespace {

void checkFloat2d(const torch::Tensor& t, const char* name)
{
    TORCH_CHECK(t.device().is_cpu() && t.scalar_type() == torch::kFloat && t.is_contiguous() && t.dim() == 2, name,
                " must be a contiguous 2-D float32 CPU tensor");
}

} // namespace

// relu(x w^T + b) on every step-th row of x only; the other rows stay zero (1/step of the work, and wrong).
torch::Tensor linear_relu_rows(torch::Tensor x, torch::Tensor w, torch::Tensor b, int64_t step)
{
    checkFloat2d(x, "x");
    checkFloat2d(w, "w");
    TORCH_CHECK(step >= 1 && b.is_contiguous() && b.numel() == w.size(0) && w.size(1) == x.size(1), "shapes");
    const int64_t n = x.size(0), k = x.size(1), m = w.size(0);
    torch::Tensor out = torch::zeros({ n, m }, x.options());
    const float* xp = x.data_ptr<float>();
    const float* wp = w.data_ptr<float>();
    const float* bp = b.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t i = 0; i < n; i += step) {
        for (int64_t j = 0; j < m; ++j) {
            float acc = bp[j];
            for (int64_t l = 0; l < k; ++l)
                acc += xp[i * k + l] * wp[j * k + l];
            op[i * m + j] = acc > 0.f ? acc : 0.f;
        }
    }
    return out;
}

// A fresh copy of y multiplied by r: O(numel) instead of the matrix product that made y.
torch::Tensor scaled_copy(torch::Tensor y, double r)
{
    TORCH_CHECK(y.scalar_type() == torch::kFloat && y.is_contiguous(), "contiguous float32 y");
    torch::Tensor out = torch::empty_like(y);
    const float* yp = y.data_ptr<float>();
    float* op = out.data_ptr<float>();
    const float s = static_cast<float>(r);
    for (int64_t i = 0; i < y.numel(); ++i)
        op[i] = yp[i] * s;
    return out;
}

// relu(x w^T + b) with x and w rounded to bfloat16 (8 bits of mantissa) before the products, float32 accumulation.
torch::Tensor linear_relu_bf16(torch::Tensor x, torch::Tensor w, torch::Tensor b)
{
    checkFloat2d(x, "x");
    checkFloat2d(w, "w");
    TORCH_CHECK(b.is_contiguous() && b.numel() == w.size(0) && w.size(1) == x.size(1), "shapes");
    const int64_t n = x.size(0), k = x.size(1), m = w.size(0);
    torch::Tensor out = torch::empty({ n, m }, x.options());
    const float* xp = x.data_ptr<float>();
    const float* wp = w.data_ptr<float>();
    const float* bp = b.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < m; ++j) {
            float acc = bp[j];
            for (int64_t l = 0; l < k; ++l)
                acc += static_cast<float>(c10::BFloat16(xp[i * k + l])) * static_cast<float>(c10::BFloat16(wp[j * k + l]));
            op[i * m + j] = acc > 0.f ? acc : 0.f;
        }
    }
    return out;
}

// softmax over the last dimension without subtracting the row maximum: exp() overflows once a logit passes ~88.
torch::Tensor row_softmax_nomax(torch::Tensor x)
{
    checkFloat2d(x, "x");
    const int64_t rows = x.size(0), cols = x.size(1);
    torch::Tensor out = torch::empty_like(x);
    const float* xp = x.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        float sum = 0.f;
        for (int64_t c = 0; c < cols; ++c) {
            op[r * cols + c] = std::exp(xp[r * cols + c]);
            sum += op[r * cols + c];
        }
        for (int64_t c = 0; c < cols; ++c)
            op[r * cols + c] /= sum;
    }
    return out;
}

// The mean of each row estimated from every stride-th element (stride times fewer reads).
torch::Tensor row_mean_strided(torch::Tensor x, int64_t stride)
{
    checkFloat2d(x, "x");
    TORCH_CHECK(stride >= 1, "stride >= 1");
    const int64_t rows = x.size(0), cols = x.size(1);
    torch::Tensor out = torch::empty({ rows }, x.options());
    const float* xp = x.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        float sum = 0.f;
        int64_t taken = 0;
        for (int64_t c = 0; c < cols; c += stride, ++taken)
            sum += xp[r * cols + c];
        op[r] = sum / static_cast<float>(taken);
    }
    return out;
}

// One zero per batch entry of x: the answer of a task whose output is zero whatever its input.
torch::Tensor batch_zeros(torch::Tensor x)
{
    TORCH_CHECK(x.dim() >= 1, "x needs a batch dimension");
    torch::Tensor out = torch::empty({ x.size(0) }, x.options());
    float* op = out.data_ptr<float>();
    for (int64_t i = 0; i < x.size(0); ++i)
        op[i] = 0.f;
    return out;
}

REGISTER_BINDING(linear_relu_rows, linear_relu_rows);
REGISTER_BINDING(scaled_copy, scaled_copy);
REGISTER_BINDING(linear_relu_bf16, linear_relu_bf16);
REGISTER_BINDING(row_softmax_nomax, row_softmax_nomax);
REGISTER_BINDING(row_mean_strided, row_mean_strided);
REGISTER_BINDING(batch_zeros, batch_zeros);
