"""Evaluations that share a machine take turns on its GPU, for what they measure only.

kwb-runner names a folder (KWB_GPU_LOCK_DIR) holding two files, a gate and the GPU lock, and leaves the locking
of the reference and candidate stages to this module. A stage holds the GPU lock shared while it runs (others may
check outputs beside it) and alone while it measures (timing loops, traced calls), so process start-up, imports,
input generation and torch.compile's compilation of other evaluations overlap with each other freely. Whoever
holds the gate is next: a stage waiting to measure keeps new sharing stages behind it. Nobody waits for the gate
while holding the lock, so two stages that want to measure cannot hold each other up. Without the folder (the CPU,
or a stage run by hand) every call does nothing. The lock goes with the process if it dies.
"""
import contextlib
import fcntl
import os

_flock = fcntl.flock  # taken at import, before any candidate code runs
_open = os.open
_close = os.close


class GpuTurns:
    def __init__(self, folder):
        self._gate = self._lock = None
        self.waited_s = 0.0
        if folder:
            # Read-only descriptors: the files exist (the runner made them) and flock needs no write access, so this
            # works inside a sandbox that mounts the cache read-only.
            self._gate = _open(os.path.join(folder, "gpu.gate"), os.O_RDONLY | os.O_CLOEXEC)
            self._lock = _open(os.path.join(folder, "gpu.lock"), os.O_RDONLY | os.O_CLOEXEC)

    @property
    def enabled(self):
        return self._lock is not None

    def _take(self, mode):
        import time

        start = time.perf_counter()
        _flock(self._lock, fcntl.LOCK_UN)  # never wait for the gate while holding the lock
        _flock(self._gate, fcntl.LOCK_EX)
        try:
            _flock(self._lock, mode)
        finally:
            _flock(self._gate, fcntl.LOCK_UN)
        self.waited_s += time.perf_counter() - start

    def share(self):
        """From now on the GPU is used beside other sharing stages (and never while another stage measures)."""
        if self.enabled:
            self._take(fcntl.LOCK_SH)

    @contextlib.contextmanager
    def measure(self):
        """The GPU alone for the block, then shared again."""
        if not self.enabled:
            yield
            return
        self._take(fcntl.LOCK_EX)
        try:
            yield
        finally:
            self._take(fcntl.LOCK_SH)  # through the gate, so that a stage waiting to measure goes first

    def close(self):
        for fd in (self._lock, self._gate):
            if fd is not None:
                _close(fd)
        self._gate = self._lock = None
