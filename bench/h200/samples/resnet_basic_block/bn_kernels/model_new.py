# ResNet basic block in inference: relu(bn2(conv2(relu(bn1(conv1(x))))) + x).
# Every step runs in cuda_extension.resnet_block: the two 3x3 convolutions through cuDNN (the task allows it),
# the batch norms, ReLUs and the residual add in our own kernels.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        # Holders with the reference's names and shapes, so the harness can load its state_dict; forward only
        # reads their tensors.
        self.conv1 = torch.nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(channels)
        self.conv2 = torch.nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        bn1, bn2 = self.bn1, self.bn2
        return cuda_extension.resnet_block(
            x.contiguous(),
            self.conv1.weight, bn1.weight, bn1.bias, bn1.running_mean, bn1.running_var, float(bn1.eps),
            self.conv2.weight, bn2.weight, bn2.bias, bn2.running_mean, bn2.running_var, float(bn2.eps))
