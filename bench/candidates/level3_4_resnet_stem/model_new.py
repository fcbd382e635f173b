# ResNet stem (inference): the 7x7 stride-2 convolution stays with cuDNN (through ATen, no bias), and one CUDA
# kernel does the rest: the batch norm folded to a multiply-add per channel, the 3x3 stride-2 max-pool, and the
# ReLU on the pooled values (ReLU is monotone, so it commutes with the max). The 411 MB full-resolution
# activation is read once and never written back.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        # Holders with the reference's names, so its state_dict loads as it is; forward only reads their tensors
        # and settings.
        self.conv = torch.nn.Conv2d(in_channels, out_channels, 7, stride=2, padding=3, bias=False)
        self.bn = torch.nn.BatchNorm2d(out_channels)
        self.pool = torch.nn.MaxPool2d(3, stride=2, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        conv, bn, pool = self.conv, self.bn, self.pool
        return cuda_extension.resnet_stem(
            x.contiguous(), conv.weight, conv.stride[0], conv.padding[0], bn.weight, bn.bias, bn.running_mean,
            bn.running_var, float(bn.eps), pool.kernel_size, pool.stride, pool.padding)
