# Level 3: a multi-head self-attention block (no mask): QKV projection, softmax(Q K^T / sqrt(d)) V per
# head, output projection. Written out with explicit matmuls, as eager code often is.
# Lesson: flash attention. Eager PyTorch materialises the (batch, heads, seq, seq) score matrix
# (1 GiB here) and passes over it three times (scale, softmax, the second matmul). Tile Q, stream K and
# V tiles through shared memory, keep a running max and sum (online softmax) in registers, and the
# score matrix never reaches HBM; the 1/sqrt(d) scale folds into Q. The QKV weights are initialised
# with a larger spread than nn.Linear's default so that attention is peaked rather than a near-uniform
# average, which would make the output almost constant.
import math

import torch
import torch.nn as nn

# A candidate may use cuBLAS for its matrix products (the judge allows those library calls and kernels).
KWB_ALLOWED_LIBRARIES = ("cublas",)

BATCH = 4
SEQ = 2048
EMBED = 1024
HEADS = 16


class Model(nn.Module):
    def __init__(self, embed: int, heads: int):
        super().__init__()
        assert embed % heads == 0
        self.heads = heads
        self.head_dim = embed // heads
        self.qkv = nn.Linear(embed, 3 * embed)
        self.proj = nn.Linear(embed, embed)
        with torch.no_grad():
            self.qkv.weight.normal_(0.0, 1.5 / math.sqrt(embed))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, e = x.shape
        qkv = self.qkv(x).view(b, s, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]  # each (b, heads, s, head_dim)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim)
        attn = torch.softmax(scores, dim=-1)
        y = attn @ v
        y = y.transpose(1, 2).reshape(b, s, e)
        return self.proj(y)


def get_inputs():
    return [torch.randn(BATCH, SEQ, EMBED)]


def get_init_inputs():
    return [EMBED, HEADS]
