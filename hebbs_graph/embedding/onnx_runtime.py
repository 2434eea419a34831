"""ONNX Runtime implementation of Embedder: the model's transformer, exported once.

sentence-transformers on torch spends most of a short cue's time in per-op dispatch;
the same transformer run by ONNX Runtime gives the same vectors several times faster.
Only pipelines this module can reproduce exactly are accepted (``inspect_pipeline``):
a Transformer, then mean or CLS pooling, then an optional Normalize. The export lives
in the cache directory, is written atomically and is reused by later starts; nothing
is downloaded.

Next to the export, a manifest (``<export>.json``) keeps what running it needs without
torch: the pipeline, the model's tokenizer as its ``tokenizers`` JSON (exactly as
transformers configured it), and torch's vectors for a few probe texts. A start that
finds both (``OnnxEmbedder.from_cache``) imports neither torch nor transformers nor
sentence-transformers: the ``tokenizers`` package tokenizes, ONNX Runtime runs the
transformer, numpy pools, and the probe texts must give torch's vectors again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hebbs_graph.embedding.onnx_export import (
    EXPORT_FORMAT,
    OUTPUT,
    Builder,
    export_path,
    export_transformer,
    manifest_path,
    mark_used,
    prune_stale_exports,
    write_manifest,
)
from hebbs_graph.embedding.onnx_pipeline import (
    MAX_BATCH_TOKENS,
    PROBE_TOLERANCE,
    Pooling,
    Vectors,
    encode_in_batches,
    inspect_pipeline,
    pool,
)
from hebbs_graph.embedding.quantize import (
    MIN_COSINE,
    ensure_quantized,
    probe_holds,
    quantized_path,
)
from hebbs_graph.errors import OnnxUnavailable

log = logging.getLogger(__name__)


class OnnxEmbedder:
    """The Embedder protocol on ONNX Runtime, the ``tokenizers`` package and numpy.

    ``OnnxEmbedder(model, ...)`` takes a loaded SentenceTransformer and exports it first
    when the cache lacks a usable export; ``OnnxEmbedder.from_cache(...)`` needs no torch
    and fails (OnnxUnavailable) when there is nothing usable cached.
    """

    def __init__(
        self,
        model: Any,
        *,
        name: str,
        model_path: str,
        cache_dir: Path,
        batch_size: int = 64,
        threads: int | None = None,
        int8: bool = False,
    ) -> None:
        try:
            import onnx  # noqa: F401  (torch's exporter needs it)
        except ImportError as exc:
            raise OnnxUnavailable(f"{exc.name} is not installed") from exc
        pipeline = inspect_pipeline(model)
        self._setup(name, export_path(cache_dir, name, model_path), batch_size, threads, int8)
        self.exported = False  # True when this load wrote the file (not found in the cache)
        self._may_make = True  # the int8 file, when missing (from_cache only finds it)
        if self.path.exists() and manifest_path(self.path).exists():
            try:
                self._open()
                return
            except OnnxUnavailable as exc:
                log.warning("%s; exporting it again", exc)
        try:
            export_transformer(model, pipeline, self.path)
            write_manifest(model, pipeline, self.path)
        except OnnxUnavailable:
            raise
        except Exception as exc:
            raise OnnxUnavailable(f"the ONNX export failed: {exc!r}") from exc
        self.exported = True
        self._open()
        prune_stale_exports(self.path)

    @classmethod
    def from_cache(
        cls,
        *,
        name: str,
        model_path: str,
        cache_dir: Path,
        batch_size: int = 64,
        threads: int | None = None,
        int8: bool = False,
        builder: Builder = "torch",
    ) -> OnnxEmbedder:
        """The embedder on an export already cached for this model (made by ``builder``:
        torch's export, or the graph onnx_build.py built), without torch."""
        if not Path(model_path).is_dir():
            raise OnnxUnavailable(f"the model {name!r} is not a folder on disk")
        self = cls.__new__(cls)
        path = export_path(cache_dir, name, model_path, builder)
        self._setup(name, path, batch_size, threads, int8)
        self.exported = False
        self._may_make = False  # making the int8 file imports onnx: the child does it
        if not (self.path.exists() and manifest_path(self.path).exists()):
            raise OnnxUnavailable(f"no ONNX export of this model in {self.path.parent}")
        self._open()
        return self

    def _setup(
        self, name: str, path: Path, batch_size: int, threads: int | None, int8: bool
    ) -> None:
        try:
            import onnxruntime
            import tokenizers  # noqa: F401
        except ImportError as exc:
            raise OnnxUnavailable(f"{exc.name} is not installed") from exc
        self._name = name
        self._batch_size = batch_size
        self.path = path
        self.int8 = int8  # run the int8 file beside the export (quantize.py)
        self._options = onnxruntime.SessionOptions()
        self._options.intra_op_num_threads = threads or _default_threads()
        self._options.inter_op_num_threads = 1
        # Idle pool threads sleep instead of spinning: between a server's cues they spun
        # on cores that Neo4j and the event loop need (a 3-line cue on the shared 2-core
        # machine: 25 ms of CPU and 24 ms wall without spinning, 55-60 ms and 47-65 ms with).
        self._options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._options.log_severity_level = 3
        # One encode at a time, as for torch: two cores, and the session has its threads.
        self._lock = threading.Lock()

    def _open(self) -> None:
        """Read the manifest, start the session; refused if the probe texts do not give
        the vectors torch gave when the export was made."""
        import onnxruntime
        from tokenizers import Tokenizer

        try:
            manifest = json.loads(manifest_path(self.path).read_text())
            if manifest.get("format") != EXPORT_FORMAT:
                raise ValueError(f"manifest format {manifest.get('format')!r}")
            pooling = manifest["pooling"]
            if pooling not in ("mean", "cls"):
                raise ValueError(f"pooling {pooling!r}")
            self._pooling: Pooling = pooling
            self._input_names = tuple(str(n) for n in manifest["input_names"])
            self._dimension = int(manifest["dimension"])
            padding = manifest["padding"]
            tokenizer = Tokenizer.from_str(json.dumps(manifest["tokenizer"]))
            # As transformers sets them for padding=True, truncation=True, max_length=N.
            tokenizer.enable_truncation(
                max_length=int(manifest["max_length"]),
                stride=0,
                strategy="longest_first",
                direction="right",
            )
            tokenizer.enable_padding(
                direction="right",
                pad_id=int(padding["pad_id"]),
                pad_type_id=int(padding["pad_type_id"]),
                pad_token=str(padding["pad_token"]),
            )
            self._tokenizer = tokenizer
            texts = [str(text) for text in manifest["probe"]["texts"]]
            expected = np.asarray(manifest["probe"]["vectors"], dtype=np.float32)
        except Exception as exc:
            raise OnnxUnavailable(f"the manifest of {self.path} is unusable: {exc!r}") from exc
        for attempt in (1, 2):
            run = quantized_path(self.path) if self.int8 else self.path
            if self.int8 and not run.exists():
                if not self._may_make:
                    raise OnnxUnavailable(f"no int8 file beside {self.path.name} yet")
                ensure_quantized(self.path)
            try:
                self._session: Any = onnxruntime.InferenceSession(
                    str(run), self._options, providers=["CPUExecutionProvider"]
                )
                break
            except Exception as exc:
                if self.int8 and self._may_make and attempt == 1:  # broken: made again, once
                    run.unlink(missing_ok=True)
                    continue
                raise OnnxUnavailable(f"ONNX Runtime cannot load {run}: {exc!r}") from exc
        got = self._encode_batch(texts)
        if self.int8:
            if (cosine := probe_holds(got, expected)) < MIN_COSINE:
                raise OnnxUnavailable(f"{run} keeps a cosine of only {cosine:.3f} to the model")
        else:
            diff = float(np.abs(got - expected).max()) if got.shape == expected.shape else np.inf
            if not diff < PROBE_TOLERANCE:
                raise OnnxUnavailable(f"{self.path} differs from the torch model by {diff:.2e}")
        mark_used(self.path)

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def model_name(self) -> str:
        """The model, and "+int8" when its int8 weights run: their vectors are not the
        model's to 1e-4, so a backup says which (restore_check.py compares the names)."""
        return f"{self._name}+int8" if self.int8 else self._name

    def tokenize(self, texts: list[str]) -> dict[str, npt.NDArray[np.int64]]:
        """The model's inputs for ``texts``, padded to the longest and truncated."""
        encodings = self._tokenizer.encode_batch(texts, add_special_tokens=True)
        columns = {
            "input_ids": [e.ids for e in encodings],
            "token_type_ids": [e.type_ids for e in encodings],
            "attention_mask": [e.attention_mask for e in encodings],
        }
        return {name: np.asarray(rows, dtype=np.int64) for name, rows in columns.items()}

    def _tokens(self, text: str) -> int:
        """Tokens of ``text`` after truncation, special tokens included (no padding)."""
        return int(sum(self._tokenizer.encode(text).attention_mask))

    def _encode_batch(self, texts: list[str]) -> Vectors:
        encoded = self.tokenize(texts)
        feed = {name: encoded[name] for name in self._input_names}
        (hidden,) = self._session.run([OUTPUT], feed)
        return pool(hidden, encoded["attention_mask"], self._pooling)

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        with self._lock:
            vectors = encode_in_batches(
                texts, self._batch_size, self._encode_batch, self._tokens, MAX_BATCH_TOKENS
            )
        rows: list[list[float]] = vectors.tolist()
        return rows

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_sync, texts)


def _default_threads() -> int:
    """torch's default without importing it: OMP_NUM_THREADS, else the usable cores."""
    with contextlib.suppress(ValueError):
        wanted = int(os.environ.get("OMP_NUM_THREADS", ""))
        if wanted > 0:
            return wanted
    return max(1, len(os.sched_getaffinity(0)))
