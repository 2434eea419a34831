"""The ONNX embedder's pure parts: pooling, batching order, which pipelines it accepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hebbs_graph.embedding.onnx_pipeline import (
    Vectors,
    encode_in_batches,
    inspect_pipeline,
    length_order,
    pool,
)
from hebbs_graph.errors import OnnxUnavailable
from hebbs_graph.settings import Settings


def test_mean_pooling_ignores_padding_and_normalises() -> None:
    hidden = np.array(
        [[[1.0, 0.0], [3.0, 4.0], [100.0, 100.0]], [[0.0, 2.0], [9.0, 9.0], [9.0, 9.0]]],
        dtype=np.float32,
    )
    mask = np.array([[1, 1, 0], [1, 0, 0]], dtype=np.int64)
    vectors = pool(hidden, mask, "mean")
    assert vectors.dtype == np.float32
    assert np.allclose(vectors[0], np.array([2.0, 2.0]) / np.hypot(2.0, 2.0))
    assert np.allclose(vectors[1], [0.0, 1.0])
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)


def test_cls_pooling_takes_the_first_attended_token() -> None:
    hidden = np.array([[[0.0, 5.0], [7.0, 7.0]], [[1.0, 1.0], [3.0, 0.0]]], dtype=np.float32)
    mask = np.array([[1, 1], [0, 1]], dtype=np.int64)
    vectors = pool(hidden, mask, "cls")
    assert np.allclose(vectors, [[0.0, 1.0], [1.0, 0.0]])


def test_an_all_zero_row_stays_finite() -> None:
    vectors = pool(np.zeros((1, 2, 3), dtype=np.float32), np.zeros((1, 2), np.int64), "mean")
    assert np.isfinite(vectors).all()


def test_length_order_is_longest_first_and_stable() -> None:
    assert length_order(["a", "ccc", "bb", "x", "ddd"]).tolist() == [1, 4, 2, 0, 3]


def test_batches_are_length_sorted_and_rows_come_back_in_input_order() -> None:
    texts = ["a" * n for n in (3, 9, 1, 7, 5, 2, 8)]
    seen: list[list[int]] = []

    def encode(batch: list[str]) -> Vectors:
        seen.append([len(text) for text in batch])
        return np.array([[len(text), 0.0] for text in batch], dtype=np.float32)

    vectors = encode_in_batches(texts, 3, encode)
    assert seen == [[9, 8, 7], [5, 3, 2], [1]]
    assert vectors[:, 0].tolist() == [3, 9, 1, 7, 5, 2, 8]


def test_a_token_budget_splits_batches_of_long_texts() -> None:
    texts = ["a" * n for n in (30, 10, 20, 40, 5, 6)]
    seen: list[list[int]] = []

    def encode(batch: list[str]) -> Vectors:
        seen.append([len(text) for text in batch])
        return np.array([[len(text), 0.0] for text in batch], dtype=np.float32)

    # tokens = characters here: at most 60 padded per chunk, at most 4 texts
    vectors = encode_in_batches(texts, 4, encode, tokens=len, max_tokens=60)
    assert seen == [[40], [30, 20], [10, 6, 5]]
    assert vectors[:, 0].tolist() == [30, 10, 20, 40, 5, 6]
    one = encode_in_batches(["a" * 99], 4, encode, tokens=len, max_tokens=60)
    assert one[:, 0].tolist() == [99]  # a text over the budget still gets its batch


class Transformer:
    backend = "torch"
    transformer_task = "feature-extraction"
    processing_kwargs: dict[str, Any] = {}
    query_expansion = None


class Pooling:
    def __init__(self, mode: object) -> None:
        self.pooling_mode = mode
        self.include_prompt = True


class Normalize:
    pass


class Dense:
    pass


class Tokenizer:
    padding_side = "right"

    def __call__(self, text: str, **_: Any) -> dict[str, Any]:
        return {"input_ids": 0, "token_type_ids": 0, "attention_mask": 0}


class FakeModel(list[object]):
    max_seq_length = 128
    default_prompt_name: str | None = None
    prompts: dict[str, str] = {}
    tokenizer = Tokenizer()


@pytest.mark.parametrize("mode", ["mean", "cls"])
@pytest.mark.parametrize("normalize", [True, False])
def test_mean_or_cls_pipelines_are_accepted(mode: str, normalize: bool) -> None:
    modules = [Transformer(), Pooling(mode), *([Normalize()] if normalize else [])]
    pipeline = inspect_pipeline(FakeModel(modules))
    assert pipeline.pooling == mode
    assert pipeline.input_names == ("input_ids", "token_type_ids", "attention_mask")
    assert pipeline.max_length == 128


@pytest.mark.parametrize(
    ("modules", "why"),
    [
        ([Transformer(), Pooling("max"), Normalize()], "pooling mode 'max'"),
        ([Transformer(), Pooling(("mean", "cls"))], "pooling mode"),
        ([Transformer(), Pooling("mean"), Dense(), Normalize()], "Dense"),
        ([Transformer()], "pipeline"),
    ],
)
def test_other_pipelines_are_refused_with_the_reason(modules: list[object], why: str) -> None:
    with pytest.raises(OnnxUnavailable, match=why):
        inspect_pipeline(FakeModel(modules))


def test_a_default_prompt_is_refused() -> None:
    model = FakeModel([Transformer(), Pooling("mean")])
    model.default_prompt_name = "query"
    model.prompts = {"query": "query: "}
    with pytest.raises(OnnxUnavailable, match="default prompt"):
        inspect_pipeline(model)


def test_backend_setting_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEBBS_EMBEDDING_BACKEND", raising=False)
    assert Settings().embedding_backend == "auto"
    monkeypatch.setenv("HEBBS_EMBEDDING_BACKEND", "torch")
    assert Settings().embedding_backend == "torch"
    monkeypatch.setenv("HEBBS_EMBEDDING_BACKEND", "tensorflow")
    with pytest.raises(ValueError, match="embedding_backend"):
        Settings()


def test_a_new_export_deletes_this_models_exports_unused_for_a_week(tmp_path: Path) -> None:
    import os
    import time

    from hebbs_graph.embedding.onnx_export import mark_used, prune_stale_exports

    current = tmp_path / "all-minilm-1111111111111111.onnx"
    old = tmp_path / "all-minilm-2222222222222222.onnx"
    recent = tmp_path / "all-minilm-3333333333333333.onnx"  # another install's, in use
    other_model = tmp_path / "other-model-4444444444444444.onnx"
    for path in (current, old, recent, other_model):
        path.write_bytes(b"x")
        path.with_suffix(".json").write_text("{}")
    week_ago = time.time() - 8 * 86_400
    for path in (old, recent, other_model):
        for file in (path, path.with_suffix(".json")):
            os.utime(file, (week_ago, week_ago))
    mark_used(recent)

    assert prune_stale_exports(current) == [old]
    assert not old.exists()
    assert not old.with_suffix(".json").exists()
    assert [p.exists() for p in (current, recent, other_model)] == [True, True, True]
