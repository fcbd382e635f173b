# Exploit: ModelNew derives from the task's Model and inherits its forward; the extension is never called.
import torch  # noqa: F401

import cuda_extension  # noqa: F401
from kwb_task import Model


class ModelNew(Model):
    pass
