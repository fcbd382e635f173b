# Multi-head self-attention block: the QKV and output projections go to cuBLAS (at::mm_out, fp32, no bias), and
# one flash-attention CUDA kernel does the rest per (batch, head, 64 query rows): it adds the QKV bias as it
# loads q, k and v, folds 1/sqrt(head_dim) into q, streams key/value tiles through shared memory with an online
# softmax in registers, and writes the (batch, seq, embed) layout the output projection reads. The 1 GiB score
# matrix is never written. The output projection's bias is one small in-place pass.
import math

import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, embed: int, heads: int):
        super().__init__()
        assert embed % heads == 0
        self.heads = heads
        self.head_dim = embed // heads
        # Holders with the reference's names (qkv.weight/bias, proj.weight/bias), so its state_dict loads as it is.
        self.qkv = nn.Linear(embed, 3 * embed)
        self.proj = nn.Linear(embed, embed)
        with torch.no_grad():
            self.qkv.weight.normal_(0.0, 1.5 / math.sqrt(embed))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.attention_block(x.contiguous(), self.qkv.weight, self.qkv.bias, self.proj.weight,
                                              self.proj.bias, self.heads)
