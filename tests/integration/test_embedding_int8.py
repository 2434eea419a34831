"""int8 weights for the ONNX export (embedding_quantization: int8), on the real model:
made once beside the export, reused, close to the model's vectors, named apart, and
refused where they cannot run (no Neo4j needed)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

from hebbs_graph.embedding.loader import load_embedder
from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.quantize import quantized_path
from hebbs_graph.embedding.sentence import load_sentence_transformer, resolve_model_path
from hebbs_graph.errors import Conflict, OnnxUnavailable
from hebbs_graph.models.backup import Header
from hebbs_graph.services.memory.restore_check import _must_re_embed
from hebbs_graph.settings import DEFAULT_MODEL
from tests.integration.test_embedding_backends import TEXTS


@pytest.fixture(scope="module")
def model() -> Any:
    return load_sentence_transformer(DEFAULT_MODEL)


@pytest.fixture(scope="module")
def exported(model: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[OnnxEmbedder, Path]:
    cache = tmp_path_factory.mktemp("cache")
    return made(model, cache, int8=False), cache


def made(model: Any, cache: Path, *, int8: bool) -> OnnxEmbedder:
    """The route with torch (the export's child process): it makes what is missing."""
    path = resolve_model_path(DEFAULT_MODEL)
    return OnnxEmbedder(model, name=DEFAULT_MODEL, model_path=path, cache_dir=cache, int8=int8)


def int8(cache: Path) -> OnnxEmbedder:
    return OnnxEmbedder.from_cache(
        name=DEFAULT_MODEL, model_path=resolve_model_path(DEFAULT_MODEL), cache_dir=cache, int8=True
    )


def test_int8_vectors_stay_close_to_the_models(
    model: Any, exported: tuple[OnnxEmbedder, Path]
) -> None:
    export, cache = exported
    # A torch-free start finds no int8 file: making one imports onnx, which the export's
    # child process does (load_embedder), never the serving process.
    with pytest.raises(OnnxUnavailable, match="no int8 file"):
        int8(cache)
    made(model, cache, int8=True)
    quick = int8(cache)
    assert quantized_path(export.path).is_file()
    assert quick.model_name == f"{DEFAULT_MODEL}+int8"
    assert export.model_name == DEFAULT_MODEL
    a = np.array(export.embed_sync(TEXTS))
    b = np.array(quick.embed_sync(TEXTS))
    cosines = (a * b).sum(axis=1)
    assert cosines.min() > 0.93  # "ok" keeps 0.945, the least of these edge cases
    assert cosines.mean() > 0.98
    # Reused, not made again, by the next start.
    stamp = quantized_path(export.path).stat().st_mtime_ns
    int8(cache)
    assert quantized_path(export.path).stat().st_mtime_ns == stamp


def test_a_broken_int8_file_is_made_again(model: Any, exported: tuple[OnnxEmbedder, Path]) -> None:
    export, cache = exported
    quantized_path(export.path).write_bytes(b"not an onnx model")
    with pytest.raises(OnnxUnavailable, match="cannot load"):
        int8(cache)  # the torch-free start leaves it to the export's child ...
    again = made(model, cache, int8=True)  # ... which makes it again
    assert len(again.embed_sync(["Alice moved to Berlin in May."])[0]) == export.dimension
    assert int8(cache).model_name.endswith("+int8")


def test_load_embedder_makes_the_int8_file_in_the_child(
    exported: tuple[OnnxEmbedder, Path],
) -> None:
    export, cache = exported
    quantized_path(export.path).unlink(missing_ok=True)
    loaded = load_embedder(DEFAULT_MODEL, cache_dir=cache, int8=True)
    assert loaded.model_name.endswith("+int8")
    assert quantized_path(export.path).is_file()


def test_int8_is_refused_on_the_torch_backend(tmp_path: Path) -> None:
    with pytest.raises(OnnxUnavailable, match="int8 embeddings run on ONNX Runtime"):
        load_embedder(DEFAULT_MODEL, backend="torch", cache_dir=tmp_path, int8=True)


class _Named:
    """An embedder as far as a restore's model check reads it."""

    def __init__(self, name: str) -> None:
        self.model_name = name
        self.dimension = 384


@pytest.mark.parametrize(
    ("file_model", "server_model"),
    [(DEFAULT_MODEL, f"{DEFAULT_MODEL}+int8"), (f"{DEFAULT_MODEL}+int8", DEFAULT_MODEL)],
)
def test_a_restore_takes_a_models_and_its_int8_vectors_as_one_space(
    file_model: str, server_model: str
) -> None:
    header = Header(
        type="header",
        format="hebbs-graph-backup",
        version=1,
        tenant_id="t",
        embedding_model=file_model,
        embedding_dimension=384,
        embeddings=True,
        exported_at=datetime(2026, 12, 4, tzinfo=UTC),
    )
    assert _must_re_embed(header, False, cast(Any, _Named(server_model))) is False
    with pytest.raises(Conflict, match="re_embed"):
        _must_re_embed(header, False, cast(Any, _Named("another-model")))
