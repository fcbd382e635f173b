"""Memory the trusted driver and the candidate's worker both see, handed over as file descriptors.

The driver creates every buffer (a call's inputs and outputs) and sends its descriptor over the channel; the worker
maps it. On the CPU a buffer is a memfd; on the GPU a CUDA allocation exported as a POSIX file descriptor through
the driver API's virtual memory calls (cuMemCreate / cuMemExportToShareableHandle), which, unlike cudaIpc handles,
cross PID namespaces, so it works with a worker inside bubblewrap. Neither side names a file another process could
open: only the descriptors sent travel.
"""

import ctypes
import mmap
import os

_CU_MEM_ALLOCATION_TYPE_PINNED = 1
_CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1
_CU_MEM_LOCATION_TYPE_DEVICE = 1
_CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3
_CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0


class _Location(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("id", ctypes.c_int)]


class _AllocFlags(ctypes.Structure):
    _fields_ = [("compressionType", ctypes.c_ubyte), ("gpuDirectRDMACapable", ctypes.c_ubyte),
                ("usage", ctypes.c_ushort), ("reserved", ctypes.c_ubyte * 4)]


class _AllocationProp(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("requestedHandleTypes", ctypes.c_int), ("location", _Location),
                ("win32HandleMetaData", ctypes.c_void_p), ("allocFlags", _AllocFlags)]


class _AccessDesc(ctypes.Structure):
    _fields_ = [("location", _Location), ("flags", ctypes.c_int)]


class CudaError(RuntimeError):
    pass


class _Driver:
    """The few CUDA driver calls needed, bound once (before any candidate code runs in the worker)."""

    def __init__(self):
        lib = ctypes.CDLL("libcuda.so.1")
        self.lib = lib
        for name in ("cuMemCreate", "cuMemAddressReserve", "cuMemMap", "cuMemSetAccess", "cuMemRelease",
                     "cuMemExportToShareableHandle", "cuMemImportFromShareableHandle", "cuMemGetAllocationGranularity",
                     "cuMemUnmap", "cuMemAddressFree", "cuCtxGetDevice", "cuGetErrorString"):
            setattr(self, name, getattr(lib, name))

    def check(self, status, what):
        if status != 0:
            text = ctypes.c_char_p()
            self.cuGetErrorString(status, ctypes.byref(text))
            raise CudaError("%s failed: %s (%d)" % (what, (text.value or b"?").decode(), status))


_driver = None


def _cuda():
    global _driver
    if _driver is None:
        _driver = _Driver()
    return _driver


def _device(d):
    dev = ctypes.c_int()
    d.check(d.cuCtxGetDevice(ctypes.byref(dev)), "cuCtxGetDevice")
    return dev.value


def _prop(device):
    prop = _AllocationProp()
    prop.type = _CU_MEM_ALLOCATION_TYPE_PINNED
    prop.requestedHandleTypes = _CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR
    prop.location = _Location(_CU_MEM_LOCATION_TYPE_DEVICE, device)
    return prop


class _CudaArray:
    """A raw device range as torch sees one (__cuda_array_interface__, bytes)."""

    def __init__(self, pointer, nbytes):
        self.__cuda_array_interface__ = {"shape": (nbytes,), "typestr": "|u1", "data": (pointer, False), "version": 2}


class SharedBuffer:
    """`nbytes` of memory on `device` ("cpu" or "cuda") as a torch uint8 tensor, plus the descriptor to send."""

    def __init__(self, torch, device, nbytes, fd=None):
        self.device = device
        self.nbytes = max(int(nbytes), 1)
        self.fd = fd
        self._keep = []
        if device == "cuda":
            self.tensor = self._map_cuda(torch, fd)
        else:
            if fd is None:
                self.fd = os.memfd_create("kwb-buffer", os.MFD_CLOEXEC)
                os.ftruncate(self.fd, self.nbytes)
            region = mmap.mmap(self.fd, self.nbytes, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
            self._keep.append(region)
            self.tensor = torch.frombuffer(region, dtype=torch.uint8, count=self.nbytes)

    def _map_cuda(self, torch, fd):
        d = _cuda()
        torch.cuda.init()
        torch.empty(1, device="cuda")  # the primary context, current on this thread
        device = _device(d)
        prop = _prop(device)
        granularity = ctypes.c_size_t()
        d.check(d.cuMemGetAllocationGranularity(ctypes.byref(granularity), ctypes.byref(prop),
                                                _CU_MEM_ALLOC_GRANULARITY_MINIMUM), "cuMemGetAllocationGranularity")
        size = -(-self.nbytes // granularity.value) * granularity.value
        handle = ctypes.c_ulonglong()
        if fd is None:
            d.check(d.cuMemCreate(ctypes.byref(handle), ctypes.c_size_t(size), ctypes.byref(prop), ctypes.c_ulonglong(0)),
                    "cuMemCreate")
            exported = ctypes.c_int()
            d.check(d.cuMemExportToShareableHandle(ctypes.byref(exported), handle,
                                                   _CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, ctypes.c_ulonglong(0)),
                    "cuMemExportToShareableHandle")
            self.fd = exported.value
            os.set_inheritable(self.fd, False)
        else:
            d.check(d.cuMemImportFromShareableHandle(ctypes.byref(handle), ctypes.c_void_p(fd),
                                                     _CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR),
                    "cuMemImportFromShareableHandle")
        pointer = ctypes.c_ulonglong()
        d.check(d.cuMemAddressReserve(ctypes.byref(pointer), ctypes.c_size_t(size), ctypes.c_size_t(0),
                                      ctypes.c_ulonglong(0), ctypes.c_ulonglong(0)), "cuMemAddressReserve")
        d.check(d.cuMemMap(pointer, ctypes.c_size_t(size), ctypes.c_size_t(0), handle, ctypes.c_ulonglong(0)), "cuMemMap")
        access = _AccessDesc(_Location(_CU_MEM_LOCATION_TYPE_DEVICE, device), _CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
        d.check(d.cuMemSetAccess(pointer, ctypes.c_size_t(size), ctypes.byref(access), ctypes.c_size_t(1)),
                "cuMemSetAccess")
        # The mapping holds the memory; the handle can go (the memory lives until it is unmapped everywhere).
        d.check(d.cuMemRelease(handle), "cuMemRelease")
        array = _CudaArray(pointer.value, self.nbytes)
        self._keep.append(array)
        return torch.as_tensor(array, device="cuda")

    def view(self, torch, dtype, shape):
        """The buffer as a contiguous tensor of `dtype` and `shape` (the buffer is at least that large)."""
        count = 1
        for s in shape:
            count *= int(s)
        element = torch.empty((), dtype=dtype).element_size()
        return self.tensor[: max(count * element, 0)].view(dtype).view(tuple(shape))


def nbytes_of(torch, dtype, shape):
    count = 1
    for s in shape:
        count *= int(s)
    return count * torch.empty((), dtype=dtype).element_size()
