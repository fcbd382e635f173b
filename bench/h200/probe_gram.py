#!/usr/bin/env python3
"""How many row blocks P should the Gram-matrix candidate use? Times, on the GPU, a @ a.T as one GEMM
against the block-upper-triangle scheme of bench/candidates/level1_8_gram_matrix for P = 2, 4, 8 (torch ops
only: one strided batched GEMM per block diagonal plus a mirror copy done by torch), and against P = 4 with
the 10 block pairs gathered into one batched GEMM. CUDA events, median of 50 calls after 10 warm-up calls,
TF32 off. Prints one JSON object.
"""
import json
import statistics

import torch

torch.backends.cuda.matmul.allow_tf32 = False
N = K = 4096


def diagonals(a, parts):
    n = a.shape[0]
    blk = n // parts
    g = torch.empty(n, n, device=a.device)
    blocks = a.view(parts, blk, -1)
    for d in range(parts):
        c = parts - d
        torch.bmm(blocks[:c], blocks[d:d + c].transpose(1, 2), out=g.as_strided((c, blk, blk), (blk * n + blk, n, 1), d * blk))
    return g


def gathered(a, parts):
    n = a.shape[0]
    blk = n // parts
    pairs = [(i, j) for i in range(parts) for j in range(i, parts)]
    blocks = a.view(parts, blk, -1)
    left = blocks[torch.tensor([i for i, _ in pairs], device=a.device)]
    right = blocks[torch.tensor([j for _, j in pairs], device=a.device)]
    return torch.bmm(left, right.transpose(1, 2))


def timed(fn, a):
    for _ in range(10):
        fn(a)
    times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn(a)
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    return round(statistics.median(times), 4)


a = torch.randn(N, K, device="cuda")
ref = a @ a.T
result = {"gpu": torch.cuda.get_device_name(0), "torch": torch.__version__, "N": N, "K": K,
          "mm_ms": timed(lambda x: x @ x.T, a)}
for p in (2, 4, 8):
    g = diagonals(a, p)
    blk = N // p
    upper = (torch.arange(N, device="cuda")[:, None] // blk) <= (torch.arange(N, device="cuda")[None, :] // blk)
    result["diagonals_P%d_ms" % p] = timed(lambda x: diagonals(x, p), a)
    result["diagonals_P%d_max_err_upper" % p] = (g - ref)[upper].abs().max().item()
result["gathered_P4_ms"] = timed(lambda x: gathered(x, 4), a)
print(json.dumps(result))
