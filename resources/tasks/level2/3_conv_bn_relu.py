# Level 2: Conv2d (3x3, padding 1, with bias) -> BatchNorm2d (eval mode, running statistics) -> ReLU.
# Lesson: in eval mode BatchNorm is a per-channel affine, so it folds into the convolution:
# w' = w * g / sqrt(var + eps), b' = (b - mean) * g / sqrt(var + eps) + beta. Do the folding inside
# forward (the harness copies weights in after construction), then apply ReLU in the convolution's
# epilogue: one kernel instead of three, and two fewer full passes over the 403 MB output.
# Note that PyTorch runs this conv in TF32 by default (cudnn.allow_tf32), the reference included.
import torch
import torch.nn as nn

# A candidate may use cuDNN for its convolutions (the judge allows those library calls and kernels).
KWB_ALLOWED_LIBRARIES = ("cudnn",)
# BatchNorm in eval mode (running statistics), so it folds into the convolution; without this the module would run
# as built, in training mode, on the batch's own statistics.
KWB_MODULE_MODE = "eval"

BATCH = 48
IN_CHANNELS = 64
OUT_CHANNELS = 128
HEIGHT = 128
WIDTH = 128
KERNEL_SIZE = 3


def _randomize_batchnorm(bn: nn.BatchNorm2d) -> None:
    # Running statistics and affine away from the identity (mean 0, var 1, weight 1, bias 0), so a
    # kernel that skips the normalisation cannot pass.
    with torch.no_grad():
        bn.running_mean.normal_(0.0, 0.2)
        bn.running_var.uniform_(0.5, 2.0)
        bn.weight.uniform_(0.5, 1.5)
        bn.bias.normal_(0.0, 0.2)


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2, bias=True)
        self.bn = nn.BatchNorm2d(out_channels)
        _randomize_batchnorm(self.bn)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.bn(self.conv(x)))


def get_inputs():
    return [torch.randn(BATCH, IN_CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [IN_CHANNELS, OUT_CHANNELS, KERNEL_SIZE]
