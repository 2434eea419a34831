"""Making the ONNX export with torch (when the model is not one onnx_build.py builds
without it) and finding either kind again (no import): where it lives in the cache, the
manifest beside it, and the trace itself."""

from __future__ import annotations

import contextlib
import glob
import hashlib
import importlib.metadata
import json
import logging
import os
import re
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, Literal

import numpy as np

from hebbs_graph.embedding.onnx_pipeline import PROBE_TEXTS, TRACE_TEXTS, Pipeline
from hebbs_graph.errors import OnnxUnavailable

log = logging.getLogger(__name__)

# Bump when the export or its manifest changes, so older cached files are not picked up.
EXPORT_FORMAT = 2
OPSET = 17
OUTPUT = "last_hidden_state"
# An export of the same model not opened for this long is an old one: a new export
# deletes it (each is ~90 MB).
STALE_EXPORT_S = 7 * 86_400.0
# The libraries whose versions can change an export (read from their metadata: no import).
EXPORT_LIBRARIES = ("torch", "transformers", "sentence-transformers", "onnx", "tokenizers")
# Those of a graph built from the weights file without torch (onnx_build.py).
BUILD_LIBRARIES = ("onnx", "tokenizers")

# Who made an export: torch.onnx from the loaded model ("torch"), or onnx_build.py from
# the model folder's weights with onnx's graph tools ("graph"). Each has its own file:
# the graph's key leaves out torch's versions, so installing or upgrading torch does not
# make a torchless install build it again.
Builder = Literal["torch", "graph"]


def export_path(
    cache_dir: Path, model_name: str, model_path: str, builder: Builder = "torch"
) -> Path:
    """Where the export of this model by ``builder``, under these library versions, is
    cached.

    Computed without importing torch: versions come from the installed packages'
    metadata, so a start can find the export before deciding whether it needs torch.
    """
    key: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "opset": OPSET,
        "model": model_path,
        "weights": _weights_stamp(model_path),
    }
    if builder == "torch":  # the key of every export before the graph builder: kept
        key["versions"] = {name: _installed(name) for name in EXPORT_LIBRARIES}
    else:
        key["builder"] = builder
        key["versions"] = {name: _installed(name) for name in BUILD_LIBRARIES}
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model_name).strip("._")[-60:] or "model"
    return cache_dir / "onnx" / f"{safe}-{digest}.onnx"


def manifest_path(path: Path) -> Path:
    """The manifest beside an export: what running it without torch needs."""
    return path.with_suffix(".json")


def mark_used(path: Path) -> None:
    """Touch an export's manifest each time a process opens it: its age says when the
    export was last used (the export itself keeps the time it was made)."""
    with contextlib.suppress(OSError):
        os.utime(manifest_path(path))


def _last_used(path: Path) -> float:
    manifest = manifest_path(path)
    return (manifest if manifest.exists() else path).stat().st_mtime


def prune_stale_exports(current: Path, max_age_s: float = STALE_EXPORT_S) -> list[Path]:
    """Delete this model's other exports (older library versions or formats) not opened
    for ``max_age_s``, with their manifests; one in use by another install is touched on
    every open, so it stays. Returns what was deleted."""
    prefix = current.name.rsplit("-", 1)[0] + "-"
    cutoff = time.time() - max_age_s
    gone = []
    for other in current.parent.glob(f"{glob.escape(prefix)}*.onnx"):
        if other == current or len(other.name) != len(current.name):
            continue
        try:
            if _last_used(other) >= cutoff:
                continue
            other.unlink()
            manifest_path(other).unlink(missing_ok=True)
            other.with_name(f"{other.stem}.int8.onnx").unlink(missing_ok=True)
        except OSError:
            continue
        gone.append(other)
    return gone


def _installed(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _weights_stamp(model_path: str) -> list[tuple[str, int, int]]:
    """Path, size and mtime of the model folder's files (pooling config and all): a
    changed model is re-exported."""
    folder = Path(model_path)
    if not folder.is_dir():
        return []
    return sorted(
        (str(item.relative_to(folder)), item.stat().st_size, item.stat().st_mtime_ns)
        for item in folder.rglob("*")
        if item.is_file()
    )


def write_manifest(model: Any, pipeline: Pipeline, path: Path) -> None:
    """Beside the export at ``path``: the pipeline, the tokenizer and torch's probe vectors
    (atomically, like the export)."""
    tokenizer = model.tokenizer
    if not getattr(tokenizer, "is_fast", False):
        raise OnnxUnavailable("the tokenizer is not a fast (tokenizers) one")
    texts = list(PROBE_TEXTS)
    reference = model.encode(
        texts, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    manifest = {
        "format": EXPORT_FORMAT,
        "pooling": pipeline.pooling,
        "input_names": list(pipeline.input_names),
        "max_length": pipeline.max_length,
        "dimension": _dimension(model),
        "padding": {
            "pad_id": int(tokenizer.pad_token_id or 0),
            "pad_type_id": int(getattr(tokenizer, "pad_token_type_id", 0) or 0),
            "pad_token": str(tokenizer.pad_token or ""),
        },
        # The backend as transformers configured it (sentence-transformers may have added
        # a lowercase step); truncation and padding are set per call, from the fields above.
        "tokenizer": json.loads(tokenizer.backend_tokenizer.to_str()),
        "probe": {"texts": texts, "vectors": np.asarray(reference, np.float64).tolist()},
        "builder": "torch",
    }
    save_manifest(manifest, path)


def save_manifest(manifest: dict[str, Any], path: Path) -> None:
    """Write ``manifest`` beside the export at ``path``, atomically."""
    target = manifest_path(path)
    with tempfile.NamedTemporaryFile(
        "w", dir=target.parent, prefix=".manifest-", suffix=".json", delete=False
    ) as out:
        json.dump(manifest, out)
    os.chmod(out.name, 0o644)  # as readable as the export (a temp file starts private)
    os.replace(out.name, target)


def export_transformer(model: Any, pipeline: Pipeline, path: Path) -> None:
    """Export ``model[0].auto_model`` to ``path``: a temp file first, then an atomic rename."""
    import torch

    class LastHidden(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            inputs = dict(zip(pipeline.input_names, tensors, strict=True))
            hidden: torch.Tensor = self.inner(**inputs, return_dict=True).last_hidden_state
            return hidden

    # A padded batch, so the trace keeps the attention mask.
    dummy = model.tokenizer(list(TRACE_TEXTS), padding=True, return_tensors="pt")
    args = tuple(dummy[name] for name in pipeline.input_names)
    axes = {name: {0: "batch", 1: "sequence"} for name in (*pipeline.input_names, OUTPUT)}
    path.parent.mkdir(parents=True, exist_ok=True)
    # A folder of our own: a model needing external data files would leave them here.
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".export-") as tmp:
        target = Path(tmp) / path.name
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # tracer and deprecation chatter
            torch.onnx.export(
                LastHidden(model[0].auto_model).eval(),
                args,
                str(target),
                input_names=list(pipeline.input_names),
                output_names=[OUTPUT],
                dynamic_axes=axes,
                opset_version=OPSET,
                dynamo=False,
            )
        if [item.name for item in Path(tmp).iterdir()] != [path.name]:
            raise OnnxUnavailable("the export needs external data files (model over 2 GB)")
        os.replace(target, path)


def _dimension(model: Any) -> int:
    get_dim = getattr(model, "get_embedding_dimension", None) or (
        model.get_sentence_embedding_dimension
    )
    dim = get_dim()
    if not dim:
        raise OnnxUnavailable("the model does not report its dimension")
    return int(dim)
