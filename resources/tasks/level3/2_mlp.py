# Level 3: a three-layer MLP, Linear -> ReLU -> Linear -> ReLU -> Linear, on a batch of vectors.
# Lesson: know where the time goes before optimising. Three fp32 GEMMs (120 GFLOP) are nearly all of
# it; fusing bias + ReLU into the GEMM epilogues removes only a few small elementwise passes. The
# big levers (TF32, bf16) change the numerics and break an fp32 tolerance of 1e-4, so the honest gain
# here is small: a good agent should say so rather than hunt for a 10x.
import torch
import torch.nn as nn

# A candidate may use cuBLAS for its matrix products (the judge allows those library calls and kernels).
KWB_ALLOWED_LIBRARIES = ("cublas",)

BATCH = 2048
IN_FEATURES = 2048
HIDDEN = 4096
OUT_FEATURES = 1024


class Model(nn.Module):
    def __init__(self, in_features: int, hidden: int, out_features: int):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, out_features)
        # He (Kaiming) init for ReLU layers keeps activations at unit scale; nn.Linear's default
        # would shrink the output to ~0.1, too close to the verification tolerance.
        for fc in (self.fc1, self.fc2, self.fc3):
            nn.init.kaiming_normal_(fc.weight, nonlinearity="relu")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, HIDDEN, OUT_FEATURES]
