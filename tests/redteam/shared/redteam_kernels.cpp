// The honest CPU kernels that the red-team cases share (one byte-identical file, so the build cache compiles it
// once): plain loops over float32, every output freshly allocated except in scale_shift_into.
#include "binding_registry.h"

#include <cmath>

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

// x w^T for x [n, k], w [m, k] (no bias, no activation).
torch::Tensor linear_nobias(torch::Tensor x, torch::Tensor w)
{
    checkFloat(x, "x");
    checkFloat(w, "w");
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && w.size(1) == x.size(1), "shapes x [n, k], w [m, k]");
    const int64_t n = x.size(0), k = x.size(1), m = w.size(0);
    torch::Tensor out = torch::empty({ n, m }, x.options());
    const float* xp = x.data_ptr<float>();
    const float* wp = w.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < m; ++j) {
            float acc = 0.f;
            for (int64_t l = 0; l < k; ++l)
                acc += xp[i * k + l] * wp[j * k + l];
            op[i * m + j] = acc;
        }
    }
    return out;
}

// scale * tanh(x w^T) for x [n, k], w [m, k].
torch::Tensor tanh_linear(torch::Tensor x, torch::Tensor w, double scale)
{
    torch::Tensor out = linear_nobias(x, w);
    float* op = out.data_ptr<float>();
    const float s = static_cast<float>(scale);
    for (int64_t i = 0; i < out.numel(); ++i)
        op[i] = s * std::tanh(op[i]);
    return out;
}

// The transpose of a 2-D w, contiguous: [m, k] -> [k, m], so that a kernel reads it row by row.
torch::Tensor transpose_2d(torch::Tensor w)
{
    checkFloat(w, "w");
    TORCH_CHECK(w.dim() == 2, "w must be 2-D");
    const int64_t m = w.size(0), k = w.size(1);
    torch::Tensor out = torch::empty({ k, m }, w.options());
    const float* wp = w.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t j = 0; j < m; ++j)
        for (int64_t l = 0; l < k; ++l)
            op[l * m + j] = wp[j * k + l];
    return out;
}

// relu(x w^T + b) from the transposed weight wt [k, m]: the inner loop runs along a row of wt and of the output.
torch::Tensor linear_relu_packed(torch::Tensor x, torch::Tensor wt, torch::Tensor b)
{
    checkFloat(x, "x");
    checkFloat(wt, "wt");
    checkFloat(b, "b");
    TORCH_CHECK(x.dim() == 2 && wt.dim() == 2 && b.dim() == 1 && wt.size(0) == x.size(1) && b.size(0) == wt.size(1),
                "shapes x [n, k], wt [k, m], b [m]");
    const int64_t n = x.size(0), k = x.size(1), m = wt.size(1);
    torch::Tensor out = torch::empty({ n, m }, x.options());
    const float* xp = x.data_ptr<float>();
    const float* wp = wt.data_ptr<float>();
    const float* bp = b.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t i = 0; i < n; ++i) {
        float* row = op + i * m;
        for (int64_t j = 0; j < m; ++j)
            row[j] = bp[j];
        for (int64_t l = 0; l < k; ++l) {
            const float v = xp[i * k + l];
            for (int64_t j = 0; j < m; ++j)
                row[j] += v * wp[l * m + j];
        }
        for (int64_t j = 0; j < m; ++j)
            row[j] = row[j] > 0.f ? row[j] : 0.f;
    }
    return out;
}

// softmax over the last dimension of a 2-D x, the row maximum subtracted before exp().
torch::Tensor row_softmax(torch::Tensor x)
{
    checkFloat(x, "x");
    TORCH_CHECK(x.dim() == 2, "x must be 2-D");
    const int64_t rows = x.size(0), cols = x.size(1);
    torch::Tensor out = torch::empty_like(x);
    const float* xp = x.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        const float* in = xp + r * cols;
        float* o = op + r * cols;
        float top = in[0];
        for (int64_t c = 1; c < cols; ++c)
            top = in[c] > top ? in[c] : top;
        double sum = 0;
        for (int64_t c = 0; c < cols; ++c) {
            o[c] = std::exp(in[c] - top);
            sum += o[c];
        }
        const float inv = static_cast<float>(1.0 / sum);
        for (int64_t c = 0; c < cols; ++c)
            o[c] *= inv;
    }
    return out;
}

// The mean of each row of a 2-D x, every element summed with Kahan's compensation in float32.
torch::Tensor row_mean_kahan(torch::Tensor x)
{
    checkFloat(x, "x");
    TORCH_CHECK(x.dim() == 2, "x must be 2-D");
    const int64_t rows = x.size(0), cols = x.size(1);
    torch::Tensor out = torch::empty({ rows }, x.options());
    const float* xp = x.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        float sum = 0.f, lost = 0.f;
        for (int64_t c = 0; c < cols; ++c) {
            const float y = xp[r * cols + c] - lost;
            const float t = sum + y;
            lost = (t - sum) - y;
            sum = t;
        }
        op[r] = sum / static_cast<float>(cols);
    }
    return out;
}

REGISTER_BINDING(linear_relu, linear_relu);
REGISTER_BINDING(scale_shift, scale_shift);
REGISTER_BINDING(scale_shift_into, scale_shift_into);
REGISTER_BINDING(row_center, row_center);
REGISTER_BINDING(linear_nobias, linear_nobias);
REGISTER_BINDING(tanh_linear, tanh_linear);
REGISTER_BINDING(transpose_2d, transpose_2d);
REGISTER_BINDING(linear_relu_packed, linear_relu_packed);
REGISTER_BINDING(row_softmax, row_softmax);
REGISTER_BINDING(row_mean_kahan, row_mean_kahan);
