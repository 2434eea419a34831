"""Choosing the embedding backend: ONNX Runtime where it reproduces the model, else torch.

A start whose ONNX export is already cached loads neither torch nor sentence-transformers
(``OnnxEmbedder.from_cache``); only the first start, which makes the export, or a
fallback to torch, loads the model with them.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Literal

from hebbs_graph.embedding.base import Embedder
from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.sentence import (
    SentenceTransformerEmbedder,
    load_sentence_transformer,
    resolve_model_path,
)
from hebbs_graph.errors import OnnxUnavailable

log = logging.getLogger(__name__)

Backend = Literal["auto", "onnx", "torch"]


def load_embedder(
    model: str,
    *,
    backend: Backend = "auto",
    batch_size: int = 64,
    device: str = "cpu",
    cache_dir: Path,
) -> Embedder:
    """The embedder for ``model``: ``auto`` tries ONNX and falls back to torch, saying why."""
    if backend != "torch" and device == "cpu":
        try:
            cached = OnnxEmbedder.from_cache(
                name=model,
                model_path=resolve_model_path(model),
                cache_dir=cache_dir,
                batch_size=batch_size,
            )
            log.info(
                "embedding on ONNX Runtime, model cached at %s (torch not loaded)", cached.path
            )
            return cached
        except Exception as exc:  # nothing usable cached: load the model with torch
            why = str(exc) if isinstance(exc, OnnxUnavailable) else f"unexpected {exc!r}"
            log.info("loading the model with torch (to export it, or to run on it): %s", why)
    loaded = load_sentence_transformer(model, device)
    if backend != "torch":
        try:
            if device != "cpu":
                raise OnnxUnavailable(f"the device is {device!r}; ONNX runs on the CPU only")
            embedder = OnnxEmbedder(
                loaded,
                name=model,
                model_path=resolve_model_path(model),
                cache_dir=cache_dir,
                batch_size=batch_size,
            )
            how = "exported to" if embedder.exported else "cached at"
            log.info("embedding on ONNX Runtime, model %s %s", how, embedder.path)
            return embedder
        except Exception as exc:  # any failure on the ONNX path leaves torch, in auto
            why = str(exc) if isinstance(exc, OnnxUnavailable) else f"unexpected {exc!r}"
            if backend == "onnx":
                raise OnnxUnavailable(f"HEBBS_EMBEDDING_BACKEND=onnx, but {why}") from exc
            log.info("embedding on torch: %s", why)
    return SentenceTransformerEmbedder(model, batch_size=batch_size, device=device, loaded=loaded)
