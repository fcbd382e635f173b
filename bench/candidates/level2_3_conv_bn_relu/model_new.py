# Conv2d -> BatchNorm2d (eval) -> ReLU: the convolution stays with cuDNN (through ATen, without its bias), and
# the conv bias, the batch norm folded to one multiply-add per channel and the ReLU are one in-place CUDA pass
# over its output. The folding happens inside the kernel on every call, because the weights arrive after
# construction.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int):
        super().__init__()
        # Holders with the reference's names, so its state_dict loads as it is; forward only reads their tensors.
        self.conv = torch.nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2, bias=True)
        self.bn = torch.nn.BatchNorm2d(out_channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        conv, bn = self.conv, self.bn
        return cuda_extension.conv_bn_relu(
            x.contiguous(), conv.weight, conv.bias, conv.stride[0], conv.padding[0], bn.weight, bn.bias,
            bn.running_mean, bn.running_var, float(bn.eps))
