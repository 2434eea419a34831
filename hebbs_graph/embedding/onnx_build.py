"""The model's ONNX export built from its weights file, without torch.

The graph is the BERT encoder that transformers runs, written node by node with
``onnx.helper``: word + position + token-type embeddings and a LayerNorm, then per layer
Q/K/V MatMul+Add split into heads, scaled dot products plus the additive attention mask
(``(1 - mask) * float32 min``, as transformers' BertModel makes it), Softmax, the output
projection with its residual and LayerNorm, the intermediate projection with exact (erf)
GELU, the output projection with its residual and LayerNorm. Same inputs
(``input_ids``, ``token_type_ids``, ``attention_mask``), output (``last_hidden_state``,
dynamic batch and sequence axes) and opset (17) as torch's export, so ONNX Runtime,
numpy pooling and int8 quantization take either file. The weights are read with numpy
(bert_folder.py); nothing is downloaded.

Its manifest is written without torch too: the tokenizer from the folder's
``tokenizer.json`` with the truncation and padding the torch route records, pooling
from modules.json and the Pooling config, the sequence length from
sentence_bert_config.json, and the probe vectors from an independent float64 forward
pass in numpy (bert_folder.forward64, each text alone and unpadded): every load checks
the float32 graph, batched and padded, against them to 1e-4.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hebbs_graph.embedding.bert_folder import (
    INPUT_NAMES,
    BertFolder,
    Weights,
    read_folder,
    read_weights,
    reference_vectors,
)
from hebbs_graph.embedding.onnx_export import EXPORT_FORMAT, OPSET, OUTPUT, save_manifest
from hebbs_graph.embedding.onnx_pipeline import PROBE_TEXTS
from hebbs_graph.errors import OnnxUnavailable

# The IR version torch's exporter writes for opset 17: ONNX Runtime reads it.
IR_VERSION = 8


class _Graph:
    """Nodes and initializers of the encoder, each output named after its node."""

    def __init__(self, spec: BertFolder, weights: Weights) -> None:
        from onnx import helper, numpy_helper

        self.helper, self.numpy_helper = helper, numpy_helper
        self.spec, self.weights = spec, weights
        self.nodes: list[Any] = []
        self.initializers: list[Any] = []

    def const(self, name: str, array: npt.ArrayLike, dtype: Any = np.float32) -> str:
        value = np.ascontiguousarray(np.asarray(array, dtype=dtype))
        self.initializers.append(self.numpy_helper.from_array(value, name))
        return name

    def op(self, op_type: str, name: str, *inputs: str, **attributes: Any) -> str:
        self.nodes.append(
            self.helper.make_node(op_type, list(inputs), [name], name=name, **attributes)
        )
        return name

    def linear(self, x: str, weight: str, at: str) -> str:
        """A Linear: its weight is (out, in), so MatMul takes it transposed."""
        w = self.const(f"{weight}.T", self.weights[f"{weight}.weight"].T)
        b = self.const(f"{weight}.bias", self.weights[f"{weight}.bias"])
        return self.op("Add", f"{at}/Add", self.op("MatMul", f"{at}/MatMul", x, w), b)

    def norm(self, x: str, weight: str, at: str) -> str:
        scale = self.const(f"{weight}.weight", self.weights[f"{weight}.weight"])
        bias = self.const(f"{weight}.bias", self.weights[f"{weight}.bias"])
        return self.op("LayerNormalization", at, x, scale, bias, axis=-1, epsilon=self.spec.eps)

    def embeddings(self) -> str:
        ids, types, _ = INPUT_NAMES
        table = "embeddings.{}_embeddings.weight".format
        # The first sequence-length rows of the position table (a 1-D length: ONNX
        # Runtime turns a Gather over a Range into this Slice, and wants 1-D bounds).
        length = self.op("Shape", "length", ids, start=1, end=2)
        zero = self.const("zero_i64", [0], np.int64)
        positions = self.const("position", self.weights[table("position")])
        positions = self.op("Slice", "embeddings/position", positions, zero, length, zero)
        word = self.op(
            "Gather", "embeddings/word", self.const("word", self.weights[table("word")]), ids
        )
        kind = self.const("token_type", self.weights[table("token_type")])
        x = self.op(
            "Add", "embeddings/add", word, self.op("Gather", "embeddings/type", kind, types)
        )
        x = self.op("Add", "embeddings/sum", x, positions)
        return self.norm(x, "embeddings.LayerNorm", "embeddings/LayerNorm")

    def mask_bias(self) -> str:
        """(batch, 1, 1, sequence): 0 where attended, float32's min where padding."""
        from onnx import TensorProto

        m = self.op("Cast", "mask/float", INPUT_NAMES[2], to=TensorProto.FLOAT)
        m = self.op("Unsqueeze", "mask/4d", m, self.const("mask_axes", [1, 2], np.int64))
        m = self.op("Sub", "mask/inverted", self.const("one_f32", 1.0), m)
        return self.op("Mul", "mask/bias", m, self.const("min_f32", np.finfo(np.float32).min))

    def layer(self, i: int, x: str, bias: str) -> str:
        """Encoder layer ``i`` on ``x``; constants shared by the layers are made by the
        first one."""
        at, w, spec = f"layer.{i}", f"encoder.layer.{i}", self.spec
        if i == 0:
            size = spec.hidden // spec.heads
            self.const("heads_shape", [0, 0, spec.heads, size], np.int64)
            self.const("merged_shape", [0, 0, spec.hidden], np.int64)
            self.const("sqrt_head", math.sqrt(size))
            self.const("sqrt2", math.sqrt(2.0))
            self.const("half", 0.5)

        def heads(part: str, perm: list[int]) -> str:
            y = self.linear(x, f"{w}.attention.self.{part}", f"{at}/{part}")
            y = self.op("Reshape", f"{at}/{part}/heads", y, "heads_shape")
            return self.op("Transpose", f"{at}/{part}/transpose", y, perm=perm)

        q, k, v = (
            heads("query", [0, 2, 1, 3]),
            heads("key", [0, 2, 3, 1]),
            heads("value", [0, 2, 1, 3]),
        )
        scores = self.op(
            "Div", f"{at}/scaled", self.op("MatMul", f"{at}/scores", q, k), "sqrt_head"
        )
        scores = self.op("Add", f"{at}/masked", scores, bias)
        context = self.op(
            "MatMul", f"{at}/context", self.op("Softmax", f"{at}/probs", scores, axis=-1), v
        )
        context = self.op("Transpose", f"{at}/context/transpose", context, perm=[0, 2, 1, 3])
        context = self.op("Reshape", f"{at}/context/merged", context, "merged_shape")
        out = self.linear(context, f"{w}.attention.output.dense", f"{at}/attention/dense")
        out = self.op("Add", f"{at}/attention/residual", out, x)
        x = self.norm(out, f"{w}.attention.output.LayerNorm", f"{at}/attention/LayerNorm")
        inner = self.linear(x, f"{w}.intermediate.dense", f"{at}/intermediate")
        # GELU as transformers' "gelu": x * 0.5 * (1 + erf(x / sqrt(2))).
        gelu = self.op("Erf", f"{at}/gelu/erf", self.op("Div", f"{at}/gelu/div", inner, "sqrt2"))
        gelu = self.op("Add", f"{at}/gelu/add", gelu, "one_f32")
        gelu = self.op("Mul", f"{at}/gelu/mul", inner, gelu)
        gelu = self.op("Mul", f"{at}/gelu/half", gelu, "half")
        out = self.linear(gelu, f"{w}.output.dense", f"{at}/output/dense")
        out = self.op("Add", f"{at}/output/residual", out, x)
        return self.norm(out, f"{w}.output.LayerNorm", f"{at}/output/LayerNorm")


def build_graph(spec: BertFolder, weights: Weights) -> Any:
    """The encoder as an ``onnx.ModelProto`` (opset 17, float32)."""
    from onnx import TensorProto, checker, helper

    g = _Graph(spec, weights)
    x = g.embeddings()
    bias = g.mask_bias()
    for i in range(spec.layers):
        x = g.layer(i, x, bias)
    g.op("Identity", OUTPUT, x)
    axes: list[str | int] = ["batch", "sequence"]
    graph = helper.make_graph(
        g.nodes,
        "bert-encoder",
        [helper.make_tensor_value_info(name, TensorProto.INT64, axes) for name in INPUT_NAMES],
        [helper.make_tensor_value_info(OUTPUT, TensorProto.FLOAT, [*axes, spec.hidden])],
        initializer=g.initializers,
    )
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET)],
        producer_name="hebbs-graph onnx_build",
        ir_version=IR_VERSION,
    )
    checker.check_model(model)
    return model


def build_export(model_path: str, path: Path) -> None:
    """Build the export of the model folder ``model_path`` at ``path`` and its manifest
    beside it (each written to a temp file, then renamed); OnnxUnavailable when the
    folder is not a model this module builds."""
    spec = read_folder(model_path)
    weights = read_weights(spec)
    try:
        import onnx
    except ImportError as exc:
        raise OnnxUnavailable(f"{exc.name} is not installed") from exc
    model = build_graph(spec, weights)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        onnx.save_model(model, partial)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    del model
    texts = list(PROBE_TEXTS)
    save_manifest(
        {
            "format": EXPORT_FORMAT,
            "pooling": spec.pooling,
            "input_names": list(INPUT_NAMES),
            "max_length": spec.max_length,
            "dimension": spec.hidden,
            "padding": {"pad_id": spec.pad_id, "pad_type_id": 0, "pad_token": spec.pad_token},
            "tokenizer": spec.tokenizer,
            "probe": {"texts": texts, "vectors": reference_vectors(weights, spec, texts).tolist()},
            "builder": "graph",
        },
        path,
    )
