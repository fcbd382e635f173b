# x.t().contiguous() as one CUDA kernel: 32 x 32 tiles through padded shared memory, so both the read of x
# and the write of the result are coalesced row segments.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.transpose(x.contiguous())
