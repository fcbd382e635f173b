# Level 3: a ResNet basic block (ResNet-18/34 stage 1) on an ImageNet-sized training batch:
# conv3x3 -> BN -> ReLU -> conv3x3 -> BN, plus the identity, then ReLU. BatchNorm in eval mode.
# Lesson (the CUDA Agent case study): fold each BatchNorm into its convolution's weights and bias,
# run conv + bias + ReLU as one kernel, and fuse the residual add + ReLU into the second conv's
# epilogue, so the block is two kernels with no elementwise passes between them. NCHW vs NHWC is a
# measured trade-off: a layout change only pays if it saves more than the conversion costs.
import torch
import torch.nn as nn

# A candidate may use cuDNN for its convolutions (the judge allows those library calls and kernels).
KWB_ALLOWED_LIBRARIES = ("cudnn",)
# BatchNorm in eval mode (running statistics), so it folds into the convolution; without this the module would run
# as built, in training mode, on the batch's own statistics.
KWB_MODULE_MODE = "eval"

BATCH = 256
CHANNELS = 64
HEIGHT = 56
WIDTH = 56


def _randomize_batchnorm(bn: nn.BatchNorm2d) -> None:
    # Running statistics and affine away from the identity, so skipping a BatchNorm is caught.
    with torch.no_grad():
        bn.running_mean.normal_(0.0, 0.2)
        bn.running_var.uniform_(0.5, 2.0)
        bn.weight.uniform_(0.5, 1.5)
        bn.bias.normal_(0.0, 0.2)


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        _randomize_batchnorm(self.bn1)
        _randomize_batchnorm(self.bn2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + x)


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [CHANNELS]
