"""The ONNX embedder against the torch one, on the real model (no Neo4j needed)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hebbs_graph.embedding import loader, onnx_export, onnx_runtime
from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.sentence import (
    SentenceTransformerEmbedder,
    load_sentence_transformer,
    resolve_model_path,
)
from hebbs_graph.errors import OnnxUnavailable
from hebbs_graph.services.container import load_embedder
from hebbs_graph.settings import DEFAULT_MODEL, Settings

TEXTS = [
    "",
    " ",
    "Alice moved to Berlin in May.",
    "what did she do?",
    "a long memory " + "about the garden, the weather and the neighbours " * 60,
    "ok",
    "The meeting on Tuesday was moved to Thursday because Bob was ill.",
    "  Leading and trailing spaces\t\n",
    "Ünïcödé Àccents, ÉCOLE and naïve café",
    "CJK 記憶は長期 and Hangul 기억, Arabic ذاكرة, emoji 🙂🚀",
    "<b>html</b> &amp; code: `x = f(y) -> z` [1] {a: 2}",
    "control\x00chars\x1b and zero\u200bwidth",
    "UPPER lower MiXeD 12345 3.14159 $5,000",
]

# Loads the embedder from the cache in a fresh interpreter and says what it imported.
TORCH_FREE = """
import json, sys
from pathlib import Path
from hebbs_graph.embedding.loader import load_embedder
embedder = load_embedder(sys.argv[1], cache_dir=Path(sys.argv[2]), batch_size=3)
texts = json.loads(sys.stdin.read())
print(json.dumps({
    "kind": type(embedder).__name__,
    "exported": getattr(embedder, "exported", None),
    "imported": sorted(
        m for m in ("torch", "transformers", "sentence_transformers") if m in sys.modules
    ),
    "vectors": embedder.embed_sync(texts),
}))
"""


@pytest.fixture(scope="module")
def model() -> Any:
    return load_sentence_transformer(DEFAULT_MODEL)


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def onnx_embedder(model: Any, cache_dir: Path) -> OnnxEmbedder:
    return make_onnx(model, cache_dir, batch_size=3)


def make_onnx(model: Any, cache_dir: Path, batch_size: int = 64) -> OnnxEmbedder:
    return OnnxEmbedder(
        model,
        name=DEFAULT_MODEL,
        model_path=resolve_model_path(DEFAULT_MODEL),
        cache_dir=cache_dir,
        batch_size=batch_size,
    )


def test_onnx_gives_the_torch_vectors(model: Any, onnx_embedder: OnnxEmbedder) -> None:
    assert len(model.tokenizer(TEXTS[4])["input_ids"]) > 256  # truncated on both sides
    torch_embedder = SentenceTransformerEmbedder(DEFAULT_MODEL, batch_size=3, loaded=model)
    expected = np.array(torch_embedder.embed_sync(TEXTS))
    got = np.array(onnx_embedder.embed_sync(TEXTS))
    assert got.shape == (len(TEXTS), 384)
    assert np.abs(got - expected).max() < 1e-4
    assert onnx_embedder.dimension == torch_embedder.dimension
    assert onnx_embedder.model_name == torch_embedder.model_name


def test_the_tokens_are_the_transformers_tokenizers(
    model: Any, onnx_embedder: OnnxEmbedder
) -> None:
    expected = model.tokenizer(
        TEXTS, padding=True, truncation=True, max_length=256, return_tensors="np"
    )
    got = onnx_embedder.tokenize(TEXTS)
    for name in ("input_ids", "token_type_ids", "attention_mask"):
        assert got[name].tolist() == expected[name].tolist(), name


def test_a_cached_export_runs_without_torch_and_gives_the_same_vectors(
    model: Any, onnx_embedder: OnnxEmbedder, cache_dir: Path
) -> None:
    """A start that finds the export imports neither torch nor transformers, and its
    vectors are torch's (sentence-transformers' encode) to 1e-5."""
    assert onnx_embedder.path.exists()
    done = subprocess.run(
        [sys.executable, "-c", TORCH_FREE, DEFAULT_MODEL, str(cache_dir)],
        input=json.dumps(TEXTS),
        capture_output=True,
        text=True,
        check=True,
        env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        timeout=300,
    )
    out = json.loads(done.stdout)
    assert out["kind"] == "OnnxEmbedder"
    assert out["exported"] is False
    assert out["imported"] == []
    torch_embedder = SentenceTransformerEmbedder(DEFAULT_MODEL, batch_size=3, loaded=model)
    expected = np.array(torch_embedder.embed_sync(TEXTS))
    got = np.array(out["vectors"])
    assert got.shape == expected.shape
    assert np.abs(got - expected).max() < 1e-5
    # and the same as this process's embedder, which made the export
    assert np.abs(got - np.array(onnx_embedder.embed_sync(TEXTS))).max() < 1e-6


async def test_order_is_kept_across_batches(onnx_embedder: OnnxEmbedder) -> None:
    alone = [onnx_embedder.embed_sync([text])[0] for text in TEXTS]
    together = await onnx_embedder.embed(TEXTS)  # batches of 3, sorted by length
    assert np.abs(np.array(together) - np.array(alone)).max() < 1e-5
    assert await onnx_embedder.embed([]) == []


def test_the_export_is_cached_and_reused(
    model: Any, onnx_embedder: OnnxEmbedder, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert onnx_embedder.exported
    assert onnx_embedder.path.parent == cache_dir / "onnx"
    manifest = onnx_export.manifest_path(onnx_embedder.path)
    assert sorted(p.name for p in (cache_dir / "onnx").iterdir()) == sorted(
        [onnx_embedder.path.name, manifest.name]
    )
    stamp = onnx_embedder.path.stat().st_mtime_ns

    def no_export(*_: object) -> None:
        raise AssertionError("exported again")

    monkeypatch.setattr(onnx_runtime, "export_transformer", no_export)
    again = make_onnx(model, cache_dir)
    assert not again.exported
    assert again.path == onnx_embedder.path
    assert again.path.stat().st_mtime_ns == stamp


def test_a_broken_cached_file_is_exported_again(model: Any, tmp_path: Path) -> None:
    first = make_onnx(model, tmp_path)
    first.path.write_bytes(b"not an onnx model")
    second = make_onnx(model, tmp_path)
    assert second.exported
    assert np.allclose(second.embed_sync(["hello"]), first.embed_sync(["hello"]), atol=1e-6)


def test_without_a_usable_manifest_there_is_no_torch_free_start(model: Any, tmp_path: Path) -> None:
    def from_cache() -> OnnxEmbedder:
        return OnnxEmbedder.from_cache(
            name=DEFAULT_MODEL, model_path=resolve_model_path(DEFAULT_MODEL), cache_dir=tmp_path
        )

    with pytest.raises(OnnxUnavailable, match="no ONNX export"):
        from_cache()
    first = make_onnx(model, tmp_path)
    assert not from_cache().exported
    manifest = onnx_export.manifest_path(first.path)
    saved = json.loads(manifest.read_text())
    saved["probe"]["vectors"][0][0] += 0.01  # the export no longer matches torch's vectors
    manifest.write_text(json.dumps(saved))
    with pytest.raises(OnnxUnavailable, match="differs from the torch model"):
        from_cache()
    manifest.write_text("{")
    with pytest.raises(OnnxUnavailable, match=r"manifest .* is unusable"):
        from_cache()
    assert make_onnx(model, tmp_path).exported  # the torch route exports it again
    assert not from_cache().exported


@pytest.fixture
def reuse_model(model: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """load_embedder without loading the model again (nor exporting it in a child: a
    cache miss takes the in-process route these tests look at)."""
    monkeypatch.setattr(loader, "load_sentence_transformer", lambda *_: model)
    monkeypatch.setattr(loader, "export_in_child", lambda *_: False)


def test_the_first_start_exports_in_a_child_and_keeps_torch_out(tmp_path: Path) -> None:
    """With nothing cached, the export is made (and checked) in a child process: the
    loading process ends up on ONNX Runtime without ever importing torch."""
    done = subprocess.run(
        [sys.executable, "-c", TORCH_FREE, DEFAULT_MODEL, str(tmp_path)],
        input=json.dumps(["Alice moved to Berlin in May."]),
        capture_output=True,
        text=True,
        check=True,
        env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        timeout=600,
    )
    out = json.loads(done.stdout)
    assert out["kind"] == "OnnxEmbedder"
    assert out["imported"] == []
    assert len(out["vectors"][0]) == 384
    assert list((tmp_path / "onnx").glob("*.onnx"))


@pytest.mark.usefixtures("reuse_model")
@pytest.mark.parametrize(
    ("backend", "kind"), [("onnx", OnnxEmbedder), ("torch", SentenceTransformerEmbedder)]
)
def test_the_backend_setting_is_honoured(
    backend: str,
    kind: type,
    cache_dir: Path,
    onnx_embedder: OnnxEmbedder,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings = Settings(embedding_backend=backend, cache_dir=cache_dir)
    with caplog.at_level(logging.INFO, logger="hebbs_graph.embedding.loader"):
        assert isinstance(load_embedder(settings), kind)
    assert ("cached at" in caplog.text) == (backend == "onnx")


@pytest.mark.usefixtures("reuse_model")
@pytest.mark.parametrize(
    ("error", "why"),
    [
        (OnnxUnavailable("onnxruntime is not installed"), "onnxruntime is not installed"),
        (RuntimeError("boom"), "unexpected RuntimeError('boom')"),
    ],
)
def test_auto_falls_back_to_torch_saying_why(
    error: Exception,
    why: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def unavailable(*_: object, **__: object) -> None:
        raise error

    # tmp_path holds no export, so from_cache fails and the torch route is taken.
    monkeypatch.setattr(OnnxEmbedder, "__init__", unavailable)
    with caplog.at_level(logging.INFO, logger="hebbs_graph.embedding.loader"):
        embedder = load_embedder(Settings(embedding_backend="auto", cache_dir=tmp_path))
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert f"embedding on torch: {why}" in caplog.text
    with pytest.raises(OnnxUnavailable, match=r"HEBBS_EMBEDDING_BACKEND=onnx, but "):
        load_embedder(Settings(embedding_backend="onnx", cache_dir=tmp_path))


@pytest.mark.usefixtures("reuse_model")
def test_onnx_refuses_a_gpu_device(tmp_path: Path) -> None:
    settings = Settings(embedding_backend="onnx", embedding_device="cuda", cache_dir=tmp_path)
    with pytest.raises(OnnxUnavailable, match="CPU only"):
        load_embedder(settings)
