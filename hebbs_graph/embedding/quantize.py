"""int8 weights for the ONNX export (``embedding_quantization: int8``).

ONNX Runtime's dynamic quantization, per channel, turns the export's matrix weights
into int8 and quantizes activations on the fly: on a 2-core machine a short cue embeds
~2.3 times faster, and the vectors keep a cosine of 0.98-0.99 to the export's
(all-MiniLM-L6-v2 on LoCoMo's turns: mean 0.993, lowest 0.981; LoCoMo vector-only
recall@10 41.6 against 41.5; docs/decisions/0028-int8-embeddings.md). The file is made
once next to the export and reused; a start checks it on the export's probe texts by
cosine, since it cannot give the export's vectors to 1e-4.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from hebbs_graph.embedding.onnx_pipeline import Vectors
from hebbs_graph.errors import OnnxUnavailable

# The least cosine a probe text's int8 vector keeps to the export's: a guard against a broken
# file (the probe's 256-token text keeps 0.974; LoCoMo's turns 0.981 at the least).
MIN_COSINE = 0.95


def quantized_path(export: Path) -> Path:
    """Where the int8 file of ``export`` lives: beside it, named after it."""
    return export.with_name(f"{export.stem}.int8.onnx")


def ensure_quantized(export: Path) -> Path:
    """The int8 file of ``export``, made (atomically) if it is not there yet."""
    target = quantized_path(export)
    if target.exists():
        return target
    try:
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as exc:
        raise OnnxUnavailable(f"{exc.name} is not installed (int8 needs it once)") from exc
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        quantize_dynamic(export, partial, weight_type=QuantType.QInt8, per_channel=True)
        os.replace(partial, target)
    except Exception as exc:
        raise OnnxUnavailable(f"int8 quantization of {export.name} failed: {exc!r}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return target


def probe_holds(got: Vectors, expected: Vectors) -> float:
    """The lowest cosine between the int8 vectors and the export's for the probe texts
    (-1 when their shapes differ)."""
    if got.shape != expected.shape:
        return -1.0
    norms = np.linalg.norm(got, axis=1) * np.linalg.norm(expected, axis=1)
    return float(((got * expected).sum(axis=1) / np.maximum(norms, 1e-12)).min())
