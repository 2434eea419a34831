"""Choosing the embedding backend: ONNX Runtime where it reproduces the model, else torch.

A start whose ONNX export is already cached loads neither torch nor sentence-transformers
(``OnnxEmbedder.from_cache``). The first start makes the export in a child process that
loads the model with torch, checks the export against it and exits, so the serving
process never holds torch (~1.3 GB instead of ~0.4 GB until a restart, before). Only when
that fails, or on the torch backend, does this process load the model with torch.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
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
    int8: bool = False,
) -> Embedder:
    """The embedder for ``model``: ``auto`` tries ONNX and falls back to torch, saying why.
    ``int8`` runs the export's int8 weights (quantize.py); ONNX only."""
    if int8 and backend == "torch":
        raise OnnxUnavailable("int8 embeddings run on ONNX Runtime, not on the torch backend")
    if backend != "torch" and device == "cpu":
        cached = _from_cache(model, cache_dir, batch_size, int8)
        if cached is None and export_in_child(model, cache_dir, batch_size, int8):
            cached = _from_cache(model, cache_dir, batch_size, int8)
        if cached is not None:
            log.info(
                "embedding on ONNX Runtime, model cached at %s (torch not loaded)", cached.path
            )
            return cached
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
                int8=int8,
            )
            how = "exported to" if embedder.exported else "cached at"
            log.info("embedding on ONNX Runtime, model %s %s", how, embedder.path)
            return embedder
        except Exception as exc:  # any failure on the ONNX path leaves torch, in auto
            why = str(exc) if isinstance(exc, OnnxUnavailable) else f"unexpected {exc!r}"
            if backend == "onnx":
                raise OnnxUnavailable(f"HEBBS_EMBEDDING_BACKEND=onnx, but {why}") from exc
            if int8:
                raise OnnxUnavailable(f"HEBBS_EMBEDDING_QUANTIZATION=int8, but {why}") from exc
            log.info("embedding on torch: %s", why)
    return SentenceTransformerEmbedder(model, batch_size=batch_size, device=device, loaded=loaded)


def _from_cache(
    model: str, cache_dir: Path, batch_size: int, int8: bool = False
) -> OnnxEmbedder | None:
    try:
        return OnnxEmbedder.from_cache(
            name=model,
            model_path=resolve_model_path(model),
            cache_dir=cache_dir,
            batch_size=batch_size,
            int8=int8,
        )
    except Exception as exc:  # nothing usable cached
        why = str(exc) if isinstance(exc, OnnxUnavailable) else f"unexpected {exc!r}"
        log.info("no ONNX export to run yet: %s", why)
        return None


def export_in_child(model: str, cache_dir: Path, batch_size: int, int8: bool = False) -> bool:
    """Make (and check) the ONNX export in a spawned child process; True when it exited
    cleanly. torch is imported there only and goes away with it."""
    log.info("exporting the model to ONNX in a child process (first start: torch loads there)")
    child = multiprocessing.get_context("spawn").Process(
        target=_export,
        args=(model, str(cache_dir), batch_size, int8),
        name="hebbs-onnx-export",
    )
    child.start()
    child.join()
    if child.exitcode != 0:
        log.info("the ONNX export in a child process failed (exit %s)", child.exitcode)
    return child.exitcode == 0


def _export(model: str, cache_dir: str, batch_size: int, int8: bool = False) -> None:
    """The child's work: what OnnxEmbedder does on a cache miss, then exit. Anything it
    prints goes to stderr: the parent's stdout may be a protocol (MCP over stdio)."""
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    logging.basicConfig(level=logging.INFO)
    OnnxEmbedder(
        load_sentence_transformer(model, "cpu"),
        name=model,
        model_path=resolve_model_path(model),
        cache_dir=Path(cache_dir),
        batch_size=batch_size,
        int8=int8,  # and its int8 file, made here too: the parent never imports onnx
    )
