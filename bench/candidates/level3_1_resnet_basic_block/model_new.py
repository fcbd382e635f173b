# ResNet basic block (inference): the two 3x3 convolutions stay with cuDNN (through ATen), and everything
# between and after them is two CUDA kernels that run in place on the convolution outputs:
# BN1 + ReLU, and BN2 + residual add + ReLU. Eager runs seven separate passes there, torch.compile two
# fused kernels plus a bias-free convolution each; here the batch-norm folding happens in the kernels.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        # Holders with the reference's names, so its state_dict loads as it is.
        self.conv1 = torch.nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(channels)
        self.conv2 = torch.nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b1, b2 = self.bn1, self.bn2
        return cuda_extension.resnet_basic_block(
            x.contiguous(), self.conv1.weight, b1.weight, b1.bias, b1.running_mean, b1.running_var, float(b1.eps),
            self.conv2.weight, b2.weight, b2.bias, b2.running_mean, b2.running_var, float(b2.eps))
