# Level 1: nn.LayerNorm over the last (hidden) dimension of a (batch, seq, hidden) activation,
# with a learned per-feature weight and bias.
# Lesson: one row (4096 floats) per warp or block: mean and variance in registers (Welford or a
# two-pass over the resident row, in fp32), then normalise and apply the affine in the same kernel,
# with vectorised float4 loads. The op moves 2 x 2 GiB, so about 1 ms is its speed of light on an H200;
# know that ceiling before chasing more. Rows have a non-zero mean, which punishes the cancellation-
# prone E[x^2] - E[x]^2 variance formula.
import torch
import torch.nn as nn

BATCH = 64
SEQ = 2048
HIDDEN = 4096
EPS = 1e-5


class Model(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.norm = nn.LayerNorm(hidden, eps=eps, elementwise_affine=True)
        # Non-trivial affine parameters, so a kernel that ignores them cannot pass.
        with torch.no_grad():
            self.norm.weight.normal_(1.0, 0.25)
            self.norm.bias.normal_(0.0, 0.25)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(x)


def get_inputs():
    x = torch.randn(BATCH, SEQ, HIDDEN)
    x.mul_(2.0).add_(3.0)
    return [x]


def get_init_inputs():
    return [HIDDEN, EPS]
