"""A sentence-transformers model folder read without torch: its pipeline (modules.json,
the Pooling and sentence-bert configs, config.json, the tokenizer's files), its weights
(safetensors, parsed with numpy) and an independent float64 forward pass in numpy.

onnx_build.py turns the weights into an ONNX graph; the float64 pass gives the probe
vectors that graph is checked on at every load, so the check does not compare the graph
with itself. Only what is read here exactly is accepted: a BERT encoder (absolute
positions, erf GELU) under a Transformer module, mean or CLS Pooling and an optional
Normalize, the fast tokenizer's ``tokenizer.json`` and no default prompt. Anything else
raises OnnxUnavailable, and the model is exported with torch where torch is installed.
"""

from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hebbs_graph.embedding.onnx_pipeline import Pooling
from hebbs_graph.errors import OnnxUnavailable

# The inputs of a BERT tokenizer, in the order transformers gives them (its
# BertTokenizer's model_input_names); the torch export's manifest records the same.
INPUT_NAMES = ("input_ids", "token_type_ids", "attention_mask")
# safetensors dtypes numpy reads as they are (BF16 is widened by hand below).
DTYPES = {"F64": "<f8", "F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4"}
# sentence_bert_config.json keys understood here (others, e.g. model_args, are refused).
SBERT_KEYS = {"max_seq_length", "do_lower_case"}
# The weights of each encoder layer (a .weight and a .bias each).
LAYER_PARTS = (
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "attention.output.LayerNorm",
    "intermediate.dense",
    "output.dense",
    "output.LayerNorm",
)

Weights = dict[str, npt.NDArray[Any]]
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class BertFolder:
    """What building and running the model needs, read from its folder."""

    transformer: Path  # the folder of config.json, the weights and the tokenizer
    pooling: Pooling
    max_length: int
    hidden: int
    heads: int
    layers: int
    eps: float
    tokenizer: dict[str, Any]  # the tokenizers JSON, truncation and padding set as torch's
    pad_token: str
    pad_id: int


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def read_folder(model_path: str) -> BertFolder:
    """The pipeline of the model folder ``model_path``, or OnnxUnavailable saying what
    is not understood."""
    folder = Path(model_path)
    modules = _json(folder / "modules.json")
    if not isinstance(modules, list):
        raise OnnxUnavailable(f"{folder} has no modules.json")
    kinds = [str(m.get("type", "")).rsplit(".", 1)[-1] for m in modules]
    if kinds not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
        raise OnnxUnavailable(f"pipeline {kinds} is not Transformer, Pooling[, Normalize]")
    transformer = folder / str(modules[0].get("path", ""))
    config = _json(transformer / "config.json") or {}
    if config.get("model_type") != "bert":
        raise OnnxUnavailable(f"model type {config.get('model_type')!r} is not 'bert'")
    if config.get("position_embedding_type", "absolute") != "absolute":
        raise OnnxUnavailable(f"positions {config['position_embedding_type']!r}")
    if config.get("hidden_act") != "gelu" or config.get("is_decoder"):
        raise OnnxUnavailable(f"activation {config.get('hidden_act')!r} or a decoder")
    hidden, heads = int(config["hidden_size"]), int(config["num_attention_heads"])
    if hidden % heads:
        raise OnnxUnavailable(f"{hidden} hidden units do not split into {heads} heads")
    pooled = _json(folder / str(modules[1].get("path", "")) / "config.json") or {}
    modes = [k for k, on in pooled.items() if k.startswith("pooling_mode_") and on]
    pooling: Pooling
    if modes == ["pooling_mode_mean_tokens"]:
        pooling = "mean"
    elif modes == ["pooling_mode_cls_token"]:
        pooling = "cls"
    else:
        raise OnnxUnavailable(f"pooling {modes} is not mean or CLS alone")
    if int(pooled.get("word_embedding_dimension", hidden)) != hidden:
        raise OnnxUnavailable("the pooling's dimension is not the encoder's")
    sbert = _json(transformer / "sentence_bert_config.json") or {}
    if set(sbert) - SBERT_KEYS or sbert.get("do_lower_case"):
        raise OnnxUnavailable(f"sentence_bert_config.json sets {sorted(sbert)}")
    prompts = _json(folder / "config_sentence_transformers.json") or {}
    default = prompts.get("default_prompt_name")
    if default and (prompts.get("prompts") or {}).get(default):
        raise OnnxUnavailable(f"the model prepends its default prompt {default!r}")
    positions = int(config["max_position_embeddings"])
    tok_config = _json(transformer / "tokenizer_config.json") or {}
    max_length = int(
        sbert.get("max_seq_length") or min(tok_config.get("model_max_length", positions), positions)
    )
    if max_length > positions:
        raise OnnxUnavailable(f"sequence length {max_length} over {positions} positions")
    tokenizer, pad_token, pad_id = _tokenizer(transformer, tok_config, max_length)
    return BertFolder(
        transformer=transformer,
        pooling=pooling,
        max_length=max_length,
        hidden=hidden,
        heads=heads,
        layers=int(config["num_hidden_layers"]),
        eps=float(config.get("layer_norm_eps", 1e-12)),
        tokenizer=tokenizer,
        pad_token=pad_token,
        pad_id=pad_id,
    )


def _tokenizer(
    transformer: Path, tok_config: dict[str, Any], max_length: int
) -> tuple[dict[str, Any], str, int]:
    """tokenizer.json with the truncation and padding transformers leaves in it after an
    encode with padding=True, truncation=True (as the torch route's manifest has them)."""
    tokenizer = _json(transformer / "tokenizer.json")
    if not isinstance(tokenizer, dict):
        raise OnnxUnavailable("the model has no tokenizer.json (a fast tokenizer)")
    if tok_config.get("padding_side", "right") != "right":
        raise OnnxUnavailable("the tokenizer pads on the left")
    normalizer = tokenizer.get("normalizer") or {}
    lower = tok_config.get("do_lower_case")
    bert_normalizer = normalizer.get("type") == "BertNormalizer"
    if bert_normalizer and lower is not None and bool(normalizer.get("lowercase")) != bool(lower):
        raise OnnxUnavailable("tokenizer.json and tokenizer_config.json disagree on case")
    pad = tok_config.get("pad_token", "[PAD]")
    pad_token = str(pad.get("content") if isinstance(pad, dict) else pad)
    from tokenizers import Tokenizer

    pad_id = Tokenizer.from_str(json.dumps(tokenizer)).token_to_id(pad_token)
    if pad_id is None:
        raise OnnxUnavailable(f"the pad token {pad_token!r} is not in the vocabulary")
    tokenizer["truncation"] = {
        "direction": "Right",
        "max_length": max_length,
        "strategy": "LongestFirst",
        "stride": 0,
    }
    tokenizer["padding"] = {
        "strategy": "BatchLongest",
        "direction": "Right",
        "pad_to_multiple_of": None,
        "pad_id": pad_id,
        "pad_type_id": 0,
        "pad_token": pad_token,
    }
    return tokenizer, pad_token, int(pad_id)


def read_safetensors(path: Path) -> Weights:
    """The tensors of a safetensors file (8-byte little-endian header length, a JSON
    header of dtype, shape and byte offsets, then the raw little-endian data), read with
    numpy only. The arrays share one read-only buffer."""
    data = memoryview(path.read_bytes())
    (size,) = struct.unpack("<Q", data[:8])
    header = json.loads(bytes(data[8 : 8 + size]))
    base = 8 + size
    tensors: Weights = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = (base + int(offset) for offset in info["data_offsets"])
        raw, kind = data[start:end], str(info["dtype"])
        if kind == "BF16":
            array = (np.frombuffer(raw, "<u2").astype(np.uint32) << 16).view(np.float32)
        elif kind in DTYPES:
            array = np.frombuffer(raw, DTYPES[kind])
        else:
            raise OnnxUnavailable(f"{path.name}: tensor {name} is {kind}")
        tensors[name] = array.reshape([int(n) for n in info["shape"]])
    return tensors


def read_weights(spec: BertFolder) -> Weights:
    """The encoder's float32 weights under their BertModel names (``bert.`` dropped)."""
    path = spec.transformer / "model.safetensors"
    if not path.is_file():
        raise OnnxUnavailable(f"no model.safetensors in {spec.transformer}")
    tensors = read_safetensors(path)
    if all(name.startswith("bert.") for name in tensors):
        tensors = {name.removeprefix("bert."): array for name, array in tensors.items()}
    weights = {n: a.astype(np.float32, copy=False) for n, a in tensors.items() if a.ndim}
    missing = [name for name in _needed(spec) if name not in weights]
    if missing:
        raise OnnxUnavailable(f"the weights lack {missing[:3]}")
    return weights


def _needed(spec: BertFolder) -> list[str]:
    names = [f"embeddings.{n}_embeddings.weight" for n in ("word", "position", "token_type")]
    names += ["embeddings.LayerNorm.weight", "embeddings.LayerNorm.bias"]
    for i in range(spec.layers):
        for part in LAYER_PARTS:
            names += [f"encoder.layer.{i}.{part}.weight", f"encoder.layer.{i}.{part}.bias"]
    return names


def forward64(weights: Weights, spec: BertFolder, ids: list[int], type_ids: list[int]) -> F64:
    """The encoder's last hidden state for one unpadded text, in float64 numpy: the
    reference the ONNX graph (float32, batched and padded) is checked against."""

    def w(name: str) -> F64:
        return weights[name].astype(np.float64)

    def linear(x: F64, name: str) -> F64:
        return x @ w(f"{name}.weight").T + w(f"{name}.bias")

    def norm(x: F64, name: str) -> F64:
        centred = x - x.mean(axis=-1, keepdims=True)
        scaled = centred / np.sqrt((centred**2).mean(axis=-1, keepdims=True) + spec.eps)
        normed: F64 = scaled * w(f"{name}.weight") + w(f"{name}.bias")
        return normed

    def rows(name: str, index: list[int] | slice) -> F64:
        return weights[f"embeddings.{name}_embeddings.weight"][index].astype(np.float64)

    from scipy.special import erf  # float64 (numpy has none); scikit-learn brings SciPy

    length, size = len(ids), spec.hidden // spec.heads
    x = rows("word", ids) + rows("token_type", type_ids)
    x = norm(x + rows("position", slice(0, length)), "embeddings.LayerNorm")
    for i in range(spec.layers):
        at = f"encoder.layer.{i}."
        q, k, v = (
            linear(x, at + f"attention.self.{part}")
            .reshape(length, spec.heads, size)
            .transpose(1, 0, 2)
            for part in ("query", "key", "value")
        )
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(size)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        context = (scores / scores.sum(axis=-1, keepdims=True)) @ v
        context = context.transpose(1, 0, 2).reshape(length, spec.hidden)
        x = norm(
            linear(context, at + "attention.output.dense") + x, at + "attention.output.LayerNorm"
        )
        inner = linear(x, at + "intermediate.dense")
        inner = 0.5 * inner * (1.0 + erf(inner / math.sqrt(2.0)))
        x = norm(linear(inner, at + "output.dense") + x, at + "output.LayerNorm")
    return x


def reference_vectors(weights: Weights, spec: BertFolder, texts: list[str]) -> F64:
    """Pooled, L2-normalised float64 vectors of ``texts``, each run alone (no padding)."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_str(json.dumps(spec.tokenizer))
    tokenizer.no_padding()
    rows = []
    for text in texts:
        encoding = tokenizer.encode(text)
        hidden = forward64(weights, spec, encoding.ids, encoding.type_ids)
        pooled = hidden[0] if spec.pooling == "cls" else hidden.mean(axis=0)
        rows.append(pooled / max(float(np.linalg.norm(pooled)), 1e-12))
    return np.asarray(rows, dtype=np.float64)
