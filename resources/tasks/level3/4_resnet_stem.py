# Level 3: the ResNet stem: conv7x7 stride 2 (3 -> 64 channels) -> BatchNorm (eval) -> ReLU ->
# max-pool 3x3 stride 2, on a batch of 224x224 images.
# Lesson: reorder and fuse around the pool. BatchNorm folds into the convolution; ReLU is monotone, so
# relu(maxpool(y)) == maxpool(relu(y)) and it can run on the 4x smaller pooled tensor, or inside a
# conv epilogue that also pools, so the 411 MB full-resolution activation is never written. A conv
# with only 3 input channels (K = 147) maps poorly onto tensor-core tiles: pad or use a direct kernel.
import torch
import torch.nn as nn

# A candidate may use cuDNN for its convolutions (the judge allows those library calls and kernels).
KWB_ALLOWED_LIBRARIES = ("cudnn",)
# BatchNorm in eval mode (running statistics), so it folds into the convolution; without this the module would run
# as built, in training mode, on the batch's own statistics.
KWB_MODULE_MODE = "eval"

BATCH = 128
IN_CHANNELS = 3
OUT_CHANNELS = 64
IMAGE = 224


def _randomize_batchnorm(bn: nn.BatchNorm2d) -> None:
    # Running statistics and affine away from the identity, so skipping the BatchNorm is caught.
    with torch.no_grad():
        bn.running_mean.normal_(0.0, 0.2)
        bn.running_var.uniform_(0.5, 2.0)
        bn.weight.uniform_(0.5, 1.5)
        bn.bias.normal_(0.0, 0.2)


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 7, stride=2, padding=3, bias=False)
        self.bn = nn.BatchNorm2d(out_channels)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)
        _randomize_batchnorm(self.bn)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.bn(self.conv(x)))
        return self.pool(y)


def get_inputs():
    return [torch.randn(BATCH, IN_CHANNELS, IMAGE, IMAGE)]


def get_init_inputs():
    return [IN_CHANNELS, OUT_CHANNELS]
