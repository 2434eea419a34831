"""ONNX Runtime implementation of Embedder: the model's transformer, exported once.

sentence-transformers on torch spends most of a short cue's time in per-op dispatch;
the same transformer run by ONNX Runtime gives the same vectors several times faster.
Only pipelines this module can reproduce exactly are accepted (``inspect_pipeline``):
a Transformer, then mean or CLS pooling, then an optional Normalize. The export lives
in the cache directory, is written atomically and is reused by later starts; nothing
is downloaded.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import re
import tempfile
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

log = logging.getLogger(__name__)

# Bump when the export below changes, so older cached files are not picked up.
EXPORT_FORMAT = 1
OPSET = 17
OUTPUT = "last_hidden_state"
# The exported graph is checked against torch on these at every load.
PROBE_TEXTS = ("hebbs-graph", "a longer probe sentence, so that the batch needs padding")
PROBE_TOLERANCE = 1e-4

Pooling = Literal["mean", "cls"]
Vectors = npt.NDArray[np.float32]


class OnnxUnavailable(RuntimeError):
    """ONNX Runtime cannot reproduce this model here; the message says why."""


@dataclass(frozen=True)
class Pipeline:
    """What the exported transformer needs around it to match ``SentenceTransformer.encode``."""

    pooling: Pooling
    input_names: tuple[str, ...]
    max_length: int


def inspect_pipeline(model: Any) -> Pipeline:
    """The pipeline of a loaded SentenceTransformer, or OnnxUnavailable saying what differs."""
    modules = [type(module).__name__ for module in model]
    if modules not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
        raise OnnxUnavailable(f"pipeline {modules} is not Transformer, Pooling[, Normalize]")
    transformer, pooling = model[0], model[1]
    if getattr(transformer, "backend", "torch") != "torch":
        raise OnnxUnavailable(f"transformer backend is {transformer.backend!r}, not torch")
    if getattr(transformer, "transformer_task", "feature-extraction") != "feature-extraction":
        raise OnnxUnavailable(f"transformer task is {transformer.transformer_task!r}")
    if getattr(transformer, "processing_kwargs", None) or getattr(
        transformer, "query_expansion", None
    ):
        raise OnnxUnavailable("the transformer has custom processing or query expansion")
    mode = getattr(pooling, "pooling_mode", None)
    if mode not in ("mean", "cls"):
        raise OnnxUnavailable(f"pooling mode {mode!r} is not 'mean' or 'cls'")
    # include_prompt only matters with a prompt; refuse a non-empty default one.
    default_prompt = getattr(model, "default_prompt_name", None)
    if default_prompt and getattr(model, "prompts", {}).get(default_prompt):
        raise OnnxUnavailable(f"the model prepends its default prompt {default_prompt!r}")
    tokenizer = model.tokenizer
    if getattr(tokenizer, "padding_side", "right") != "right":
        raise OnnxUnavailable("the tokenizer pads on the left")
    names = tuple(tokenizer("probe", return_tensors="np").keys())
    if "input_ids" not in names or "attention_mask" not in names:
        raise OnnxUnavailable(f"the tokenizer gives {names}, without input_ids/attention_mask")
    return Pipeline(pooling=mode, input_names=names, max_length=int(model.max_seq_length))


def length_order(texts: list[str]) -> npt.NDArray[np.intp]:
    """Indices of ``texts``, longest first, as sentence-transformers batches them."""
    return np.argsort([-len(text) for text in texts], kind="stable")


def encode_in_batches(
    texts: list[str], batch_size: int, encode: Callable[[list[str]], Vectors]
) -> Vectors:
    """``encode`` over chunks of similar length (less padding), rows back in input order."""
    order = length_order(texts)
    chunks = [order[start : start + batch_size] for start in range(0, len(texts), batch_size)]
    parts = [encode([texts[i] for i in chunk]) for chunk in chunks]
    vectors = np.empty((len(texts), parts[0].shape[1]), dtype=np.float32)
    for chunk, part in zip(chunks, parts, strict=True):
        vectors[chunk] = part
    return vectors


def pool(hidden: Vectors, mask: npt.NDArray[np.int64], mode: Pooling) -> Vectors:
    """Pool token vectors (batch, tokens, dim) under the attention mask, then L2-normalise."""
    if mode == "cls":
        # The first attended token, as sentence-transformers picks it.
        first = mask.argmax(axis=1)
        pooled = hidden[np.arange(hidden.shape[0]), first]
    else:
        weights = mask[..., None].astype(hidden.dtype)
        counts = np.clip(weights.sum(axis=1), 1e-9, None)
        pooled = (hidden * weights).sum(axis=1) / counts
    norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
    result: Vectors = (pooled / norms).astype(np.float32, copy=False)
    return result


def export_path(cache_dir: Path, model_name: str, model_path: str, pipeline: Pipeline) -> Path:
    """Where the export of this model, under these library versions, is cached."""
    import onnx
    import torch
    import transformers

    key = {
        "format": EXPORT_FORMAT,
        "opset": OPSET,
        "model": model_path,
        "weights": _weights_stamp(model_path),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "onnx": onnx.__version__,
        "inputs": pipeline.input_names,
        "max_length": pipeline.max_length,
    }
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model_name).strip("._")[-60:] or "model"
    return cache_dir / "onnx" / f"{safe}-{digest}.onnx"


def _weights_stamp(model_path: str) -> list[tuple[str, int, int]]:
    """Name, size and mtime of the model folder's files: a changed model is re-exported."""
    folder = Path(model_path)
    if not folder.is_dir():
        return []
    return sorted(
        (item.name, item.stat().st_size, item.stat().st_mtime_ns)
        for item in folder.iterdir()
        if item.is_file()
    )


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
    dummy = model.tokenizer(list(PROBE_TEXTS), padding=True, return_tensors="pt")
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


class OnnxEmbedder:
    """The Embedder protocol on ONNX Runtime, built from a loaded SentenceTransformer."""

    def __init__(
        self,
        model: Any,
        *,
        name: str,
        model_path: str,
        cache_dir: Path,
        batch_size: int = 64,
        threads: int | None = None,
    ) -> None:
        try:
            import onnx  # noqa: F401  (torch's exporter needs it)
            import onnxruntime
            import torch
        except ImportError as exc:
            raise OnnxUnavailable(f"{exc.name} is not installed") from exc
        self._pipeline = inspect_pipeline(model)
        self._tokenizer: Any = model.tokenizer
        self._name = name
        self._batch_size = batch_size
        self._dimension = _dimension(model)
        self._options = onnxruntime.SessionOptions()
        self._options.intra_op_num_threads = threads or torch.get_num_threads()
        self._options.inter_op_num_threads = 1
        self._options.log_severity_level = 3
        # One encode at a time, as for torch: two cores, and the session has its threads.
        self._lock = threading.Lock()
        self.path = export_path(cache_dir, name, model_path, self._pipeline)
        self.exported = False  # True when this load wrote the file (not found in the cache)
        self._session: Any = self._load_or_export(model)

    def _load_or_export(self, model: Any) -> Any:
        if self.path.exists():
            try:
                return self._open_checked(model)
            except OnnxUnavailable as exc:
                log.warning("%s; exporting it again", exc)
        try:
            export_transformer(model, self._pipeline, self.path)
        except OnnxUnavailable:
            raise
        except Exception as exc:
            raise OnnxUnavailable(f"the ONNX export failed: {exc!r}") from exc
        self.exported = True
        return self._open_checked(model)

    def _open_checked(self, model: Any) -> Any:
        """A session on the exported file, refused if its vectors differ from torch's."""
        import onnxruntime

        try:
            self._session = onnxruntime.InferenceSession(
                str(self.path), self._options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:
            raise OnnxUnavailable(f"ONNX Runtime cannot load {self.path}: {exc!r}") from exc
        texts = list(PROBE_TEXTS)
        expected = model.encode(
            texts, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        diff = float(np.abs(self._encode_batch(texts) - expected).max())
        if not diff < PROBE_TOLERANCE:
            raise OnnxUnavailable(f"{self.path} differs from the torch model by {diff:.2e}")
        return self._session

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def model_name(self) -> str:
        return self._name

    def _encode_batch(self, texts: list[str]) -> Vectors:
        encoded = self._tokenizer(
            texts,
            padding=True,
            truncation=True,
            max_length=self._pipeline.max_length,
            return_tensors="np",
        )
        feed = {name: encoded[name] for name in self._pipeline.input_names}
        (hidden,) = self._session.run([OUTPUT], feed)
        return pool(hidden, encoded["attention_mask"], self._pipeline.pooling)

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        with self._lock:
            vectors = encode_in_batches(texts, self._batch_size, self._encode_batch)
        rows: list[list[float]] = vectors.tolist()
        return rows

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_sync, texts)
