// The honest CPU kernels that the red-team cases share (one byte-identical file, so the build cache compiles it
// once): plain loops over float32, every output freshly allocated except in scale_shift_into.
#include "binding_registry.h"

namespace {

void checkFloat(const torch::Tensor& t, const char* name)
{
    TORCH_CHECK(t.device().is_cpu() && t.scalar_type() == torch::kFloat && t.is_contiguous(), name,
                " must be a contiguous float32 CPU tensor");
}

} // namespace

// relu(x w^T + b) for x [n, k], w [m, k], b [m].
torch::Tensor linear_relu(torch::Tensor x, torch::Tensor w, torch::Tensor b)
{
    checkFloat(x, "x");
    checkFloat(w, "w");
    checkFloat(b, "b");
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && b.dim() == 1 && w.size(1) == x.size(1) && b.size(0) == w.size(0),
                "shapes x [n, k], w [m, k], b [m]");
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
                acc += xp[i * k + l] * wp[j * k + l];
            op[i * m + j] = acc > 0.f ? acc : 0.f;
        }
    }
    return out;
}

// relu(x * scale + y) - 0.25 y into a given output (which may be x itself: every element is read before written).
torch::Tensor scale_shift_into(torch::Tensor x, torch::Tensor y, double scale, torch::Tensor out)
{
    checkFloat(x, "x");
    checkFloat(y, "y");
    checkFloat(out, "out");
    TORCH_CHECK(x.numel() == y.numel() && out.numel() == x.numel(), "x, y and out of one size");
    const float* xp = x.data_ptr<float>();
    const float* yp = y.data_ptr<float>();
    float* op = out.data_ptr<float>();
    const float s = static_cast<float>(scale);
    for (int64_t i = 0; i < x.numel(); ++i) {
        const float v = xp[i] * s + yp[i];
        op[i] = (v > 0.f ? v : 0.f) - 0.25f * yp[i];
    }
    return out;
}

torch::Tensor scale_shift(torch::Tensor x, torch::Tensor y, double scale)
{
    return scale_shift_into(x, y, scale, torch::empty_like(x));
}

// x - mean(x, -1) for a 2-D x, the mean accumulated in double.
torch::Tensor row_center(torch::Tensor x)
{
    checkFloat(x, "x");
    TORCH_CHECK(x.dim() == 2, "x must be 2-D");
    const int64_t rows = x.size(0), cols = x.size(1);
    torch::Tensor out = torch::empty_like(x);
    const float* xp = x.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        double sum = 0;
        for (int64_t c = 0; c < cols; ++c)
            sum += xp[r * cols + c];
        const float mean = static_cast<float>(sum / double(cols));
        for (int64_t c = 0; c < cols; ++c)
            op[r * cols + c] = xp[r * cols + c] - mean;
    }
    return out;
}

REGISTER_BINDING(linear_relu, linear_relu);
REGISTER_BINDING(scale_shift, scale_shift);
REGISTER_BINDING(scale_shift_into, scale_shift_into);
REGISTER_BINDING(row_center, row_center);
