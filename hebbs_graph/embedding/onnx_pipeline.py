"""What the ONNX path must reproduce of a sentence-transformers pipeline: which
pipelines it accepts (``inspect_pipeline``), how texts are batched (by length, at most
MAX_BATCH_TOKENS padded tokens a run) and pooled, and the probe texts a load is checked
on. No torch here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from hebbs_graph.errors import OnnxUnavailable

# The export is traced on these (a padded batch, so the trace keeps the attention mask).
TRACE_TEXTS = ("hebbs-graph", "a longer probe sentence, so that the batch needs padding")
# At every load the session and tokenizer must give torch's vectors for these (recorded
# from torch in the manifest at export time): padding, accents, CJK, an empty text, and
# one past the sequence length (truncation).
PROBE_TEXTS = (
    *TRACE_TEXTS,
    "",
    "  Ünïcödé, CJK 記憶 and an emoji 🙂 ",
    "truncated " + "words of a long memory " * 70,
)
PROBE_TOLERANCE = 1e-4
# Padded tokens per ONNX Runtime run: 64 short texts, or 4 of the full 256 tokens. A
# 64 x 256 batch would take ~1 GB of activations (kept by the session's arena after).
MAX_BATCH_TOKENS = 1024

Pooling = Literal["mean", "cls"]
Vectors = npt.NDArray[np.float32]


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
    texts: list[str],
    batch_size: int,
    encode: Callable[[list[str]], Vectors],
    tokens: Callable[[str], int] | None = None,
    max_tokens: int | None = None,
) -> Vectors:
    """``encode`` over chunks of similar length (less padding), rows back in input order.

    With ``tokens`` and ``max_tokens``, a chunk also stops before its padded size (texts
    times its longest text's tokens) would pass ``max_tokens``: the activations of one
    run, and the memory ONNX Runtime keeps for the next, grow with it.
    """
    order = length_order(texts)
    chunks: list[npt.NDArray[np.intp]] = []
    start = 0
    while start < len(order):
        end, longest = start + 1, 0
        if tokens is not None and max_tokens is not None:
            longest = tokens(texts[order[start]])
        while end < len(order) and end - start < batch_size:
            if tokens is not None and max_tokens is not None:
                longest = max(longest, tokens(texts[order[end]]))
                if (end - start + 1) * longest > max_tokens:
                    break
            end += 1
        chunks.append(order[start:end])
        start = end
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
